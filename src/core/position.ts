// The board state: piece sets as int32 halves, a mailbox, castling rooks (Chess960-ready), en passant,
// clocks; play() makes a legal move in place and refreshes the king's checkers and pinned pieces,
// which move generation, SAN and the motif engine all read.
import {
  between,
  installedTables,
  knightAttacks,
  maskTable,
  pawnAttacks,
  xrayAttacksAlong,
  LINE_ANTI,
  LINE_DIAG,
  LINE_FILE,
  LINE_RANK,
} from './attacks.js';
import { BLACK, BOARD_WORDS, KING, PAWN, ROOK, WHITE, Sets, type Colour } from './board.js';
import { Mask, maskIndex } from './tables.js';
import { FLAG_CASTLE, FLAG_DOUBLE, FLAG_EP, FLAG_NULL, moveFlags, moveFrom, movePromo, moveTo } from './move.js';
import type { Square } from './squares.js';

/** Mailbox code of a piece: side * 8 + type + 1 (0 = empty square). */
export function pieceCode(side: Colour, type: number): number {
  return side * 8 + type + 1;
}

/** Castling slots: index side * 2 + (0 short = towards the h-file, 1 long = towards the a-file). */
export const SHORT = 0;
export const LONG = 1;

// refresh()'s look-ups: [0, 4) the leapers, then the rank and file (x-rays, attacks); [4, 8) the diagonals
const scratch = new Int32Array(8);

// The arrays of a position share one buffer, so that copying a position (once per ply) is one copy.
const BB_BYTES = BOARD_WORDS * 4;
const BOARD_BYTES = 64;
const STATE_BYTES = BB_BYTES + BOARD_BYTES + 4;

export class Position {
  /** The piece sets, the mailbox and the castling rooks as bytes, for copyFrom(). */
  private readonly state = new Uint8Array(STATE_BYTES);
  /** Piece sets as int32 halves, laid out as board.ts says: read through its accessors, written by toggle(). */
  readonly bb = new Int32Array(this.state.buffer, 0, BOARD_WORDS);
  /** Mailbox: pieceCode() or 0, by square. */
  readonly board = new Int8Array(this.state.buffer, BB_BYTES, BOARD_BYTES);
  /** Rook square of each castling right (side * 2 + SHORT/LONG), -1 when the right is gone. */
  readonly castleRook = new Int8Array(this.state.buffer, BB_BYTES + BOARD_BYTES, 4).fill(-1);
  /** The piece sets and the mailbox as one run of 32 words: what the motif scan copies into its memory. */
  readonly words = new Int32Array(this.state.buffer, 0, (BB_BYTES + BOARD_BYTES) >> 2);
  turn: Colour = WHITE;
  /** En passant target square after a double push (as written in FEN), -1 otherwise. */
  ep = -1;
  halfmove = 0;
  fullmove = 1;
  /** Chess960 notation for castling rights (X-FEN) and castling in UCI (king takes rook). */
  chess960 = false;
  // Derived after every change of side to move (refresh()):
  kingSq: Square = 0;
  checkersLo = 0;
  checkersHi = 0;
  pinnedLo = 0;
  pinnedHi = 0;

  constructor() {
    installedTables(); // a position is useless without them: say so now, not with a wrong answer later
  }

  occLo(): number {
    return this.bb[Sets.WhiteLo] | this.bb[Sets.BlackLo];
  }

  occHi(): number {
    return this.bb[Sets.WhiteHi] | this.bb[Sets.BlackHi];
  }

  /** Toggles a piece of (side, type) on sq in the piece sets (the mailbox is the caller's job). */
  toggle(side: Colour, type: number, sq: Square): void {
    const h = sq >> 5;
    const bit = 1 << (sq & 31);
    this.bb[Sets.PawnsLo + 2 * type + h] ^= bit;
    this.bb[Sets.WhiteLo + 2 * side + h] ^= bit;
  }

  put(side: Colour, type: number, sq: Square): void {
    this.toggle(side, type, sq);
    this.board[sq] = pieceCode(side, type);
  }

  copyFrom(o: Position): void {
    this.state.set(o.state);
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
  king(side: Colour): Square {
    const lo = this.bb[Sets.KingsLo] & this.bb[Sets.WhiteLo + 2 * side];
    if (lo !== 0) return 31 - Math.clz32(lo & -lo);
    const hi = this.bb[Sets.KingsHi] & this.bb[Sets.WhiteHi + 2 * side];
    return 63 - Math.clz32(hi & -hi);
  }

  /** Whether the piece on sq is pinned to the side to move's king. */
  isPinned(sq: Square): boolean {
    return (sq < 32 ? (this.pinnedLo >>> sq) & 1 : (this.pinnedHi >>> (sq - 32)) & 1) !== 0;
  }

  isCheck(): boolean {
    return (this.checkersLo | this.checkersHi) !== 0;
  }

  /** Recomputes the side to move's king square, checkers and pinned pieces (x-ray through own pieces). */
  refresh(): void {
    const bb = this.bb;
    const us = this.turn;
    const ksq = this.king(us);
    this.kingSq = ksq;
    const oLo = bb[Sets.WhiteLo] | bb[Sets.BlackLo];
    const oHi = bb[Sets.WhiteHi] | bb[Sets.BlackHi];
    const usLo = bb[Sets.WhiteLo + 2 * us];
    const usHi = bb[Sets.WhiteHi + 2 * us];
    // checkers by the super-piece method (seed square-attacked-by), leapers first
    pawnAttacks(us, ksq, scratch, 0); // where an enemy pawn giving check stands
    knightAttacks(ksq, scratch, 2);
    const nLo = ((scratch[0] & bb[Sets.PawnsLo]) | (scratch[2] & bb[Sets.KnightsLo])) & oLo & ~usLo;
    const nHi = ((scratch[1] & bb[Sets.PawnsHi]) | (scratch[3] & bb[Sets.KnightsHi])) & oHi & ~usHi;
    // then the enemy sliders on the king's lines that they move along: checkers attack the king, pinners
    // attack it through one own piece (x-ray, seed xray-attacks); each look-up only when such a slider
    // stands there at all, so a stale half of scratch is masked out by an empty set
    const M = maskTable();
    const r = maskIndex(ksq, LINE_RANK) + Mask.LineEx; // then the file's mask, 6 words on
    const d = maskIndex(ksq, LINE_DIAG) + Mask.LineEx; // then the anti-diagonal's
    const rqLo = (bb[Sets.RooksLo] | bb[Sets.QueensLo]) & oLo & ~usLo & (M[r] | M[r + 6]);
    const rqHi = (bb[Sets.RooksHi] | bb[Sets.QueensHi]) & oHi & ~usHi & (M[r + 1] | M[r + 7]);
    const bqLo = (bb[Sets.BishopsLo] | bb[Sets.QueensLo]) & oLo & ~usLo & (M[d] | M[d + 6]);
    const bqHi = (bb[Sets.BishopsHi] | bb[Sets.QueensHi]) & oHi & ~usHi & (M[d + 1] | M[d + 7]);
    if ((rqLo | rqHi) !== 0) xrayAttacksAlong(oLo, oHi, usLo, usHi, ksq, LINE_RANK, LINE_FILE, scratch, 0);
    if ((bqLo | bqHi) !== 0) xrayAttacksAlong(oLo, oHi, usLo, usHi, ksq, LINE_DIAG, LINE_ANTI, scratch, 4);
    this.checkersLo = nLo | (scratch[2] & rqLo) | (scratch[6] & bqLo);
    this.checkersHi = nHi | (scratch[3] & rqHi) | (scratch[7] & bqHi);
    // pinned: the own piece between the king and each pinner
    let pLo = (scratch[0] & rqLo) | (scratch[4] & bqLo);
    let pHi = (scratch[1] & rqHi) | (scratch[5] & bqHi);
    let pinLo = 0;
    let pinHi = 0;
    for (; pLo !== 0; pLo &= pLo - 1) {
      between(ksq, 31 - Math.clz32(pLo & -pLo), scratch, 0);
      pinLo |= scratch[0];
      pinHi |= scratch[1];
    }
    for (; pHi !== 0; pHi &= pHi - 1) {
      between(ksq, 63 - Math.clz32(pHi & -pHi), scratch, 0);
      pinLo |= scratch[0];
      pinHi |= scratch[1];
    }
    this.pinnedLo = pinLo & usLo;
    this.pinnedHi = pinHi & usHi;
  }

  /** Makes a legal move (from movegen or SAN, the null move included) in place. */
  play(m: number): void {
    const from = moveFrom(m);
    const to = moveTo(m);
    const flags = moveFlags(m);
    const us = this.turn;
    const them = (us ^ 1) as Colour;
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
      // en passant takes the pawn one rank behind `to` (rank 6 to 5, 3 to 4: the square's bit 3 flipped),
      // in one expression with the common case: a branch of its own, first reached late, deoptimized play()
      const capSq = to ^ ((flags & FLAG_EP) !== 0 ? 8 : 0);
      const cap = board[capSq];
      if (cap !== 0) {
        this.toggle(them, (cap & 7) - 1, capSq);
        board[capSq] = 0;
        this.halfmove = 0;
        dropRight(cr, them, capSq);
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
      } else dropRight(cr, us, from);
    }
    if (us === BLACK) this.fullmove++;
    this.turn = them;
    this.refresh();
  }
}

/**
 * Drops the castling right of `side` whose rook stood on sq, if it has one. One place for a rook that moves
 * and a rook captured: the capture, rare, then shares the move's type feedback (written apart, a first
 * capture of a rook on its corner deoptimized play()).
 */
function dropRight(cr: Int8Array, side: number, sq: number): void {
  const i = side * 2;
  if (cr[i] === sq) cr[i] = -1;
  else if (cr[i + 1] === sq) cr[i + 1] = -1;
}
