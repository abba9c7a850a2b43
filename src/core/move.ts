// A move is one non-negative int: from (bits 0–5), to (6–11), promotion piece type (12–14, 0 = none),
// flags (15–18). Castling is encoded king-takes-own-rook (to = the rook's square), which serves
// standard chess and Chess960 alike.

export const FLAG_EP = 1;
export const FLAG_CASTLE = 2;
export const FLAG_DOUBLE = 4;
/** The null move `--` of analysis lines: the turn passes, nothing moves (chess.js reads it too). */
export const FLAG_NULL = 8;
export const NULL_MOVE = FLAG_NULL << 15;

export function encodeMove(from: number, to: number, promo: number, flags: number): number {
  return from | (to << 6) | (promo << 12) | (flags << 15);
}

export function moveFrom(m: number): number {
  return m & 63;
}

export function moveTo(m: number): number {
  return (m >> 6) & 63;
}

/** Promotion piece type (KNIGHT…QUEEN of attacks.ts), 0 when none. */
export function movePromo(m: number): number {
  return (m >> 12) & 7;
}

export function moveFlags(m: number): number {
  return m >> 15;
}
