// The pieces a record names, as FEN letters (DESIGN.md §6: upper case white, lower case black), read from
// the position's mailbox: one byte look-up per square, for the byte writers and recordAt() alike.

/** ASCII of the FEN letter by mailbox code (side * 8 + type + 1, src/core/position.ts); `?` for an empty square, which no record names. */
export const LETTER_BYTES = Uint8Array.from('?PNBRQK??pnbrqk?', (c) => c.charCodeAt(0));

/** The ASCII byte of the letter of the piece on sq. */
export function letterByte(board: Int8Array, sq: number): number {
  return LETTER_BYTES[board[sq]];
}

/** The letter of the piece on sq, as a string. */
export function letterAt(board: Int8Array, sq: number): string {
  return String.fromCharCode(LETTER_BYTES[board[sq]]);
}
