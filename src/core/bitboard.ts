// 64-bit sets as two int32 halves (docs/design.md §4): lo = squares 0–31, hi = squares 32–63.
// No BigInt anywhere: each half is a plain int32 so V8 keeps it in a register. The hot code iterates
// sets inline (x & -x, Math.clz32); this module holds what the APIs and tests need, and the one-square
// helpers the hot code inlines.
import type { Square } from './squares.js';

/** Squares of a set, ascending (allocates: for APIs and tests, not hot paths). */
export function squaresOf(lo: number, hi: number): Square[] {
  const out: number[] = [];
  while (lo !== 0) {
    out.push(31 - Math.clz32(lo & -lo));
    lo &= lo - 1;
  }
  while (hi !== 0) {
    out.push(63 - Math.clz32(hi & -hi));
    hi &= hi - 1;
  }
  return out;
}

/**
 * Squares in the set (lo, hi), one step per square: for the small sets of one side's pieces of a kind.
 * Each step clears the highest square: clearing the lowest (x &= x - 1) overflows int32 at bit 31, and
 * V8, which had seen no overflow when it optimized the caller, deoptimized it at the first lone piece on
 * h4 or h8.
 */
export function popCount(lo: number, hi: number): number {
  let n = 0;
  for (let x = lo; x !== 0; x ^= 1 << (31 - Math.clz32(x))) n++;
  for (let x = hi; x !== 0; x ^= 1 << (31 - Math.clz32(x))) n++;
  return n;
}

/** The low half of the one-square set {sq}: 0 when sq is in the high half. */
export function bitLo(sq: Square): number {
  return sq < 32 ? 1 << sq : 0;
}

/** The high half of the one-square set {sq}: 0 when sq is in the low half. */
export function bitHi(sq: Square): number {
  return sq >= 32 ? 1 << (sq - 32) : 0;
}

/** Whether sq is in the set (lo, hi). */
export function hasBit(lo: number, hi: number, sq: Square): boolean {
  return (sq < 32 ? (lo >>> sq) & 1 : (hi >>> (sq - 32)) & 1) !== 0;
}

/**
 * Whether sq is in the set at set[o], set[o + 1]. Halves passed as arguments to a call that V8 does not
 * inline are boxed as heap numbers when bit 30 or 31 is set; halves left in a typed array are not.
 */
export function inSet(set: Int32Array, o: number, sq: Square): boolean {
  return (sq < 32 ? (set[o] >>> sq) & 1 : (set[o + 1] >>> (sq - 32)) & 1) !== 0;
}
