// The tactic search's tree (src/tactics/search.ts) as a plain minimax written the slow way, mates scored by
// their distance: no pruning, no ordering, a fresh position per node, material counted square by square,
// checks found by making every move. The oracle of test/tactics/search.test.ts.
//
// The tree: plies 0 and 1 try every legal move (none: mated in check, else 0); then quiescence: in check
// every legal move (none: mated), otherwise the stand pat (the material balance) or a capture or queen
// promotion whose SEE is ≥ 0, and at the first quiescence ply (ply 2) any move that gives check; at ply 10
// the material balance whatever the position. A side mated at ply p is worth p - 1000 to itself.
//
// Quiescence values are memoized by (FEN, ply): the same captures in another order reach the same
// positions. Past a node budget the minimax throws TooLarge and the callers fall back to plain alpha-beta
// over the same expansions (larger captures first, no other pruning).
import { toFen } from '../../src/core/fen.js';
import { FLAG_CASTLE, FLAG_EP, moveFlags, movePromo, moveTo } from '../../src/core/move.js';
import { legalMoves } from '../../src/core/movegen.js';
import type { Position } from '../../src/core/position.js';
import { see } from '../../src/core/see.js';
import { naiveMaterial } from '../helpers/naive-search.js';

export const NAIVE_MATE = 1000;
const LAST_PLY = 10;
const QUEEN_TYPE = 4;

export class TooLarge extends Error {}

function legal(pos: Position): number[] {
  const out = new Int32Array(256);
  return Array.from(out.subarray(0, legalMoves(pos, out)));
}

function child(pos: Position, m: number): Position {
  const c = pos.clone();
  c.play(m);
  return c;
}

function takesOrQueens(pos: Position, m: number): boolean {
  const f = moveFlags(m);
  return (f & FLAG_EP) !== 0 || (pos.board[moveTo(m)] !== 0 && (f & FLAG_CASTLE) === 0) || movePromo(m) === QUEEN_TYPE;
}

/** The moves the tree tries at a node (ply from the root), and its stand pat (null: none) or terminal value. */
export function treeMoves(pos: Position, ply: number): { moves: number[]; standPat: number | null; terminal: number | null } {
  if (ply >= LAST_PLY) return { moves: [], standPat: null, terminal: naiveMaterial(pos) };
  const all = legal(pos);
  const full = ply < 2 || pos.isCheck();
  if (full) return { moves: all, standPat: null, terminal: all.length === 0 ? (pos.isCheck() ? ply - NAIVE_MATE : 0) : null };
  const moves = all.filter((m) => (takesOrQueens(pos, m) && see(pos, m) >= 0) || (ply === 2 && child(pos, m).isCheck()));
  return { moves, standPat: naiveMaterial(pos), terminal: null };
}

let memo = new Map<string, number>();
let budget = 0;

function minimax(pos: Position, ply: number): number {
  const key = ply >= 2 ? `${toFen(pos)}@${ply}` : '';
  const known = key === '' ? undefined : memo.get(key);
  if (known !== undefined) return known;
  if (--budget < 0) throw new TooLarge('the plain minimax is over its node budget');
  const t = treeMoves(pos, ply);
  let v = t.terminal ?? t.standPat ?? -Infinity;
  for (const m of t.moves) v = Math.max(v, 0 - minimax(child(pos, m), ply + 1));
  if (key !== '') memo.set(key, v);
  return v;
}

/** What m takes (0: nothing): alpha-beta tries the larger captures first, which only makes it quicker. */
function victim(pos: Position, m: number): number {
  const code = pos.board[moveTo(m)];
  return code === 0 || (moveFlags(m) & FLAG_CASTLE) !== 0 ? 0 : code & 7;
}

function alphaBeta(pos: Position, ply: number, alpha: number, beta: number): number {
  const t = treeMoves(pos, ply);
  if (t.terminal !== null) return t.terminal;
  let best = t.standPat ?? -Infinity;
  if (best >= beta) return best;
  const moves = t.moves
    .map((m) => [victim(pos, m), m])
    .sort((a, b) => b[0] - a[0])
    .map(([, m]) => m);
  for (const m of moves) {
    best = Math.max(best, 0 - alphaBeta(child(pos, m), ply + 1, -beta, -Math.max(alpha, best)));
    if (best >= beta) break;
  }
  return best;
}

/** The value of the node pos at `ply` from the root (its side to move's view), by minimax within the budget, else alpha-beta. */
export function naiveNodeValue(pos: Position, ply: number, maxNodes = 5_000): number {
  memo = new Map();
  budget = maxNodes;
  try {
    return minimax(pos, ply);
  } catch (e) {
    if (!(e instanceof TooLarge)) throw e;
    return alphaBeta(pos, ply, -Infinity, Infinity);
  }
}

/** The root's value. */
export function naiveValue(pos: Position, maxNodes?: number): number {
  return naiveNodeValue(pos, 0, maxNodes);
}

/** What legal move m is worth to the side to move at the root. */
export function naiveMoveValue(pos: Position, m: number, maxNodes?: number): number {
  return 0 - naiveNodeValue(child(pos, m), 1, maxNodes);
}
