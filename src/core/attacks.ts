// Attack sets on the shared tables. Sliders by obstruction difference, Daniel Infuehr's variant
// (seed obstruction-difference.md); attacksTo/attacked by the super-piece method and between/line by
// rectangular lookup (seed square-attacked-by.md); x-rays by modifying occupancy (seed xray-attacks.md).
// The motif scan has its own kernels on the same tables (motifs/wasm/scan.ts), x-rays with one look-up.
// Results go to a caller-owned Int32Array at index o (out[o] = lo, out[o + 1] = hi): no allocation.
import { Sets } from './board.js';
import { buildTables, Line, Mask, maskIndex, openTables, type Tables, LINE_RANK, LINE_FILE, LINE_DIAG, LINE_ANTI } from './tables.js';

export { LINE_RANK, LINE_FILE, LINE_DIAG, LINE_ANTI };

let MASKS: Int32Array = new Int32Array(0);
let KNIGHTS = MASKS;
let KINGS = MASKS;
let PAWNS = MASKS;
let BETWEEN = MASKS;
let LINES = MASKS;
let installed: Tables | null = null;
let onDemand = false;

/**
 * Makes these views the tables every function of the core reads, in this thread. Called by whoever owns
 * the process's tables: the worker task with the shared buffer it was given, the CLI on a main thread
 * (installNewTables), the test setup. Nothing builds tables behind the caller's back: the library's entry
 * asks for them to be built when first needed (buildTablesOnDemand).
 */
export function installTables(t: Tables): void {
  MASKS = t.masks;
  KNIGHTS = t.knight;
  KINGS = t.king;
  PAWNS = t.pawn;
  BETWEEN = t.between;
  LINES = t.line;
  installed = t;
}

/** Builds a private set into a new SharedArrayBuffer and installs it: for a thread that owns its tables. */
export function installNewTables(): Tables {
  const t = openTables(buildTables());
  installTables(t);
  return t;
}

/**
 * From now on, the first call that needs tables while none are installed builds and installs a private set
 * (installNewTables) instead of throwing: for a thread that owns its tables but may never use the core.
 * Every way into the core makes a Position or asks for installedTables() before any look-up.
 */
export function buildTablesOnDemand(): void {
  onDemand = true;
}

/** Whether this thread has tables installed. */
export function tablesInstalled(): boolean {
  return installed !== null;
}

/** The installed tables; throws a clear error when this thread has none (the core is unusable then). */
export function installedTables(): Tables {
  if (installed === null) {
    if (onDemand) return installNewTables();
    throw new Error(
      'attack tables are not installed in this thread: call installTables(openTables(sab)) with the shared ' +
        'buffer, or installNewTables() on a thread that owns its tables, before using the core',
    );
  }
  return installed;
}

// The high half of the last lineLo() result: private to this module, which hands out both halves through
// caller-owned arrays or booleans. A typed-array slot, not a module `let`: a half with bit 30 or 31 set is
// no small integer to V8, and storing it in a variable would box it on the heap each time.
const R = new Int32Array(1);

/**
 * Obstruction difference on the line whose masks start at m = maskIndex(sq, l); returns the low half,
 * leaves the high half in R[0]. Callers that look twice at one line compute m once.
 */
function lineLo(occLo: number, occHi: number, m: number): number {
  const upLo = MASKS[m + Mask.Upper] & occLo;
  const upHi = MASKS[m + Mask.Upper + 1] & occHi;
  const lwHi = MASKS[m + Mask.Lower + 1] & occHi;
  // MS1B of (lower | 1), by Math.clz32 on the high half, then the low half
  let msLo = 0;
  let msHi = 0;
  if (lwHi !== 0) msHi = 1 << (31 - Math.clz32(lwHi));
  else msLo = 1 << (31 - Math.clz32((MASKS[m + Mask.Lower] & occLo) | 1));
  // odiff = upper ^ (upper - ms1b): 64-bit subtraction with the borrow carried into the high half
  const dLo = (upLo - msLo) | 0;
  const borrow = upLo >>> 0 < msLo >>> 0 ? 1 : 0;
  const dHi = (upHi - msHi - borrow) | 0;
  R[0] = (upHi ^ dHi) & MASKS[m + Mask.LineEx + 1];
  return (upLo ^ dLo) & MASKS[m + Mask.LineEx];
}

/** Attacks of a slider on sq along one line kind (LINE_RANK, LINE_FILE, LINE_DIAG, LINE_ANTI). */
export function lineAttacks(occLo: number, occHi: number, sq: number, l: number, out: Int32Array, o: number): void {
  out[o] = lineLo(occLo, occHi, maskIndex(sq, l));
  out[o + 1] = R[0];
}

/** Two lines' attacks united: low half returned, high half left in R[0]. */
function twoLinesLo(occLo: number, occHi: number, sq: number, l1: number, l2: number): number {
  const lo = lineLo(occLo, occHi, maskIndex(sq, l1));
  const hi = R[0];
  const r = lo | lineLo(occLo, occHi, maskIndex(sq, l2));
  R[0] |= hi;
  return r;
}

export function rookAttacks(occLo: number, occHi: number, sq: number, out: Int32Array, o: number): void {
  out[o] = twoLinesLo(occLo, occHi, sq, Line.Rank, Line.File);
  out[o + 1] = R[0];
}

export function bishopAttacks(occLo: number, occHi: number, sq: number, out: Int32Array, o: number): void {
  out[o] = twoLinesLo(occLo, occHi, sq, Line.Diag, Line.Anti);
  out[o + 1] = R[0];
}

export function queenAttacks(occLo: number, occHi: number, sq: number, out: Int32Array, o: number): void {
  const lo = twoLinesLo(occLo, occHi, sq, Line.Rank, Line.File);
  const hi = R[0];
  out[o] = lo | twoLinesLo(occLo, occHi, sq, Line.Diag, Line.Anti);
  out[o + 1] = hi | R[0];
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

/** Whether nothing stands between from and to (pseudo-legality of a distant move). */
export function mayMove(from: number, to: number, occLo: number, occHi: number): boolean {
  const i = (from * 64 + to) * 2;
  return ((BETWEEN[i] & occLo) | (BETWEEN[i + 1] & occHi)) === 0;
}

/** Every piece of either colour attacking sq: a super-piece on sq intersected with each piece type. */
export function attacksTo(bb: Int32Array, occLo: number, occHi: number, sq: number, out: Int32Array, o: number): void {
  const s2 = sq * 2;
  const wp = (64 + sq) * 2; // a black pawn's attacks from sq find the white pawns attacking it
  let lo = ((PAWNS[wp] & bb[Sets.WhiteLo]) | (PAWNS[s2] & bb[Sets.BlackLo])) & bb[Sets.PawnsLo];
  let hi = ((PAWNS[wp + 1] & bb[Sets.WhiteHi]) | (PAWNS[s2 + 1] & bb[Sets.BlackHi])) & bb[Sets.PawnsHi];
  lo |= (KNIGHTS[s2] & bb[Sets.KnightsLo]) | (KINGS[s2] & bb[Sets.KingsLo]);
  hi |= (KNIGHTS[s2 + 1] & bb[Sets.KnightsHi]) | (KINGS[s2 + 1] & bb[Sets.KingsHi]);
  const dLo = twoLinesLo(occLo, occHi, sq, Line.Diag, Line.Anti);
  lo |= dLo & (bb[Sets.BishopsLo] | bb[Sets.QueensLo]);
  hi |= R[0] & (bb[Sets.BishopsHi] | bb[Sets.QueensHi]);
  const rLo = twoLinesLo(occLo, occHi, sq, Line.Rank, Line.File);
  lo |= rLo & (bb[Sets.RooksLo] | bb[Sets.QueensLo]);
  hi |= R[0] & (bb[Sets.RooksHi] | bb[Sets.QueensHi]);
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
export function attackedExcept(
  bb: Int32Array,
  occLo: number,
  occHi: number,
  sq: number,
  bySide: number,
  exLo: number,
  exHi: number,
): boolean {
  const cLo = bb[Sets.WhiteLo + 2 * bySide] & ~exLo;
  const cHi = bb[Sets.WhiteHi + 2 * bySide] & ~exHi;
  const p = ((bySide ^ 1) * 64 + sq) * 2;
  if (((PAWNS[p] & bb[Sets.PawnsLo] & cLo) | (PAWNS[p + 1] & bb[Sets.PawnsHi] & cHi)) !== 0) return true;
  const s2 = sq * 2;
  if (((KNIGHTS[s2] & bb[Sets.KnightsLo] & cLo) | (KNIGHTS[s2 + 1] & bb[Sets.KnightsHi] & cHi)) !== 0) return true;
  if (((KINGS[s2] & bb[Sets.KingsLo] & cLo) | (KINGS[s2 + 1] & bb[Sets.KingsHi] & cHi)) !== 0) return true;
  // sliders last, a line's look-up only when a slider of that kind stands on the line at all
  const bqLo = (bb[Sets.BishopsLo] | bb[Sets.QueensLo]) & cLo;
  const bqHi = (bb[Sets.BishopsHi] | bb[Sets.QueensHi]) & cHi;
  if (lineHits(occLo, occHi, sq, Line.Diag, bqLo, bqHi) || lineHits(occLo, occHi, sq, Line.Anti, bqLo, bqHi)) return true;
  const rqLo = (bb[Sets.RooksLo] | bb[Sets.QueensLo]) & cLo;
  const rqHi = (bb[Sets.RooksHi] | bb[Sets.QueensHi]) & cHi;
  return lineHits(occLo, occHi, sq, Line.Rank, rqLo, rqHi) || lineHits(occLo, occHi, sq, Line.File, rqLo, rqHi);
}

/**
 * Whether one of the sliders (pLo, pHi) attacks sq along line kind l. Most lines hold none of them (the
 * line's mask tells, one AND): then the obstruction difference is not computed.
 */
function lineHits(occLo: number, occHi: number, sq: number, l: number, pLo: number, pHi: number): boolean {
  const m = maskIndex(sq, l);
  const onLo = MASKS[m + Mask.LineEx] & pLo;
  const onHi = MASKS[m + Mask.LineEx + 1] & pHi;
  if ((onLo | onHi) === 0) return false;
  return ((lineLo(occLo, occHi, m) & onLo) | (R[0] & onHi)) !== 0;
}

/**
 * The obstruction-difference masks themselves, for loops that read many lineEx masks (words
 * maskIndex(sq, l) + Mask.LineEx and the one after): the installed view, read-only.
 */
export function maskTable(): Int32Array {
  return MASKS;
}

/** X-ray attacks of one line through the chosen blockers: attacks ^ lineAttacks(occ ^ (blockers & attacks)). */
export function xrayLineAttacks(
  occLo: number,
  occHi: number,
  blkLo: number,
  blkHi: number,
  sq: number,
  l: number,
  out: Int32Array,
  o: number,
): void {
  const m = maskIndex(sq, l);
  const aLo = lineLo(occLo, occHi, m);
  const aHi = R[0];
  const bLo = lineLo(occLo ^ (blkLo & aLo), occHi ^ (blkHi & aHi), m);
  out[o] = aLo ^ bLo;
  out[o + 1] = aHi ^ R[0];
}

/**
 * X-ray attacks through the blockers along line kinds first..last (seed xray-attacks, modifying
 * occupancy): per line the attacks, then the attacks again with the blockers among them lifted. Writes
 * the x-ray attacks to [o, o + 1] and, as they come for free, the attacks themselves to [o + 2, o + 3].
 */
export function xrayAttacksAlong(
  occLo: number,
  occHi: number,
  blkLo: number,
  blkHi: number,
  sq: number,
  first: number,
  last: number,
  out: Int32Array,
  o: number,
): void {
  let xLo = 0;
  let xHi = 0;
  let aLo = 0;
  let aHi = 0;
  for (let l = first; l <= last; l++) {
    // per line, not per piece: blockers found on one line never open another line
    const m = maskIndex(sq, l);
    const lo = lineLo(occLo, occHi, m);
    const hi = R[0];
    aLo |= lo;
    aHi |= hi;
    xLo |= lo ^ lineLo(occLo ^ (blkLo & lo), occHi ^ (blkHi & hi), m);
    xHi |= hi ^ R[0];
  }
  out[o] = xLo;
  out[o + 1] = xHi;
  out[o + 2] = aLo;
  out[o + 3] = aHi;
}

/** X-ray rook attacks through the blockers, then the rook attacks (xrayAttacksAlong). */
export function xrayRookAttacks(occLo: number, occHi: number, blkLo: number, blkHi: number, sq: number, out: Int32Array, o: number): void {
  xrayAttacksAlong(occLo, occHi, blkLo, blkHi, sq, Line.Rank, Line.File, out, o);
}

export function xrayBishopAttacks(
  occLo: number,
  occHi: number,
  blkLo: number,
  blkHi: number,
  sq: number,
  out: Int32Array,
  o: number,
): void {
  xrayAttacksAlong(occLo, occHi, blkLo, blkHi, sq, Line.Diag, Line.Anti, out, o);
}

export function xrayQueenAttacks(occLo: number, occHi: number, blkLo: number, blkHi: number, sq: number, out: Int32Array, o: number): void {
  xrayAttacksAlong(occLo, occHi, blkLo, blkHi, sq, Line.Rank, Line.Anti, out, o);
}
