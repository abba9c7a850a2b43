// buildTables() / openTables(): the attack tables live in one SharedArrayBuffer with a checked header
// (magic, version, byteLength, offsets), and openTables() returns views over it without copying.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Worker } from 'node:worker_threads';
import { buildTables, openTables, type Tables } from '../../src/core/tables.js';
import * as A from '../../src/core/attacks.js';
import * as N from '../helpers/naive.js';

// Header words, as laid out by tables.ts: [0] magic, [1] version, [2] byteLength, [3..] table offsets.
const H_MAGIC = 0;
const H_VERSION = 1;
const H_BYTES = 2;

const NAMES = ['masks', 'knight', 'king', 'pawn', 'between', 'line', 'xray'] as const;
/**
 * Sizes in int32 words, from docs/design.md §4: 64 × 4 × 3 mask sets, 64 knight/king sets, 2 × 64 pawn sets,
 * 64 × 64 between/line sets; one x-ray word per place on a line (8) × occupancy of its 8 squares (256).
 */
const WORDS: Record<(typeof NAMES)[number], number> = {
  masks: 64 * 4 * 3 * 2,
  knight: 64 * 2,
  king: 64 * 2,
  pawn: 2 * 64 * 2,
  between: 64 * 64 * 2,
  line: 64 * 64 * 2,
  xray: 8 * 256,
};

/** A byte-for-byte copy of a SAB into a new SAB of `byteLength` bytes (default: the same size). */
function copySab(src: SharedArrayBuffer, byteLength = src.byteLength): SharedArrayBuffer {
  const dst = new SharedArrayBuffer(byteLength);
  new Uint8Array(dst).set(new Uint8Array(src, 0, Math.min(src.byteLength, byteLength)));
  return dst;
}

function corrupt(src: SharedArrayBuffer, word: number, f: (x: number) => number): SharedArrayBuffer {
  const dst = copySab(src);
  const w = new Int32Array(dst);
  w[word] = f(w[word]!);
  return dst;
}

function sameSet(t: Int32Array, i: number, e: N.Halves): boolean {
  return t[i] === e[0] && t[i + 1] === e[1];
}

/**
 * The x-ray word of place p on a line occupied as the bits of occ, walked place by place: the signed
 * steps to the first and second occupied places below p, then above p (0 for none), one byte each.
 */
function naiveXrayWord(p: number, occ: number): number {
  const steps: number[] = [];
  for (const dir of [-1, 1]) {
    const found: number[] = [];
    for (let q = p + dir; q >= 0 && q < 8; q += dir) if (occ & (1 << q)) found.push(q - p);
    steps.push(found[0] ?? 0, found[1] ?? 0);
  }
  return steps.reduce((w, d, k) => w | ((d & 0xff) << (8 * k)), 0);
}

/** Every entry of the tables against the naive oracle; returns the number of wrong sets. */
function checkContents(t: Tables): number {
  let bad = 0;
  for (let p = 0; p < 8; p++) for (let occ = 0; occ < 256; occ++) if (t.xray[p * 256 + occ] !== naiveXrayWord(p, occ)) bad++;
  for (let sq = 0; sq < 64; sq++) {
    if (!sameSet(t.knight, sq * 2, N.knightAttacksH(sq))) bad++;
    if (!sameSet(t.king, sq * 2, N.kingAttacksH(sq))) bad++;
    if (!sameSet(t.pawn, sq * 2, N.pawnAttacksH(N.WHITE, sq))) bad++;
    if (!sameSet(t.pawn, 128 + sq * 2, N.pawnAttacksH(N.BLACK, sq))) bad++;
    for (const l of N.LINE_KINDS) {
      const mask = N.lineMaskSquares(sq, l);
      const m = (sq * 4 + l) * 6;
      if (!sameSet(t.masks, m, N.squaresToHalves(mask.filter((s) => s < sq)))) bad++; // lower
      if (!sameSet(t.masks, m + 2, N.squaresToHalves(mask.filter((s) => s > sq)))) bad++; // upper
      if (!sameSet(t.masks, m + 4, N.squaresToHalves(mask))) bad++; // lineEx
    }
    for (let b = 0; b < 64; b++) {
      if (!sameSet(t.between, (sq * 64 + b) * 2, N.betweenH(sq, b))) bad++;
      if (!sameSet(t.line, (sq * 64 + b) * 2, N.lineH(sq, b))) bad++;
    }
  }
  return bad;
}

/** A sample of attack-function results against the oracle with the currently installed tables. */
function checkInstalled(seed: number): number {
  const out = new Int32Array(2);
  const rnd = N.mulberry32(seed);
  let bad = 0;
  for (let i = 0; i < 5000; i++) {
    const s = rnd() & 63;
    const occ = N.randomOcc(rnd, (rnd() & 255) / 256);
    A.queenAttacks(occ[0], occ[1], s, out, 0);
    if (!N.sameHalves(N.queenAttacksH(occ[0], occ[1], s), out[0]!, out[1]!)) bad++;
    A.knightAttacks(s, out, 0);
    if (!N.sameHalves(N.knightAttacksH(s), out[0]!, out[1]!)) bad++;
    const b = rnd() & 63;
    A.between(s, b, out, 0);
    if (!N.sameHalves(N.betweenH(s, b), out[0]!, out[1]!)) bad++;
  }
  return bad;
}

const sab = buildTables();

afterAll(() => {
  // leave the attack module with a pristine private set for whatever runs next in this worker
  A.installTables(openTables(buildTables()));
});

describe('buildTables / openTables', () => {
  it('buildTables returns a SharedArrayBuffer with a header: magic, version 1.., byteLength', () => {
    expect(sab).toBeInstanceOf(SharedArrayBuffer);
    const w = new Int32Array(sab);
    expect(w[H_MAGIC]).not.toBe(0);
    expect(w[H_VERSION]).toBeGreaterThanOrEqual(1);
    expect(w[H_BYTES]).toBe(sab.byteLength);
    const total = Object.values(WORDS).reduce((a, b) => a + b, 0) * 4;
    expect(sab.byteLength).toBeGreaterThanOrEqual(total);
    expect(sab.byteLength).toBeLessThan(total + 1024); // header is small
  });

  it('openTables returns Int32Array views of the documented sizes over the same SAB, non-overlapping', () => {
    const t = openTables(sab);
    expect(t.buffer).toBe(sab);
    const ranges: [number, number][] = [];
    for (const name of NAMES) {
      const v = t[name];
      expect(v, name).toBeInstanceOf(Int32Array);
      expect(v.buffer, `${name} is a view over the SAB`).toBe(sab);
      expect(v.length, name).toBe(WORDS[name]);
      expect(v.byteOffset, name).toBeGreaterThanOrEqual(12); // after at least magic, version, byteLength
      ranges.push([v.byteOffset, v.byteOffset + v.byteLength]);
    }
    ranges.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < ranges.length; i++) expect(ranges[i]![0]).toBeGreaterThanOrEqual(ranges[i - 1]![1]);
    expect(ranges[ranges.length - 1]![1]).toBeLessThanOrEqual(sab.byteLength);
  });

  it('every table entry matches the naive oracle (masks lower/upper/lineEx, knight, king, pawn, between, line, x-ray words)', () => {
    const bad = checkContents(openTables(sab));
    console.log(`table contents: ${64 * (4 + 12 + 128) + 8 * 256} sets and x-ray words checked, ${bad} wrong`);
    expect(bad).toBe(0);
  });

  it('a SAB round-trips: a byte copy opens to identical views, and attack functions work on it once installed', () => {
    const copy = copySab(sab);
    const t1 = openTables(sab);
    const t2 = openTables(copy);
    for (const name of NAMES) expect(Array.from(t2[name]), name).toEqual(Array.from(t1[name]));
    expect(checkContents(t2)).toBe(0);
    A.installTables(t2);
    expect(A.installedTables()).toBe(t2);
    expect(checkInstalled(0x7ab1e)).toBe(0);
    A.installTables(t1);
    expect(checkInstalled(0x7ab1f)).toBe(0);
  });

  it('views share memory with the SAB: two openTables() calls see a write made through one view (no copy)', () => {
    const t1 = openTables(sab);
    const t2 = openTables(sab);
    const raw = new Int32Array(sab);
    for (const name of NAMES) {
      const v1 = t1[name];
      const v2 = t2[name];
      const i = v1.length - 1;
      const saved = v1[i]!;
      const marker = 0x5a5a5a5a ^ i;
      v1[i] = marker;
      expect(v2[i], name).toBe(marker);
      expect(raw[v1.byteOffset / 4 + i], name).toBe(marker);
      raw[v1.byteOffset / 4 + i] = saved;
      expect(v1[i], name).toBe(saved);
      expect(v2[i], name).toBe(saved);
    }
  });

  it('structuredClone of the SAB (what postMessage/workerData does) shares memory, and opens', () => {
    const clone = structuredClone(sab);
    const t = openTables(clone);
    const own = openTables(sab);
    const saved = own.king[0]!;
    own.king[0] = 0x1234567;
    expect(t.king[0]).toBe(0x1234567);
    own.king[0] = saved;
    expect(t.king[0]).toBe(saved);
  });

  it('a worker_threads Worker given the SAB in workerData sees the same memory, both ways', async () => {
    const local = buildTables(); // a private set: the worker writes into it
    const t = openTables(local);
    const knightOff = t.knight.byteOffset / 4;
    const before = t.knight[0]; // lo half of the knight set of a1 (b3, c2), as built
    const src = `
      const { workerData, parentPort } = require('node:worker_threads');
      const w = new Int32Array(workerData.sab);
      const header = [w[0], w[1], w[2]];
      const seen = w[workerData.knightOff];       // knight set of a1, lo half
      w[workerData.knightOff] = 0x0badf00d;         // write through the shared memory
      parentPort.postMessage({ header, seen, byteLength: workerData.sab.byteLength });
    `;
    const worker = new Worker(src, { eval: true, workerData: { sab: local, knightOff } });
    const msg = await new Promise<{ header: number[]; seen: number; byteLength: number }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    const w = new Int32Array(local);
    expect(msg.header).toEqual([w[H_MAGIC], w[H_VERSION], w[H_BYTES]]);
    expect(msg.byteLength).toBe(local.byteLength);
    expect(before).toBe(N.knightAttacksH(0)[0]);
    expect(msg.seen).toBe(before); // the worker read the table as built
    expect(t.knight[0]).toBe(0x0badf00d); // the worker's write is visible in our view
    expect(() => openTables(local)).not.toThrow(); // header untouched
  });
});

describe('openTables rejects a bad buffer with a clear error', () => {
  it('wrong magic', () => {
    expect(() => openTables(corrupt(sab, H_MAGIC, (x) => x ^ 0x01000000))).toThrow(/magic/i);
    expect(() => openTables(corrupt(sab, H_MAGIC, () => 0))).toThrow(/magic/i);
  });

  it('wrong version', () => {
    expect(() => openTables(corrupt(sab, H_VERSION, (x) => x + 1))).toThrow(/version/i);
    expect(() => openTables(corrupt(sab, H_VERSION, () => 0))).toThrow(/version/i);
  });

  it('wrong byteLength in the header', () => {
    expect(() => openTables(corrupt(sab, H_BYTES, (x) => x + 4))).toThrow(/byte/i);
    expect(() => openTables(corrupt(sab, H_BYTES, (x) => x - 4))).toThrow(/byte/i);
  });

  it('buffer length differs from the header (truncated or extended copy)', () => {
    expect(() => openTables(copySab(sab, sab.byteLength - 4))).toThrow(/byte/i);
    expect(() => openTables(copySab(sab, sab.byteLength + 64))).toThrow(/byte/i);
  });

  it('a buffer too small to hold a header, an all-zero buffer, a plain ArrayBuffer', () => {
    expect(() => openTables(new SharedArrayBuffer(8))).toThrow(/attack tables/i);
    expect(() => openTables(new SharedArrayBuffer(sab.byteLength))).toThrow(/magic/i);
    expect(() => openTables(new ArrayBuffer(sab.byteLength) as unknown as SharedArrayBuffer)).toThrow(/SharedArrayBuffer/);
  });

  it('a corrupted table offset', () => {
    expect(() => openTables(corrupt(sab, 3, () => 0x7fffffff))).toThrow(/offset/i);
    expect(() => openTables(corrupt(sab, 3, () => -1))).toThrow(/offset/i);
  });

  it('the original SAB is untouched by all of the above and still opens', () => {
    expect(() => openTables(sab)).not.toThrow();
    expect(checkContents(openTables(sab))).toBe(0);
  });
});

describe('tables are installed by their owner, never built behind its back', () => {
  // a fresh copy of the modules: a thread where nobody has installed tables yet
  async function freshCore(): Promise<typeof A> {
    vi.resetModules();
    return import('../../src/core/attacks.js');
  }

  it('using the core before installation throws a clear error instead of building a private set', async () => {
    const fresh = await freshCore();
    const { parseFen, INITIAL_FEN } = await import('../../src/core/fen.js');
    const { Position } = await import('../../src/core/position.js');
    expect(fresh.tablesInstalled()).toBe(false);
    expect(() => parseFen(INITIAL_FEN)).toThrow(/attack tables are not installed.*installTables/);
    expect(() => new Position()).toThrow(/attack tables are not installed/);
    expect(() => fresh.installedTables()).toThrow(/attack tables are not installed/);
    expect(fresh.tablesInstalled()).toBe(false);
    fresh.installTables(openTables(sab));
    expect(parseFen(INITIAL_FEN).chess960).toBe(false);
  });

  it('importing what a worker imports builds nothing: the worker installs the shared buffer afterwards', async () => {
    const fresh = await freshCore();
    const { createTask } = await import('../../src/pipeline/task.js');
    await import('../../src/analysis/game.js');
    expect(fresh.tablesInstalled()).toBe(false);
    createTask({ tables: sab, options: { output: 'jsonl', allPositions: true, filter: { codes: 0xff, played: 0xf }, verify: false } });
    expect(fresh.installedTables().buffer).toBe(sab);
  });

  it('the library entry builds nothing when imported; on a main thread the first position made builds and installs one set', async () => {
    const fresh = await freshCore();
    const library = await import('../../src/index.js');
    expect(fresh.tablesInstalled()).toBe(false);
    expect(library.tagFen(library.INITIAL_FEN).motifs).toEqual([]);
    expect(fresh.tablesInstalled()).toBe(true);
    const t = fresh.installedTables();
    expect(checkContents(t)).toBe(0);
    library.parseFen(library.INITIAL_FEN);
    expect(fresh.installedTables()).toBe(t); // once
  });
});
