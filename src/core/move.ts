// A move is one non-negative int: from (bits 0–5), to (6–11), promotion piece type (12–14, 0 = none),
// flags (15–18). Castling is encoded king-takes-own-rook (to = the rook's square), which serves
// standard chess and Chess960 alike.
import type { Square } from './squares.js';

export const FLAG_EP = 1;
export const FLAG_CASTLE = 2;
export const FLAG_DOUBLE = 4;
/** The null move `--` of analysis lines: the turn passes, nothing moves (chess.js reads it too). */
export const FLAG_NULL = 8;
export const NULL_MOVE = FLAG_NULL << 15;

/** A move as this file encodes it (from, to, promotion, flags in one int). */
export type Move = number;

export function encodeMove(from: Square, to: Square, promo: number, flags: number): Move {
  return from | (to << 6) | (promo << 12) | (flags << 15);
}

export function moveFrom(m: Move): Square {
  return m & 63;
}

export function moveTo(m: Move): Square {
  return (m >> 6) & 63;
}

/** Promotion piece type (KNIGHT…QUEEN of board.ts), 0 when none. */
export function movePromo(m: Move): number {
  return (m >> 12) & 7;
}

export function moveFlags(m: Move): number {
  return m >> 15;
}
