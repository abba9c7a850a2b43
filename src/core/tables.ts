// Every precomputed attack table in one SharedArrayBuffer (docs/design.md §2, §4): built once by the main
// thread, opened as typed-array views (no copy) by every worker. The motif scan's WebAssembly reads its own
// memory only: each thread copies the tables it needs there once (motifs/classify.ts, 80 KB). Layout, in
// int32 words:
//   header  [magic, version, byteLength, offset of each table…]
//   masks   obstruction-difference masks: 64 squares × 4 lines × (lower, upper, lineEx) × (lo, hi)
//   knight, king: 64 × (lo, hi);  pawn: 2 sides × 64 × (lo, hi)
//   between, line: 64 × 64 × (lo, hi)  (rectangular lookup, seed square-attacked-by)
//   xray: 8 places on a line × 256 occupancies of its 8 squares: the neighbours of the place on the line
//         (seed xray-attacks, "X-rays with one Lookup"), packed as xrayEntry() says

const MAGIC = 0x58524159; // 'XRAY'
const VERSION = 2;
const HEADER_WORDS = 16;
const SIZES = { masks: 64 * 4 * 3 * 2, knight: 128, king: 128, pawn: 256, between: 64 * 64 * 2, line: 64 * 64 * 2, xray: 8 * 256 };
type TableName = keyof typeof SIZES;
const NAMES = Object.keys(SIZES) as TableName[];
const TOTAL_WORDS = HEADER_WORDS + NAMES.reduce((n, k) => n + SIZES[k], 0);

/** Typed-array views over the shared tables; read-only by convention. */
export interface Tables {
  readonly buffer: SharedArrayBuffer;
  readonly masks: Int32Array;
  readonly knight: Int32Array;
  readonly king: Int32Array;
  readonly pawn: Int32Array;
  readonly between: Int32Array;
  readonly line: Int32Array;
  readonly xray: Int32Array;
}

/**
 * Line kinds, in the order of the mask table: rank, file, diagonal (a1–h8), anti-diagonal (h1–a8). A
 * const enum for the hot loops (numbers written in, as board.ts's Piece), the LINE_* names for the rest.
 */
export const enum Line {
  Rank = 0,
  File = 1,
  Diag = 2,
  Anti = 3,
}
export const LINE_RANK = Line.Rank;
export const LINE_FILE = Line.File;
export const LINE_DIAG = Line.Diag;
export const LINE_ANTI = Line.Anti;
/**
 * Where each mask of a (square, line) record lives, from maskIndex(sq, l): its lo half at the offset, its hi
 * half next. A const enum, so tsc writes the numbers into the hot code (no load, nothing to inline).
 */
export const enum Mask {
  Lower = 0,
  Upper = 2,
  LineEx = 4,
}

/** Where the masks of square sq and line kind l start in the mask table: 4 lines × 3 masks × 2 halves. */
export function maskIndex(sq: number, l: number): number {
  return (sq * 4 + l) * 6;
}

/**
 * File and rank steps of each line kind, its positive direction first. Both written out, not the first
 * negated: 0 × -1 is -0, a double, and every square counted from it was a heap number (setBit deoptimized).
 */
const LINE_DIRS: readonly (readonly (readonly [number, number])[])[] = [
  [
    [1, 0],
    [-1, 0],
  ],
  [
    [0, 1],
    [0, -1],
  ],
  [
    [1, 1],
    [-1, -1],
  ],
  [
    [-1, 1],
    [1, -1],
  ],
];

/** The step in squares of each line kind's positive direction (rank 1, file 8, diagonal 9, anti-diagonal 7). */
export const LINE_STEPS: readonly number[] = LINE_DIRS.map(([[df, dr]]) => df + 8 * dr);

function setBit(a: Int32Array, i: number, sq: number): void {
  if (sq < 32) a[i] |= 1 << sq;
  else a[i + 1] |= 1 << (sq - 32);
}

function onBoard(f: number, r: number): boolean {
  return f >= 0 && f < 8 && r >= 0 && r < 8;
}

/** The squares from sq (not included) to the edge of the board in steps of (df, dr), nearest first. */
function ray(sq: number, df: number, dr: number): number[] {
  const squares: number[] = [];
  for (let f = (sq & 7) + df, r = (sq >> 3) + dr; onBoard(f, r); f += df, r += dr) squares.push(r * 8 + f);
  return squares;
}

function fillMasks(masks: Int32Array): void {
  for (let sq = 0; sq < 64; sq++) {
    for (let l = 0; l < 4; l++) {
      const base = maskIndex(sq, l);
      for (const [df, dr] of LINE_DIRS[l]) {
        for (const t of ray(sq, df, dr)) {
          setBit(masks, base + (t < sq ? Mask.Lower : Mask.Upper), t); // lower holds the smaller squares
          setBit(masks, base + Mask.LineEx, t);
        }
      }
    }
  }
}

function fillLeaper(table: Int32Array, base: number, steps: readonly (readonly [number, number])[]): void {
  for (let sq = 0; sq < 64; sq++) {
    for (const [df, dr] of steps) {
      const f = (sq & 7) + df;
      const r = (sq >> 3) + dr;
      if (onBoard(f, r)) setBit(table, base + sq * 2, r * 8 + f);
    }
  }
}

/**
 * BETWEEN and LINE for every pair of squares on a common line. The whole line through a is the same for
 * every b on it, so it is made once per square and line, not walked again per pair: the per-pair walk ran
 * long enough that V8 compiled it on the fly, at start-up, for longer than the build itself takes.
 */
function fillBetweenAndLine(between: Int32Array, line: Int32Array): void {
  const whole = new Int32Array(2);
  for (let a = 0; a < 64; a++) {
    for (const dirs of LINE_DIRS) {
      const rays = dirs.map(([df, dr]) => ray(a, df, dr));
      whole.fill(0);
      for (const s of [a, ...rays[0], ...rays[1]]) setBit(whole, 0, s);
      for (const squares of rays) {
        squares.forEach((b, k) => {
          const i = (a * 64 + b) * 2;
          line.set(whole, i);
          for (const s of squares.slice(0, k)) setBit(between, i, s);
        });
      }
    }
  }
}

/** The fields of an x-ray entry, byte k of the word: the motif scan reads them by these numbers. */
export const enum Xray {
  FrontBelow = 0,
  BackBelow = 1,
  FrontAbove = 2,
  BackAbove = 3,
}

/**
 * The x-ray entry of place p (0–7) on a line whose 8 squares are occupied as the bits of occ (bit p is
 * ignored: the slider's own square): four signed bytes, from the low byte up, the steps from p to the
 * first occupied place below p (F), the next one below it (X), the first above p (F) and the next above
 * (X); 0 where there is none. Written the slow obvious way: it runs once, at build time.
 */
function xrayEntry(p: number, occ: number): number {
  const found = (dir: number): [number, number] => {
    const d: number[] = [];
    for (let q = p + dir; q >= 0 && q < 8 && d.length < 2; q += dir) if (((occ >> q) & 1) !== 0) d.push(q - p);
    return [d[0] ?? 0, d[1] ?? 0];
  };
  const [fBelow, xBelow] = found(-1);
  const [fAbove, xAbove] = found(1);
  const field = (steps: number, k: Xray): number => (steps & 0xff) << (8 * k);
  return field(fBelow, Xray.FrontBelow) | field(xBelow, Xray.BackBelow) | field(fAbove, Xray.FrontAbove) | field(xAbove, Xray.BackAbove);
}

function fillXray(xray: Int32Array): void {
  for (let p = 0; p < 8; p++) for (let occ = 0; occ < 256; occ++) xray[p * 256 + occ] = xrayEntry(p, occ);
}

const KNIGHT_STEPS = [
  [1, 2],
  [2, 1],
  [2, -1],
  [1, -2],
  [-1, -2],
  [-2, -1],
  [-2, 1],
  [-1, 2],
] as const;
const KING_STEPS = [
  [1, 0],
  [1, 1],
  [0, 1],
  [-1, 1],
  [-1, 0],
  [-1, -1],
  [0, -1],
  [1, -1],
] as const;

/** Builds every table into a new SharedArrayBuffer. Call once per process, on the main thread. */
export function buildTables(): SharedArrayBuffer {
  const sab = new SharedArrayBuffer(TOTAL_WORDS * 4);
  const words = new Int32Array(sab);
  words[0] = MAGIC;
  words[1] = VERSION;
  words[2] = sab.byteLength;
  let at = HEADER_WORDS;
  NAMES.forEach((name, i) => {
    words[3 + i] = at;
    at += SIZES[name];
  });
  const t = openTables(sab);
  fillMasks(t.masks);
  fillLeaper(t.knight, 0, KNIGHT_STEPS);
  fillLeaper(t.king, 0, KING_STEPS);
  fillLeaper(t.pawn, 0, [
    [-1, 1],
    [1, 1],
  ]); // white pawns capture towards rank 8
  fillLeaper(t.pawn, 128, [
    [-1, -1],
    [1, -1],
  ]);
  fillBetweenAndLine(t.between, t.line);
  fillXray(t.xray);
  return sab;
}

/** Opens views over a buffer made by buildTables(); checks the header and copies nothing. */
export function openTables(sab: SharedArrayBuffer): Tables {
  if (!(sab instanceof SharedArrayBuffer)) throw new TypeError('attack tables: expected a SharedArrayBuffer');
  if (sab.byteLength < HEADER_WORDS * 4) throw new Error(`attack tables: buffer of ${sab.byteLength} bytes is too small for the header`);
  const words = new Int32Array(sab, 0, HEADER_WORDS);
  if (words[0] !== MAGIC) throw new Error(`attack tables: bad magic 0x${(words[0] >>> 0).toString(16)}, expected 0x${MAGIC.toString(16)}`);
  if (words[1] !== VERSION) throw new Error(`attack tables: version ${words[1]}, this build reads version ${VERSION}`);
  if (words[2] !== sab.byteLength || sab.byteLength !== TOTAL_WORDS * 4) {
    throw new Error(`attack tables: header says ${words[2]} bytes, buffer has ${sab.byteLength}, expected ${TOTAL_WORDS * 4}`);
  }
  const view = (i: number): Int32Array => {
    const off = words[3 + i];
    if (off < HEADER_WORDS || off + SIZES[NAMES[i]] > TOTAL_WORDS) throw new Error(`attack tables: bad offset ${off} for ${NAMES[i]}`);
    return new Int32Array(sab, off * 4, SIZES[NAMES[i]]);
  };
  return { buffer: sab, masks: view(0), knight: view(1), king: view(2), pawn: view(3), between: view(4), line: view(5), xray: view(6) };
}
