// The phase of a position (DESIGN.md §9): `endgame` when each side has at most 13 points of non-pawn
// material (N = B = 3, R = 5, Q = 9); otherwise `opening` before ply 20; otherwise `middlegame`.
// Counted on the piece sets with popcounts: no loop over squares, nothing allocated.
import { Sets, WHITE } from '../core/board.js';
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

/** Pieces of one side in the set whose low half is at `lo` (the high half follows it). */
function count(pos: Position, side: number, lo: Sets): number {
  const bb = pos.bb;
  const own = side === WHITE ? Sets.WhiteLo : Sets.BlackLo;
  return popcount(bb[lo] & bb[own]) + popcount(bb[lo + 1] & bb[own + 1]);
}

/** Non-pawn material of a side: N = B = 3, R = 5, Q = 9. */
export function nonPawnMaterial(pos: Position, side: number): number {
  return 3 * (count(pos, side, Sets.KnightsLo) + count(pos, side, Sets.BishopsLo)) + 5 * count(pos, side, Sets.RooksLo) + 9 * count(pos, side, Sets.QueensLo);
}

/** OPENING, MIDDLEGAME or ENDGAME (indices into PHASES). */
export function phaseOf(pos: Position, ply: number): number {
  if (nonPawnMaterial(pos, 0) <= ENDGAME_MATERIAL && nonPawnMaterial(pos, 1) <= ENDGAME_MATERIAL) return ENDGAME;
  return ply < OPENING_PLIES ? OPENING : MIDDLEGAME;
}
