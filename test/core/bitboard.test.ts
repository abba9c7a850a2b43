// popCount against the obvious count, square by square, on sets of every size, the top bits included
// (bit 31 of a half is the int32 sign bit, where a lowest-bit loop overflows).
import { describe, expect, it } from 'vitest';
import { popCount } from '../../src/core/bitboard.js';
import { mulberry32 } from '../helpers/random.js';

/** Squares of 0..63 in the set, tested one by one. */
function slowCount(lo: number, hi: number): number {
  let n = 0;
  for (let sq = 0; sq < 64; sq++) if (((sq < 32 ? lo >>> sq : hi >>> (sq - 32)) & 1) === 1) n++;
  return n;
}

describe('popCount', () => {
  it('counts the one-square sets, h4 and h8 (the sign bits) included', () => {
    for (let sq = 0; sq < 64; sq++) {
      const lo = sq < 32 ? 1 << sq : 0;
      const hi = sq >= 32 ? 1 << (sq - 32) : 0;
      expect(popCount(lo, hi)).toBe(1);
    }
    expect(popCount(0, 0)).toBe(0);
    expect(popCount(-1, -1)).toBe(64);
    expect(popCount(1 << 31, 1 << 31)).toBe(2);
  });

  it('agrees with a square-by-square count on random sets of every density', () => {
    const next = mulberry32(20261124);
    for (let i = 0; i < 20_000; i++) {
      // AND-ing k random words leaves about 1/2^k of the bits: sparse and dense sets alike
      const k = i % 5;
      let lo = next() | 0;
      let hi = next() | 0;
      for (let j = 0; j < k; j++) {
        lo &= next();
        hi &= next();
      }
      expect(popCount(lo, hi)).toBe(slowCount(lo, hi));
    }
  });
});
