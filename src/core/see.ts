// Static exchange evaluation (SEE): what a move wins or loses on its target square when both sides then
// capture there in turn, each with its least valuable attacker, and either side may stop. In pawns, with
// the values of docs/design.md §5 (board.ts PIECE_VALUES). Pins and checks are ignored, and only captures on
// that square count; a king captures only when the other side has no attacker left.
//
// Attackers hidden behind a capturer join the exchange by modifying occupancy (seed xray-attacks.md, as
// in OliThink's SEE): the capturer leaves the occupancy and the slider attacks to the square are looked
// up again, so a rook behind a rook, or a bishop behind a pawn, is found when its turn comes.
//
// Promotions: the move's own promotion counts (its piece's value less the pawn's); a pawn that recaptures
// onto the last rank later in the exchange becomes a queen (+8, and a queen then stands there). En passant:
// the captured pawn (1) leaves its own square, which may open a file to the target square as well.
import { attacksTo, bishopAttacks, rookAttacks } from './attacks.js';
import {
  BISHOP,
  KING,
  PAWN,
  PIECE_VALUES,
  QUEEN,
  ROOK,
  bishopsQueensHi,
  bishopsQueensLo,
  occupiedHi,
  occupiedLo,
  rooksQueensHi,
  rooksQueensLo,
  sideHi,
  sideLo,
  typeHi,
  typeLo,
} from './board.js';
import { FLAG_CASTLE, FLAG_EP, FLAG_NULL, moveFlags, moveFrom, movePromo, moveTo, type Move } from './move.js';
import type { Position } from './position.js';

// gains[d]: the material balance for the side making capture d if the exchange stopped right after it
// (the swap list); at most 32 pieces take part
const gains = new Int32Array(34);
// [0, 1] attack look-ups; [2, 3] the occupancy as the exchange goes; [4, 5] the attackers left
const s = new Int32Array(6);

/** The least valuable piece type among the pieces of (lo, hi), or -1 when there are none. */
function leastType(bb: Int32Array, lo: number, hi: number): number {
  for (let t = PAWN; t <= KING; t++) {
    if (((lo & typeLo(bb, t)) | (hi & typeHi(bb, t))) !== 0) return t;
  }
  return -1;
}

/**
 * Lifts the piece on sq (of type `type`) from the occupancy in s[2, 3] and adds the sliders its leaving
 * uncovers to the attackers in s[4, 5] (only a pawn, bishop, rook or queen can stand on a line to `to`
 * with a slider behind it; a knight never does, and a king leaves only at the end).
 */
function lift(bb: Int32Array, sq: number, type: number, to: number): void {
  if (sq < 32) s[2] &= ~(1 << sq);
  else s[3] &= ~(1 << (sq - 32));
  const occLo = s[2];
  const occHi = s[3];
  if (type === PAWN || type === BISHOP || type === QUEEN || type === KING) {
    bishopAttacks(occLo, occHi, to, s, 0);
    s[4] |= s[0] & bishopsQueensLo(bb);
    s[5] |= s[1] & bishopsQueensHi(bb);
  }
  if (type === ROOK || type === QUEEN || type === KING) {
    rookAttacks(occLo, occHi, to, s, 0);
    s[4] |= s[0] & rooksQueensLo(bb);
    s[5] |= s[1] & rooksQueensHi(bb);
  }
  s[4] &= occLo;
  s[5] &= occHi;
}

/**
 * SEE of a move of the side to move (a capture or not): the material it wins on its target square, in
 * pawns, the exchange that follows played out by least valuable attackers (among equal types the lowest
 * square first). Castling and the null move: 0. Allocates nothing.
 */
export function see(pos: Position, m: Move): number {
  const flags = moveFlags(m);
  if ((flags & (FLAG_CASTLE | FLAG_NULL)) !== 0) return 0;
  const from = moveFrom(m);
  const to = moveTo(m);
  const bb = pos.bb;
  const board = pos.board;
  const code = board[from];
  const promo = movePromo(m);
  let gain = board[to] !== 0 ? PIECE_VALUES[(board[to] & 7) - 1] : 0;
  let onSq = PIECE_VALUES[(code & 7) - 1];
  if (promo !== 0) {
    gain += PIECE_VALUES[promo] - PIECE_VALUES[PAWN];
    onSq = PIECE_VALUES[promo];
  }
  s[2] = occupiedLo(bb);
  s[3] = occupiedHi(bb);
  if ((flags & FLAG_EP) !== 0) {
    const capSq = to < from ? to + 8 : to - 8;
    gain = PIECE_VALUES[PAWN];
    if (capSq < 32) s[2] &= ~(1 << capSq);
    else s[3] &= ~(1 << (capSq - 32));
  }
  if (from < 32) s[2] &= ~(1 << from);
  else s[3] &= ~(1 << (from - 32));
  attacksTo(bb, s[2], s[3], to, s, 4);
  s[4] &= s[2];
  s[5] &= s[3];
  gains[0] = gain;
  return exchange(bb, to, (code >> 3) ^ 1, onSq);
}

/** The swap list from the first recapture by `side` on `to`, where a piece worth onSq stands; its result. */
function exchange(bb: Int32Array, to: number, side: number, onSq: number): number {
  const lastRank = to >= 56 || to < 8; // only the pawns that promote there attack such a square
  let d = 0;
  for (;;) {
    const cLo = s[4] & sideLo(bb, side);
    const cHi = s[5] & sideHi(bb, side);
    const type = leastType(bb, cLo, cHi);
    if (type < 0) break;
    const tLo = cLo & typeLo(bb, type);
    const tHi = cHi & typeHi(bb, type);
    const sq = tLo !== 0 ? 31 - Math.clz32(tLo & -tLo) : 63 - Math.clz32(tHi & -tHi);
    lift(bb, sq, type, to);
    // a king may capture only last: not when the other side still attacks the square once it has left
    if (type === KING && ((s[4] & sideLo(bb, side ^ 1)) | (s[5] & sideHi(bb, side ^ 1))) !== 0) break;
    d++;
    const promotes = type === PAWN && lastRank;
    gains[d] = onSq + (promotes ? PIECE_VALUES[QUEEN] - PIECE_VALUES[PAWN] : 0) - gains[d - 1];
    onSq = PIECE_VALUES[promotes ? QUEEN : type];
    side ^= 1;
  }
  // negamax back up the list: each side either stops or makes its capture, whichever is better for it
  for (; d > 0; d--) gains[d - 1] = -Math.max(-gains[d - 1], gains[d]);
  return gains[0];
}
