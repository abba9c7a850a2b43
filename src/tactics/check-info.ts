// Which moves of the side to move may give check, read from the enemy king's check squares: per piece
// kind the squares from which that kind attacks the king, and the own pieces whose leaving may uncover a
// check (x-rays through them by modifying occupancy, seed xray-attacks.md). The material search asks it
// to skip moves that cannot check and to settle quiescence nodes with no check left.
//
// A queen gives check from a bishop's or a rook's check square whichever line it moved along: a queen
// on h5 taking on h7 (a file move) checks a king on g8 (a diagonal). Its reach is therefore met with the
// union of both kinds of check squares.
import {
  between, bishopAttacks, knightAttacks, pawnAttacks, queenAttacks, rookAttacks, xrayAttacksAlong,
  LINE_ANTI, LINE_DIAG, LINE_FILE, LINE_RANK,
} from '../core/attacks.js';
import { inSet } from '../core/bitboard.js';
import { BISHOP, KNIGHT, PAWN, QUEEN, ROOK, WHITE, Sets } from '../core/board.js';
import { FLAG_CASTLE, FLAG_EP, moveFlags, moveFrom, movePromo, moveTo } from '../core/move.js';
import type { Position } from '../core/position.js';

/**
 * Words of one position's check information, at offsets: pawn check squares (0, 1), knight (2, 3), bishop
 * (4, 5), rook (6, 7), then the own pieces that may uncover a check (CI_DISCOVER, CI_DISCOVER + 1).
 */
export const CI_WORDS = 10;
export const CI_DISCOVER = 8;
const CI_BISHOP = 4;
const CI_ROOK = 6;

const s = new Int32Array(4);

/** Writes pos's check information (the side to move's checks on the enemy king) into ci at o. */
export function prepareChecks(pos: Position, ci: Int32Array, o: number): void {
  const bb = pos.bb;
  const us = pos.turn;
  const ek = pos.king(us ^ 1);
  const occLo = bb[Sets.WhiteLo] | bb[Sets.BlackLo];
  const occHi = bb[Sets.WhiteHi] | bb[Sets.BlackHi];
  const usLo = bb[Sets.WhiteLo + 2 * us];
  const usHi = bb[Sets.WhiteHi + 2 * us];
  pawnAttacks(us ^ 1, ek, ci, o);
  knightAttacks(ek, ci, o + 2);
  bishopAttacks(occLo, occHi, ek, ci, o + CI_BISHOP);
  rookAttacks(occLo, occHi, ek, ci, o + CI_ROOK);
  // our sliders behind one of our pieces on a line to the king: that piece may uncover a check
  xrayAttacksAlong(occLo, occHi, usLo, usHi, ek, LINE_RANK, LINE_FILE, s, 0);
  let xLo = s[0] & usLo & (bb[Sets.RooksLo] | bb[Sets.QueensLo]);
  let xHi = s[1] & usHi & (bb[Sets.RooksHi] | bb[Sets.QueensHi]);
  xrayAttacksAlong(occLo, occHi, usLo, usHi, ek, LINE_DIAG, LINE_ANTI, s, 0);
  xLo |= s[0] & usLo & (bb[Sets.BishopsLo] | bb[Sets.QueensLo]);
  xHi |= s[1] & usHi & (bb[Sets.BishopsHi] | bb[Sets.QueensHi]);
  let dLo = 0;
  let dHi = 0;
  for (let h = 0; h < 2; h++) {
    for (let x = h === 0 ? xLo : xHi; x !== 0; x ^= 1 << (31 - Math.clz32(x))) {
      between(ek, h * 32 + 31 - Math.clz32(x), s, 0);
      dLo |= s[0];
      dHi |= s[1];
    }
  }
  ci[o + CI_DISCOVER] = dLo & usLo;
  ci[o + CI_DISCOVER + 1] = dHi & usHi;
}

/** Whether a piece of the side to move may uncover a check. */
export function mayDiscover(ci: Int32Array, o: number): boolean {
  return (ci[o + CI_DISCOVER] | ci[o + CI_DISCOVER + 1]) !== 0;
}

/** Whether move m of the side to move may give check (never false when it does). */
export function mayGiveCheck(pos: Position, ci: Int32Array, o: number, m: number): boolean {
  if ((moveFlags(m) & (FLAG_EP | FLAG_CASTLE)) !== 0 || movePromo(m) !== 0) return true;
  const from = moveFrom(m);
  if (inSet(ci, o + CI_DISCOVER, from)) return true;
  const to = moveTo(m);
  switch ((pos.board[from] & 7) - 1) {
    case PAWN: return inSet(ci, o, to);
    case KNIGHT: return inSet(ci, o + 2, to);
    case BISHOP: return inSet(ci, o + CI_BISHOP, to);
    case ROOK: return inSet(ci, o + CI_ROOK, to);
    case QUEEN: return inSet(ci, o + CI_BISHOP, to) || inSet(ci, o + CI_ROOK, to);
    default: return false; // a king checks only by uncovering (above) or castling
  }
}

/**
 * Whether a knight, bishop, rook or queen of the side to move, a pawn or castling may give check by
 * moving onto a check square of its kind (a piece that may uncover one is the caller's to look for).
 */
export function anyCheck(pos: Position, ci: Int32Array, o: number): boolean {
  const bb = pos.bb;
  const us = pos.turn;
  const occLo = bb[Sets.WhiteLo] | bb[Sets.BlackLo];
  const occHi = bb[Sets.WhiteHi] | bb[Sets.BlackHi];
  const freeLo = ~bb[Sets.WhiteLo + 2 * us];
  const freeHi = ~bb[Sets.WhiteHi + 2 * us];
  for (let t = KNIGHT; t <= QUEEN; t++) {
    // the squares a piece of kind t checks from (a queen: the bishop's and the rook's), not our own
    let cLo = t === KNIGHT ? ci[o + 2] : 0;
    let cHi = t === KNIGHT ? ci[o + 3] : 0;
    if (t === BISHOP || t === QUEEN) {
      cLo |= ci[o + CI_BISHOP];
      cHi |= ci[o + CI_BISHOP + 1];
    }
    if (t === ROOK || t === QUEEN) {
      cLo |= ci[o + CI_ROOK];
      cHi |= ci[o + CI_ROOK + 1];
    }
    cLo &= freeLo;
    cHi &= freeHi;
    if ((cLo | cHi) === 0) continue;
    const pLo = bb[Sets.PawnsLo + 2 * t] & bb[Sets.WhiteLo + 2 * us];
    const pHi = bb[Sets.PawnsHi + 2 * t] & bb[Sets.WhiteHi + 2 * us];
    for (let h = 0; h < 2; h++) {
      for (let p = h === 0 ? pLo : pHi; p !== 0; p ^= 1 << (31 - Math.clz32(p))) {
        reach(t, occLo, occHi, h * 32 + 31 - Math.clz32(p));
        if (((s[0] & cLo) | (s[1] & cHi)) !== 0) return true;
      }
    }
  }
  return pawnChecks(pos, ci, o) || castlingMayCheck(pos, ci, o);
}

/** The squares a knight, bishop, rook or queen on sq attacks, into s[0], s[1]. */
function reach(t: number, occLo: number, occHi: number, sq: number): void {
  if (t === KNIGHT) knightAttacks(sq, s, 0);
  else if (t === BISHOP) bishopAttacks(occLo, occHi, sq, s, 0);
  else if (t === ROOK) rookAttacks(occLo, occHi, sq, s, 0);
  else queenAttacks(occLo, occHi, sq, s, 0);
}

/** Whether a pawn of the side to move may step or capture onto one of its (at most two) check squares. */
function pawnChecks(pos: Position, ci: Int32Array, o: number): boolean {
  const board = pos.board;
  const bb = pos.bb;
  const us = pos.turn;
  const pawn = us * 8 + PAWN + 1;
  const dir = us === WHITE ? 8 : -8;
  for (let h = 0; h < 2; h++) {
    for (let x = ci[o + h]; x !== 0; x ^= 1 << (31 - Math.clz32(x))) {
      const sq = h * 32 + 31 - Math.clz32(x);
      const there = board[sq];
      if (there === 0) {
        const one = sq - dir;
        if (one < 0 || one >= 64) continue;
        if (board[one] === pawn) return true;
        const two = one - dir;
        if (board[one] === 0 && two >> 3 === (us === WHITE ? 1 : 6) && board[two] === pawn) return true;
      } else if (there >> 3 !== us) {
        pawnAttacks(us ^ 1, sq, s, 0);
        if (((s[0] & bb[Sets.PawnsLo] & bb[Sets.WhiteLo + 2 * us]) | (s[1] & bb[Sets.PawnsHi] & bb[Sets.WhiteHi + 2 * us])) !== 0) return true;
      }
    }
  }
  return false;
}

/** Whether a castling right of the side to move would land its rook on a rook check square. */
function castlingMayCheck(pos: Position, ci: Int32Array, o: number): boolean {
  const us = pos.turn;
  const rank = us === WHITE ? 0 : 56;
  return (pos.castleRook[us * 2] >= 0 && inSet(ci, o + CI_ROOK, rank + 5)) ||
    (pos.castleRook[us * 2 + 1] >= 0 && inSet(ci, o + CI_ROOK, rank + 3));
}

/**
 * Whether the side to move may capture an enemy piece standing on a check square of the capturer's kind
 * (a queen: either kind's, whichever line it takes along).
 */
export function anyCaptureCheck(pos: Position, ci: Int32Array, o: number): boolean {
  const bb = pos.bb;
  const us = pos.turn;
  const occLo = bb[Sets.WhiteLo] | bb[Sets.BlackLo];
  const occHi = bb[Sets.WhiteHi] | bb[Sets.BlackHi];
  const themLo = bb[Sets.WhiteLo + 2 * (us ^ 1)];
  const themHi = bb[Sets.WhiteHi + 2 * (us ^ 1)];
  const usLo = bb[Sets.WhiteLo + 2 * us];
  const usHi = bb[Sets.WhiteHi + 2 * us];
  for (let t = PAWN; t <= QUEEN; t++) {
    const cLo = bb[Sets.PawnsLo + 2 * t] & usLo;
    const cHi = bb[Sets.PawnsHi + 2 * t] & usHi;
    if ((cLo | cHi) === 0) continue;
    // the enemy pieces on a check square of kind t (a queen: the bishop's and the rook's)
    let xLo = t === QUEEN ? ci[o + CI_BISHOP] | ci[o + CI_ROOK] : ci[o + 2 * t];
    let xHi = t === QUEEN ? ci[o + CI_BISHOP + 1] | ci[o + CI_ROOK + 1] : ci[o + 2 * t + 1];
    xLo &= themLo;
    xHi &= themHi;
    for (let h = 0; h < 2; h++) {
      for (let x = h === 0 ? xLo : xHi; x !== 0; x ^= 1 << (31 - Math.clz32(x))) {
        const sq = h * 32 + 31 - Math.clz32(x);
        if (t === PAWN) pawnAttacks(us ^ 1, sq, s, 0);
        else reach(t, occLo, occHi, sq);
        if (((s[0] & cLo) | (s[1] & cHi)) !== 0) return true;
      }
    }
  }
  return false;
}
