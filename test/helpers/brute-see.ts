// The exchange on one square searched the slow obvious way, as the oracle of src/core/see.ts: a board of
// FEN letters, attackers found by walking rays square by square (no code of src/), and a plain recursion.
//
// The rules are SEE's own: the move is made, then the sides take turns capturing on its target square or
// stopping, and the result is the minimax of material (P 1, N 3, B 3, R 5, Q 9, K 100). Pins and checks
// are ignored (a pinned piece captures, a side in check need not answer it) and only captures on that
// square exist. A king captures only when, once it stands there, no enemy piece attacks the square. A pawn
// that captures onto the last rank becomes a queen; the move itself may promote to any piece, and a pawn
// moving diagonally onto an empty square captures en passant.
//
// bruteSee: each side captures with its least valuable attacker (by type P, N, B, R, Q, K, then the lowest
// square), as SEE does. bruteSeeAnyOrder: each side may capture with any of its attackers, which is the
// exchange's true minimax; SEE is an approximation of it (tools report how often they differ).
import { fenPieces } from './fen-board.js';

const VALUE: Record<string, number> = { p: 1, n: 3, b: 3, r: 5, q: 9, k: 100 };
const ORDER = 'pnbrqk';
/** A board as 64 FEN letters or null, a1 = 0 … h8 = 63. */
export type Board = (string | null)[];

const isWhite = (piece: string): boolean => piece === piece.toUpperCase();
const valueOfPiece = (piece: string): number => VALUE[piece.toLowerCase()];

/** The board of a FEN as 64 letters or null, a1 = 0 … h8 = 63. */
export function boardOfFen(fen: string): Board {
  const board: Board = new Array<string | null>(64).fill(null);
  for (const [name, letter] of fenPieces(fen)) board[(name.charCodeAt(1) - 49) * 8 + name.charCodeAt(0) - 97] = letter;
  return board;
}

const at = (board: Board, f: number, r: number): string | null => (f >= 0 && f < 8 && r >= 0 && r < 8 ? board[r * 8 + f] : null);

/** Squares of the pieces of one colour that attack sq on this board, by walking out from sq. */
export function attackersOf(board: Board, sq: number, white: boolean): number[] {
  const out: number[] = [];
  const f = sq % 8;
  const r = Math.floor(sq / 8);
  const mine = (p: string | null, kinds: string): boolean => p !== null && isWhite(p) === white && kinds.includes(p.toLowerCase());
  const take = (ff: number, rr: number, kinds: string): void => {
    if (mine(at(board, ff, rr), kinds)) out.push(rr * 8 + ff);
  };
  const pawnRank = white ? r - 1 : r + 1; // a white pawn attacks upwards, so it stands one rank below
  take(f - 1, pawnRank, 'p');
  take(f + 1, pawnRank, 'p');
  for (const [df, dr] of [
    [1, 2],
    [2, 1],
    [2, -1],
    [1, -2],
    [-1, -2],
    [-2, -1],
    [-2, 1],
    [-1, 2],
  ])
    take(f + df, r + dr, 'n');
  for (const [df, dr] of [
    [1, 0],
    [1, 1],
    [0, 1],
    [-1, 1],
    [-1, 0],
    [-1, -1],
    [0, -1],
    [1, -1],
  ]) {
    take(f + df, r + dr, 'k');
    const kinds = df === 0 || dr === 0 ? 'rq' : 'bq';
    for (let ff = f + df, rr = r + dr; ff >= 0 && ff < 8 && rr >= 0 && rr < 8; ff += df, rr += dr) {
      const p = board[rr * 8 + ff];
      if (p === null) continue;
      if (mine(p, kinds)) out.push(rr * 8 + ff);
      break;
    }
  }
  return out;
}

/** The board after the piece on `from` captures on sq (a pawn reaching the last rank becomes a queen). */
function capture(board: Board, from: number, sq: number): Board {
  const next = board.slice();
  let piece = board[from]!;
  if (piece.toLowerCase() === 'p' && (sq >= 56 || sq < 8)) piece = isWhite(piece) ? 'Q' : 'q';
  next[from] = null;
  next[sq] = piece;
  return next;
}

/** What capturing from `from` on sq is worth to its side, the exchange then going on; null if the king may not. */
function captureValue(board: Board, from: number, sq: number, white: boolean, anyOrder: boolean): number | null {
  const next = capture(board, from, sq);
  if (board[from]!.toLowerCase() === 'k' && attackersOf(next, sq, !white).length > 0) return null;
  const promotion = next[sq] !== board[from] ? VALUE.q - VALUE.p : 0;
  return valueOfPiece(board[sq]!) + promotion - best(next, sq, !white, anyOrder);
}

/** The best the side to capture on sq can get from here: 0 by stopping, or a capture and what follows. */
function best(board: Board, sq: number, white: boolean, anyOrder: boolean): number {
  const attackers = attackersOf(board, sq, white);
  if (attackers.length === 0) return 0;
  if (!anyOrder) {
    const rank = (s: number): number => ORDER.indexOf(board[s]!.toLowerCase()) * 64 + s;
    const least = attackers.reduce((a, b) => (rank(b) < rank(a) ? b : a));
    return Math.max(0, captureValue(board, least, sq, white, false) ?? 0);
  }
  let result = 0;
  for (const a of attackers) result = Math.max(result, captureValue(board, a, sq, white, true) ?? 0);
  return result;
}

/** The move from → to (promotion letter or '') on the board, then the exchange on `to`. */
function exchangeAfterMove(board: Board, from: number, to: number, promo: string, anyOrder: boolean): number {
  const piece = board[from]!;
  const white = isWhite(piece);
  let gain = board[to] !== null ? valueOfPiece(board[to]!) : 0;
  const next = board.slice();
  if (piece.toLowerCase() === 'p' && from % 8 !== to % 8 && board[to] === null) {
    next[Math.floor(from / 8) * 8 + (to % 8)] = null; // en passant: the pawn passed beside ours
    gain = VALUE.p;
  }
  next[from] = null;
  next[to] = promo === '' ? piece : white ? promo.toUpperCase() : promo;
  if (promo !== '') gain += VALUE[promo] - VALUE.p;
  return gain - best(next, to, !white, anyOrder);
}

/** SEE's exchange, least valuable attackers first. */
export function bruteSee(board: Board, from: number, to: number, promo: string): number {
  return exchangeAfterMove(board, from, to, promo, false);
}

/** The exchange's true minimax: any attacker may capture. */
export function bruteSeeAnyOrder(board: Board, from: number, to: number, promo: string): number {
  return exchangeAfterMove(board, from, to, promo, true);
}
