// The material search of the tactic verdicts: alpha-beta over two plies (the side to move, the reply),
// then a capture quiescence; the value is the best material balance the side to move can reach, in pawns,
// or a mate. The search runs in WebAssembly (wasm/search.ts, loaded by search-module.ts); this is its interface.
//
// The tree, exactly (test/tactics/search.test.ts checks it against a plain minimax of the same tree):
// - the two main plies try every legal move, with no standing pat; a main-ply node without legal moves is
//   mated in check, else worth 0 (stalemate);
// - a quiescence node in check tries every legal move, no standing pat; without one it is mated;
// - a quiescence node not in check stands pat on the material balance (P 1, N 3, B 3, R 5, Q 9, from the
//   side to move's view) or plays a capture (en passant and capture-promotions included) or a queen
//   promotion whose SEE is ≥ 0, and at its first ply any move that gives check. Like an engine's
//   quiescence it does not look for stalemate: standing pat needs no legal move;
// - quiescence ends after Q_PLIES plies (ply MAX_PLY from the root) on the material balance, in check too.
// A side mated at ply p (moves made from the root) is worth -(MATE - p): a mate in n moves of the side to
// move at the root is worth MATE - (2n - 1). Every mate in 1 and in 2 is in the tree (the mating move of a
// mate in 2 is a check at the first quiescence ply, every evasion is tried), so the shortest mate found is
// the shortest there is when it is one of those; a longer one found is a forced mate, perhaps not the
// shortest. A mate is forced in the tree: a defender not in check stands pat, so the mated side never
// had a way out there.
//
// The principal variation is exact for a value found inside the window.
import type { Position } from '../core/position.js';
import { loadRoot, tacticModule, type TacticModule } from './search-module.js';

/** A mate at the root's ply 0 would be worth MATE; one at ply p is worth MATE - p to the mating side. */
export const MATE = 1000;
/** Quiescence plies at most; then the material balance stands. */
export const Q_PLIES = 8;
/** Plies from the root where quiescence ends: the two main plies, then Q_PLIES. */
export const MAX_PLY = 2 + Q_PLIES;
/** Values at least this are mates for the side to move at the root (at most -this: it is mated), at any depth. */
export const MATE_BOUND = MATE - 100;
/** Beyond any value: a window (-INF, INF) is open. */
export const INF = 100_000;

/** Whether a value is a mate for the side to move (it mates). */
export function isMateScore(v: number): boolean {
  return v >= MATE_BOUND;
}

/** The number of moves of the mating side in a mate worth v (v ≥ MATE_BOUND). */
export function mateMoves(v: number): number {
  return (MATE - v + 1) >> 1;
}

/** The material search; one per worker, reused for every position (the module is the thread's). */
export class TacticSearch {
  private readonly m: TacticModule = tacticModule();

  constructor() {
    const x = this.m.x;
    if (x.MATE.value !== MATE || x.Q_PLIES.value !== Q_PLIES)
      throw new Error('wasm/search.ts and search.ts disagree on the tree: rebuild (npm run build)');
  }

  /** Positions visited by this thread's searches, the roots included. */
  get nodes(): number {
    return this.m.x.nodeCount();
  }

  /** The best material balance the side to move reaches (pawns, its view), or a mate score; pvMove/pvLength/pvAt read its line. */
  value(pos: Position): number {
    return this.window(pos, -INF, INF);
  }

  /**
   * Fail-soft search of pos in the window (alpha, beta): the value when it lies inside (its line then
   * exact), else a bound on the value's side of the window (≤ alpha: an upper bound, ≥ beta: a lower bound).
   */
  window(pos: Position, alpha: number, beta: number): number {
    loadRoot(this.m, pos);
    return this.m.x.searchRoot(alpha, beta);
  }

  /**
   * What the side to move at pos wins back by the plainest means of `taken` pawns the opponent's last move
   * took: the least of it and the best SEE (at least 0) of its captures and promotions (to a queen or none).
   */
  regain(pos: Position, taken: number): number {
    loadRoot(this.m, pos);
    return this.m.x.rootRegain(taken);
  }

  /** Whether value(pos) ≥ t, by a null-window search (cheaper than the value). */
  atLeast(pos: Position, t: number): boolean {
    return this.window(pos, t - 1, t) >= t;
  }

  /** What legal move m is worth to the side to move at pos: the value of the tree with m imposed at the root, its line read as value()'s. */
  moveValue(pos: Position, m: number): number {
    return this.moveWindow(pos, m, -INF, INF);
  }

  /** window() with the root's only move m. */
  moveWindow(pos: Position, m: number, alpha: number, beta: number): number {
    loadRoot(this.m, pos);
    return this.m.x.searchMove(m, alpha, beta);
  }

  /** Whether moveValue(pos, m) ≥ t, by a null-window search. */
  moveAtLeast(pos: Position, m: number, t: number): boolean {
    return this.moveWindow(pos, m, t - 1, t) >= t;
  }

  /** The first move of the last search's line (-1: none, the side to move had no move or the search failed low). */
  get pvMove(): number {
    return this.pvLength > 0 ? this.pvAt(0) : -1;
  }

  /** Moves in the last search's line. */
  get pvLength(): number {
    return this.m.x.lineLength();
  }

  /** Move i of the last search's line. */
  pvAt(i: number): number {
    return this.m.words[this.m.pv + i];
  }
}
