// The phase of a position (DESIGN.md §9): `endgame` when each side has at most 13 points of non-pawn
// material (N = B = 3, R = 5, Q = 9); otherwise `opening` before ply 20; otherwise `middlegame`.
// Counted on the piece sets with popcounts: no loop over squares, nothing allocated.
import { BISHOP, KNIGHT, QUEEN, ROOK, WHITE_BB } from '../core/attacks.js';
import type { Position } from '../core/position.js';

export const PHASES = ['opening', 'middlegame', 'endgame'] as const;
export type Phase = (typeof PHASES)[number];
export const OPENING = 0;
export const MIDDLEGAME = 1;
export const ENDGAME = 2;

const ENDGAME_MATERIAL = 13;
const OPENING_PLIES = 20;

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

/** Pieces of one type and side. */
function count(pos: Position, side: number, type: number): number {
  const bb = pos.bb;
  return popcount(bb[type * 2] & bb[WHITE_BB + side * 2]) + popcount(bb[type * 2 + 1] & bb[WHITE_BB + side * 2 + 1]);
}

/** Non-pawn material of a side: N = B = 3, R = 5, Q = 9. */
export function nonPawnMaterial(pos: Position, side: number): number {
  return 3 * (count(pos, side, KNIGHT) + count(pos, side, BISHOP)) + 5 * count(pos, side, ROOK) + 9 * count(pos, side, QUEEN);
}

/** OPENING, MIDDLEGAME or ENDGAME (indices into PHASES). */
export function phaseOf(pos: Position, ply: number): number {
  if (nonPawnMaterial(pos, 0) <= ENDGAME_MATERIAL && nonPawnMaterial(pos, 1) <= ENDGAME_MATERIAL) return ENDGAME;
  return ply < OPENING_PLIES ? OPENING : MIDDLEGAME;
}
