// The board of the tactic module (search.ts is its entry): the memory map, the attack tables (copied in
// from the shared ones by src/tactics/search-module.ts), the attack kernels on 64-bit sets, and positions kept in
// slots of a stack: the piece sets and mailbox in the layout of core/board.ts and core/position.ts, then
// the side to move, the en passant square, its king, checkers and pinned pieces. makeMove() copies a slot
// into the next and plays a legal move there, as Position.play() does.

// The memory map, in bytes. The tables keep core/tables.ts's layout (every set two int32 halves, lo then
// hi: one little-endian i64).
export const MASKS: usize = 0x10000; // 64 squares x 4 lines x (lower, upper, lineEx)
export const KNIGHTS: usize = 0x11800;
export const KINGS: usize = 0x11a00;
export const PAWNS: usize = 0x11c00; // 2 sides x 64
export const BETWEEN: usize = 0x12000; // 64 x 64
export const LINES: usize = 0x1a000; // 64 x 64
/** Piece values in pawns (core/board.ts's PIECE_VALUES), by type; the king's as there. */
export const VALUES: usize = 0x22000;
/** SEE's swap list (see.ts). */
export const GAINS: usize = 0x22100;
/** The search's per-ply words (search.ts): killers, the ends of the lines, the check information. */
export const KILLERS: usize = 0x22200;
export const PV_END: usize = 0x22300;
export const CHECK_INFO: usize = 0x22400;
/** The search's triangular table of lines: PLIES x PLIES moves. */
export const PV: usize = 0x23000;
/** Position slots, one per ply. */
export const SLOTS: usize = 0x24000;
export const SLOT: usize = 256;
/** The legal moves of each ply (256 words), then their ordering keys. */
export const MOVES: usize = 0x26000;
export const KEYS: usize = 0x2e000;
/** Plies of a search at most: the slots, the move lists, the lines. */
export const PLIES: i32 = 32;

// A slot's fields: the piece sets (type t at 8t, white at 48, black at 56), the mailbox (side * 8 + type
// + 1, 0 empty), the castling rooks (side * 2 + wing, -1 none), then the derived fields
export const BOARD: usize = 64;
export const CASTLE: usize = 128;
const TURN: usize = 132;
const EP: usize = 136;
const KSQ: usize = 140;
const CHECKERS: usize = 144;
const PINNED: usize = 152;
/** The bytes makeMove() copies before it plays: sets, mailbox, castling rooks. */
const COPIED: usize = 132;

export const PAWN: i32 = 0, KNIGHT: i32 = 1, BISHOP: i32 = 2, ROOK: i32 = 3, QUEEN: i32 = 4, KING: i32 = 5;
export const WHITE_SET: i32 = 6;
const RANK: i32 = 0, FILE: i32 = 1, DIAG: i32 = 2, ANTI: i32 = 3;

// Move encoding (core/move.ts): from, to << 6, promotion type << 12, flags << 15
export const FLAG_EP: i32 = 1, FLAG_CASTLE: i32 = 2, FLAG_DOUBLE: i32 = 4;

@inline export function slot(i: i32): usize {
  return SLOTS + <usize>i * SLOT;
}
@inline export function pieces(p: usize, t: i32): i64 {
  return load<i64>(p + (<usize>t << 3));
}
@inline export function side(p: usize, c: i32): i64 {
  return load<i64>(p + (<usize>(WHITE_SET + c) << 3));
}
@inline export function occupied(p: usize): i64 {
  return load<i64>(p + 48) | load<i64>(p + 56);
}
@inline export function at(p: usize, sq: i32): i32 {
  return <i32>load<i8>(p + BOARD + <usize>sq);
}
@inline export function typeAt(p: usize, sq: i32): i32 {
  return (at(p, sq) & 7) - 1;
}
@inline export function turnOf(p: usize): i32 {
  return load<i32>(p + TURN);
}
@inline export function epOf(p: usize): i32 {
  return load<i32>(p + EP);
}
@inline export function kingOf(p: usize): i32 {
  return load<i32>(p + KSQ);
}
@inline export function checkersOf(p: usize): i64 {
  return load<i64>(p + CHECKERS);
}
@inline export function pinnedOf(p: usize): i64 {
  return load<i64>(p + PINNED);
}
@inline export function castleRook(p: usize, i: i32): i32 {
  return <i32>load<i8>(p + CASTLE + <usize>i);
}
@inline export function value(t: i32): i32 {
  return load<i32>(VALUES + (<usize>t << 2));
}
@inline export function bit(sq: i32): i64 {
  return (<i64>1) << <i64>sq;
}
@inline export function has(s: i64, sq: i32): bool {
  return ((s >>> <i64>sq) & 1) != 0;
}
@inline export function first(s: i64): i32 {
  return <i32>ctz(s);
}
@inline export function several(s: i64): bool {
  return (s & (s - 1)) != 0;
}

@inline function mask(i: i32): i64 {
  return load<i64>(MASKS + (<usize>i << 3));
}
/** Obstruction difference on line kind l through sq: odiff = upper ^ (upper - MS1B(lower | 1)), within the line. */
@inline function lineAttacks(occ: i64, sq: i32, l: i32): i64 {
  const m = (sq * 4 + l) * 3;
  const upper = mask(m + 1) & occ;
  const ms1b = (<i64>1) << (63 - clz<i64>((mask(m) & occ) | 1));
  return (upper ^ (upper - ms1b)) & mask(m + 2);
}
@inline export function lineMask(sq: i32, l: i32): i64 {
  return mask((sq * 4 + l) * 3 + 2);
}
@inline export function bishopAttacks(occ: i64, sq: i32): i64 {
  return lineAttacks(occ, sq, DIAG) | lineAttacks(occ, sq, ANTI);
}
@inline export function rookAttacks(occ: i64, sq: i32): i64 {
  return lineAttacks(occ, sq, RANK) | lineAttacks(occ, sq, FILE);
}
@inline export function knightAttacks(sq: i32): i64 {
  return load<i64>(KNIGHTS + (<usize>sq << 3));
}
@inline export function kingAttacks(sq: i32): i64 {
  return load<i64>(KINGS + (<usize>sq << 3));
}
/** The squares a pawn of side c on sq attacks. */
@inline export function pawnAttacks(c: i32, sq: i32): i64 {
  return load<i64>(PAWNS + (<usize>(c * 64 + sq) << 3));
}
@inline export function between(a: i32, b: i32): i64 {
  return load<i64>(BETWEEN + (<usize>(a * 64 + b) << 3));
}
@inline export function lineThrough(a: i32, b: i32): i64 {
  return load<i64>(LINES + (<usize>(a * 64 + b) << 3));
}

/** The squares a piece of type t and side c on sq attacks on the occupancy. */
export function attacksOf(t: i32, c: i32, sq: i32, occ: i64): i64 {
  switch (t) {
    case PAWN: return pawnAttacks(c, sq);
    case KNIGHT: return knightAttacks(sq);
    case BISHOP: return bishopAttacks(occ, sq);
    case ROOK: return rookAttacks(occ, sq);
    case QUEEN: return bishopAttacks(occ, sq) | rookAttacks(occ, sq);
    default: return kingAttacks(sq);
  }
}

/** Every piece of either side attacking sq on the occupancy (the super-piece method). */
export function attackersTo(p: usize, occ: i64, sq: i32): i64 {
  const pawns = pieces(p, PAWN);
  let a = (pawnAttacks(1, sq) & pawns & side(p, 0)) | (pawnAttacks(0, sq) & pawns & side(p, 1));
  a |= (knightAttacks(sq) & pieces(p, KNIGHT)) | (kingAttacks(sq) & pieces(p, KING));
  const queens = pieces(p, QUEEN);
  a |= bishopAttacks(occ, sq) & (pieces(p, BISHOP) | queens);
  a |= rookAttacks(occ, sq) & (pieces(p, ROOK) | queens);
  return a;
}

/** Whether one of the sliders s attacks sq along line kind l; the look-up only when one stands on the line. */
@inline function lineHits(occ: i64, sq: i32, l: i32, s: i64): bool {
  const on = lineMask(sq, l) & s;
  return on != 0 && (lineAttacks(occ, sq, l) & on) != 0;
}

/** Whether a piece of bySide not on `ex` attacks sq on the occupancy, the cheapest kinds first. */
export function attackedExcept(p: usize, occ: i64, sq: i32, bySide: i32, ex: i64): bool {
  const c = side(p, bySide) & ~ex;
  if ((pawnAttacks(bySide ^ 1, sq) & pieces(p, PAWN) & c) != 0) return true;
  if ((knightAttacks(sq) & pieces(p, KNIGHT) & c) != 0) return true;
  if ((kingAttacks(sq) & pieces(p, KING) & c) != 0) return true;
  const queens = pieces(p, QUEEN);
  const bq = (pieces(p, BISHOP) | queens) & c;
  if (lineHits(occ, sq, DIAG, bq) || lineHits(occ, sq, ANTI, bq)) return true;
  const rq = (pieces(p, ROOK) | queens) & c;
  return lineHits(occ, sq, RANK, rq) || lineHits(occ, sq, FILE, rq);
}

@inline export function attacked(p: usize, occ: i64, sq: i32, bySide: i32): bool {
  return attackedExcept(p, occ, sq, bySide, 0);
}

/** Toggles a piece of (c, t) on sq in the sets (the mailbox is the caller's). */
@inline function toggle(p: usize, c: i32, t: i32, sq: i32): void {
  const b = bit(sq);
  const ta = p + (<usize>t << 3);
  store<i64>(ta, load<i64>(ta) ^ b);
  const ca = p + (<usize>(WHITE_SET + c) << 3);
  store<i64>(ca, load<i64>(ca) ^ b);
}
@inline function put(p: usize, c: i32, t: i32, sq: i32): void {
  toggle(p, c, t, sq);
  store<i8>(p + BOARD + <usize>sq, <i8>(c * 8 + t + 1));
}
@inline function clearSquare(p: usize, sq: i32): void {
  store<i8>(p + BOARD + <usize>sq, 0);
}

/** Sets the side to move and en passant square of slot p and derives its king, checkers and pinned pieces. */
export function setUp(p: usize, turn: i32, ep: i32): void {
  store<i32>(p + TURN, turn);
  store<i32>(p + EP, ep);
  refresh(p);
}

/** The side to move's king square, checkers and pinned pieces (x-rays through own pieces: seed xray-attacks). */
function refresh(p: usize): void {
  const us = turnOf(p);
  const own = side(p, us);
  const them = side(p, us ^ 1);
  const k = first(pieces(p, KING) & own);
  store<i32>(p + KSQ, k);
  const occ = own | them;
  let checkers = ((pawnAttacks(us, k) & pieces(p, PAWN)) | (knightAttacks(k) & pieces(p, KNIGHT))) & them;
  const queens = pieces(p, QUEEN);
  const rq = (pieces(p, ROOK) | queens) & them;
  const bq = (pieces(p, BISHOP) | queens) & them;
  let pinners: i64 = 0;
  if (rq != 0) {
    const a = rookAttacks(occ, k);
    checkers |= a & rq;
    pinners |= (a ^ rookAttacks(occ ^ (own & a), k)) & rq;
  }
  if (bq != 0) {
    const a = bishopAttacks(occ, k);
    checkers |= a & bq;
    pinners |= (a ^ bishopAttacks(occ ^ (own & a), k)) & bq;
  }
  let pinned: i64 = 0;
  for (; pinners != 0; pinners &= pinners - 1) pinned |= between(k, first(pinners));
  store<i64>(p + CHECKERS, checkers);
  store<i64>(p + PINNED, pinned & own);
}

/** Drops the castling right of `c` whose rook stood on sq, if it has one. */
@inline function dropRight(p: usize, c: i32, sq: i32): void {
  if (castleRook(p, c * 2) == sq) store<i8>(p + CASTLE + <usize>(c * 2), -1);
  else if (castleRook(p, c * 2 + 1) == sq) store<i8>(p + CASTLE + <usize>(c * 2 + 1), -1);
}
@inline function dropRights(p: usize, c: i32): void {
  store<i16>(p + CASTLE + <usize>(c * 2), -1);
}

/** Copies slot p into slot c and plays legal move m there (Position.play(); no clocks). */
export function makeMove(p: usize, c: usize, m: i32): void {
  memory.copy(c, p, COPIED);
  const from = m & 63;
  const to = (m >> 6) & 63;
  const flags = m >> 15;
  const us = turnOf(p);
  const them = us ^ 1;
  const t = typeAt(p, from);
  let ep = -1;
  if ((flags & FLAG_CASTLE) != 0) {
    const rank = from & 56;
    const long = to < from;
    toggle(c, us, KING, from);
    toggle(c, us, ROOK, to);
    clearSquare(c, from);
    clearSquare(c, to);
    put(c, us, KING, rank + (long ? 2 : 6));
    put(c, us, ROOK, rank + (long ? 3 : 5));
    dropRights(c, us);
  } else {
    const capSq = to ^ ((flags & FLAG_EP) != 0 ? 8 : 0);
    const cap = at(p, capSq);
    if (cap != 0) {
      toggle(c, them, (cap & 7) - 1, capSq);
      clearSquare(c, capSq);
      dropRight(c, them, capSq);
    }
    toggle(c, us, t, from);
    clearSquare(c, from);
    const promo = (m >> 12) & 7;
    put(c, us, promo != 0 ? promo : t, to);
    if (t == PAWN) {
      if ((flags & FLAG_DOUBLE) != 0) ep = (from + to) >> 1;
    } else if (t == KING) dropRights(c, us);
    else dropRight(c, us, from);
  }
  setUp(c, them, ep);
}

/** Material of the side to move less the other side's (P 1, N 3, B 3, R 5, Q 9), in pawns. */
export function balance(p: usize): i32 {
  const own = side(p, turnOf(p));
  const them = side(p, turnOf(p) ^ 1);
  let bal = 0;
  for (let t = PAWN; t <= QUEEN; t++) {
    const s = pieces(p, t);
    bal += value(t) * (<i32>popcnt(s & own) - <i32>popcnt(s & them));
  }
  return bal;
}

/** What a move wins outright: what it takes, plus a promotion's gain over the pawn (puzzles' moveGain). */
export function moveGain(p: usize, m: i32): i32 {
  const flags = m >> 15;
  if ((flags & FLAG_CASTLE) != 0) return 0;
  const cap = at(p, (m >> 6) & 63);
  let g = (flags & FLAG_EP) != 0 ? value(PAWN) : cap != 0 ? value((cap & 7) - 1) : 0;
  const promo = (m >> 12) & 7;
  if (promo != 0) g += value(promo) - value(PAWN);
  return g;
}

/** Whether a move takes something (en passant included; castling, king takes own rook, does not). */
@inline export function isCapture(p: usize, m: i32): bool {
  const flags = m >> 15;
  return (flags & FLAG_EP) != 0 || (at(p, (m >> 6) & 63) != 0 && (flags & FLAG_CASTLE) == 0);
}
