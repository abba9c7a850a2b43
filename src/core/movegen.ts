// Legal move generation straight from the checkers and pinned pieces that Position.refresh() keeps, in
// the parts Stockfish splits it into: king steps, castling, piece moves, pawn moves (pushes, captures,
// promotions, en passant). In check every other move is held to the check line, a pinned piece to its pin
// line; king steps are tested with the king lifted from the occupancy, en passant on the occupancy after
// the capture (the rank case).
import {
  attacked,
  attackedExcept,
  between,
  bishopAttacks,
  kingAttacks,
  knightAttacks,
  line,
  pawnAttacks,
  queenAttacks,
  rookAttacks,
} from './attacks.js';
import { bitHi, bitLo, hasBit, inSet } from './bitboard.js';
import { BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK, WHITE, Sets } from './board.js';
import { encodeMove, FLAG_CASTLE, FLAG_DOUBLE, FLAG_EP, FLAG_NULL, moveFlags, moveFrom, movePromo, moveTo, type Move } from './move.js';
import { LONG, SHORT, type Position } from './position.js';
import type { Square } from './squares.js';

// Scratch: [0, 1] a piece's attacks or pin line; [T, T + 1] the targets of every piece but the king and
// [P, P + 1] those of pawn pushes, set by generate() for pieceMoves and pawnMoves (halves passed as
// arguments to a call V8 does not inline are boxed as heap numbers when bit 30 or 31 is set; in a typed
// array they are not).
const T = 2;
const P = 4;
const s = new Int32Array(6);

/** Whether an en passant capture from `from` to `to` leaves the mover's king safe. */
export function epLegal(pos: Position, from: Square, to: Square): boolean {
  const bb = pos.bb;
  const capSq = pos.turn === WHITE ? to - 8 : to + 8;
  const capLo = bitLo(capSq);
  const capHi = bitHi(capSq);
  // a checking knight, or a checking pawn other than the captured one, is not answered by this capture
  const leapLo = pos.checkersLo & (bb[Sets.PawnsLo] | bb[Sets.KnightsLo]) & ~capLo;
  const leapHi = pos.checkersHi & (bb[Sets.PawnsHi] | bb[Sets.KnightsHi]) & ~capHi;
  if ((leapLo | leapHi) !== 0) return false;
  // any other leaper attacking the king would be a checker: what is left is a slider seeing through
  const oLo = (bb[Sets.WhiteLo] | bb[Sets.BlackLo]) ^ (capLo | bitLo(from) | bitLo(to));
  const oHi = (bb[Sets.WhiteHi] | bb[Sets.BlackHi]) ^ (capHi | bitHi(from) | bitHi(to));
  return !attackedExcept(bb, oLo, oHi, pos.kingSq, pos.turn ^ 1, capLo, capHi);
}

/** Whether castling with the rook on rookSq is legal now (Chess960 rules; standard chess is a case of them). */
export function castleLegal(pos: Position, rookSq: Square): boolean {
  if (pos.isCheck()) return false;
  const k = pos.kingSq;
  const rank = k & 56;
  const long = rookSq < k;
  const kt = rank + (long ? 2 : 6);
  const rt = rank + (long ? 3 : 5);
  const lo = Math.min(k, kt, rookSq, rt);
  const hi = Math.max(k, kt, rookSq, rt);
  const board = pos.board;
  for (let q = lo; q <= hi; q++) if (q !== k && q !== rookSq && board[q] !== 0) return false;
  // king path tested with king and rook lifted: the rook may shield the king's target square now
  const bb = pos.bb;
  const oLo = (bb[Sets.WhiteLo] | bb[Sets.BlackLo]) & ~bitLo(k) & ~bitLo(rookSq);
  const oHi = (bb[Sets.WhiteHi] | bb[Sets.BlackHi]) & ~bitHi(k) & ~bitHi(rookSq);
  const them = pos.turn ^ 1;
  const a = Math.min(k, kt);
  const b = Math.max(k, kt);
  for (let q = a; q <= b; q++) if (attacked(bb, oLo, oHi, q, them)) return false;
  return true;
}

/** Whether the set (lo, hi) has more than one square. */
function several(lo: number, hi: number): boolean {
  return (lo & (lo - 1)) !== 0 || (hi & (hi - 1)) !== 0 || (lo !== 0 && hi !== 0);
}

/**
 * Whether a pseudo-legal move (right piece, reachable target, not onto an own piece) is legal.
 * Castling moves are checked in full.
 */
export function isLegal(pos: Position, m: Move): boolean {
  const from = moveFrom(m);
  const to = moveTo(m);
  const flags = moveFlags(m);
  if ((flags & FLAG_CASTLE) !== 0) return castleLegal(pos, to);
  if ((flags & FLAG_EP) !== 0) return epLegal(pos, from, to);
  const bb = pos.bb;
  const ksq = pos.kingSq;
  if (from === ksq) {
    const oLo = (bb[Sets.WhiteLo] | bb[Sets.BlackLo]) & ~bitLo(from);
    const oHi = (bb[Sets.WhiteHi] | bb[Sets.BlackHi]) & ~bitHi(from);
    return !attacked(bb, oLo, oHi, to, pos.turn ^ 1);
  }
  const cLo = pos.checkersLo;
  const cHi = pos.checkersHi;
  if ((cLo | cHi) !== 0) {
    if (several(cLo, cHi)) return false;
    const c = cLo !== 0 ? 31 - Math.clz32(cLo) : 63 - Math.clz32(cHi);
    if (to !== c) {
      between(ksq, c, s, 0);
      if (!inSet(s, 0, to)) return false;
    }
  }
  if (!pos.isPinned(from)) return true;
  line(ksq, from, s, 0);
  return inSet(s, 0, to);
}

/**
 * Whether m, a move remembered from another position (a search's killer move), is pseudo-legal here: the
 * side to move's piece on its square, its reach on this board, no own piece on the target, the flags and
 * promotion its kind of move carries. Castling and the null move never are (isLegal then settles the rest).
 */
export function isPseudoLegal(pos: Position, m: Move): boolean {
  const from = moveFrom(m);
  const to = moveTo(m);
  const flags = moveFlags(m);
  const code = pos.board[from];
  const target = pos.board[to];
  if (code === 0 || code >> 3 !== pos.turn || (flags & (FLAG_CASTLE | FLAG_NULL)) !== 0) return false;
  if (target !== 0 && target >> 3 === pos.turn) return false;
  const type = (code & 7) - 1;
  const bb = pos.bb;
  const oLo = bb[Sets.WhiteLo] | bb[Sets.BlackLo];
  const oHi = bb[Sets.WhiteHi] | bb[Sets.BlackHi];
  if (type !== PAWN) {
    if (flags !== 0 || movePromo(m) !== 0) return false;
    if (type === KNIGHT) knightAttacks(from, s, 0);
    else if (type === BISHOP) bishopAttacks(oLo, oHi, from, s, 0);
    else if (type === ROOK) rookAttacks(oLo, oHi, from, s, 0);
    else if (type === QUEEN) queenAttacks(oLo, oHi, from, s, 0);
    else if (type === KING) kingAttacks(from, s, 0);
    return inSet(s, 0, to);
  }
  const dir = pos.turn === WHITE ? 8 : -8;
  if ((movePromo(m) !== 0) !== (to >= 56 || to < 8)) return false;
  pawnAttacks(pos.turn, from, s, 0);
  if (flags === FLAG_EP) return to === pos.ep && inSet(s, 0, to);
  if (flags === FLAG_DOUBLE)
    return to === from + 2 * dir && from >> 3 === (pos.turn === WHITE ? 1 : 6) && pos.board[from + dir] === 0 && target === 0;
  if (flags !== 0) return false;
  return to === from + dir ? target === 0 : target !== 0 && inSet(s, 0, to);
}

/** All legal moves of the side to move into out (room for 256); returns their number. */
export function legalMoves(pos: Position, out: Int32Array): number {
  return generate(pos, out, false);
}

/**
 * The legal captures (en passant included) and promotions (pushes too) of the side to move, in the order
 * legalMoves gives them: what a quiescence search tries, without generating the quiet moves it would drop.
 */
export function legalTacticalMoves(pos: Position, out: Int32Array): number {
  return generate(pos, out, true);
}

// the last rank of each side's pawns as (lo, hi) by side: rank 8 (high half) for White, rank 1 for Black
const PROMOTION_RANK = Int32Array.of(0, 0xff000000 | 0, 0xff, 0);

/** legalMoves, or with `tactical` only the moves that take something or promote. */
function generate(pos: Position, out: Int32Array, tactical: boolean): number {
  const them = pos.turn ^ 1;
  // a tactical king step takes an enemy piece; any other, a square that is not ours
  const kLo = tactical ? pos.bb[Sets.WhiteLo + 2 * them] : ~pos.bb[Sets.WhiteLo + 2 * pos.turn];
  const kHi = tactical ? pos.bb[Sets.WhiteHi + 2 * them] : ~pos.bb[Sets.WhiteHi + 2 * pos.turn];
  let n = kingMoves(pos, out, 0, kLo, kHi);
  const cLo = pos.checkersLo;
  const cHi = pos.checkersHi;
  // the squares other pieces may move to: anything but our own, or in check the check line
  if ((cLo | cHi) === 0) {
    if (!tactical) n = castlingMoves(pos, out, n);
    s[T] = ~pos.bb[Sets.WhiteLo + 2 * pos.turn];
    s[T + 1] = ~pos.bb[Sets.WhiteHi + 2 * pos.turn];
  } else {
    if (several(cLo, cHi)) return n; // double check: only the king moves
    const c = cLo !== 0 ? 31 - Math.clz32(cLo) : 63 - Math.clz32(cHi);
    between(pos.kingSq, c, s, T);
    s[T] |= cLo;
    s[T + 1] |= cHi;
  }
  // pawn pushes go to the targets, tactical ones only to the last rank
  s[P] = s[T] & (tactical ? PROMOTION_RANK[2 * pos.turn] : -1);
  s[P + 1] = s[T + 1] & (tactical ? PROMOTION_RANK[2 * pos.turn + 1] : -1);
  if (tactical) {
    s[T] &= kLo;
    s[T + 1] &= kHi;
  }
  n = pieceMoves(pos, out, n);
  return pawnMoves(pos, out, n);
}

/**
 * King steps onto the targets, each tested with the king lifted so that it cannot hide behind itself from a
 * slider; at most `limit` of them (hasLegalMove needs one).
 */
function kingMoves(pos: Position, out: Int32Array, n: number, tLo: number, tHi: number, limit: number = out.length): number {
  const bb = pos.bb;
  const ksq = pos.kingSq;
  const oLo = (bb[Sets.WhiteLo] | bb[Sets.BlackLo]) & ~bitLo(ksq);
  const oHi = (bb[Sets.WhiteHi] | bb[Sets.BlackHi]) & ~bitHi(ksq);
  kingAttacks(ksq, s, 0);
  for (let half = 0; half < 2; half++) {
    let t = half === 0 ? s[0] & tLo : s[1] & tHi;
    while (t !== 0) {
      const to = half * 32 + 31 - Math.clz32(t & -t);
      t &= t - 1;
      if (attacked(bb, oLo, oHi, to, pos.turn ^ 1)) continue;
      out[n++] = ksq | (to << 6);
      if (n === limit) return n;
    }
  }
  return n;
}

/** Castling on either wing whose right is kept and whose path is free and safe (never in check). */
function castlingMoves(pos: Position, out: Int32Array, n: number): number {
  for (let wing = SHORT; wing <= LONG; wing++) {
    const r = pos.castleRook[pos.turn * 2 + wing];
    if (r >= 0 && castleLegal(pos, r)) out[n++] = encodeMove(pos.kingSq, r, 0, FLAG_CASTLE);
  }
  return n;
}

/** Moves of our knights (a pinned knight never moves), bishops, rooks and queens onto the targets. */
function pieceMoves(pos: Position, out: Int32Array, n: number): number {
  const bb = pos.bb;
  const oLo = bb[Sets.WhiteLo] | bb[Sets.BlackLo];
  const oHi = bb[Sets.WhiteHi] | bb[Sets.BlackHi];
  const tLo = s[T];
  const tHi = s[T + 1];
  for (let type = KNIGHT; type <= QUEEN; type++) {
    const pLo = bb[Sets.PawnsLo + 2 * type] & bb[Sets.WhiteLo + 2 * pos.turn] & (type === KNIGHT ? ~pos.pinnedLo : -1);
    const pHi = bb[Sets.PawnsHi + 2 * type] & bb[Sets.WhiteHi + 2 * pos.turn] & (type === KNIGHT ? ~pos.pinnedHi : -1);
    for (let half = 0; half < 2; half++) {
      let p = half === 0 ? pLo : pHi;
      while (p !== 0) {
        const from = half * 32 + 31 - Math.clz32(p & -p);
        p &= p - 1;
        if (type === KNIGHT) knightAttacks(from, s, 0);
        else if (type === BISHOP) bishopAttacks(oLo, oHi, from, s, 0);
        else if (type === ROOK) rookAttacks(oLo, oHi, from, s, 0);
        else queenAttacks(oLo, oHi, from, s, 0);
        let aLo = s[0] & tLo;
        let aHi = s[1] & tHi;
        if (pos.isPinned(from)) {
          line(pos.kingSq, from, s, 0);
          aLo &= s[0];
          aHi &= s[1];
        }
        n = emit(out, n, from, aLo, aHi);
      }
    }
  }
  return n;
}

/** Pawn moves, pawn by pawn: pushes onto the push targets, captures onto the targets (promotions among both), en passant. */
function pawnMoves(pos: Position, out: Int32Array, n: number): number {
  const bb = pos.bb;
  const dir = pos.turn === WHITE ? 8 : -8;
  const startRank = pos.turn === WHITE ? 1 : 6;
  const themLo = bb[Sets.WhiteLo + 2 * (pos.turn ^ 1)];
  const themHi = bb[Sets.WhiteHi + 2 * (pos.turn ^ 1)];
  const pLo = bb[Sets.PawnsLo] & bb[Sets.WhiteLo + 2 * pos.turn];
  const pHi = bb[Sets.PawnsHi] & bb[Sets.WhiteHi + 2 * pos.turn];
  for (let half = 0; half < 2; half++) {
    let p = half === 0 ? pLo : pHi;
    while (p !== 0) {
      const from = half * 32 + 31 - Math.clz32(p & -p);
      p &= p - 1;
      let lLo = -1; // a pinned pawn keeps to its pin line
      let lHi = -1;
      if (pos.isPinned(from)) {
        line(pos.kingSq, from, s, 0);
        lLo = s[0];
        lHi = s[1];
      }
      const mLo = s[T] & lLo;
      const mHi = s[T + 1] & lHi;
      const pushLo = s[P] & lLo;
      const pushHi = s[P + 1] & lHi;
      const one = from + dir;
      if (pos.board[one] === 0) {
        if (hasBit(pushLo, pushHi, one)) n = emitPawn(out, n, from, one);
        const two = one + dir;
        if (from >> 3 === startRank && pos.board[two] === 0 && hasBit(pushLo, pushHi, two)) {
          out[n++] = encodeMove(from, two, 0, FLAG_DOUBLE);
        }
      }
      pawnAttacks(pos.turn, from, s, 0);
      for (let h = 0; h < 2; h++) {
        let c = h === 0 ? s[0] & themLo & mLo : s[1] & themHi & mHi;
        while (c !== 0) {
          n = emitPawn(out, n, from, h * 32 + 31 - Math.clz32(c & -c));
          c &= c - 1;
        }
      }
      // en passant: its square is empty and its captured pawn may be the checker, so it is not held to
      // the targets but tested on its own
      if (pos.ep >= 0 && inSet(s, 0, pos.ep) && epLegal(pos, from, pos.ep)) out[n++] = encodeMove(from, pos.ep, 0, FLAG_EP);
    }
  }
  return n;
}

/** Writes moves from `from` to every square of (tLo, tHi); returns the new count. */
function emit(out: Int32Array, n: number, from: number, tLo: number, tHi: number): number {
  for (let half = 0; half < 2; half++) {
    let t = half === 0 ? tLo : tHi;
    while (t !== 0) {
      out[n++] = from | ((half * 32 + 31 - Math.clz32(t & -t)) << 6);
      t &= t - 1;
    }
  }
  return n;
}

/** A pawn's move to `to`: the four promotions on the last rank, else the plain move. */
function emitPawn(out: Int32Array, n: number, from: number, to: number): number {
  if (to >= 56 || to < 8) {
    for (let p = QUEEN; p >= KNIGHT; p--) out[n++] = encodeMove(from, to, p, 0);
    return n;
  }
  out[n++] = encodeMove(from, to, 0, 0);
  return n;
}

const probe = new Int32Array(256);

/**
 * Whether the side to move has any legal move. The king's steps alone first: they settle most positions
 * (in check, where SAN asks to tell + from #, at half the cost of every move); only a king with none costs
 * its steps twice.
 */
export function hasLegalMove(pos: Position): boolean {
  const own = Sets.WhiteLo + 2 * pos.turn;
  // one safe king step is enough, and in check (a SAN's + or #) the king most often has one
  return kingMoves(pos, probe, 0, ~pos.bb[own], ~pos.bb[own + 1], 1) > 0 || legalMoves(pos, probe) > 0;
}

export function isCheckmate(pos: Position): boolean {
  return pos.isCheck() && !hasLegalMove(pos);
}

export function isStalemate(pos: Position): boolean {
  return !pos.isCheck() && !hasLegalMove(pos);
}
