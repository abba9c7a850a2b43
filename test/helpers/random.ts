// Seeded randomness for tests and benchmarks, so a failure reproduces from its seed.

/** mulberry32: a small 32-bit generator; uint32 values. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** The same generator as floats in [0, 1). */
export function random01(seed: number): () => number {
  const next = mulberry32(seed);
  return () => next() / 4294967296;
}
