// One game in a worker: read it (tags, then moves: SAN -> legal move -> play), and only when the whole
// game replays, tag and write every position. Two passes, so a game rejected at ply 80 leaves no
// partial output or statistics behind; the second pass only replays moves already proven legal.
import { INITIAL_FEN, parseFen } from '../core/fen.js';
import { Position } from '../core/position.js';
import { moveToSan, moveToUci, parseSanBytes, sanErrorReason, SanMatches } from '../core/san.js';
import { variantFromTag } from '../core/variant.js';
import { MotifBuffer } from '../motifs/buffer.js';
import { scanMotifs } from '../motifs/classify.js';
import { filterBuffer, type MotifFilter } from '../motifs/filter.js';
import { playedFlags } from '../motifs/played.js';
import type { Stats } from '../output/stats.js';
import type { Formatter, PositionView } from '../output/view.js';
import { decodeText, scanGame, tagValue, type GameSink } from '../pgn/movetext.js';

/** A game that could not be read or replayed (DESIGN.md §7). */
export interface GameError {
  /** 1-based game number over all inputs. */
  game: number;
  /** Byte offset of the game in its input (decompressed stream). */
  offset: number;
  /** Ply of the offending move (0 = the first move); 0 for a game that fails before its moves. */
  ply: number;
  /** The offending text: the move token, the tag value or the bytes where reading stopped. */
  text: string;
  reason: string;
  /** Input file the game comes from. */
  input?: string;
}

export interface GameOptions {
  /** null for -f none: nothing is formatted, SAN is not even written. */
  formatter: Formatter | null;
  allPositions: boolean;
  filter: MotifFilter;
}

const MAX_TEXT = 60;
let initial: Position | null = null; // parsed on first use: a worker installs its tables after importing this

/** Whether bytes[start, end) spell the ASCII name. */
function nameIs(bytes: Uint8Array, start: number, end: number, name: string): boolean {
  if (end - start !== name.length) return false;
  for (let i = 0; i < name.length; i++) if (bytes[start + i] !== name.charCodeAt(i)) return false;
  return true;
}

/**
 * Pass 1: the tokenizer's sink; sets up the start position from the tags and plays each move, keeping
 * every position (positions[p] is the one before move p) so that pass 2 replays nothing.
 */
class Reader implements GameSink {
  bytes: Uint8Array = new Uint8Array(0);
  /** Reused across games; grown as long games need. */
  positions: Position[] = [new Position()];
  moves = new Int32Array(1024);
  moveEnds = new Int32Array(1024);
  plies = 0;
  started = false;
  error: { ply: number; text: string; reason: string } | null = null;
  private matches = new SanMatches();
  private fen: [number, number] | null = null;
  private variant: [number, number] | null = null;

  reset(bytes: Uint8Array): void {
    this.bytes = bytes;
    this.plies = 0;
    this.started = false;
    this.error = null;
    this.fen = null;
    this.variant = null;
  }

  tag(nameStart: number, nameEnd: number, valueStart: number, valueEnd: number): void {
    // only two tags matter to the replay: compare names by bytes, decode nothing else
    if (nameIs(this.bytes, nameStart, nameEnd, 'FEN')) this.fen = [valueStart, valueEnd];
    else if (nameIs(this.bytes, nameStart, nameEnd, 'Variant')) this.variant = [valueStart, valueEnd];
  }

  /** The start position from [Variant] and [FEN]; false (with the error set) when they are unusable. */
  setUp(): boolean {
    this.started = true;
    const variantText = this.variant ? tagValue(this.bytes, this.variant[0], this.variant[1]) : '';
    let chess960: boolean;
    try {
      chess960 = variantFromTag(variantText) === 'chess960';
    } catch (e) {
      this.error = { ply: 0, text: variantText, reason: (e as Error).message };
      return false;
    }
    if (this.fen === null && !chess960) {
      this.positions[0].copyFrom(initial ??= parseFen(INITIAL_FEN)); // most games: no FEN to read
      return true;
    }
    const fen = this.fen ? tagValue(this.bytes, this.fen[0], this.fen[1]) : INITIAL_FEN;
    try {
      this.positions[0].copyFrom(parseFen(fen, { chess960 }));
    } catch (e) {
      this.error = { ply: 0, text: fen, reason: (e as Error).message };
      return false;
    }
    return true;
  }

  move(startByte: number, endByte: number): boolean {
    if (!this.started && !this.setUp()) return false;
    const pos = this.positions[this.plies];
    const m = parseSanBytes(pos, this.bytes, startByte, endByte, this.matches);
    if (m < 0) {
      this.error = { ply: this.plies, text: decodeText(this.bytes, startByte, endByte), reason: sanErrorReason(pos, m, this.matches) };
      return false;
    }
    if (this.plies === this.moves.length) this.grow();
    this.moves[this.plies] = m;
    this.moveEnds[this.plies] = endByte;
    this.plies++;
    if (this.plies === this.positions.length) this.positions.push(new Position());
    const next = this.positions[this.plies];
    next.copyFrom(pos);
    next.play(m);
    return true;
  }

  result(): void {}

  private grow(): void {
    const moves = new Int32Array(this.moves.length * 2);
    moves.set(this.moves);
    this.moves = moves;
    const ends = new Int32Array(this.moveEnds.length * 2);
    ends.set(this.moveEnds);
    this.moveEnds = ends;
  }
}

/** Reads, replays, tags and formats games; one per worker, reused for every game. */
export class GameAnalyzer {
  private readonly reader = new Reader();
  private readonly buf = new MotifBuffer();
  private readonly view: PositionView = { game: 0, ply: 0, pos: this.reader.positions[0], buf: this.buf, played: 0, san: null, uci: null };

  constructor(private readonly opts: GameOptions) {}

  /** Analyzes one PGN game into stats; returns its output text, or the reason it was rejected. */
  pgn(bytes: Uint8Array, game: number, offset: number, stats: Stats): string | GameError {
    const r = this.reader;
    r.reset(bytes);
    const scan = scanGame(bytes, r);
    if (scan !== null) {
      return { game, offset, ply: r.plies, text: scan.text.slice(0, MAX_TEXT), reason: `PGN syntax: ${scan.reason} at byte ${scan.offset} of the game` };
    }
    if (!r.started) r.setUp(); // a game without moves: its start position alone
    if (r.error !== null) return { game, offset, ply: r.error.ply, text: r.error.text.slice(0, MAX_TEXT), reason: r.error.reason };
    let text = this.positions(r.positions, r.moves, r.plies, game, stats);
    if (this.opts.formatter !== null) text += this.opts.formatter.endGame({ bytes, moveEnds: r.moveEnds.subarray(0, r.plies) });
    return text;
  }

  /** Analyzes one position given as FEN (an EPD/FEN input line) as a game of its own. */
  fen(fen: string, game: number, offset: number, stats: Stats): string | GameError {
    try {
      this.reader.positions[0].copyFrom(parseFen(fen));
    } catch (e) {
      return { game, offset, ply: 0, text: fen.slice(0, MAX_TEXT), reason: (e as Error).message };
    }
    const text = this.positions(this.reader.positions, this.reader.moves, 0, game, stats);
    // PGN writes the position as a game of its own ([SetUp]/[FEN] and its comment)
    return this.opts.formatter === null ? text : text + this.opts.formatter.endGame({ bytes: new Uint8Array(0), moveEnds: new Int32Array(0) });
  }

  /** Pass 2: every position of a replayable game through the motif engine, the stats and the format. */
  private positions(positions: Position[], moves: Int32Array, plies: number, game: number, stats: Stats): string {
    const { formatter, allPositions, filter } = this.opts;
    const v = this.view;
    v.game = game;
    let text = '';
    let tagged = 0;
    for (let ply = 0; ply <= plies; ply++) {
      const pos = positions[ply];
      scanMotifs(pos, this.buf);
      filterBuffer(this.buf, filter.codes);
      let played = 0;
      const m = ply < plies ? moves[ply] : -1;
      if (m >= 0) played = playedFlags(pos, m, positions[ply + 1]) & filter.played;
      v.ply = ply;
      v.pos = pos;
      v.played = played;
      v.san = null;
      v.uci = null;
      const isTagged = this.buf.count > 0 || played !== 0;
      if (isTagged) tagged++;
      if (formatter !== null && (isTagged || allPositions)) {
        if (m >= 0) {
          v.san = moveToSan(pos, m, positions[ply + 1]);
          v.uci = moveToUci(pos, m);
        }
        text += formatter.position(v);
      }
      stats.addPosition(v);
    }
    stats.addGame(tagged);
    return text;
  }
}
