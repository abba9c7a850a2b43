// Stage 1 in a worker (docs/design.md §12): every position of every game replayed goes through the material
// search's candidate test (src/puzzles/stage1.ts); the positions it sends on become Candidates — plain
// data with the FENs and moves as text, cloned to the main thread, where the engine verifies them. With
// the engine screen on, every other position after a move with two legal moves or more goes too, as a
// `screen` candidate: the main thread gives it a short search first (src/puzzles/screen.ts). A
// Chess960 game's FENs carry their castling rights as rook files (Shredder-FEN): X-FEN's `kq` with the king
// on b8 reads back as standard chess, rights dropped, and the puzzle's castling move as illegal.
import type { GameInfo, GameText, PositionSink, PositionView } from '../analysis/view.js';
import { toShredderFen } from '../core/fen.js';
import { legalMoves } from '../core/movegen.js';
import { Position } from '../core/position.js';
import { moveToUci } from '../core/san.js';
import { evalAfterMove } from './evals.js';
import { Stage1, RULES, type Stage1Counts } from './stage1.js';
import type { Candidate } from './types.js';

const NO_MOVES = new Int32Array(0);

/** Stage 1's name as a task plugin: the worker's entry offers it, the puzzles command asks for it. */
export const STAGE1_PLUGIN = 'stage1';

/** What stage 1 found in one batch: its candidates in order, and its counts. */
export interface Stage1Batch {
  candidates: Candidate[];
  counts: Stage1Counts;
}

/** What the worker's stage 1 sends on besides its own candidates. */
export interface Stage1PluginOptions {
  /** No stage 1: every position after a move is a candidate (to measure what stage 1 saves). */
  everyPosition: boolean;
  /** The positions stage 1 does not send, with two legal moves or more, go as `screen` candidates. */
  screen?: boolean;
}

/** Stage 1 as a task plugin. */
export function stage1Plugin(o: Stage1PluginOptions): CandidateSink {
  return new CandidateSink(o.everyPosition, o.screen === true);
}

export class CandidateSink implements PositionSink {
  constructor(
    private readonly everyPosition = false,
    private readonly screen = false,
  ) {}

  private candidates: Candidate[] = [];
  private readonly stage1 = new Stage1();
  /** The position before the current one (Q, where the opponent moved), and its move. */
  private readonly prev = new Position();
  private text: GameText | null = null;
  private moves: Int32Array = NO_MOVES;
  private site: string | null = null;
  private opening: string | null = null;
  private readonly legal = new Int32Array(256);
  /** Positions sent as `screen` candidates in this batch. */
  private screened = 0;

  beginGame(info: GameInfo, text: GameText): void {
    this.text = text;
    this.moves = text.moves ?? NO_MOVES;
    this.site = info.tags?.get('Site') ?? null;
    this.opening = info.tags?.get('Opening') ?? null;
    this.stage1.beginGame();
  }

  position(v: PositionView): void {
    const ply = v.ply;
    const t = this.text!;
    const evalCp = ply > 0 ? evalAfterMove(t.bytes, t.moveEnds, ply - 1) : NaN;
    const rules = this.everyPosition ? -1 : this.stage1.position(v.pos, evalCp);
    if (rules !== 0 && ply > 0) this.candidates.push(this.candidate(v, rules));
    else if (this.screen && ply > 0 && legalMoves(v.pos, this.legal) >= 2) {
      this.screened++;
      this.candidates.push(this.candidate(v, 0));
    }
    this.prev.copyFrom(v.pos);
  }

  endGame(): void {
    this.text = null;
  }

  private candidate(v: PositionView, rules: number): Candidate {
    const s = this.stage1;
    return {
      game: v.game,
      ply: v.ply,
      fenBefore: toShredderFen(this.prev),
      setup: moveToUci(this.prev, this.moves[v.ply - 1]),
      fen: toShredderFen(v.pos),
      rules: this.everyPosition ? [] : rules === 0 ? ['screen'] : RULES.filter((_, k) => (rules & (1 << k)) !== 0),
      gain: this.everyPosition ? 0 : s.gain,
      best: !this.everyPosition && s.best >= 0 ? moveToUci(v.pos, s.best) : '',
      site: this.site,
      opening: this.opening,
      chess960: v.pos.chess960,
    };
  }

  /** The batch's candidates and stage-1 counts, and a fresh start. */
  take(): Stage1Batch {
    const counts = this.stage1.takeCounts();
    if (this.screen) counts.screen = this.screened;
    const out = { candidates: this.candidates, counts };
    this.candidates = [];
    this.screened = 0;
    return out;
  }
}
