// The x-ray line primitive (DESIGN.md §5): for a slider on sq and one line kind, the first occupied square
// F and the next occupied square X beyond it, in both directions, by x-ray bitboards — the line's
// attacks, then the attacks again with the first blockers taken out of the occupancy (seed
// xray-attacks, "modifying occupancy").
import { blockersAndBehind, lineAttacks } from '../core/attacks.js';

const s = new Int32Array(4);

function highest(lo: number, hi: number): number {
  if (hi !== 0) return 63 - Math.clz32(hi);
  return lo !== 0 ? 31 - Math.clz32(lo) : -1;
}

/**
 * Writes [F below, X below, F above, X above] (squares, -1 when absent) for the slider on sq along
 * line kind l into out[0..3]; "below" holds the smaller square indexes.
 */
export function xrayLine(occLo: number, occHi: number, sq: number, l: number, out: Int32Array): void {
  blockersAndBehind(occLo, occHi, sq, l, s, 0);
  const fLo = s[0];
  const fHi = s[1];
  const xLo = s[2];
  const xHi = s[3];
  // at most one blocker and one x-rayed piece on each side of sq: the lowest and highest of each set,
  // written out rather than called so that the look-ups keep this function's inlining budget
  const f1 = fLo !== 0 ? 31 - Math.clz32(fLo & -fLo) : fHi !== 0 ? 63 - Math.clz32(fHi & -fHi) : -1;
  const f2 = fHi !== 0 ? 63 - Math.clz32(fHi) : fLo !== 0 ? 31 - Math.clz32(fLo) : -1;
  const x1 = xLo !== 0 ? 31 - Math.clz32(xLo & -xLo) : xHi !== 0 ? 63 - Math.clz32(xHi & -xHi) : -1;
  const x2 = xHi !== 0 ? 63 - Math.clz32(xHi) : xLo !== 0 ? 31 - Math.clz32(xLo) : -1;
  out[0] = f1 >= 0 && f1 < sq ? f1 : -1;
  out[1] = x1 >= 0 && x1 < sq ? x1 : -1;
  out[2] = f2 > sq ? f2 : -1;
  out[3] = x2 > sq ? x2 : -1;
}

/** The first occupied square above sq (larger index) along line kind l, -1 if none. */
export function nextAbove(occLo: number, occHi: number, sq: number, l: number): number {
  lineAttacks(occLo, occHi, sq, l, s, 0);
  const f = highest(s[0] & occLo, s[1] & occHi);
  return f > sq ? f : -1;
}
