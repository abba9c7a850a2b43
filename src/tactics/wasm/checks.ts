// Which moves of the side to move may give check (check-info.ts's rules on 64-bit sets), read from the
// enemy king's check squares: per piece kind the squares from which that kind attacks the king, and the
// own pieces whose leaving may uncover a check (x-rays through them by modifying occupancy, seed
// xray-attacks.md). A queen checks from a bishop's or a rook's check square whichever line it moved along.
// The information of a position is five sets at ci: pawn, knight, bishop, rook check squares, uncoverers.
import {
  between, bishopAttacks, castleRook, first, has, knightAttacks, occupied, pawnAttacks, pieces, rookAttacks, side,
  turnOf, at, BISHOP, FLAG_CASTLE, FLAG_EP, KING, KNIGHT, PAWN, QUEEN, ROOK,
} from './board';
import { generateQuietChecks } from './movegen';

export const CI_BYTES: usize = 40;
const CI_PAWN: usize = 0, CI_KNIGHT: usize = 8, CI_BISHOP: usize = 16, CI_ROOK: usize = 24, CI_DISCOVER: usize = 32;

@inline function ciSet(ci: usize, o: usize): i64 {
  return load<i64>(ci + o);
}

/** Writes slot p's check information (its side to move's checks on the enemy king) at ci. */
export function prepareChecks(p: usize, ci: usize): void {
  const us = turnOf(p);
  const own = side(p, us);
  const ek = first(pieces(p, KING) & side(p, us ^ 1));
  const occ = occupied(p);
  const b = bishopAttacks(occ, ek);
  const r = rookAttacks(occ, ek);
  store<i64>(ci + CI_PAWN, pawnAttacks(us ^ 1, ek));
  store<i64>(ci + CI_KNIGHT, knightAttacks(ek));
  store<i64>(ci + CI_BISHOP, b);
  store<i64>(ci + CI_ROOK, r);
  // our sliders behind one of our pieces on a line to the king: that piece may uncover a check
  const queens = pieces(p, QUEEN);
  let x = (r ^ rookAttacks(occ ^ (own & r), ek)) & own & (pieces(p, ROOK) | queens);
  x |= (b ^ bishopAttacks(occ ^ (own & b), ek)) & own & (pieces(p, BISHOP) | queens);
  let d: i64 = 0;
  for (; x != 0; x &= x - 1) d |= between(ek, first(x));
  store<i64>(ci + CI_DISCOVER, d & own);
}

/** The moves of slot p that take nothing, promote nothing and may give check, at out (movegen.ts); their count. */
export function quietChecks(p: usize, ci: usize, out: usize): i32 {
  return generateQuietChecks(p, out, ciSet(ci, CI_PAWN), ciSet(ci, CI_KNIGHT), ciSet(ci, CI_BISHOP), ciSet(ci, CI_ROOK), ciSet(ci, CI_DISCOVER));
}

/** Whether a piece of the side to move may uncover a check. */
@inline export function mayDiscover(ci: usize): bool {
  return ciSet(ci, CI_DISCOVER) != 0;
}

/** The check squares of a piece of type t (a queen: the bishop's and the rook's). */
@inline function checkSquares(ci: usize, t: i32): i64 {
  if (t == QUEEN) return ciSet(ci, CI_BISHOP) | ciSet(ci, CI_ROOK);
  return t <= ROOK ? ciSet(ci, <usize>t << 3) : 0;
}

/** Whether move m of the side to move of slot p may give check (never false when it does). */
export function mayGiveCheck(p: usize, ci: usize, m: i32): bool {
  if (((m >> 15) & (FLAG_EP | FLAG_CASTLE)) != 0 || ((m >> 12) & 7) != 0) return true;
  const from = m & 63;
  if (has(ciSet(ci, CI_DISCOVER), from)) return true;
  return has(checkSquares(ci, (at(p, from) & 7) - 1), (m >> 6) & 63); // a king checks only by uncovering or castling
}

/**
 * Whether a knight, bishop, rook or queen of the side to move, a pawn or castling may give check by moving
 * onto a check square of its kind (a piece that may uncover one is the caller's to look for).
 */
export function anyCheck(p: usize, ci: usize): bool {
  const us = turnOf(p);
  const own = side(p, us);
  const occ = occupied(p);
  for (let t = KNIGHT; t <= QUEEN; t++) {
    const c = checkSquares(ci, t) & ~own;
    if (c == 0) continue;
    for (let ps = pieces(p, t) & own; ps != 0; ps &= ps - 1) if ((reach(t, occ, first(ps)) & c) != 0) return true;
  }
  return pawnChecks(p, ci) || castlingMayCheck(p, ci);
}

/** The squares a knight, bishop, rook or queen on sq attacks. */
@inline function reach(t: i32, occ: i64, sq: i32): i64 {
  if (t == KNIGHT) return knightAttacks(sq);
  if (t == BISHOP) return bishopAttacks(occ, sq);
  if (t == ROOK) return rookAttacks(occ, sq);
  return bishopAttacks(occ, sq) | rookAttacks(occ, sq);
}

/** Whether a pawn of the side to move may step or capture onto one of its (at most two) check squares. */
function pawnChecks(p: usize, ci: usize): bool {
  const us = turnOf(p);
  const pawn = us * 8 + PAWN + 1;
  const dir = us == 0 ? 8 : -8;
  const ourPawns = pieces(p, PAWN) & side(p, us);
  for (let x = ciSet(ci, CI_PAWN); x != 0; x &= x - 1) {
    const sq = first(x);
    const there = at(p, sq);
    if (there == 0) {
      const one = sq - dir;
      if (one < 0 || one >= 64) continue;
      if (at(p, one) == pawn) return true;
      const two = one - dir;
      if (at(p, one) == 0 && two >> 3 == (us == 0 ? 1 : 6) && at(p, two) == pawn) return true;
    } else if (there >> 3 != us && (pawnAttacks(us ^ 1, sq) & ourPawns) != 0) return true;
  }
  return false;
}

/** Whether a castling right of the side to move would land its rook on a rook check square. */
function castlingMayCheck(p: usize, ci: usize): bool {
  const us = turnOf(p);
  const rank = us == 0 ? 0 : 56;
  const r = ciSet(ci, CI_ROOK);
  return (castleRook(p, us * 2) >= 0 && has(r, rank + 5)) || (castleRook(p, us * 2 + 1) >= 0 && has(r, rank + 3));
}

/** Whether the side to move may capture an enemy piece standing on a check square of the capturer's kind. */
export function anyCaptureCheck(p: usize, ci: usize): bool {
  const us = turnOf(p);
  const own = side(p, us);
  const them = side(p, us ^ 1);
  const occ = occupied(p);
  for (let t = PAWN; t <= QUEEN; t++) {
    const capturers = pieces(p, t) & own;
    if (capturers == 0) continue;
    for (let x = checkSquares(ci, t) & them; x != 0; x &= x - 1) {
      const sq = first(x);
      const from = t == PAWN ? pawnAttacks(us ^ 1, sq) : reach(t, occ, sq);
      if ((from & capturers) != 0) return true;
    }
  }
  return false;
}
