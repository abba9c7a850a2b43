// Legal move generation on a position slot (board.ts), core/movegen.ts's algorithm and order on 64-bit
// sets: king steps, castling, knights, bishops, rooks, queens, pawns; in check every other move held to
// the check line, a pinned piece to its pin line; king steps tested with the king lifted, en passant on the
// occupancy after the capture. Also the legality of a move remembered from elsewhere (a killer).
import {
  attacked, attackedExcept, between, bishopAttacks, bit, castleRook, checkersOf, epOf, first, has, kingAttacks,
  kingOf, knightAttacks, lineThrough, occupied, pawnAttacks, pieces, pinnedOf, rookAttacks, several, side, turnOf, at,
  BISHOP, FLAG_CASTLE, FLAG_DOUBLE, FLAG_EP, KING, KNIGHT, PAWN, QUEEN, ROOK,
} from './board';

/** Writes move m at place n of the list at out; returns n + 1. */
@inline function push(out: usize, n: i32, m: i32): i32 {
  store<i32>(out + (<usize>n << 2), m);
  return n + 1;
}

const FILE_A: i64 = 0x0101010101010101;
const FILE_H: i64 = <i64>0x8080808080808080;

@inline function encode(from: i32, to: i32, promo: i32, flags: i32): i32 {
  return from | (to << 6) | (promo << 12) | (flags << 15);
}

/** Whether the en passant capture from `from` to `to` leaves the mover's king safe. */
export function epLegal(p: usize, from: i32, to: i32): bool {
  const us = turnOf(p);
  const cap = bit(us == 0 ? to - 8 : to + 8);
  // a checking knight, or a checking pawn other than the captured one, is not answered by this capture
  if ((checkersOf(p) & (pieces(p, PAWN) | pieces(p, KNIGHT)) & ~cap) != 0) return false;
  const occ = occupied(p) ^ (cap | bit(from) | bit(to));
  return !attackedExcept(p, occ, kingOf(p), us ^ 1, cap);
}

/** Whether castling with the rook on rookSq is legal now (Chess960 rules; standard chess is a case of them). */
export function castleLegal(p: usize, rookSq: i32): bool {
  if (checkersOf(p) != 0) return false;
  const k = kingOf(p);
  const rank = k & 56;
  const long = rookSq < k;
  const kt = rank + (long ? 2 : 6);
  const rt = rank + (long ? 3 : 5);
  const lo = min(min(k, kt), min(rookSq, rt));
  const hi = max(max(k, kt), max(rookSq, rt));
  for (let q = lo; q <= hi; q++) if (q != k && q != rookSq && at(p, q) != 0) return false;
  // the king's path tested with king and rook lifted: the rook may shield the king's target square now
  const occ = occupied(p) & ~bit(k) & ~bit(rookSq);
  const them = turnOf(p) ^ 1;
  const a = min(k, kt);
  const b = max(k, kt);
  for (let q = a; q <= b; q++) if (attacked(p, occ, q, them)) return false;
  return true;
}

/** Whether a pseudo-legal move (right piece, reachable target, not onto an own piece) is legal. */
export function isLegal(p: usize, m: i32): bool {
  const from = m & 63;
  const to = (m >> 6) & 63;
  const flags = m >> 15;
  if ((flags & FLAG_CASTLE) != 0) return castleLegal(p, to);
  if ((flags & FLAG_EP) != 0) return epLegal(p, from, to);
  const k = kingOf(p);
  if (from == k) return !attacked(p, occupied(p) & ~bit(from), to, turnOf(p) ^ 1);
  const checkers = checkersOf(p);
  if (checkers != 0) {
    if (several(checkers)) return false;
    const c = first(checkers);
    if (to != c && !has(between(k, c), to)) return false;
  }
  return !has(pinnedOf(p), from) || has(lineThrough(k, from), to);
}

/**
 * Whether m, a move remembered from another position, is pseudo-legal here: the side to move's piece on its
 * square, its reach on this board, no own piece on the target, the flags its kind of move carries.
 * Castling and the null move never are.
 */
export function isPseudoLegal(p: usize, m: i32): bool {
  const from = m & 63;
  const to = (m >> 6) & 63;
  const flags = m >> 15;
  const promo = (m >> 12) & 7;
  const us = turnOf(p);
  const code = at(p, from);
  const target = at(p, to);
  if (code == 0 || code >> 3 != us || (flags & (FLAG_CASTLE | 8)) != 0) return false;
  if (target != 0 && target >> 3 == us) return false;
  const t = (code & 7) - 1;
  const occ = occupied(p);
  if (t != PAWN) {
    if (flags != 0 || promo != 0) return false;
    let reach: i64;
    if (t == KNIGHT) reach = knightAttacks(from);
    else if (t == BISHOP) reach = bishopAttacks(occ, from);
    else if (t == ROOK) reach = rookAttacks(occ, from);
    else if (t == QUEEN) reach = bishopAttacks(occ, from) | rookAttacks(occ, from);
    else reach = kingAttacks(from);
    return has(reach, to);
  }
  const dir = us == 0 ? 8 : -8;
  if ((promo != 0) != (to >= 56 || to < 8)) return false;
  const caps = pawnAttacks(us, from);
  if (flags == FLAG_EP) return to == epOf(p) && has(caps, to);
  if (flags == FLAG_DOUBLE) return to == from + 2 * dir && from >> 3 == (us == 0 ? 1 : 6) && at(p, from + dir) == 0 && target == 0;
  if (flags != 0) return false;
  return to == from + dir ? target == 0 : target != 0 && has(caps, to);
}

/** Writes moves from `from` to every square of t at out; returns the new count. */
@inline function emit(out: usize, n: i32, from: i32, t: i64): i32 {
  for (; t != 0; t &= t - 1) n = push(out, n, from | (first(t) << 6));
  return n;
}

/** A pawn's move to `to`: the four promotions (queen first) on the last rank, else the plain move. */
@inline function emitPawn(out: usize, n: i32, from: i32, to: i32): i32 {
  if (to >= 56 || to < 8) {
    for (let pr = QUEEN; pr >= KNIGHT; pr--) n = push(out, n, encode(from, to, pr, 0));
    return n;
  }
  n = push(out, n, encode(from, to, 0, 0));
  return n;
}

/**
 * The legal moves of slot p at out (room for 256), or with `tactical` only those that take something or
 * promote (in the order of all of them); returns their count.
 */
export function generate(p: usize, out: usize, tactical: bool): i32 {
  const us = turnOf(p);
  const them = side(p, us ^ 1);
  const own = side(p, us);
  const k = kingOf(p);
  const occ = own | them;
  let n = 0;
  // king steps: a tactical one takes an enemy piece; each tested with the king lifted
  const kingOcc = occ & ~bit(k);
  for (let t = kingAttacks(k) & (tactical ? them : ~own); t != 0; t &= t - 1) {
    const to = first(t);
    if (!attacked(p, kingOcc, to, us ^ 1)) n = push(out, n, k | (to << 6));
  }
  const checkers = checkersOf(p);
  let targets: i64;
  if (checkers == 0) {
    if (!tactical) {
      for (let wing = 0; wing < 2; wing++) {
        const r = castleRook(p, us * 2 + wing);
        if (r >= 0 && castleLegal(p, r)) n = push(out, n, encode(k, r, 0, FLAG_CASTLE));
      }
    }
    targets = ~own;
  } else {
    if (several(checkers)) return n; // double check: only the king moves
    targets = between(k, first(checkers)) | checkers;
  }
  // pawn pushes go to the targets, tactical ones only to the last rank
  const pushTargets = targets & (tactical ? (us == 0 ? <i64>0xff00000000000000 : <i64>0xff) : -1);
  if (tactical) targets &= them;
  const pinned = pinnedOf(p);
  for (let t = KNIGHT; t <= QUEEN; t++) {
    let ps = pieces(p, t) & own & (t == KNIGHT ? ~pinned : -1);
    for (; ps != 0; ps &= ps - 1) {
      const from = first(ps);
      let a: i64;
      if (t == KNIGHT) a = knightAttacks(from);
      else if (t == BISHOP) a = bishopAttacks(occ, from);
      else if (t == ROOK) a = rookAttacks(occ, from);
      else a = bishopAttacks(occ, from) | rookAttacks(occ, from);
      a &= targets;
      if (has(pinned, from)) a &= lineThrough(k, from);
      n = emit(out, n, from, a);
    }
  }
  return pawnMoves(p, out, n, targets, pushTargets);
}

/**
 * The legal moves of slot p that take nothing, promote nothing and may give check (checks.ts's
 * mayGiveCheck), in the order of all of them, at out; returns their count. `pawnChecks`, `knightChecks`,
 * `bishopChecks`, `rookChecks`: the squares each kind checks from (a queen: the bishop's and the rook's);
 * `uncover`: the own pieces whose leaving may uncover a check (any of their moves may check, a king's too);
 * castling may always check. Not in check (a quiescence node in check tries every move).
 */
export function generateQuietChecks(p: usize, out: usize, pawnChecks: i64, knightChecks: i64, bishopChecks: i64, rookChecks: i64, uncover: i64): i32 {
  const us = turnOf(p);
  const own = side(p, us);
  const k = kingOf(p);
  const occ = occupied(p);
  const empty = ~occ;
  let n = 0;
  if (has(uncover, k)) {
    const kingOcc = occ & ~bit(k);
    for (let t = kingAttacks(k) & empty; t != 0; t &= t - 1) {
      const to = first(t);
      if (!attacked(p, kingOcc, to, us ^ 1)) n = push(out, n, k | (to << 6));
    }
  }
  for (let wing = 0; wing < 2; wing++) {
    const r = castleRook(p, us * 2 + wing);
    if (r >= 0 && castleLegal(p, r)) n = push(out, n, encode(k, r, 0, FLAG_CASTLE));
  }
  const pinned = pinnedOf(p);
  for (let t = KNIGHT; t <= QUEEN; t++) {
    const squares = t == KNIGHT ? knightChecks : t == BISHOP ? bishopChecks : t == ROOK ? rookChecks : bishopChecks | rookChecks;
    let ps = pieces(p, t) & own & (t == KNIGHT ? ~pinned : -1);
    for (; ps != 0; ps &= ps - 1) {
      const from = first(ps);
      let a: i64;
      if (t == KNIGHT) a = knightAttacks(from);
      else if (t == BISHOP) a = bishopAttacks(occ, from);
      else if (t == ROOK) a = rookAttacks(occ, from);
      else a = bishopAttacks(occ, from) | rookAttacks(occ, from);
      a &= empty & (has(uncover, from) ? -1 : squares);
      if (has(pinned, from)) a &= lineThrough(k, from);
      n = emit(out, n, from, a);
    }
  }
  // pawn steps short of the last rank (a promotion is among the captures and promotions)
  const dir = us == 0 ? 8 : -8;
  const startRank = us == 0 ? 1 : 6;
  for (let ps = pieces(p, PAWN) & own & (us == 0 ? <i64>0x0000ffffffffffff : <i64>0xffffffffffff0000); ps != 0; ps &= ps - 1) {
    const from = first(ps);
    const one = from + dir;
    if (at(p, one) != 0) continue;
    const reach = (has(pinned, from) ? lineThrough(k, from) : -1) & (has(uncover, from) ? -1 : pawnChecks);
    if (has(reach, one)) n = push(out, n, encode(from, one, 0, 0));
    const two = one + dir;
    if (from >> 3 == startRank && at(p, two) == 0 && has(reach, two)) n = push(out, n, encode(from, two, 0, FLAG_DOUBLE));
  }
  return n;
}

/** The squares one step ahead of the pawns of side c (the board's edge drops what falls off). */
@inline function ahead(c: i32, s: i64): i64 {
  return c == 0 ? s << 8 : <i64>(<u64>s >> 8);
}

/** Writes the pawn moves from each square of t's origin (to - delta) onto t: promotions on the last rank, with flags. */
@inline function emitPawns(out: usize, n: i32, t: i64, delta: i32, flags: i32): i32 {
  for (; t != 0; t &= t - 1) {
    const to = first(t);
    const from = to - delta;
    if (to >= 56 || to < 8) {
      for (let pr = QUEEN; pr >= KNIGHT; pr--) n = push(out, n, encode(from, to, pr, 0));
    } else n = push(out, n, encode(from, to, 0, flags));
  }
  return n;
}

/**
 * Pawn moves: pushes onto the push targets, captures onto the targets (promotions among both), set-wise for
 * the pawns not pinned, one by one along its pin line for a pinned one; en passant tested on its own.
 */
function pawnMoves(p: usize, out: usize, n: i32, targets: i64, pushTargets: i64): i32 {
  const us = turnOf(p);
  const dir = us == 0 ? 8 : -8;
  const them = side(p, us ^ 1);
  const pinned = pinnedOf(p);
  const empty = ~occupied(p);
  const pawns = pieces(p, PAWN) & side(p, us);
  const free = pawns & ~pinned;
  const one = ahead(us, free) & empty;
  n = emitPawns(out, n, one & pushTargets, dir, 0);
  n = emitPawns(out, n, ahead(us, one & (us == 0 ? <i64>0xff0000 : <i64>0xff0000000000)) & empty & pushTargets, 2 * dir, FLAG_DOUBLE);
  // captures towards the a-file and towards the h-file
  const west = us == 0 ? (free & ~FILE_A) << 7 : <i64>(<u64>(free & ~FILE_A) >> 9);
  const east = us == 0 ? (free & ~FILE_H) << 9 : <i64>(<u64>(free & ~FILE_H) >> 7);
  n = emitPawns(out, n, west & them & targets, dir - 1, 0);
  n = emitPawns(out, n, east & them & targets, dir + 1, 0);
  const k = kingOf(p);
  for (let ps = pawns & pinned; ps != 0; ps &= ps - 1) {
    const from = first(ps);
    const pin = lineThrough(k, from);
    const step = from + dir;
    if (at(p, step) == 0) {
      n = emitPawns(out, n, bit(step) & pushTargets & pin, dir, 0);
      const two = step + dir;
      if (from >> 3 == (us == 0 ? 1 : 6) && at(p, two) == 0) n = emitPawns(out, n, bit(two) & pushTargets & pin, 2 * dir, FLAG_DOUBLE);
    }
    for (let c = pawnAttacks(us, from) & them & targets & pin; c != 0; c &= c - 1) n = emitPawns(out, n, bit(first(c)), first(c) - from, 0);
  }
  // en passant: its square is empty and its captured pawn may be the checker: tested on its own
  const ep = epOf(p);
  if (ep >= 0) {
    for (let c = pawnAttacks(us ^ 1, ep) & pawns; c != 0; c &= c - 1) {
      const from = first(c);
      if (epLegal(p, from, ep)) n = push(out, n, encode(from, ep, 0, FLAG_EP));
    }
  }
  return n;
}
