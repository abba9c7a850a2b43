// Attack sets on the shared tables. Sliders by obstruction difference, Daniel Infuehr's variant
// (seed obstruction-difference.md); attacksTo/attacked by the super-piece method and between/line by
// rectangular lookup (seed square-attacked-by.md); x-rays by modifying occupancy (seed xray-attacks.md).
// Results go to a caller-owned Int32Array at index o (out[o] = lo, out[o + 1] = hi): no allocation.
import { buildTables, openTables, type Tables, LINE_RANK, LINE_FILE, LINE_DIAG, LINE_ANTI } from './tables.js';

export { LINE_RANK, LINE_FILE, LINE_DIAG, LINE_ANTI };

// Piece-type indexes of a Position's `bb` array (both colours): bb[2t], bb[2t + 1]; colours at 12 and 14.
export const PAWN = 0;
export const KNIGHT = 1;
export const BISHOP = 2;
export const ROOK = 3;
export const QUEEN = 4;
export const KING = 5;
export const WHITE_BB = 12;
export const BLACK_BB = 14;

let MASKS: Int32Array = new Int32Array(0);
let KNIGHTS = MASKS;
let KINGS = MASKS;
let PAWNS = MASKS;
let BETWEEN = MASKS;
let LINES = MASKS;
let installed: Tables | null = null;

/** Makes these views the tables every function of this module reads (once per thread). */
export function installTables(t: Tables): void {
  MASKS = t.masks;
  KNIGHTS = t.knight;
  KINGS = t.king;
  PAWNS = t.pawn;
  BETWEEN = t.between;
  LINES = t.line;
  installed = t;
}

/** The installed tables, building and installing a private set if none was installed yet. */
export function ensureTables(): Tables {
  if (installed === null) installTables(openTables(buildTables()));
  return installed as Tables;
}

// The high half of the last lineLo() result. A typed-array slot, not a module `let`: a half with bit 30
// or 31 set is no small integer to V8, and storing it in a variable would box it on the heap each time.
const R = new Int32Array(1);

/** Obstruction difference on one line; returns the low half, leaves the high half in R[0]. */
function lineLo(occLo: number, occHi: number, sq: number, l: number): number {
  const m = (sq * 4 + l) * 6;
  const upLo = MASKS[m + 2] & occLo;
  const upHi = MASKS[m + 3] & occHi;
  const lwHi = MASKS[m + 1] & occHi;
  // MS1B of (lower | 1), by Math.clz32 on the high half, then the low half
  let msLo = 0;
  let msHi = 0;
  if (lwHi !== 0) msHi = 1 << (31 - Math.clz32(lwHi));
  else msLo = 1 << (31 - Math.clz32((MASKS[m] & occLo) | 1));
  // odiff = upper ^ (upper - ms1b): 64-bit subtraction with the borrow carried into the high half
  const dLo = (upLo - msLo) | 0;
  const borrow = (upLo >>> 0) < (msLo >>> 0) ? 1 : 0;
  const dHi = (upHi - msHi - borrow) | 0;
  R[0] = (upHi ^ dHi) & MASKS[m + 5];
  return (upLo ^ dLo) & MASKS[m + 4];
}

/** Attacks of a slider on sq along one line kind (LINE_RANK, LINE_FILE, LINE_DIAG, LINE_ANTI). */
export function lineAttacks(occLo: number, occHi: number, sq: number, l: number, out: Int32Array, o: number): void {
  out[o] = lineLo(occLo, occHi, sq, l);
  out[o + 1] = R[0];
}

/** Two lines' attacks united: low half returned, high half left in R[0]. */
function twoLinesLo(occLo: number, occHi: number, sq: number, l1: number, l2: number): number {
  const lo = lineLo(occLo, occHi, sq, l1);
  const hi = R[0];
  const r = lo | lineLo(occLo, occHi, sq, l2);
  R[0] |= hi;
  return r;
}

export function rookAttacks(occLo: number, occHi: number, sq: number, out: Int32Array, o: number): void {
  out[o] = twoLinesLo(occLo, occHi, sq, LINE_RANK, LINE_FILE);
  out[o + 1] = R[0];
}

export function bishopAttacks(occLo: number, occHi: number, sq: number, out: Int32Array, o: number): void {
  out[o] = twoLinesLo(occLo, occHi, sq, LINE_DIAG, LINE_ANTI);
  out[o + 1] = R[0];
}

export function queenAttacks(occLo: number, occHi: number, sq: number, out: Int32Array, o: number): void {
  const lo = twoLinesLo(occLo, occHi, sq, LINE_RANK, LINE_FILE);
  const hi = R[0];
  out[o] = lo | twoLinesLo(occLo, occHi, sq, LINE_DIAG, LINE_ANTI);
  out[o + 1] = hi | R[0];
}

/** Attacks along one line kind, low half returned, high half in lastHi(): two ints, no array. */
export function lineAttacksLo(occLo: number, occHi: number, sq: number, l: number): number {
  return lineLo(occLo, occHi, sq, l);
}

/** Rook attacks, low half returned, high half in lastHi() — for callers that test a few bits. */
export function rookAttacksLo(occLo: number, occHi: number, sq: number): number {
  return twoLinesLo(occLo, occHi, sq, LINE_RANK, LINE_FILE);
}

/** Bishop attacks, low half returned, high half in lastHi(). */
export function bishopAttacksLo(occLo: number, occHi: number, sq: number): number {
  return twoLinesLo(occLo, occHi, sq, LINE_DIAG, LINE_ANTI);
}

/** The high half of the last *AttacksLo() call. */
export function lastHi(): number {
  return R[0];
}

export function knightAttacks(sq: number, out: Int32Array, o: number): void {
  out[o] = KNIGHTS[sq * 2];
  out[o + 1] = KNIGHTS[sq * 2 + 1];
}

export function kingAttacks(sq: number, out: Int32Array, o: number): void {
  out[o] = KINGS[sq * 2];
  out[o + 1] = KINGS[sq * 2 + 1];
}

/** Squares a pawn of `side` (0 white, 1 black) on sq attacks. */
export function pawnAttacks(side: number, sq: number, out: Int32Array, o: number): void {
  const i = (side * 64 + sq) * 2;
  out[o] = PAWNS[i];
  out[o + 1] = PAWNS[i + 1];
}

/** Squares strictly between a and b when they share a line, else empty. */
export function between(a: number, b: number, out: Int32Array, o: number): void {
  const i = (a * 64 + b) * 2;
  out[o] = BETWEEN[i];
  out[o + 1] = BETWEEN[i + 1];
}

/** The whole line through a and b, edge to edge, both included; empty when they share none. */
export function line(a: number, b: number, out: Int32Array, o: number): void {
  const i = (a * 64 + b) * 2;
  out[o] = LINES[i];
  out[o + 1] = LINES[i + 1];
}

/** Whether sq is on the line through a and b (false when a and b share none). */
export function onLine(a: number, b: number, sq: number): boolean {
  const i = (a * 64 + b) * 2;
  return (sq < 32 ? (LINES[i] >>> sq) & 1 : (LINES[i + 1] >>> (sq - 32)) & 1) !== 0;
}

/** Whether nothing stands between from and to (pseudo-legality of a distant move). */
export function mayMove(from: number, to: number, occLo: number, occHi: number): boolean {
  const i = (from * 64 + to) * 2;
  return ((BETWEEN[i] & occLo) | (BETWEEN[i + 1] & occHi)) === 0;
}

/** Every piece of either colour attacking sq: a super-piece on sq intersected with each piece type. */
export function attacksTo(bb: Int32Array, occLo: number, occHi: number, sq: number, out: Int32Array, o: number): void {
  const s2 = sq * 2;
  const wp = (64 + sq) * 2; // a black pawn's attacks from sq find the white pawns attacking it
  let lo = (PAWNS[wp] & bb[0] & bb[WHITE_BB]) | (PAWNS[s2] & bb[0] & bb[BLACK_BB]);
  let hi = (PAWNS[wp + 1] & bb[1] & bb[WHITE_BB + 1]) | (PAWNS[s2 + 1] & bb[1] & bb[BLACK_BB + 1]);
  lo |= (KNIGHTS[s2] & bb[2]) | (KINGS[s2] & bb[10]);
  hi |= (KNIGHTS[s2 + 1] & bb[3]) | (KINGS[s2 + 1] & bb[11]);
  const dLo = bishopAttacksLo(occLo, occHi, sq);
  const dHi = R[0];
  lo |= dLo & (bb[4] | bb[8]);
  hi |= dHi & (bb[5] | bb[9]);
  const rLo = rookAttacksLo(occLo, occHi, sq);
  lo |= rLo & (bb[6] | bb[8]);
  hi |= R[0] & (bb[7] | bb[9]);
  out[o] = lo;
  out[o + 1] = hi;
}

/** Whether any piece of bySide attacks sq, cheapest piece kinds first with early exits. */
export function attacked(bb: Int32Array, occLo: number, occHi: number, sq: number, bySide: number): boolean {
  return attackedExcept(bb, occLo, occHi, sq, bySide, 0, 0);
}

/**
 * Whether any piece of bySide, other than those on the excluded squares (exLo, exHi), attacks sq on the
 * given occupancy: the defender count of the motif rules, where the front piece never defends.
 */
export function attackedExcept(bb: Int32Array, occLo: number, occHi: number, sq: number, bySide: number, exLo: number, exHi: number): boolean {
  const c = bySide === 0 ? WHITE_BB : BLACK_BB;
  const cLo = bb[c] & ~exLo;
  const cHi = bb[c + 1] & ~exHi;
  const p = ((bySide ^ 1) * 64 + sq) * 2;
  if (((PAWNS[p] & bb[0] & cLo) | (PAWNS[p + 1] & bb[1] & cHi)) !== 0) return true;
  const s2 = sq * 2;
  if (((KNIGHTS[s2] & bb[2] & cLo) | (KNIGHTS[s2 + 1] & bb[3] & cHi)) !== 0) return true;
  if (((KINGS[s2] & bb[10] & cLo) | (KINGS[s2 + 1] & bb[11] & cHi)) !== 0) return true;
  const bqLo = (bb[4] | bb[8]) & cLo;
  const bqHi = (bb[5] | bb[9]) & cHi;
  if ((bqLo | bqHi) !== 0) {
    const a = bishopAttacksLo(occLo, occHi, sq);
    if (((a & bqLo) | (R[0] & bqHi)) !== 0) return true;
  }
  const rqLo = (bb[6] | bb[8]) & cLo;
  const rqHi = (bb[7] | bb[9]) & cHi;
  if ((rqLo | rqHi) !== 0) {
    const a = rookAttacksLo(occLo, occHi, sq);
    if (((a & rqLo) | (R[0] & rqHi)) !== 0) return true;
  }
  return false;
}

/**
 * The obstruction-difference masks themselves, for loops that read many lineEx masks (words
 * (sq * 4 + l) * 6 + 4 and + 5): the installed view, read-only.
 */
export function maskTable(): Int32Array {
  return MASKS;
}


/** X-ray attacks of one line through the chosen blockers: attacks ^ lineAttacks(occ ^ (blockers & attacks)). */
export function xrayLineAttacks(occLo: number, occHi: number, blkLo: number, blkHi: number, sq: number, l: number, out: Int32Array, o: number): void {
  const aLo = lineLo(occLo, occHi, sq, l);
  const aHi = R[0];
  const bLo = lineLo(occLo ^ (blkLo & aLo), occHi ^ (blkHi & aHi), sq, l);
  out[o] = aLo ^ bLo;
  out[o + 1] = aHi ^ R[0];
}

function xrayLines(occLo: number, occHi: number, blkLo: number, blkHi: number, sq: number, first: number, last: number, out: Int32Array, o: number): void {
  let lo = 0;
  let hi = 0;
  for (let l = first; l <= last; l++) {
    // per line, not per piece: blockers found on one line never open another line
    const aLo = lineLo(occLo, occHi, sq, l);
    const aHi = R[0];
    lo |= aLo ^ lineLo(occLo ^ (blkLo & aLo), occHi ^ (blkHi & aHi), sq, l);
    hi |= aHi ^ R[0];
  }
  out[o] = lo;
  out[o + 1] = hi;
}

/** X-ray rook attacks through the blockers (seed xray-attacks, modifying occupancy). */
export function xrayRookAttacks(occLo: number, occHi: number, blkLo: number, blkHi: number, sq: number, out: Int32Array, o: number): void {
  xrayLines(occLo, occHi, blkLo, blkHi, sq, LINE_RANK, LINE_FILE, out, o);
}

export function xrayBishopAttacks(occLo: number, occHi: number, blkLo: number, blkHi: number, sq: number, out: Int32Array, o: number): void {
  xrayLines(occLo, occHi, blkLo, blkHi, sq, LINE_DIAG, LINE_ANTI, out, o);
}

export function xrayQueenAttacks(occLo: number, occHi: number, blkLo: number, blkHi: number, sq: number, out: Int32Array, o: number): void {
  xrayLines(occLo, occHi, blkLo, blkHi, sq, LINE_RANK, LINE_ANTI, out, o);
}
