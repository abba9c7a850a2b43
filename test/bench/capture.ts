// Real analysed positions kept for the bench, so that one stage can be timed alone on them (the motif
// scan, a formatter) instead of as the difference of two whole analyses. A capture runs the real
// analyzer once with a sink that copies what it is shown: every position (for the scan), and the
// selected positions with their records, played tags, move and position after it (for the output formats,
// which write SAN and UCI themselves: no strings are made here, as none are for -f jsonl in the workers).
// Each kept view holds its own MotifBuffer, so that a replay hands it over as it is: no copy per position,
// and the formatter's time is the figure.
import { GameAnalyzer } from '../../src/analysis/game.js';
import type { GameInfo, GameText, PositionSink, PositionView } from '../../src/analysis/view.js';
import type { Position } from '../../src/core/position.js';
import { MotifBuffer, STRIDE } from '../../src/motifs/buffer.js';
import { ALL_MOTIFS } from '../../src/motifs/filter.js';

/** A replayed game: its info, its selected positions and its text. */
export interface CapturedGame {
  info: GameInfo;
  /** The selected positions as the sink saw them, each with its own buffer (keptBuffer). */
  kept: PositionView[];
  text: GameText;
}

/** What a capture holds. */
export interface Capture {
  /** Every position of the games, in order (up to the limit asked for). */
  positions: Position[];
  /** The games with their tagged positions (up to the limit asked for). */
  games: CapturedGame[];
  /** Tagged positions in `games`. */
  tagged: number;
}

const NO_LINES = new Int32Array(0);

/**
 * A MotifBuffer of a kept position's own: made by the class, so that the formatters see the analyzer's
 * buffers' map, its words then swapped for the filled records alone and no uncover lines (which the
 * formats do not read): 100,000 kept positions hold about 100 bytes of records each, not 21 KB.
 */
function keptBuffer(b: MotifBuffer): MotifBuffer {
  const own = new MotifBuffer();
  const fields = own as { data: Int32Array; uncover: Int32Array };
  fields.data = b.data.slice(0, b.count * STRIDE);
  fields.uncover = NO_LINES;
  own.count = b.count;
  return own;
}

class CaptureSink implements PositionSink {
  readonly capture: Capture = { positions: [], games: [], tagged: 0 };
  private game: CapturedGame | null = null;

  constructor(private readonly limits: { positions: number; tagged: number }) {}

  beginGame(info: GameInfo): void {
    this.game =
      this.capture.tagged < this.limits.tagged ? { info, kept: [], text: { bytes: new Uint8Array(0), moveEnds: new Int32Array(0) } } : null;
  }

  position(v: PositionView, keep: boolean): void {
    const c = this.capture;
    if (c.positions.length < this.limits.positions) c.positions.push(v.pos.clone());
    if (keep && this.game !== null) {
      this.game.kept.push({ ...v, pos: v.pos.clone(), next: v.next?.clone() ?? null, buf: keptBuffer(v.buf) });
      c.tagged++;
    }
  }

  endGame(text: GameText): void {
    if (this.game === null) return;
    this.game.text = { bytes: text.bytes.slice(), moveEnds: text.moveEnds.slice() };
    this.capture.games.push(this.game);
  }
}

/**
 * Analyses games (every motif, tagged positions selected, no SAN or UCI strings) until both limits are
 * reached or the games run out.
 */
export function captureGames(games: readonly Uint8Array[], limits: { positions: number; tagged: number }): Capture {
  const analyzer = new GameAnalyzer({ allPositions: false, filter: ALL_MOTIFS, moves: false });
  const sink = new CaptureSink(limits);
  const c = sink.capture;
  for (let i = 0; i < games.length && (c.positions.length < limits.positions || c.tagged < limits.tagged); i++)
    analyzer.pgn(games[i], i + 1, sink);
  return c;
}

/** Something the captured games can be handed to, as the analyzer hands them to a sink. */
export type GameReceiver = Pick<PositionSink, 'beginGame' | 'endGame'> & { position(v: PositionView, keep: boolean): unknown };

/** Hands the captured games to `to` again; only selected positions are shown, all kept. */
export function replayCapture(games: readonly CapturedGame[], to: GameReceiver): void {
  for (const g of games) {
    to.beginGame(g.info, g.text);
    const kept = g.kept;
    for (let i = 0; i < kept.length; i++) to.position(kept[i], true);
    to.endGame(g.text, kept.length);
  }
}
