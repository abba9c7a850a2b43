// Stage 1's material search tree (src/tactics/material-search.ts) as a plain minimax written the slow obvious
// way: no pruning, no ordering, a fresh position per node, material counted square by square, checks found
// by making the move. The oracle of test/tactics/material-search.test.ts and of stage 1's slow definition.
// Quiescence values are memoized by (FEN, first ply or not, ply): captures taken in different orders reach
// the same positions, and without the memo the plain minimax of a capture tree takes minutes.
//
// The tree: two main plies over every legal move (no standing pat; no legal move: -1000 in check, else 0),
// then quiescence: in check every legal move (none: -1000); otherwise stand pat on the material balance,
// or any capture (en passant, capture-promotions) or queen promotion with SEE ≥ 0, and at the first
// quiescence ply any move that gives check (stalemate is not looked for there). Quiescence stands pat at
// ply 10 from the root (8 quiescence plies) whatever the position.
//
// naiveValue is the plain minimax; a tree larger than its node budget throws TooLarge, and the callers
// then use alphaBetaValue: plain alpha-beta over the same expansions (no ordering, no other pruning).
import { FLAG_CASTLE, FLAG_EP, moveFlags, movePromo, moveTo } from '../../src/core/move.js';
import { legalMoves } from '../../src/core/movegen.js';
import type { Position } from '../../src/core/position.js';
import { see } from '../../src/core/see.js';
import { toFen } from '../../src/core/fen.js';

const VALUE = [1, 3, 3, 5, 9, 0];
const QUEEN = 4;

/** Material of the side to move less the opponent's, square by square. */
export function naiveMaterial(pos: Position): number {
  let bal = 0;
  for (let sq = 0; sq < 64; sq++) {
    const code = pos.board[sq];
    if (code !== 0) bal += (code >> 3 === pos.turn ? 1 : -1) * VALUE[(code & 7) - 1];
  }
  return bal;
}

function movesOf(pos: Position): number[] {
  const out = new Int32Array(256);
  return Array.from(out.subarray(0, legalMoves(pos, out)));
}

function after(pos: Position, m: number): Position {
  const child = pos.clone();
  child.play(m);
  return child;
}

function tactical(pos: Position, m: number): boolean {
  const flags = moveFlags(m);
  const capture = (flags & FLAG_EP) !== 0 || (pos.board[moveTo(m)] !== 0 && (flags & FLAG_CASTLE) === 0);
  return capture || movePromo(m) === QUEEN;
}

/** A node of the tree, expanded the obvious way: a terminal value, or a stand-pat value (or none) and children. */
interface Expansion {
  terminal: number | null;
  standPat: number | null;
  children: Position[];
}

/** Ply 0 and 1 are the main plies; quiescence ply k is ply k + 2 from the root. */
function expand(pos: Position, ply: number): Expansion {
  if (ply >= 10) return { terminal: naiveMaterial(pos), standPat: null, children: [] };
  const moves = movesOf(pos);
  if (ply < 2 || pos.isCheck()) {
    if (moves.length === 0) return { terminal: pos.isCheck() ? -1000 : 0, standPat: null, children: [] };
    return { terminal: null, standPat: null, children: moves.map((m) => after(pos, m)) };
  }
  const children: Position[] = [];
  for (const m of moves) {
    if (ply > 2 && !tactical(pos, m)) continue; // only the first quiescence ply has quiet candidates (checks)
    const child = after(pos, m);
    if ((ply === 2 && child.isCheck()) || (tactical(pos, m) && see(pos, m) >= 0)) children.push(child);
  }
  return { terminal: null, standPat: naiveMaterial(pos), children };
}

let memo = new Map<string, number>();
let budget = 0;

export class TooLarge extends Error {}

/** Plain minimax, quiescence nodes memoized by (FEN, ply); throws TooLarge past the node budget. */
function minimax(pos: Position, ply: number): number {
  const key = ply >= 2 ? `${toFen(pos)}|${ply}` : '';
  const known = memo.get(key);
  if (known !== undefined) return known;
  if (--budget < 0) throw new TooLarge('the plain minimax tree is too large');
  const e = expand(pos, ply);
  let v = e.terminal ?? e.standPat ?? -Infinity;
  for (const child of e.children) v = Math.max(v, 0 - minimax(child, ply + 1));
  if (ply >= 2) memo.set(key, v);
  return v;
}

/** Plain alpha-beta over the same expansions: no ordering, no other pruning (for trees too large above). */
function alphaBeta(pos: Position, ply: number, alpha: number, beta: number): number {
  const e = expand(pos, ply);
  if (e.terminal !== null) return e.terminal;
  if (e.standPat !== null) {
    if (e.standPat >= beta) return e.standPat;
    alpha = Math.max(alpha, e.standPat);
  }
  for (const child of e.children) {
    const v = 0 - alphaBeta(child, ply + 1, -beta, -alpha);
    if (v >= beta) return v;
    alpha = Math.max(alpha, v);
  }
  return alpha;
}

/** The best material balance the side to move reaches in stage 1's search tree, by plain minimax (throws TooLarge). */
export function naiveValue(pos: Position, maxNodes = 300_000): number {
  memo = new Map();
  budget = maxNodes;
  return minimax(pos, 0);
}

/** The same value by plain alpha-beta over the same tree. */
export function alphaBetaValue(pos: Position): number {
  return alphaBeta(pos, 0, -Infinity, Infinity);
}

/** What move m is worth to the side to move here in the same tree (plain alpha-beta below the root). */
export function moveValue(pos: Position, m: number): number {
  return 0 - alphaBeta(after(pos, m), 1, -Infinity, Infinity);
}

/** Plain minimax within the node budget, else plain alpha-beta: the value and which one gave it. */
export function oracleValue(pos: Position, budget: number): { value: number; by: 'minimax' | 'alphaBeta' } {
  try {
    return { value: naiveValue(pos, budget), by: 'minimax' };
  } catch (e) {
    if (!(e instanceof TooLarge)) throw e;
    return { value: alphaBetaValue(pos), by: 'alphaBeta' };
  }
}
