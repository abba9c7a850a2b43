// The motif table of DESIGN.md §5 (the seed's "Attacking through" table) applied to every (S, F, X)
// that the x-ray line primitive finds, for every slider of both sides; batteries as maximal chains.
// Rows are exclusive: each (S, F, X) gives at most one record.
//
// Where DESIGN.md leaves a real position open, decided as a strong player reads it (each one tested in
// fixtures/motifs/ or test/motifs/brute.test.ts):
// - "Attacks" are piece-movement attacks on the given occupancy: a pinned defender still defends, and a
//   king defends a square even when the other side also covers it (DESIGN counts "pieces that attack X").
// - En passant is a move off the line only when its side is to move and the capture is legal, which is
//   exactly when the position's FEN carries the square: tagging the FEN we write gives the tags we wrote.
// - A pseudo-legal move of a king front ignores whether the target square is attacked (movement rules).
// - Battery targets may be the enemy king (a battery aiming at the king is the sharpest kind).
// - A queen front is always compatible with the line, so a pinned queen is always a partial pin.
// - Castling moves king and rook: a check by the castled rook is not discovered, and castling can never
//   uncover a check or an attack (every line through the back-rank squares but the rank ends there).
import {
  bishopAttacks, kingAttacks, knightAttacks, line, lineStep, lineXray, lineXrayOf, maskTable, onLine, pawnAttackersHi, pawnAttackersLo, pawnAttacks, rookAttacks, xraySquare,
} from '../core/attacks.js';
import { PIECE_VALUES as VALUES, Piece, Sets } from '../core/board.js';
import { Line, Mask, maskIndex, Xray } from '../core/tables.js';
import { epLegal } from '../core/movegen.js';
import type { Position } from '../core/position.js';
import { MAX_CHAIN, MotifBuffer } from './buffer.js';
import {
  BATTERY, DISCOVERED_ATTACK, DISCOVERED_CHECK, PIN_ABSOLUTE, PIN_RELATIVE, SKEWER_ABSOLUTE, SKEWER_RELATIVE, XRAY,
} from './catalogue.js';
import { exploitable } from './defended.js';

const s = new Int32Array(4);
/** The pieces that may leave a line, by side and line (fillLeavers). */
const leavers = new Int32Array(8);

/**
 * Whether a piece of `type` moves along line kind l (rank 0, file 1, diagonal 2, anti-diagonal 3): bit
 * 4·type + l of one word, four bits a piece type — bishop 1100, rook 0011, queen 1111, the others 0000.
 * Branch-free and small, so that V8 inlines it everywhere without spending its inlining budget.
 */
function compatible(type: number, l: number): boolean {
  return ((0xf3c00 >>> (4 * type + l)) & 1) !== 0;
}

/**
 * Whether the piece on f has a pseudo-legal move to a square off the line through a and b: by its own
 * movement rules on the current occupancy, as if its side were to move; not onto an own piece nor the
 * enemy king; no castling. En passant counts only when its side is to move and the capture is legal —
 * exactly when the position's FEN carries the square (as chess.js writes it), so that tagging the FEN we
 * output gives the same tags as tagging the position (DESIGN.md leaves "allows it" open).
 */
function movesOffLine(pos: Position, f: number, a: number, b: number): boolean {
  const bb = pos.bb;
  const code = pos.board[f];
  const side = code >> 3;
  const type = (code & 7) - 1;
  if (type === Piece.Pawn) return pawnMovesOffLine(pos, f, a, b);
  const occLo = bb[Sets.WhiteLo] | bb[Sets.BlackLo];
  const occHi = bb[Sets.WhiteHi] | bb[Sets.BlackHi];
  if (type === Piece.Knight) knightAttacks(f, s, 0);
  else if (type === Piece.King) kingAttacks(f, s, 0);
  else if (type === Piece.Bishop) bishopAttacks(occLo, occHi, f, s, 0);
  else if (type === Piece.Rook) rookAttacks(occLo, occHi, f, s, 0);
  else {
    bishopAttacks(occLo, occHi, f, s, 0);
    const lo = s[0];
    const hi = s[1];
    rookAttacks(occLo, occHi, f, s, 0);
    s[0] |= lo;
    s[1] |= hi;
  }
  const lo = s[0] & ~bb[Sets.WhiteLo + 2 * side] & ~(bb[Sets.KingsLo] & bb[Sets.WhiteLo + 2 * (side ^ 1)]);
  const hi = s[1] & ~bb[Sets.WhiteHi + 2 * side] & ~(bb[Sets.KingsHi] & bb[Sets.WhiteHi + 2 * (side ^ 1)]);
  line(a, b, s, 0);
  return ((lo & ~s[0]) | (hi & ~s[1])) !== 0;
}

/**
 * movesOffLine for a pawn, cheapest test first: most fronts on real boards are pawns before a rook on
 * their file, which only a capture takes off the line. The line's set is read only for a capture.
 */
function pawnMovesOffLine(pos: Position, f: number, a: number, b: number): boolean {
  const bb = pos.bb;
  const side = pos.board[f] >> 3;
  // a push (a double push needs the single one free) leaves every line through f but its file
  if (pos.board[f + (side === 0 ? 8 : -8)] === 0 && (f & 7) !== (a & 7)) return true;
  pawnAttacks(side, f, s, 0);
  const capLo = s[0] & bb[Sets.WhiteLo + 2 * (side ^ 1)] & ~bb[Sets.KingsLo];
  const capHi = s[1] & bb[Sets.WhiteHi + 2 * (side ^ 1)] & ~bb[Sets.KingsHi];
  if ((capLo | capHi) !== 0) {
    line(a, b, s, 2);
    if (((capLo & ~s[2]) | (capHi & ~s[3])) !== 0) return true;
  }
  // en passant only when the position records it, as its FEN does: F's side to move and the capture legal
  const ep = pos.ep;
  return ep >= 0 && pos.turn === side && onSet(s[0], s[1], ep) && !onLine(a, b, ep) && epLegal(pos, f, ep);
}

function onSet(lo: number, hi: number, sq: number): boolean {
  return (sq < 32 ? (lo >>> sq) & 1 : (hi >>> (sq - 32)) & 1) !== 0;
}

/**
 * The rows of an own front F (not a compatible slider) before X: discovered checks and attacks. The
 * caller has found X to be an enemy piece and F to have a move off the line.
 */
function discovered(pos: Position, buf: MotifBuffer, c: number, sq: number, f: number, x: number): void {
  // one push for both rows: a push of its own for the rarer check, first reached long after the scan was
  // optimized, had no type feedback and deoptimized the whole scan
  const check = (pos.board[x] & 7) - 1 === Piece.King;
  if (check || exploitable(pos, sq, f, x)) buf.push(check ? DISCOVERED_CHECK : DISCOVERED_ATTACK, c, sq, f, x, 0);
}

/**
 * An own front F (a chain link or another own piece) before an enemy piece X. For the side to move, the
 * line is one where moving F may uncover an attack (playedFlags reads it; a link counts, as a battery's
 * front does there). Another own piece with a move off the line makes the discovered-check and -attack rows.
 */
function ownFront(pos: Position, buf: MotifBuffer, c: number, sq: number, kind: Front, f: number, x: number): void {
  if (c === pos.turn && (pos.board[x] & 7) - 1 !== Piece.King) buf.pushUncover(sq, f, x);
  if (kind === Front.Own && movesOffLine(pos, f, sq, x)) discovered(pos, buf, c, sq, f, x);
}

/**
 * The rows of an enemy front F before X: pins, skewers and x-rays. The row is chosen first and E(S, F, X)
 * tested at one place, so that V8 inlines exploitable() once rather than once per row.
 */
function enemyFront(pos: Position, buf: MotifBuffer, c: number, sq: number, l: number, f: number, x: number): void {
  const board = pos.board;
  const fType = (board[f] & 7) - 1;
  const xCode = board[x];
  const xType = (xCode & 7) - 1;
  // an own X: an x-ray through an enemy slider (a king is never compatible), nothing else
  if (xCode >> 3 === c) {
    if (xType !== Piece.King && compatible(fType, l)) buf.push(XRAY, c, sq, f, x, 0);
    return;
  }
  const partial = compatible(fType, l) ? 1 : 0;
  let motif: number;
  if (fType === Piece.King) motif = SKEWER_ABSOLUTE;
  else if (xType === Piece.King) motif = PIN_ABSOLUTE;
  else if (VALUES[xType] > VALUES[fType]) motif = PIN_RELATIVE;
  else if (VALUES[fType] > VALUES[xType]) motif = SKEWER_RELATIVE;
  else return;
  if (motif === PIN_ABSOLUTE || exploitable(pos, sq, f, x)) buf.push(motif, c, sq, f, x, motif === PIN_ABSOLUTE || motif === PIN_RELATIVE ? partial : 0);
}

/** What a front F is to the table's rows: none (no F), an enemy piece, a chain link, another own piece. */
const enum Front {
  None,
  Enemy,
  Link,
  Own,
}

/**
 * The kind of the front on f for side c and line kind l, from one read of the board: a chain link is an
 * own slider compatible with the line (a battery's part, nothing else). An own pawn that cannot leave a
 * line of this kind (not in the leavers lvLo, lvHi: a row of fillLeavers) ends its ray as no front at all, before the
 * board is read: no row of the table holds for it, and on real boards it is the front of about half the
 * lines looked up on both of their sides (a rook behind its own pawns).
 */
function frontKind(board: Int8Array, f: number, c: number, l: number, lvLo: number, lvHi: number): Front {
  // f < 0 first: a typed-array read out of bounds deoptimizes the caller
  if (f < 0 || !onSet(lvLo, lvHi, f)) return Front.None;
  const code = board[f];
  if (code >> 3 !== c) return Front.Enemy;
  return compatible((code & 7) - 1, l) ? Front.Link : Front.Own;
}

/**
 * A chain starting at its lowest square `start` and going up through `next`: records it when an end
 * aims at an enemy piece. `below` is the first occupied square under the start (-1 if none); lv is the
 * line's row of leavers (frontKind).
 */
function battery(pos: Position, buf: MotifBuffer, c: number, l: number, lv: number, start: number, next: number, below: number): void {
  const board = pos.board;
  const lvLo = leavers[lv];
  const lvHi = leavers[lv + 1];
  const occLo = pos.bb[Sets.WhiteLo] | pos.bb[Sets.BlackLo];
  const occHi = pos.bb[Sets.WhiteHi] | pos.bb[Sets.BlackHi];
  let n = 0;
  buf.chainSquare(n++, start);
  let cur = next;
  let above = -1;
  for (;;) {
    if (n < MAX_CHAIN) buf.chainSquare(n++, cur);
    above = xraySquare(lineXray(occLo, occHi, cur, l), cur, lineStep(l), Xray.FrontAbove);
    if (frontKind(board, above, c, l, lvLo, lvHi) !== Front.Link) break;
    cur = above;
  }
  const t1 = below >= 0 && board[below] >> 3 !== c ? below : -1;
  const t2 = above >= 0 && board[above] >> 3 !== c ? above : -1;
  if (t1 < 0 && t2 < 0) return;
  buf.pushChain(BATTERY, c, l, t1, t2, n);
}

/**
 * Per side c, the pieces that may leave a line through their square, set-wise once per scan (the seed's
 * blockers by targets: from the targets back to the pawns that attack them). A superset, movesOffLine()
 * is the exact test: every piece but the pawns; a pawn with a capture of an enemy non-king piece; with
 * the square ahead free, a pawn on any line but its file. out[4c] and on for a file, out[4c + 2] and on
 * for the other lines; with an en-passant square, every pawn.
 */
function fillLeavers(pos: Position, out: Int32Array): void {
  const bb = pos.bb;
  const wLo = bb[Sets.WhiteLo];
  const wHi = bb[Sets.WhiteHi];
  const bLo = bb[Sets.BlackLo];
  const bHi = bb[Sets.BlackHi];
  const pLo = bb[Sets.PawnsLo];
  const pHi = bb[Sets.PawnsHi];
  const kLo = bb[Sets.KingsLo];
  const kHi = bb[Sets.KingsHi];
  const emptyLo = ~(wLo | bLo);
  const emptyHi = ~(wHi | bHi);
  const ep = pos.ep >= 0 ? -1 : 0;
  // computed in locals and written once: no read-back of the array (V8 checks every typed-array access)
  // white: pawns attacking black non-king pieces; a free square ahead is an empty square one rank up
  const wFileLo = pawnAttackersLo(0, bLo & ~kLo, bHi & ~kHi) | ~(pLo & wLo) | ep;
  const wFileHi = pawnAttackersHi(0, bLo & ~kLo, bHi & ~kHi) | ~(pHi & wHi) | ep;
  // black likewise, one rank down
  const bFileLo = pawnAttackersLo(1, wLo & ~kLo, wHi & ~kHi) | ~(pLo & bLo) | ep;
  const bFileHi = pawnAttackersHi(1, wLo & ~kLo, wHi & ~kHi) | ~(pHi & bHi) | ep;
  out[0] = wFileLo;
  out[1] = wFileHi;
  out[2] = wFileLo | (emptyLo >>> 8) | (emptyHi << 24);
  out[3] = wFileHi | (emptyHi >>> 8);
  out[4] = bFileLo;
  out[5] = bFileHi;
  out[6] = bFileLo | (emptyLo << 8);
  out[7] = bFileHi | (emptyHi << 8) | (emptyLo >>> 24);
}

/** Every static motif of both sides into buf (cleared first); returns the number of records. */
export function scanMotifs(pos: Position, buf: MotifBuffer): number {
  buf.count = 0;
  buf.uncoverCount = 0;
  const bb = pos.bb;
  const board = pos.board;
  // the sets in locals, read once: V8 checks every typed-array read again after each call in the loop
  const wLo = bb[Sets.WhiteLo];
  const wHi = bb[Sets.WhiteHi];
  const bLo = bb[Sets.BlackLo];
  const bHi = bb[Sets.BlackHi];
  const occLo = wLo | bLo;
  const occHi = wHi | bHi;
  const slidersLo = bb[Sets.BishopsLo] | bb[Sets.RooksLo] | bb[Sets.QueensLo];
  const slidersHi = bb[Sets.BishopsHi] | bb[Sets.RooksHi] | bb[Sets.QueensHi];
  const M = maskTable();
  fillLeavers(pos, leavers);
  // sliders of both sides in ascending square order
  for (let half = 0; half < 2; half++) {
    let set = half === 0 ? slidersLo : slidersHi;
    while (set !== 0) {
      const sq = (half * 32 + 31 - Math.clz32(set & -set)) | 0;
      set &= set - 1;
      const code = board[sq];
      const c = code >> 3;
      const type = (code & 7) - 1;
      const first = type === Piece.Bishop ? Line.Diag : 0;
      const last = type === Piece.Rook ? Line.File : 3;
      const enemyLo = c === 0 ? bLo : wLo;
      const enemyHi = c === 0 ? bHi : wHi;
      for (let l = first; l <= last; l++) {
        // every row needs an enemy piece on the line (front, back or battery target) and two pieces
        // besides S: a line without them is skipped before any look-up
        const mi = maskIndex(sq, l) + Mask.LineEx;
        const restLo = M[mi] & occLo;
        const restHi = M[mi + 1] & occHi;
        if (((restLo & enemyLo) | (restHi & enemyHi)) === 0) continue;
        if ((restLo & (restLo - 1)) === 0 && (restHi & (restHi - 1)) === 0 && (restLo === 0 || restHi === 0)) continue;
        const xr = lineXrayOf(restLo, restHi, sq, l);
        const step = lineStep(l);
        const fBelow = xraySquare(xr, sq, step, Xray.FrontBelow);
        const fAbove = xraySquare(xr, sq, step, Xray.FrontAbove);
        const lv = 4 * c + (l === Line.File ? 0 : 2); // this side's leavers for this line (fillLeavers)
        // each front read and classified once; each (S, F, X) through the table, an own front only before
        // an enemy piece and with a move off the line (most own fronts, a rook's own pawn, end there).
        // Written out on both sides rather than called, as V8 then spends this function's inlining budget
        // on the look-up and not on the rare rows
        // the row read once for both fronts, as two numbers: no typed-array read and no call out of this module per front
        const lvLo = leavers[lv];
        const lvHi = leavers[lv + 1];
        const kBelow = frontKind(board, fBelow, c, l, lvLo, lvHi);
        const kAbove = frontKind(board, fAbove, c, l, lvLo, lvHi);
        if (kBelow === Front.None && kAbove === Front.None) continue;
        const xBelow = xraySquare(xr, sq, step, Xray.BackBelow);
        const xAbove = xraySquare(xr, sq, step, Xray.BackAbove);
        if (xBelow >= 0) {
          if (kBelow === Front.Enemy) enemyFront(pos, buf, c, sq, l, fBelow, xBelow);
          else if (kBelow !== Front.None && board[xBelow] >> 3 !== c) ownFront(pos, buf, c, sq, kBelow, fBelow, xBelow);
        }
        if (xAbove >= 0) {
          if (kAbove === Front.Enemy) enemyFront(pos, buf, c, sq, l, fAbove, xAbove);
          else if (kAbove !== Front.None && board[xAbove] >> 3 !== c) ownFront(pos, buf, c, sq, kAbove, fAbove, xAbove);
        }
        // a chain is recorded from its lowest slider: S links above and nothing links below
        if (kAbove === Front.Link && kBelow !== Front.Link) battery(pos, buf, c, l, lv, sq, fAbove, fBelow);
      }
    }
  }
  return buf.count;
}

