// The "exploitable" rule E(S, F, X) of DESIGN.md §5 and the piece values it weighs.
import { attacksTo } from '../core/attacks.js';
import type { Position } from '../core/position.js';

/** P 1, N 3, B 3, R 5, Q 9, K 100, by piece type. */
export const VALUES: readonly number[] = [1, 3, 3, 5, 9, 100];

const s = new Int32Array(2);

/**
 * E(S, F, X): X is worth more than S, or X is undefended once F has gone — with the occupancy less F and
 * less S, no piece of X's side other than F attacks X. Lifting S lets a defender standing behind S on
 * the line count (x-ray by modifying occupancy): it would recapture after S takes X.
 */
export function exploitable(pos: Position, slider: number, front: number, back: number): boolean {
  const board = pos.board;
  if (VALUES[(board[back] & 7) - 1] > VALUES[(board[slider] & 7) - 1]) return true;
  const bb = pos.bb;
  let occLo = bb[12] | bb[14];
  let occHi = bb[13] | bb[15];
  if (front < 32) occLo &= ~(1 << front);
  else occHi &= ~(1 << (front - 32));
  if (slider < 32) occLo &= ~(1 << slider);
  else occHi &= ~(1 << (slider - 32));
  attacksTo(bb, occLo, occHi, back, s, 0);
  const side = board[back] >> 3;
  // F's own piece sets still hold it: mask it out with the lifted occupancy
  const lo = s[0] & bb[12 + side * 2] & occLo;
  const hi = s[1] & bb[13 + side * 2] & occHi;
  return (lo | hi) === 0;
}
