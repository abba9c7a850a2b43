// What the analysis of one game hands out: a view of each position, borrowed and valid only during the
// call (the analyzer reuses the same Position and MotifBuffer for the next ply), to a sink that decides
// what to do with it (format it, count it, collect it). The analysis knows no formats.
import type { Position } from '../core/position.js';
import type { DerivedFields } from '../pgn/derived.js';
import type { MotifBuffer } from '../motifs/buffer.js';
import type { TacticJudge } from '../tactics/verdict.js';

/** The value of a PGN tag of the game by its name, or null when the game has none (or tags are not kept). */
export type TagLookup = (name: string) => string | null;

/** What the analysis knows of a game besides its positions. */
export interface GameInfo {
  game: number;
  /** Every tag pair in input order (the first of a repeated name); null unless asked for. */
  tags: Map<string, string> | null;
  /** A tag's value by name, decoded when asked (AnalyzerOptions.tagLookup); valid until the next game. */
  tagText: TagLookup;
  /** --player: the sides the player holds (bit 1 << side); 0 without --player. */
  player: number;
  /** Speed, rating, band, ECO, result (docs/design.md §9), null where the tags do not give them. */
  derived: DerivedFields;
  /** 'standard' or 'chess960' for a game that was analysed, else its [Variant] tag lower-cased. */
  variant: string;
  /** Plies replayed. */
  plies: number;
}

export interface PositionView {
  /** 1-based game number in input order over all inputs. */
  game: number;
  /** Byte offset of the game in its input when records carry it (--shard), else -1. */
  offset: number;
  /** 0 for the initial position of the game. */
  ply: number;
  /** The position before the move (its FEN: toFen(pos)). */
  pos: Position;
  /** Static motif records of the position, already filtered by --motifs: buf.count of them. */
  buf: MotifBuffer;
  /**
   * PLAYED_* bits (src/motifs/played.ts) of the move played from here, already filtered; 0 at the end.
   * PLAYED_FOUND or PLAYED_MISSED when the position has a tactic verdict and a move was played from it.
   */
  played: number;
  /**
   * The tactic verdict for the side to move (the judge that gave it: move, gain, mate, tactic(), themes()),
   * or null: no move wins, or verdicts are off (--no-tactics). Valid only during the call, as the rest.
   */
  tactic: TacticJudge | null;
  /** The move played from here (src/core/move.ts), -1 at the end of the game. */
  move: number;
  /** The position after `move` (null at the end): with pos, what writeSan() needs. */
  next: Position | null;
  /**
   * SAN and UCI of the move as strings, for the formats that read strings (AnalyzerOptions.moves); null at
   * the end of the game or when not asked for (--where may have set san all the same).
   */
  san: string | null;
  uci: string | null;
}

/** Byte range of one move token inside the game's bytes, for formats that rewrite the input (PGN). */
export interface GameText {
  /** The game's raw bytes as read. */
  bytes: Uint8Array;
  /** For ply p (the move played from position p), token end offset in bytes: moveEnds[p]. */
  moveEnds: Int32Array;
  /** The moves played, by ply (src/core/move.ts), when the analyzer hands them out (beginGame). */
  moves?: Int32Array;
}

/** Receives every position of a replayed game in order, then the game's end. */
export interface PositionSink {
  /** Before the first position of a game that replays; `text`: its bytes and moves, read in pass 1. */
  beginGame(info: GameInfo, text: GameText): void;
  /** `keep`: the position is selected for output (tagged, or any with --all-positions). */
  position(v: PositionView, keep: boolean): void;
  /** After the last position; `tagged` counts the positions with at least one record or played tag. */
  endGame(text: GameText, tagged: number): void;
}
