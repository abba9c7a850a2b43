// Pass 1 of a game: the tokenizer's sink. Sets up the start position from [Variant] and [FEN], then
// parses and plays each move, keeping the positions (positions[p] is the one before move p), so that
// pass 2 replays nothing and a game rejected at ply 80 has produced nothing yet. Positions are objects of
// about a kilobyte: past KEPT_PLIES (far beyond any real game) pass 1 plays on in two of them, and pass 2
// plays those moves again (next()), so that a game of a million plies costs its moves, not a gigabyte.
import { INITIAL_FEN, parseFen } from '../core/fen.js';
import { Position } from '../core/position.js';
import { parseSanBytes, sanErrorReason, SanMatches } from '../core/san.js';
import { variantFromTag } from '../core/variant.js';
import type { GameErrorKind } from '../errors.js';
import { DERIVED_TAGS, deriveFields, type DerivedFields } from '../pgn/derived.js';
import { decodeText, isResult, spells, startsAtMoveOne, tagValue, type GameSink } from '../pgn/movetext.js';

/** Why a game could not be replayed. */
export interface GameFailure {
  kind: GameErrorKind;
  /** Ply of the offending move (0 = the first move); 0 for a game that fails before its moves. */
  ply: number;
  /** The offending text: the move token, the tag value or the bytes where reading stopped. */
  text: string;
  reason: string;
  /** Where the game's bytes hold another whole game it swallowed (src/pgn/recover.ts), to split there. */
  split?: number;
  /** The tokenizer refused the bytes (a syntax error, or cut inside a comment, variation or tag). */
  scanError?: boolean;
}

/**
 * The tags always read (by bytes), whatever else is asked for: the start position's, then those the
 * derived fields come from. One list and one loop for all: a FEN tag of its own path, first met long
 * after the tag reader was optimized, deoptimized it in every worker.
 */
const RANGE_TAGS = ['FEN', 'Variant', ...DERIVED_TAGS] as const;
const FEN_TAG = 0;
const VARIANT_TAG = 1;
const FIRST_DERIVED_TAG = 2;
const RESULT_TAG = RANGE_TAGS.indexOf('Result');

/** Why movetext without a tag section that does not start at move 1 is rejected. */
export const PIECE_OF_A_GAME = 'a piece of a game: movetext without a tag section that does not start at move 1';

/** Positions kept for pass 2: positions[0 … KEPT_PLIES]. */
const KEPT_PLIES = 4096;

let initial: Position | null = null;

/** The standard start position, parsed once on first use (after the tables are installed). */
function initialPosition(): Position {
  initial ??= parseFen(INITIAL_FEN);
  return initial;
}

/** Reads and replays one game at a time; reused for every game of a worker. */
export class GameReader implements GameSink {
  bytes: Uint8Array = new Uint8Array(0);
  /** Reused across games; grown as long games need, up to KEPT_PLIES + 1. */
  positions: Position[] = [];
  /** The positions past KEPT_PLIES, by ply parity: pass 1's, then pass 2's. */
  private readonly beyond = [new Position(), new Position()];
  moves = new Int32Array(1024);
  moveEnds = new Int32Array(1024);
  plies = 0;
  /** Offset just after the game-termination marker, or the bytes' length when there is none. */
  end = 0;
  /** Offset just after the last tag pair read (0: no tag pair). */
  tagsEnd = 0;
  /** The scan met the game-termination marker. */
  terminated = false;
  /** Offset after the move token the error is about (a 'san' error). */
  errorEnd = 0;
  started = false;
  error: GameFailure | null = null;
  /** The legal candidates of the last SAN parsed, for an ambiguity report. */
  private readonly matches = new SanMatches();
  /** Value ranges of RANGE_TAGS (start, end; -1 when absent), the first of a repeated name kept. */
  private readonly ranges = new Int32Array(RANGE_TAGS.length * 2);
  /** Name and value ranges of every tag pair (4 numbers each), kept only when tags are asked for. */
  private readonly tagRanges: number[] = [];

  /**
   * `allTags`: every tag pair for tags() (the games table, --tags); `tagLookup`: tag values by name for
   * tagText() (--where on tags), which decodes only the tag asked for.
   */
  constructor(
    private readonly allTags = false,
    private readonly tagLookup = allTags,
  ) {}

  reset(bytes: Uint8Array): void {
    this.bytes = bytes;
    this.plies = 0;
    this.end = bytes.length;
    this.tagsEnd = 0;
    this.terminated = false;
    this.started = false;
    this.error = null;
    this.ranges.fill(-1);
    this.tagRanges.length = 0;
    if (this.positions.length === 0) this.positions.push(new Position());
  }

  tag(nameStart: number, nameEnd: number, valueStart: number, valueEnd: number): void {
    this.tagsEnd = valueEnd;
    // compare names by bytes and decode nothing until the game is known to be wanted
    const b = this.bytes;
    for (let k = 0; k < RANGE_TAGS.length; k++) {
      if (spells(b, nameStart, nameEnd, RANGE_TAGS[k])) {
        if (this.ranges[2 * k] < 0) {
          this.ranges[2 * k] = valueStart;
          this.ranges[2 * k + 1] = valueEnd;
        }
        break;
      }
    }
    if (this.tagLookup) this.tagRanges.push(nameStart, nameEnd, valueStart, valueEnd);
  }

  /** Every tag pair read so far, in input order, the first of a repeated name kept; null unless asked for. */
  tags(): Map<string, string> | null {
    if (!this.allTags) return null;
    const tags = new Map<string, string>();
    const r = this.tagRanges;
    for (let i = 0; i < r.length; i += 4) {
      const name = decodeText(this.bytes, r[i], r[i + 1]);
      if (!tags.has(name)) tags.set(name, tagValue(this.bytes, r[i + 2], r[i + 3]));
    }
    return tags;
  }

  /** The value of the first tag of that name read so far, or null (none, or tags not kept). */
  tagText(name: string): string | null {
    const r = this.tagRanges;
    for (let i = 0; i < r.length; i += 4) if (spells(this.bytes, r[i], r[i + 1], name)) return tagValue(this.bytes, r[i + 2], r[i + 3]);
    return null;
  }

  /** 'standard' or 'chess960' once set up, else the [Variant] tag lower-cased ('standard' without one). */
  variantName(): string {
    if (this.started && this.error?.kind !== 'variant') return this.positions[0].chess960 ? 'chess960' : 'standard';
    return this.rangeValue(VARIANT_TAG)?.toLowerCase() ?? 'standard';
  }

  /** The derived fields (docs/design.md §9) from the tags read so far. */
  derived(): DerivedFields {
    return deriveFields(this.bytes, this.ranges, 2 * FIRST_DERIVED_TAG);
  }

  /** The value of RANGE_TAGS[k], or null when the game has no such tag. */
  private rangeValue(k: number): string | null {
    const start = this.ranges[2 * k];
    return start < 0 ? null : tagValue(this.bytes, start, this.ranges[2 * k + 1]);
  }

  /** The start position from [Variant] and [FEN]; false (with the error set) when they are unusable. */
  setUp(): boolean {
    this.started = true;
    const variantText = this.rangeValue(VARIANT_TAG) ?? '';
    let chess960: boolean;
    try {
      chess960 = variantFromTag(variantText) === 'chess960';
    } catch (e) {
      this.error = { kind: 'variant', ply: 0, text: variantText, reason: (e as Error).message };
      return false;
    }
    const fenText = this.rangeValue(FEN_TAG);
    if (fenText === null && !chess960) {
      this.positions[0].copyFrom(initialPosition()); // most games: no FEN to read
      return true;
    }
    const fen = fenText ?? INITIAL_FEN;
    try {
      this.positions[0].copyFrom(parseFen(fen, { chess960 }));
    } catch (e) {
      this.error = { kind: 'fen', ply: 0, text: fen, reason: (e as Error).message };
      return false;
    }
    return true;
  }

  /**
   * Before the first move: movetext without a tag section must start at move 1, else it is a piece cut
   * from the middle of a game (a line-based split of a file makes them); then the start position.
   */
  private firstMove(startByte: number, endByte: number): boolean {
    if (this.tagsEnd === 0 && !startsAtMoveOne(this.bytes, startByte)) {
      this.error = { kind: 'incomplete', ply: 0, text: decodeText(this.bytes, startByte, endByte), reason: PIECE_OF_A_GAME };
      return false;
    }
    return this.setUp();
  }

  /** Whether the Result tag holds a game result (`1-0`, `0-1`, `1/2-1/2`, `*`). */
  resultTag(): boolean {
    const start = this.ranges[2 * RESULT_TAG];
    const end = this.ranges[2 * RESULT_TAG + 1];
    return start >= 0 && (isResult(this.bytes, start, end) || spells(this.bytes, start, end, '*'));
  }

  move(startByte: number, endByte: number): boolean {
    if (!this.started && !this.firstMove(startByte, endByte)) return false;
    const ply = this.plies;
    const pos = ply <= KEPT_PLIES ? this.positions[ply] : this.beyond[ply & 1];
    const m = parseSanBytes(pos, this.bytes, startByte, endByte, this.matches);
    if (m < 0) {
      this.error = {
        kind: 'san',
        ply: this.plies,
        text: decodeText(this.bytes, startByte, endByte),
        reason: sanErrorReason(pos, m, this.matches),
      };
      this.errorEnd = endByte;
      return false;
    }
    if (this.plies === this.moves.length) this.grow();
    this.moves[ply] = m;
    this.moveEnds[ply] = endByte;
    this.plies = ply + 1;
    if (ply < KEPT_PLIES && ply + 1 === this.positions.length) this.positions.push(new Position());
    const next = ply < KEPT_PLIES ? this.positions[ply + 1] : this.beyond[(ply + 1) & 1];
    next.copyFrom(pos);
    next.play(m);
    return true;
  }

  /**
   * For pass 2, in ply order: the position after move `ply` of the game read, `pos` the one before it (the
   * position this returned for the ply before, or positions[0]). Kept, or played again past KEPT_PLIES.
   */
  next(ply: number, pos: Position): Position {
    if (ply < KEPT_PLIES) return this.positions[ply + 1];
    const next = this.beyond[(ply + 1) & 1];
    next.copyFrom(pos);
    next.play(this.moves[ply]);
    return next;
  }

  result(_start: number, end: number): void {
    this.end = end;
    this.terminated = true;
  }

  /** Sets up a single position (an EPD/FEN line) as a game without moves. */
  setPosition(fen: string): boolean {
    this.reset(new Uint8Array(0));
    this.started = true;
    try {
      this.positions[0].copyFrom(parseFen(fen));
    } catch (e) {
      this.error = { kind: 'fen', ply: 0, text: fen, reason: (e as Error).message };
      return false;
    }
    return true;
  }

  private grow(): void {
    const moves = new Int32Array(this.moves.length * 2);
    moves.set(this.moves);
    this.moves = moves;
    const ends = new Int32Array(this.moveEnds.length * 2);
    ends.set(this.moveEnds);
    this.moveEnds = ends;
  }
}
