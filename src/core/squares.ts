// Squares, little-endian rank-file mapping (docs/design.md §4): a1 = 0, b1 = 1, … h1 = 7, a2 = 8, … h8 = 63.

/** A square, 0..63: rank × 8 + file. */
export type Square = number;

export const FILE_NAMES = 'abcdefgh';

/** File 0..7 (a..h) of a square. */
export function fileOf(sq: Square): number {
  return sq & 7;
}

/** Rank 0..7 (1..8) of a square. */
export function rankOf(sq: Square): number {
  return sq >> 3;
}

const NAMES: readonly string[] = Array.from({ length: 64 }, (_, sq) => FILE_NAMES[sq & 7] + String((sq >> 3) + 1));

/** 'a1' for 0 … 'h8' for 63. */
export function squareName(sq: Square): string {
  return NAMES[sq];
}

/** The square's name as two ASCII bytes at b[n] (room ensured by the caller); returns the end. */
export function writeSquare(b: Uint8Array, n: number, sq: Square): number {
  b[n] = 97 + (sq & 7);
  b[n + 1] = 49 + (sq >> 3);
  return n + 2;
}

/** 28 for 'e4'; -1 when the text is not a square. */
export function parseSquare(name: string): Square {
  if (name.length !== 2) return -1;
  const f = name.charCodeAt(0) - 97;
  const r = name.charCodeAt(1) - 49;
  return f >= 0 && f < 8 && r >= 0 && r < 8 ? (r << 3) | f : -1;
}
