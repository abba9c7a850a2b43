// What a formatter sees of one position: everything borrowed, valid only during the call (the worker
// reuses the same Position and MotifBuffer for the next ply).
import type { Position } from '../core/position.js';
import type { MotifBuffer } from '../motifs/buffer.js';

export interface PositionView {
  /** 1-based game number in input order over all inputs. */
  game: number;
  /** 0 for the initial position of the game. */
  ply: number;
  /** The position before the move (its FEN: toFen(pos)). */
  pos: Position;
  /** Static motif records of the position, already filtered by --motifs: buf.count of them. */
  buf: MotifBuffer;
  /** PLAYED_* bits (src/motifs/played.ts) of the move played from here, already filtered; 0 at the end. */
  played: number;
  /** SAN and UCI of the move played from here, null at the end of the game. */
  san: string | null;
  uci: string | null;
}

/** Byte range of one move token inside the game's bytes, for formats that rewrite the input (PGN). */
export interface GameText {
  /** The game's raw bytes as read. */
  bytes: Uint8Array;
  /** For ply p (the move played from position p), token end offset in bytes: moveEnds[p]. */
  moveEnds: Int32Array;
}

/**
 * One output format. The worker calls position() for each position it writes (tagged ones, or all with
 * --all-positions), then endGame() once per game; both return text to append to the output.
 */
export interface Formatter {
  /** Written once at the start of the whole output ('' if none). */
  header(): string;
  position(v: PositionView): string;
  /** After the game's positions: PGN writes the game here with its comments; others return ''. */
  endGame(text: GameText): string;
}
