// The board state: piece sets as int32 halves, a mailbox, castling rooks (Chess960-ready), en passant,
// clocks; play() makes a legal move in place and refreshes the king's checkers and pinned pieces,
// which move generation, SAN and the motif engine all read.
import {
  PAWN, ROOK, KING, WHITE_BB,
  between, bishopAttacks, ensureTables, knightAttacks, maskTable, pawnAttacks, rookAttacks, xrayBishopAttacks, xrayRookAttacks,
} from './attacks.js';
import { FLAG_CASTLE, FLAG_DOUBLE, FLAG_EP, FLAG_NULL, moveFlags, moveFrom, movePromo, moveTo } from './move.js';

export const WHITE = 0;
export const BLACK = 1;

/** Mailbox code of a piece: side * 8 + type + 1 (0 = empty square). */
export function pieceCode(side: number, type: number): number {
  return side * 8 + type + 1;
}

/** Castling slots: index side * 2 + (0 short = towards the h-file, 1 long = towards the a-file). */
export const SHORT = 0;
export const LONG = 1;

const scratch = new Int32Array(8);

export class Position {
  /** Piece sets, both colours: bb[2t], bb[2t + 1] for type t; white at 12/13, black at 14/15. */
  readonly bb = new Int32Array(16);
  /** Mailbox: pieceCode() or 0, by square. */
  readonly board = new Int8Array(64);
  /** Rook square of each castling right (side * 2 + SHORT/LONG), -1 when the right is gone. */
  readonly castleRook = new Int8Array([-1, -1, -1, -1]);
  turn = WHITE;
  /** En passant target square after a double push (as written in FEN), -1 otherwise. */
  ep = -1;
  halfmove = 0;
  fullmove = 1;
  /** Chess960 notation for castling rights (X-FEN) and castling in UCI (king takes rook). */
  chess960 = false;
  // Derived after every change of side to move (refresh()):
  kingSq = 0;
  checkersLo = 0;
  checkersHi = 0;
  pinnedLo = 0;
  pinnedHi = 0;

  constructor() {
    ensureTables();
  }

  occLo(): number {
    return this.bb[12] | this.bb[14];
  }

  occHi(): number {
    return this.bb[13] | this.bb[15];
  }

  /** Toggles a piece of (side, type) on sq in the piece sets (the mailbox is the caller's job). */
  toggle(side: number, type: number, sq: number): void {
    const h = sq >> 5;
    const bit = 1 << (sq & 31);
    this.bb[type * 2 + h] ^= bit;
    this.bb[WHITE_BB + side * 2 + h] ^= bit;
  }

  put(side: number, type: number, sq: number): void {
    this.toggle(side, type, sq);
    this.board[sq] = pieceCode(side, type);
  }

  copyFrom(o: Position): void {
    this.bb.set(o.bb);
    this.board.set(o.board);
    this.castleRook.set(o.castleRook);
    this.turn = o.turn;
    this.ep = o.ep;
    this.halfmove = o.halfmove;
    this.fullmove = o.fullmove;
    this.chess960 = o.chess960;
    this.kingSq = o.kingSq;
    this.checkersLo = o.checkersLo;
    this.checkersHi = o.checkersHi;
    this.pinnedLo = o.pinnedLo;
    this.pinnedHi = o.pinnedHi;
  }

  clone(): Position {
    const p = new Position();
    p.copyFrom(this);
    return p;
  }

  /** Square of the king of `side`. */
  king(side: number): number {
    const lo = this.bb[10] & this.bb[WHITE_BB + side * 2];
    if (lo !== 0) return 31 - Math.clz32(lo & -lo);
    const hi = this.bb[11] & this.bb[WHITE_BB + side * 2 + 1];
    return 63 - Math.clz32(hi & -hi);
  }

  isCheck(): boolean {
    return (this.checkersLo | this.checkersHi) !== 0;
  }

  /** Recomputes the side to move's king square, checkers and pinned pieces (x-ray through own pieces). */
  refresh(): void {
    const us = this.turn;
    const bb = this.bb;
    const ksq = this.king(us);
    this.kingSq = ksq;
    const occLo = bb[12] | bb[14];
    const occHi = bb[13] | bb[15];
    const themLo = bb[WHITE_BB + (us ^ 1) * 2];
    const themHi = bb[WHITE_BB + (us ^ 1) * 2 + 1];
    const usLo = bb[WHITE_BB + us * 2];
    const usHi = bb[WHITE_BB + us * 2 + 1];
    // checkers: the super-piece method (seed square-attacked-by), leapers first; and pinners: enemy
    // sliders that attack the king once own blockers are x-rayed (seed xray-attacks). The slider look-ups
    // only when an enemy slider of that kind stands on one of the king's lines at all.
    pawnAttacks(us, ksq, scratch, 0); // where an enemy pawn giving check stands
    let cLo = scratch[0] & bb[0] & themLo;
    let cHi = scratch[1] & bb[1] & themHi;
    knightAttacks(ksq, scratch, 0);
    cLo |= scratch[0] & bb[2] & themLo;
    cHi |= scratch[1] & bb[3] & themHi;
    let pLo = 0;
    let pHi = 0;
    const M = maskTable();
    const k = ksq * 24 + 4; // lineEx masks of the king's rank (k), file (k + 6), diagonal (k + 12), anti-diagonal (k + 18)
    const rqLo = (bb[6] | bb[8]) & themLo;
    const rqHi = (bb[7] | bb[9]) & themHi;
    if ((((M[k] | M[k + 6]) & rqLo) | ((M[k + 1] | M[k + 7]) & rqHi)) !== 0) {
      rookAttacks(occLo, occHi, ksq, scratch, 0);
      cLo |= scratch[0] & rqLo;
      cHi |= scratch[1] & rqHi;
      xrayRookAttacks(occLo, occHi, usLo, usHi, ksq, scratch, 0);
      pLo |= scratch[0] & rqLo;
      pHi |= scratch[1] & rqHi;
    }
    const bqLo = (bb[4] | bb[8]) & themLo;
    const bqHi = (bb[5] | bb[9]) & themHi;
    if ((((M[k + 12] | M[k + 18]) & bqLo) | ((M[k + 13] | M[k + 19]) & bqHi)) !== 0) {
      bishopAttacks(occLo, occHi, ksq, scratch, 0);
      cLo |= scratch[0] & bqLo;
      cHi |= scratch[1] & bqHi;
      xrayBishopAttacks(occLo, occHi, usLo, usHi, ksq, scratch, 0);
      pLo |= scratch[0] & bqLo;
      pHi |= scratch[1] & bqHi;
    }
    let pinLo = 0;
    let pinHi = 0;
    while (pLo !== 0) {
      between(ksq, 31 - Math.clz32(pLo & -pLo), scratch, 4);
      pinLo |= scratch[4];
      pinHi |= scratch[5];
      pLo &= pLo - 1;
    }
    while (pHi !== 0) {
      between(ksq, 63 - Math.clz32(pHi & -pHi), scratch, 4);
      pinLo |= scratch[4];
      pinHi |= scratch[5];
      pHi &= pHi - 1;
    }
    this.checkersLo = cLo;
    this.checkersHi = cHi;
    this.pinnedLo = pinLo & usLo;
    this.pinnedHi = pinHi & usHi;
  }

  /** Makes a legal move (from movegen or SAN, the null move included) in place. */
  play(m: number): void {
    const from = moveFrom(m);
    const to = moveTo(m);
    const flags = moveFlags(m);
    const us = this.turn;
    const them = us ^ 1;
    const board = this.board;
    const type = (board[from] & 7) - 1;
    const cr = this.castleRook;
    this.ep = -1;
    this.halfmove++;
    if ((flags & FLAG_NULL) !== 0) {
      // nothing moves
    } else if ((flags & FLAG_CASTLE) !== 0) {
      const rank = from & 56;
      const long = to < from;
      this.toggle(us, KING, from);
      this.toggle(us, ROOK, to);
      board[from] = 0;
      board[to] = 0;
      this.put(us, KING, rank + (long ? 2 : 6));
      this.put(us, ROOK, rank + (long ? 3 : 5));
      cr[us * 2] = -1;
      cr[us * 2 + 1] = -1;
    } else {
      const capSq = (flags & FLAG_EP) !== 0 ? (us === WHITE ? to - 8 : to + 8) : to;
      const cap = board[capSq];
      if (cap !== 0) {
        this.toggle(them, (cap & 7) - 1, capSq);
        board[capSq] = 0;
        this.halfmove = 0;
        if (capSq === cr[them * 2]) cr[them * 2] = -1;
        else if (capSq === cr[them * 2 + 1]) cr[them * 2 + 1] = -1;
      }
      this.toggle(us, type, from);
      board[from] = 0;
      const promo = movePromo(m);
      this.put(us, promo !== 0 ? promo : type, to);
      if (type === PAWN) {
        this.halfmove = 0;
        if ((flags & FLAG_DOUBLE) !== 0) this.ep = (from + to) >> 1;
      } else if (type === KING) {
        cr[us * 2] = -1;
        cr[us * 2 + 1] = -1;
      } else if (from === cr[us * 2]) cr[us * 2] = -1;
      else if (from === cr[us * 2 + 1]) cr[us * 2 + 1] = -1;
    }
    if (us === BLACK) this.fullmove++;
    this.turn = them;
    this.refresh();
  }
}

