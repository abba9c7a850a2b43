// The pieces a record names, as FEN letters (docs/design.md §6: upper case white, lower case black), read from
// the position's mailbox: one byte look-up per square, for the byte writers and recordAt() alike.
// The letters themselves are core/board.ts's LETTER_BYTES, the FEN writer's table.
import { LETTER_BYTES } from '../core/board.js';

/** The ASCII byte of the letter of the piece on sq. */
export function letterByte(board: Int8Array, sq: number): number {
  return LETTER_BYTES[board[sq]];
}

/** The letter of the piece on sq, as a string. */
export function letterAt(board: Int8Array, sq: number): string {
  return String.fromCharCode(LETTER_BYTES[board[sq]]);
}
