// Legal move generation straight from the checkers and pinned pieces that Position.refresh() keeps:
// evasions restricted to the check line, pinned pieces to their pin line, king steps tested with the king
// lifted from the occupancy, en passant tested on the occupancy after the capture (the rank case).
import {
  KNIGHT, BISHOP, ROOK, QUEEN, WHITE_BB,
  attacked, between, bishopAttacks, bishopAttacksLo, kingAttacks, knightAttacks, lastHi, line, pawnAttacks,
  queenAttacks, rookAttacks, rookAttacksLo,
} from './attacks.js';
import { encodeMove, FLAG_CASTLE, FLAG_DOUBLE, FLAG_EP, moveFlags, moveFrom, moveTo } from './move.js';
import { Position, WHITE } from './position.js';

const s = new Int32Array(8);

/** Whether an en passant capture from `from` to `to` leaves the mover's king safe. */
export function epLegal(pos: Position, from: number, to: number): boolean {
  const bb = pos.bb;
  const us = pos.turn;
  const them = us ^ 1;
  const capSq = us === WHITE ? to - 8 : to + 8;
  const capLo = capSq < 32 ? 1 << capSq : 0;
  const capHi = capSq >= 32 ? 1 << (capSq - 32) : 0;
  // a checking knight, or a checking pawn other than the captured one, is not answered by this capture
  const leapLo = pos.checkersLo & (bb[0] | bb[2]) & ~capLo;
  const leapHi = pos.checkersHi & (bb[1] | bb[3]) & ~capHi;
  if ((leapLo | leapHi) !== 0) return false;
  let occLo = bb[12] | bb[14];
  let occHi = bb[13] | bb[15];
  occLo ^= capLo | (from < 32 ? 1 << from : 0) | (to < 32 ? 1 << to : 0);
  occHi ^= capHi | (from >= 32 ? 1 << (from - 32) : 0) | (to >= 32 ? 1 << (to - 32) : 0);
  const tLo = bb[WHITE_BB + them * 2];
  const tHi = bb[WHITE_BB + them * 2 + 1];
  const ksq = pos.kingSq;
  let a = bishopAttacksLo(occLo, occHi, ksq);
  if (((a & (bb[4] | bb[8]) & tLo) | (lastHi() & (bb[5] | bb[9]) & tHi)) !== 0) return false;
  a = rookAttacksLo(occLo, occHi, ksq);
  return ((a & (bb[6] | bb[8]) & tLo) | (lastHi() & (bb[7] | bb[9]) & tHi)) === 0;
}

/** Whether castling with the rook on rookSq is legal now (Chess960 rules; standard chess is a case of them). */
export function castleLegal(pos: Position, rookSq: number): boolean {
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
  let occLo = (bb[12] | bb[14]) & ~(k < 32 ? 1 << k : 0) & ~(rookSq < 32 ? 1 << rookSq : 0);
  let occHi = (bb[13] | bb[15]) & ~(k >= 32 ? 1 << (k - 32) : 0) & ~(rookSq >= 32 ? 1 << (rookSq - 32) : 0);
  const them = pos.turn ^ 1;
  const a = Math.min(k, kt);
  const b = Math.max(k, kt);
  for (let q = a; q <= b; q++) if (attacked(bb, occLo, occHi, q, them)) return false;
  return true;
}

/**
 * Whether a pseudo-legal move (right piece, reachable target, not onto an own piece) is legal.
 * Castling moves are checked in full.
 */
export function isLegal(pos: Position, m: number): boolean {
  const from = moveFrom(m);
  const to = moveTo(m);
  const flags = moveFlags(m);
  if ((flags & FLAG_CASTLE) !== 0) return castleLegal(pos, to);
  if ((flags & FLAG_EP) !== 0) return epLegal(pos, from, to);
  const bb = pos.bb;
  const ksq = pos.kingSq;
  if (from === ksq) {
    const occLo = (bb[12] | bb[14]) & ~(from < 32 ? 1 << from : 0);
    const occHi = (bb[13] | bb[15]) & ~(from >= 32 ? 1 << (from - 32) : 0);
    return !attacked(bb, occLo, occHi, to, pos.turn ^ 1);
  }
  const cLo = pos.checkersLo;
  const cHi = pos.checkersHi;
  if ((cLo | cHi) !== 0) {
    if ((cLo & (cLo - 1)) !== 0 || (cHi & (cHi - 1)) !== 0 || (cLo !== 0 && cHi !== 0)) return false;
    const c = cLo !== 0 ? 31 - Math.clz32(cLo) : 63 - Math.clz32(cHi);
    if (to !== c) {
      between(ksq, c, s, 0);
      if ((to < 32 ? (s[0] >>> to) & 1 : (s[1] >>> (to - 32)) & 1) === 0) return false;
    }
  }
  const pinned = from < 32 ? (pos.pinnedLo >>> from) & 1 : (pos.pinnedHi >>> (from - 32)) & 1;
  if (pinned !== 0) {
    line(ksq, from, s, 0);
    return (to < 32 ? (s[0] >>> to) & 1 : (s[1] >>> (to - 32)) & 1) !== 0;
  }
  return true;
}

/** Writes moves from `from` to every square of (tLo, tHi); returns the new count. */
function emit(out: Int32Array, n: number, from: number, tLo: number, tHi: number): number {
  while (tLo !== 0) {
    out[n++] = from | ((31 - Math.clz32(tLo & -tLo)) << 6);
    tLo &= tLo - 1;
  }
  while (tHi !== 0) {
    out[n++] = from | ((63 - Math.clz32(tHi & -tHi)) << 6);
    tHi &= tHi - 1;
  }
  return n;
}

function emitPawn(out: Int32Array, n: number, from: number, to: number, flags: number): number {
  if (to >= 56 || to < 8) {
    for (let p = QUEEN; p >= KNIGHT; p--) out[n++] = encodeMove(from, to, p, 0);
    return n;
  }
  out[n++] = encodeMove(from, to, 0, flags);
  return n;
}

function hasBit(lo: number, hi: number, sq: number): boolean {
  return (sq < 32 ? (lo >>> sq) & 1 : (hi >>> (sq - 32)) & 1) !== 0;
}

/** All legal moves of the side to move into out (room for 256); returns their number. */
export function legalMoves(pos: Position, out: Int32Array): number {
  const bb = pos.bb;
  const us = pos.turn;
  const them = us ^ 1;
  const usLo = bb[WHITE_BB + us * 2];
  const usHi = bb[WHITE_BB + us * 2 + 1];
  const themLo = bb[WHITE_BB + them * 2];
  const themHi = bb[WHITE_BB + them * 2 + 1];
  const occLo = usLo | themLo;
  const occHi = usHi | themHi;
  const ksq = pos.kingSq;
  let n = 0;

  // king steps, with the king lifted so it cannot hide behind itself from a slider
  kingAttacks(ksq, s, 0);
  let kLo = s[0] & ~usLo;
  let kHi = s[1] & ~usHi;
  const kOccLo = occLo & ~(ksq < 32 ? 1 << ksq : 0);
  const kOccHi = occHi & ~(ksq >= 32 ? 1 << (ksq - 32) : 0);
  while (kLo !== 0) {
    const to = 31 - Math.clz32(kLo & -kLo);
    if (!attacked(bb, kOccLo, kOccHi, to, them)) out[n++] = ksq | (to << 6);
    kLo &= kLo - 1;
  }
  while (kHi !== 0) {
    const to = 63 - Math.clz32(kHi & -kHi);
    if (!attacked(bb, kOccLo, kOccHi, to, them)) out[n++] = ksq | (to << 6);
    kHi &= kHi - 1;
  }

  const cLo = pos.checkersLo;
  const cHi = pos.checkersHi;
  let tLo = ~usLo;
  let tHi = ~usHi;
  if ((cLo | cHi) !== 0) {
    if ((cLo & (cLo - 1)) !== 0 || (cHi & (cHi - 1)) !== 0 || (cLo !== 0 && cHi !== 0)) return n; // double check
    const c = cLo !== 0 ? 31 - Math.clz32(cLo) : 63 - Math.clz32(cHi);
    between(ksq, c, s, 0);
    tLo = s[0] | cLo;
    tHi = s[1] | cHi;
  } else {
    for (let w = 0; w < 2; w++) {
      const r = pos.castleRook[us * 2 + w];
      if (r >= 0 && castleLegal(pos, r)) out[n++] = encodeMove(ksq, r, 0, FLAG_CASTLE);
    }
  }
  const pinLo = pos.pinnedLo;
  const pinHi = pos.pinnedHi;

  // knights (a pinned knight never moves), bishops, rooks, queens
  for (let t = KNIGHT; t <= QUEEN; t++) {
    let pLo = bb[t * 2] & usLo;
    let pHi = bb[t * 2 + 1] & usHi;
    if (t === KNIGHT) {
      pLo &= ~pinLo;
      pHi &= ~pinHi;
    }
    for (let half = 0; half < 2; half++) {
      let p = half === 0 ? pLo : pHi;
      while (p !== 0) {
        const from = half * 32 + 31 - Math.clz32(p & -p);
        p &= p - 1;
        if (t === KNIGHT) knightAttacks(from, s, 0);
        else if (t === BISHOP) bishopAttacks(occLo, occHi, from, s, 0);
        else if (t === ROOK) rookAttacks(occLo, occHi, from, s, 0);
        else queenAttacks(occLo, occHi, from, s, 0);
        let aLo = s[0] & tLo;
        let aHi = s[1] & tHi;
        if (hasBit(pinLo, pinHi, from)) {
          line(ksq, from, s, 2);
          aLo &= s[2];
          aHi &= s[3];
        }
        n = emit(out, n, from, aLo, aHi);
      }
    }
  }

  // pawns, one by one: pushes, captures, promotions, en passant
  const dir = us === WHITE ? 8 : -8;
  const startRank = us === WHITE ? 1 : 6;
  for (let half = 0; half < 2; half++) {
    let p = half === 0 ? bb[0] & usLo : bb[1] & usHi;
    while (p !== 0) {
      const from = half * 32 + 31 - Math.clz32(p & -p);
      p &= p - 1;
      let mLo = tLo;
      let mHi = tHi;
      if (hasBit(pinLo, pinHi, from)) {
        line(ksq, from, s, 2);
        mLo &= s[2];
        mHi &= s[3];
      }
      const one = from + dir;
      if (pos.board[one] === 0) {
        if (hasBit(mLo, mHi, one)) n = emitPawn(out, n, from, one, 0);
        const two = one + dir;
        if (from >> 3 === startRank && pos.board[two] === 0 && hasBit(mLo, mHi, two)) {
          out[n++] = encodeMove(from, two, 0, FLAG_DOUBLE);
        }
      }
      pawnAttacks(us, from, s, 0);
      let aLo = s[0] & themLo & mLo;
      let aHi = s[1] & themHi & mHi;
      while (aLo !== 0) {
        n = emitPawn(out, n, from, 31 - Math.clz32(aLo & -aLo), 0);
        aLo &= aLo - 1;
      }
      while (aHi !== 0) {
        n = emitPawn(out, n, from, 63 - Math.clz32(aHi & -aHi), 0);
        aHi &= aHi - 1;
      }
      const ep = pos.ep;
      if (ep >= 0 && hasBit(s[0], s[1], ep) && epLegal(pos, from, ep)) out[n++] = encodeMove(from, ep, 0, FLAG_EP);
    }
  }
  return n;
}

const probe = new Int32Array(256);

/** Whether the side to move has any legal move (king steps first: they settle most positions). */
export function hasLegalMove(pos: Position): boolean {
  return legalMoves(pos, probe) > 0;
}

export function isCheckmate(pos: Position): boolean {
  return pos.isCheck() && !hasLegalMove(pos);
}

export function isStalemate(pos: Position): boolean {
  return !pos.isCheck() && !hasLegalMove(pos);
}
