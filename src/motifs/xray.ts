// The x-ray line primitive (DESIGN.md §5): for a slider on sq and one line kind, the first occupied square
// F and the next occupied square X beyond it, in both directions, by x-ray bitboards — the line's
// attacks, then the attacks again with the first blockers taken out of the occupancy (seed
// xray-attacks, "modifying occupancy").
import { lastHi, lineAttacks, lineAttacksLo, maskTable } from '../core/attacks.js';

const s = new Int32Array(4);

function lowest(lo: number, hi: number): number {
  if (lo !== 0) return 31 - Math.clz32(lo & -lo);
  return hi !== 0 ? 63 - Math.clz32(hi & -hi) : -1;
}

function highest(lo: number, hi: number): number {
  if (hi !== 0) return 63 - Math.clz32(hi);
  return lo !== 0 ? 31 - Math.clz32(lo) : -1;
}

/**
 * Writes [F below, X below, F above, X above] (squares, -1 when absent) for the slider on sq along
 * line kind l into out[0..3]; "below" holds the smaller square indexes.
 */
export function xrayLine(occLo: number, occHi: number, sq: number, l: number, out: Int32Array): void {
  const aLo = lineAttacksLo(occLo, occHi, sq, l);
  const aHi = lastHi();
  const fLo = aLo & occLo;
  const fHi = aHi & occHi;
  out[0] = out[1] = out[2] = out[3] = -1;
  if ((fLo | fHi) === 0) return;
  const M = maskTable();
  const mi = (sq * 4 + l) * 6 + 4; // the line's lineEx mask
  const f1 = lowest(fLo, fHi);
  const f2 = highest(fLo, fHi);
  if (f1 < sq) out[0] = f1;
  if (f2 > sq) out[2] = f2;
  // nothing on the line beyond the first blockers: no X, and no second look-up
  if (((M[mi] & occLo & ~fLo) | (M[mi + 1] & occHi & ~fHi)) === 0) return;
  // x-ray: the line's attacks again with the first blockers lifted; the new squares end at X
  const bLo = lineAttacksLo(occLo ^ fLo, occHi ^ fHi, sq, l);
  const xLo = bLo & ~aLo & occLo;
  const xHi = lastHi() & ~aHi & occHi;
  // at most one blocker and one x-rayed piece on each side of sq
  const x1 = lowest(xLo, xHi);
  const x2 = highest(xLo, xHi);
  if (x1 >= 0 && x1 < sq) out[1] = x1;
  if (x2 > sq) out[3] = x2;
}

/** The first occupied square above sq (larger index) along line kind l, -1 if none. */
export function nextAbove(occLo: number, occHi: number, sq: number, l: number): number {
  lineAttacks(occLo, occHi, sq, l, s, 0);
  const f = highest(s[0] & occLo, s[1] & occHi);
  return f > sq ? f : -1;
}
