// 64-bit sets as two int32 halves (DESIGN.md §4): lo = squares 0–31, hi = squares 32–63.
// No BigInt anywhere: each half is a plain int32 so V8 keeps it in a register. The hot code iterates
// sets inline (x & -x, Math.clz32); this module holds what the APIs and tests need.

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
