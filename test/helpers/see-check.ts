// SEE against its brute-force oracle over every move of a position (castling aside: SEE gives it 0), for
// the SEE test and the see-oracle tool: counts what was checked and keeps the disagreements.
import { toFen } from '../../src/core/fen.js';
import { FLAG_CASTLE, FLAG_EP, moveFlags, moveFrom, movePromo, moveTo } from '../../src/core/move.js';
import { legalMoves } from '../../src/core/movegen.js';
import type { Position } from '../../src/core/position.js';
import { moveToUci } from '../../src/core/san.js';
import { see } from '../../src/core/see.js';
import { boardOfFen, bruteSee, bruteSeeAnyOrder } from './brute-see.js';

export interface SeeTally {
  positions: number;
  moves: number;
  captures: number;
  enPassant: number;
  promotions: number;
  /** Moves whose SEE is not 0 and differs from the capture's plain value (an exchange followed). */
  exchanges: number;
  /** Moves where any capture order does better than least valuable attackers first (SEE's approximation). */
  orderMatters: number;
  disagreements: string[];
}

export function newTally(): SeeTally {
  return { positions: 0, moves: 0, captures: 0, enPassant: 0, promotions: 0, exchanges: 0, orderMatters: 0, disagreements: [] };
}

const moves = new Int32Array(256);

/** Checks see() on every move of pos against bruteSee; `anyOrder` also counts where order matters. */
export function checkPosition(pos: Position, tally: SeeTally, anyOrder = false): void {
  const fen = toFen(pos);
  const board = boardOfFen(fen);
  const n = legalMoves(pos, moves);
  tally.positions++;
  for (let i = 0; i < n; i++) {
    const m = moves[i];
    if ((moveFlags(m) & FLAG_CASTLE) !== 0) continue;
    const from = moveFrom(m);
    const to = moveTo(m);
    const promo = movePromo(m) !== 0 ? 'pnbrqk'[movePromo(m)] : '';
    const ep = (moveFlags(m) & FLAG_EP) !== 0;
    const ours = see(pos, m);
    const theirs = bruteSee(board, from, to, promo);
    tally.moves++;
    if (pos.board[to] !== 0 || ep) tally.captures++;
    if (ep) tally.enPassant++;
    if (promo !== '') tally.promotions++;
    if (ours !== 0 && ours !== (pos.board[to] !== 0 ? [1, 3, 3, 5, 9][(pos.board[to] & 7) - 1] : ep ? 1 : 0)) tally.exchanges++;
    if (ours !== theirs) tally.disagreements.push(`${fen} ${moveToUci(pos, m)}: see ${ours}, brute force ${theirs}`);
    if (anyOrder && bruteSeeAnyOrder(board, from, to, promo) !== theirs) tally.orderMatters++;
  }
}
