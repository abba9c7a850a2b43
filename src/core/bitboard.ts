// 64-bit sets as two int32 halves (DESIGN.md §4): lo = squares 0–31, hi = squares 32–63.
// No BigInt anywhere: each half is a plain int32 so V8 keeps it in a register.

/** Number of set bits of one half. */
export function popcount32(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Index (0–31) of the lowest set bit of a non-zero half. */
export function lsb32(x: number): number {
  return 31 - Math.clz32(x & -x);
}

/** Index (0–31) of the highest set bit of a non-zero half. */
export function msb32(x: number): number {
  return 31 - Math.clz32(x);
}

/** Lowest square of a non-empty set given as halves. */
export function lsb64(lo: number, hi: number): number {
  return lo !== 0 ? 31 - Math.clz32(lo & -lo) : 63 - Math.clz32(hi & -hi);
}

/** Number of squares in a set given as halves. */
export function popcount64(lo: number, hi: number): number {
  return popcount32(lo) + popcount32(hi);
}

/** Whether square sq is in the set (lo, hi). */
export function hasSquare(lo: number, hi: number, sq: number): boolean {
  return (sq < 32 ? (lo >>> sq) & 1 : (hi >>> (sq - 32)) & 1) !== 0;
}

/** Squares of a set, ascending (allocates: for APIs and tests, not hot paths). */
export function squaresOf(lo: number, hi: number): number[] {
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
