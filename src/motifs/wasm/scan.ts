// The motif scan (docs/design.md §5, the x-ray literature's "attacking through" table) in AssemblyScript, compiled to
// WebAssembly (npm run build: dist/src/motifs/wasm/scan.wasm); classify.ts loads it and is its only caller.
// Why WebAssembly: V8 compiles a module's code once per process and shares it between the workers, where
// each worker JIT-compiled the JavaScript scan for itself; and here a set is one 64-bit register.
// The memory keeps docs/design.md §4's layout: every set is two int32 halves, lo then hi, so one little-endian
// i64 load reads the whole set, from the tables (copied in from the shared ones) and from a position (its
// piece sets and mailbox, copied in per scan). Sliding attacks by obstruction difference (seed
// obstruction-difference.md, Daniel Infuehr's variant) on i64: MS1B(lower | 1) by one clz, the 64-bit
// subtraction without a borrow to carry; the x-ray line primitive with one look-up (seed xray-attacks.md,
// "X-rays with one Lookup"); the defender test by the super-piece method (seed square-attacked-by.md).
//
// For every (S, F, X) the x-ray line primitive finds, for every slider of both sides, the table's row;
// batteries as maximal chains. Rows are exclusive: each (S, F, X) gives at most one record.
// Cases a bare definition leaves open, read as a strong player reads them (docs/design.md §5; each tested in
// fixtures/motifs/ or test/motifs/brute.test.ts):
// - "Attacks" are piece-movement attacks on the given occupancy: a pinned defender still defends, and a
//   king defends a square even when the other side also covers it (the definition counts "pieces that attack X").
// - En passant is a move off the line only when its side is to move and the capture is legal, which is
//   exactly when the position's FEN carries the square: tagging the FEN we write gives the tags we wrote.
// - A pseudo-legal move of a king front ignores whether the target square is attacked (movement rules).
// - Battery targets may be the enemy king (a battery aiming at the king is the sharpest kind).
// - A queen front is always compatible with the line, so a pinned queen is always a partial pin.
// - Castling moves king and rook: a check by the castled rook is not discovered, and castling can never
//   uncover a check or an attack (every line through the back-rank squares but the rank ends there).

// The memory map, in bytes (read by classify.ts from these exports): the tables from 64 KiB, then the
// position, and twice the records (buffer.ts's layout: STRIDE words each) and the uncover lines: one
// place for the analyzer's buffer, which lies in this memory, one for scans into any other buffer, copied
// out, so that those never overwrite the analyzer's. The memory never grows (--maximumMemory), so the
// caller's views of it stay valid.
export const MASKS: usize = 0x10000; // tables.ts's masks: 64 squares x 4 lines x (lower, upper, lineEx)
export const KNIGHTS: usize = 0x12000;
export const KINGS: usize = 0x12200;
export const PAWNS: usize = 0x12400; // 2 sides x 64
export const XRAYS: usize = 0x12800; // 8 places x 256 occupancies, one int32 word each
export const LINES: usize = 0x18000; // 64 x 64
export const POS: usize = 0x20000; // board.ts's 16 words of piece sets (Sets), then the 64-byte mailbox
export const BOARD: usize = POS + 64;
export const RECORDS: usize = 0x20100; // buffer.ts's CAPACITY records of STRIDE words
export const UNCOVER: usize = 0x25400; // buffer.ts's RAYS lines of UNCOVER_STRIDE words
export const OTHER_RECORDS: usize = 0x26000;
export const OTHER_UNCOVER: usize = 0x2b400;
// Every value from here on that the TypeScript side also defines is exported under its name there, and
// scan-layout.ts checks each against its source when classify.ts loads the module (and the memory map
// above against the tables and buffers copied in): a value changed on one side only fails at load.
// buffer.ts's record layout
export const STRIDE: i32 = 16;
export const MAX_CHAIN: i32 = 8;
// its fields, in words from a record's start, and an uncover line's
export const REC_CODE: i32 = 0, REC_SIDE: i32 = 1;
export const REC_SLIDER: i32 = 2, REC_FRONT: i32 = 3, REC_BACK: i32 = 4, REC_PARTIAL: i32 = 5;
export const REC_LINE: i32 = 2, REC_TARGET1: i32 = 3, REC_TARGET2: i32 = 4, REC_LENGTH: i32 = 5, REC_SQUARES: i32 = 6;
export const UNCOVER_STRIDE: i32 = 3;
export const UNC_SLIDER: i32 = 0, UNC_FRONT: i32 = 1, UNC_BACK: i32 = 2;

// Given once by init(): the record codes from catalogue.ts and the piece values from board.ts (their one
// lists), so that nothing here restates them.
let C_PIN_ABS: i32 = 0, C_PIN_REL: i32 = 0, C_SKW_ABS: i32 = 0, C_SKW_REL: i32 = 0;
let C_BATTERY: i32 = 0, C_DCHECK: i32 = 0, C_DATTACK: i32 = 0, C_XRAY: i32 = 0;
export const VALUES: usize = 0x25a00; // 6 int32 words: the value of each piece type
export const RESULT: usize = 0x25b00; // a set's two halves, from the kernels' entries for the tests

/** The record codes (catalogue.ts): pins, skewers, battery, discovered check and attack, x-ray. */
export function init(pinAbs: i32, pinRel: i32, skewerAbs: i32, skewerRel: i32, battery: i32, dCheck: i32, dAttack: i32, xray: i32): void {
  C_PIN_ABS = pinAbs;
  C_PIN_REL = pinRel;
  C_SKW_ABS = skewerAbs;
  C_SKW_REL = skewerRel;
  C_BATTERY = battery;
  C_DCHECK = dCheck;
  C_DATTACK = dAttack;
  C_XRAY = xray;
}

// One scan's state: what scan() was given, the records and uncover lines so far, and per side the pieces
// that may leave a line (fillLeavers: W white, B black; F for a file, else the other lines).
let records: usize = RECORDS;
let uncover: usize = UNCOVER;
let count: i32 = 0;
let uncCount: i32 = 0;
let turn: i32 = 0;
let ep: i32 = -1;
let kingSq: i32 = 0;
let checkers: i64 = 0;
let lvW: i64 = 0;
let lvWF: i64 = 0;
let lvB: i64 = 0;
let lvBF: i64 = 0;

// Piece types (board.ts's Piece) and the i64 sets of the position, in board.ts's Sets order: each piece
// type t at 2t words, the colours after them (black right after white: side(c) reads SET_WHITE + c).
export const PAWN: i32 = 0, KNIGHT: i32 = 1, BISHOP: i32 = 2, ROOK: i32 = 3, QUEEN: i32 = 4, KING: i32 = 5;
export const SET_PAWNS: i32 = 0, SET_KNIGHTS: i32 = 1, SET_BISHOPS: i32 = 2, SET_ROOKS: i32 = 3, SET_QUEENS: i32 = 4, SET_KINGS: i32 = 5;
export const SET_WHITE: i32 = 6, SET_BLACK: i32 = 7;
// Line kinds (tables.ts's Line), the step in squares of each one's positive direction (its LINE_STEPS),
// and the fields of an x-ray word (its Xray)
export const RANK: i32 = 0, FILE: i32 = 1, DIAG: i32 = 2, ANTI: i32 = 3;
export const STEP_RANK: i32 = 1, STEP_FILE: i32 = 8, STEP_DIAG: i32 = 9, STEP_ANTI: i32 = 7;
export const FRONT_BELOW: i32 = 0, BACK_BELOW: i32 = 1, FRONT_ABOVE: i32 = 2, BACK_ABOVE: i32 = 3;
// The mask table (tables.ts's maskIndex and Mask, here in i64 words): per square, LINE_KINDS records of
// MASKS_PER_LINE masks, lower, upper and the line less the square
export const LINE_KINDS: i32 = 4, MASKS_PER_LINE: i32 = 3;
export const MASK_LOWER: i32 = 0, MASK_UPPER: i32 = 1, MASK_LINE_EX: i32 = 2;
// What a front F is to the table's rows: none (no F), an enemy piece, a chain link, another own piece
const NONE: i32 = 0, ENEMY: i32 = 1, LINK: i32 = 2, OWN: i32 = 3;

@inline function set(i: i32): i64 {
  return load<i64>(POS + (<usize>i << 3));
}
@inline function occupancy(): i64 {
  return set(SET_WHITE) | set(SET_BLACK);
}
@inline function side(c: i32): i64 {
  return set(SET_WHITE + c);
}
@inline function at(sq: i32): i32 {
  return <i32>load<i8>(BOARD + <usize>sq);
}
/** The type and the side of a mailbox code (position.ts's pieceCode: side * 8 + type + 1). */
@inline function typeOf(code: i32): i32 {
  return (code & 7) - 1;
}
@inline function sideOf(code: i32): i32 {
  return code >> 3;
}
@inline function value(type: i32): i32 {
  return load<i32>(VALUES + (<usize>type << 2));
}
@inline function bit(sq: i32): i64 {
  return (<i64>1) << <i64>sq;
}
@inline function has(s: i64, sq: i32): bool {
  return ((s >>> <i64>sq) & 1) != 0;
}
/** The first of the three masks (lower, upper, lineEx) of square sq and line kind l: tables.ts's maskIndex in i64 words. */
@inline function masks(sq: i32, l: i32): i32 {
  return (sq * LINE_KINDS + l) * MASKS_PER_LINE;
}
@inline function mask(i: i32): i64 {
  return load<i64>(MASKS + (<usize>i << 3));
}
@inline function lineThrough(a: i32, b: i32): i64 {
  return load<i64>(LINES + (<usize>(a * 64 + b) << 3));
}
@inline function pawnAttacks(c: i32, sq: i32): i64 {
  return load<i64>(PAWNS + (<usize>(c * 64 + sq) << 3));
}
@inline function knightAttacks(sq: i32): i64 {
  return load<i64>(KNIGHTS + (<usize>sq << 3));
}
@inline function kingAttacks(sq: i32): i64 {
  return load<i64>(KINGS + (<usize>sq << 3));
}

/** Obstruction difference on the line whose masks start at m: odiff = upper ^ (upper - MS1B(lower | 1)). */
@inline function lineAttacks(occ: i64, m: i32): i64 {
  const upper = mask(m + MASK_UPPER) & occ;
  const ms1b = (<i64>1) << (63 - clz<i64>((mask(m + MASK_LOWER) & occ) | 1));
  return (upper ^ (upper - ms1b)) & mask(m + MASK_LINE_EX);
}
@inline function bishopAttacks(occ: i64, sq: i32): i64 {
  return lineAttacks(occ, masks(sq, DIAG)) | lineAttacks(occ, masks(sq, ANTI));
}
@inline function rookAttacks(occ: i64, sq: i32): i64 {
  return lineAttacks(occ, masks(sq, RANK)) | lineAttacks(occ, masks(sq, FILE));
}

/** Set-wise pawn attacks backwards: the squares from which a pawn of side c attacks some square of t. */
@inline function pawnAttackers(c: i32, t: i64): i64 {
  if (c == 0) return ((<u64>t >> 7) & ~0x0101010101010101) | ((<u64>t >> 9) & ~0x8080808080808080);
  return ((t << 7) & ~0x8080808080808080) | ((t << 9) & ~0x0101010101010101);
}

/** Whether one of the sliders p attacks sq along line kind l; the look-up only when one stands on the line. */
@inline function lineHits(occ: i64, sq: i32, l: i32, p: i64): bool {
  const m = masks(sq, l);
  const on = mask(m + MASK_LINE_EX) & p;
  return on != 0 && (lineAttacks(occ, m) & on) != 0;
}

/**
 * Whether any piece of bySide other than those on `ex` attacks sq on the occupancy: the super-piece
 * method, cheapest kinds first with early exits (attacks.ts's attackedExcept).
 */
function attackedExcept(occ: i64, sq: i32, bySide: i32, ex: i64): bool {
  const c = side(bySide) & ~ex;
  if ((pawnAttacks(bySide ^ 1, sq) & set(SET_PAWNS) & c) != 0) return true;
  if ((knightAttacks(sq) & set(SET_KNIGHTS) & c) != 0) return true;
  if ((kingAttacks(sq) & set(SET_KINGS) & c) != 0) return true;
  const bq = (set(SET_BISHOPS) | set(SET_QUEENS)) & c;
  if (lineHits(occ, sq, DIAG, bq) || lineHits(occ, sq, ANTI, bq)) return true;
  const rq = (set(SET_ROOKS) | set(SET_QUEENS)) & c;
  return lineHits(occ, sq, RANK, rq) || lineHits(occ, sq, FILE, rq);
}

/**
 * The 8 squares of the line of kind l through sq as 8 bits, from the line's pieces b, sq's own bit left
 * out: by file on a rank or a diagonal, by rank on a file or an anti-diagonal, gathered to the top of a
 * 32-bit word by a multiplication without carries (seed kindergarten bitboards; attacks.ts's lineByte).
 */
@inline function lineByte(b: i64, sq: i32, l: i32): i32 {
  const lo = <i32>b;
  const hi = <i32>(b >>> 32);
  if (l == RANK || l == DIAG) return ((lo * 0x01010101) | (hi * 0x01010101)) >>> 24;
  const f = sq & 7;
  if (l == FILE) return (((lo >>> f) * 0x10204080) >>> 28) | ((((hi >>> f) * 0x10204080) >>> 28) << 4);
  const k = f + (sq >> 3); // file + rank, constant along the anti-diagonal
  return (((lo >>> k) * 0x10410400) >>> 28) | ((((hi >>> (k - 4)) * 0x10410400) >>> 28) << 4);
}

/**
 * The x-ray line primitive with one look-up (seed xray-attacks, "X-rays with one Lookup"): the x-ray
 * table's word for line kind l through sq, from the line's pieces b: the first occupied square below sq
 * (F), the next one below it (X), the same above, read with xraySquare().
 */
@inline function lineXray(b: i64, sq: i32, l: i32): i32 {
  const place = l == RANK || l == DIAG ? sq & 7 : sq >> 3;
  return load<i32>(XRAYS + (<usize>(place * 256 + lineByte(b, sq, l)) << 2));
}
/** The steps of the line kinds, a byte each at 8 × its kind. */
const LINE_STEPS: i32 = (STEP_RANK << (8 * RANK)) | (STEP_FILE << (8 * FILE)) | (STEP_DIAG << (8 * DIAG)) | (STEP_ANTI << (8 * ANTI));
/** Squares from one place of a line of kind l to the next. */
@inline function lineStep(l: i32): i32 {
  return (LINE_STEPS >>> (l << 3)) & 0xff;
}
/** Field k of an x-ray word as a square, -1 where there is none. */
@inline function xraySquare(word: i32, sq: i32, step: i32, k: i32): i32 {
  const places = (word << (24 - 8 * k)) >> 24; // a signed byte: places from sq along the line, 0 for none
  return places == 0 ? -1 : sq + places * step;
}

/** Whether the en passant capture from `from` to `to` is legal (movegen.ts's epLegal). */
function epLegal(from: i32, to: i32): bool {
  const capSq = turn == 0 ? to - 8 : to + 8;
  const cap = bit(capSq);
  // a checking knight, or a checking pawn other than the captured one, is not answered by this capture
  if ((checkers & (set(SET_PAWNS) | set(SET_KNIGHTS)) & ~cap) != 0) return false;
  // any other leaper attacking the king would be a checker: what is left is a slider seeing through
  const occ = occupancy() ^ (cap | bit(from) | bit(to));
  return !attackedExcept(occ, kingSq, turn ^ 1, cap);
}

/** Per piece type, 4 bits at 4 × type: bit l set when the type moves along line kind l. */
const COMPATIBLE: i32 =
  (((1 << DIAG) | (1 << ANTI)) << (4 * BISHOP)) | (((1 << RANK) | (1 << FILE)) << (4 * ROOK)) | (0xf << (4 * QUEEN));
/** Whether a piece of `type` moves along line kind l. */
@inline function compatible(type: i32, l: i32): bool {
  return ((COMPATIBLE >>> (4 * type + l)) & 1) != 0;
}

/**
 * movesOffLine for a pawn, cheapest test first: most fronts on real boards are pawns before a rook on
 * their file, which only a capture takes off the line.
 */
function pawnMovesOffLine(f: i32, a: i32, b: i32): bool {
  const c = sideOf(at(f));
  // a push (a double push needs the single one free) leaves every line through f but its file
  if (at(f + (c == 0 ? 8 : -8)) == 0 && (f & 7) != (a & 7)) return true;
  const attacks = pawnAttacks(c, f);
  const captures = attacks & side(c ^ 1) & ~set(SET_KINGS);
  if (captures != 0 && (captures & ~lineThrough(a, b)) != 0) return true;
  // en passant only when the position records it, as its FEN does: F's side to move and the capture legal
  return ep >= 0 && turn == c && has(attacks, ep) && !has(lineThrough(a, b), ep) && epLegal(f, ep);
}

/**
 * Whether the piece on f has a pseudo-legal move to a square off the line through a and b: by its own
 * movement rules on the current occupancy, as if its side were to move; not onto an own piece nor the
 * enemy king; no castling; en passant only as pawnMovesOffLine says.
 */
function movesOffLine(f: i32, a: i32, b: i32): bool {
  const code = at(f);
  const c = sideOf(code);
  const type = typeOf(code);
  if (type == PAWN) return pawnMovesOffLine(f, a, b);
  const occ = occupancy();
  let moves: i64;
  if (type == KNIGHT) moves = knightAttacks(f);
  else if (type == KING) moves = kingAttacks(f);
  else if (type == BISHOP) moves = bishopAttacks(occ, f);
  else if (type == ROOK) moves = rookAttacks(occ, f);
  else moves = bishopAttacks(occ, f) | rookAttacks(occ, f);
  moves &= ~side(c) & ~(set(SET_KINGS) & side(c ^ 1));
  return (moves & ~lineThrough(a, b)) != 0;
}

/**
 * E(S, F, X) of docs/design.md §5 (defended.ts): X is worth more than S, or X is undefended once F has gone —
 * with the occupancy less F and less S, no piece of X's side other than F attacks X. Lifting S lets a
 * defender behind S on the line count (x-ray by modifying occupancy): it would recapture after S takes X.
 */
function exploitable(slider: i32, front: i32, back: i32): bool {
  if (value(typeOf(at(back))) > value(typeOf(at(slider)))) return true;
  const occ = occupancy() & ~bit(front) & ~bit(slider);
  return !attackedExcept(occ, back, sideOf(at(back)), bit(front));
}

/** Where word k of the next record is. */
@inline function nextRecord(k: i32): usize {
  return records + (<usize>(count * STRIDE + k) << 2);
}
/** Writes word k of the record or line that starts at o. */
@inline function field(o: usize, k: i32, v: i32): void {
  store<i32>(o + (<usize>k << 2), v);
}
/** Starts the next record with its code and side; returns where it starts. */
@inline function append(code: i32, c: i32): usize {
  const o = nextRecord(0);
  count++;
  field(o, REC_CODE, code);
  field(o, REC_SIDE, c);
  return o;
}
/** Appends a line record. */
function push(code: i32, c: i32, slider: i32, front: i32, back: i32, partial: i32): void {
  const o = append(code, c);
  field(o, REC_SLIDER, slider);
  field(o, REC_FRONT, front);
  field(o, REC_BACK, back);
  field(o, REC_PARTIAL, partial);
}
/** Appends an uncover line. */
function pushUncover(slider: i32, front: i32, back: i32): void {
  const o = uncover + (<usize>(uncCount * UNCOVER_STRIDE) << 2);
  uncCount++;
  field(o, UNC_SLIDER, slider);
  field(o, UNC_FRONT, front);
  field(o, UNC_BACK, back);
}

/** The rows of an own front F (not a compatible slider) with a move off the line, before an enemy X. */
function discovered(c: i32, sq: i32, f: i32, x: i32): void {
  const check = typeOf(at(x)) == KING;
  if (check || exploitable(sq, f, x)) push(check ? C_DCHECK : C_DATTACK, c, sq, f, x, 0);
}

/**
 * An own front F (a chain link or another own piece) before an enemy piece X. For the side to move, the
 * line is one where moving F may uncover an attack (played.ts reads it). Another own piece with a move
 * off the line makes the discovered-check and -attack rows.
 */
function ownFront(c: i32, sq: i32, kind: i32, f: i32, x: i32): void {
  if (c == turn && typeOf(at(x)) != KING) pushUncover(sq, f, x);
  if (kind == OWN && movesOffLine(f, sq, x)) discovered(c, sq, f, x);
}

/** The rows of an enemy front F before X: pins, skewers and x-rays; the row first, then E(S, F, X). */
function enemyFront(c: i32, sq: i32, l: i32, f: i32, x: i32): void {
  const fType = typeOf(at(f));
  const xCode = at(x);
  const xType = typeOf(xCode);
  // an own X: an x-ray through an enemy slider (a king is never compatible), nothing else
  if (sideOf(xCode) == c) {
    if (xType != KING && compatible(fType, l)) push(C_XRAY, c, sq, f, x, 0);
    return;
  }
  const partial = compatible(fType, l) ? 1 : 0;
  let motif: i32;
  if (fType == KING) motif = C_SKW_ABS;
  else if (xType == KING) motif = C_PIN_ABS;
  else if (value(xType) > value(fType)) motif = C_PIN_REL;
  else if (value(fType) > value(xType)) motif = C_SKW_REL;
  else return;
  if (motif == C_PIN_ABS || exploitable(sq, f, x)) push(motif, c, sq, f, x, motif == C_PIN_ABS || motif == C_PIN_REL ? partial : 0);
}

/**
 * The kind of the front on f for side c and line kind l: a chain link is an own slider compatible with
 * the line. A piece not among the leavers lv (an own pawn that cannot leave a line of this kind) ends its
 * ray as no front at all: no row of the table holds for it.
 */
@inline function frontKind(f: i32, c: i32, l: i32, lv: i64): i32 {
  if (f < 0 || !has(lv, f)) return NONE;
  const code = at(f);
  if (sideOf(code) != c) return ENEMY;
  return compatible(typeOf(code), l) ? LINK : OWN;
}

/**
 * A chain starting at its lowest square `start` and going up through `next`: records it when an end aims
 * at an enemy piece. `below` is the first occupied square under the start (-1 if none).
 */
function battery(c: i32, l: i32, lv: i64, start: i32, next: i32, below: i32): void {
  const occ = occupancy();
  const step = lineStep(l);
  let n = 0;
  store<i32>(nextRecord(REC_SQUARES + n++), start);
  let cur = next;
  let above = -1;
  for (;;) {
    if (n < MAX_CHAIN) store<i32>(nextRecord(REC_SQUARES + n++), cur);
    above = xraySquare(lineXray(mask(masks(cur, l) + MASK_LINE_EX) & occ, cur, l), cur, step, FRONT_ABOVE);
    if (frontKind(above, c, l, lv) != LINK) break;
    cur = above;
  }
  const t1 = below >= 0 && sideOf(at(below)) != c ? below : -1;
  const t2 = above >= 0 && sideOf(at(above)) != c ? above : -1;
  if (t1 < 0 && t2 < 0) return;
  // the present target first
  const o = append(C_BATTERY, c);
  field(o, REC_LINE, l);
  field(o, REC_TARGET1, t1 >= 0 ? t1 : t2);
  field(o, REC_TARGET2, t1 >= 0 ? t2 : -1);
  field(o, REC_LENGTH, n);
}

/**
 * Per side, the pieces that may leave a line through their square, set-wise once per scan (the seed's
 * blockers by targets: from the targets back to the pawns that attack them). A superset, movesOffLine()
 * is the exact test: every piece but the pawns; a pawn with a capture of an enemy non-king piece; with
 * the square ahead free, a pawn on any line but its file; with an en-passant square, every pawn.
 */
function fillLeavers(): void {
  const w = side(0);
  const b = side(1);
  const pawns = set(SET_PAWNS);
  const kings = set(SET_KINGS);
  const empty = ~(w | b);
  const all: i64 = ep >= 0 ? -1 : 0;
  lvWF = pawnAttackers(0, b & ~kings) | ~(pawns & w) | all;
  lvBF = pawnAttackers(1, w & ~kings) | ~(pawns & b) | all;
  lvW = lvWF | (<u64>empty >> 8);
  lvB = lvBF | (empty << 8);
}

/**
 * Every static motif of both sides of the position at POS (side to move t, en passant square e or -1,
 * the king of the side to move k, its checkers as halves) into RECORDS and UNCOVER, or with `other` into
 * OTHER_RECORDS and OTHER_UNCOVER. Returns the count of records in the low 16 bits and of uncover lines
 * above them: one call, no second one to ask.
 */
export function scan(t: i32, e: i32, k: i32, checkersLo: i32, checkersHi: i32, other: bool): i32 {
  records = other ? OTHER_RECORDS : RECORDS;
  uncover = other ? OTHER_UNCOVER : UNCOVER;
  count = 0;
  uncCount = 0;
  turn = t;
  ep = e;
  kingSq = k;
  checkers = <i64><u32>checkersLo | (<i64>checkersHi << 32);
  const occ = occupancy();
  fillLeavers();
  // sliders of both sides in ascending square order
  let sliders = set(SET_BISHOPS) | set(SET_ROOKS) | set(SET_QUEENS);
  while (sliders != 0) {
    const sq = <i32>ctz(sliders);
    sliders &= sliders - 1;
    const code = at(sq);
    const c = sideOf(code);
    const type = typeOf(code);
    const enemy = side(c ^ 1);
    const last = type == ROOK ? FILE : ANTI;
    for (let l = type == BISHOP ? DIAG : RANK; l <= last; l++) {
      // every row needs an enemy piece on the line (front, back or battery target) and two pieces
      // besides S: a line without them is skipped before any look-up
      const rest = mask(masks(sq, l) + MASK_LINE_EX) & occ;
      if ((rest & enemy) == 0 || (rest & (rest - 1)) == 0) continue;
      const xr = lineXray(rest, sq, l);
      const step = lineStep(l);
      const fBelow = xraySquare(xr, sq, step, FRONT_BELOW);
      const fAbove = xraySquare(xr, sq, step, FRONT_ABOVE);
      const lv = c == 0 ? (l == FILE ? lvWF : lvW) : (l == FILE ? lvBF : lvB);
      const kBelow = frontKind(fBelow, c, l, lv);
      const kAbove = frontKind(fAbove, c, l, lv);
      if (kBelow == NONE && kAbove == NONE) continue;
      // each (S, F, X) through the table: an own front only before an enemy piece
      const xBelow = xraySquare(xr, sq, step, BACK_BELOW);
      const xAbove = xraySquare(xr, sq, step, BACK_ABOVE);
      if (xBelow >= 0) {
        if (kBelow == ENEMY) enemyFront(c, sq, l, fBelow, xBelow);
        else if (kBelow != NONE && sideOf(at(xBelow)) != c) ownFront(c, sq, kBelow, fBelow, xBelow);
      }
      if (xAbove >= 0) {
        if (kAbove == ENEMY) enemyFront(c, sq, l, fAbove, xAbove);
        else if (kAbove != NONE && sideOf(at(xAbove)) != c) ownFront(c, sq, kAbove, fAbove, xAbove);
      }
      // a chain is recorded from its lowest slider: S links above and nothing links below
      if (kAbove == LINK && kBelow != LINK) battery(c, l, lv, sq, fAbove, fBelow);
    }
  }
  return count | (uncCount << 16);
}

/** E(S, F, X) on the position at POS (exploitable()): for the puzzles' themes, through defended.ts. */
export function exploitableOn(slider: i32, front: i32, back: i32): bool {
  return exploitable(slider, front, back);
}

// The kernels one by one, for the exhaustive tests (test/core/sliders.test.ts) of what the scan runs: sets
// as halves in and out (a set out at RESULT), as JavaScript passes them.
@inline function joined(lo: i32, hi: i32): i64 {
  return <i64><u32>lo | (<i64>hi << 32);
}
/** The x-ray word of lineXray() for the line's pieces (lo, hi). */
export function xrayWordOf(lo: i32, hi: i32, sq: i32, l: i32): i32 {
  return lineXray(joined(lo, hi), sq, l);
}
/** Field k of an x-ray word of line kind l through sq, as a square (-1: none). */
export function xraySquareOf(word: i32, sq: i32, l: i32, k: i32): i32 {
  return xraySquare(word, sq, lineStep(l), k);
}
/** Attacks of a slider on sq along line kind l on the occupancy (lo, hi), to RESULT. */
export function lineAttacksOf(occLo: i32, occHi: i32, sq: i32, l: i32): void {
  store<i64>(RESULT, lineAttacks(joined(occLo, occHi), masks(sq, l)));
}
/** The squares from which a pawn of side c attacks some square of the set (lo, hi), to RESULT. */
export function pawnAttackersOf(c: i32, lo: i32, hi: i32): void {
  store<i64>(RESULT, pawnAttackers(c, joined(lo, hi)));
}
/** The type of the piece of a mailbox code, as the scan reads it: checked against pieceCode() at load. */
export function typeOfCode(code: i32): i32 {
  return typeOf(code);
}
/** The side of the piece of a mailbox code, as the scan reads it: checked against pieceCode() at load. */
export function sideOfCode(code: i32): i32 {
  return sideOf(code);
}
