// The rating model's measurement on lichess's sample puzzles, shared by test/tools/puzzle-rating.ts (which
// fits the weights of src/puzzles/rating.ts) and test/puzzles/rating.test.ts (which holds them to a floor):
// each puzzle's features as the generator would compute them, the fixed split into a fitting and a held-out
// half by a hash of the puzzle id, least squares, and Spearman's rank correlation.
import { parseFen } from '../../src/core/fen.js';
import { isCheckmate } from '../../src/core/movegen.js';
import type { Analyser } from '../../src/puzzles/engine.js';
import { puzzleThemes } from '../../src/puzzles/puzzle-themes.js';
import { RATING_FEATURES, type RatingFeature, type RatingModel, linearRating, ratingFeatures } from '../../src/puzzles/rating.js';
import { MIN_GAIN } from '../../src/puzzles/stage1.js';
import { scoreCp, winChance } from '../../src/puzzles/win-chance.js';
import { moveToUci } from '../../src/core/san.js';
import { MATE, MaterialSearch, materialBalance } from '../../src/tactics/material-search.js';
import { PuzzleLine } from '../../src/tactics/line.js';
import { type LichessPuzzle, puzzleFen } from './lichess-puzzles.js';

/** What the engine said at P, for the engine's features. */
export interface EngineView {
  gap: number;
  settled: number;
  /** The depth of the best line at the end. */
  depth: number;
  cp: number;
}

export interface Rated {
  id: string;
  rating: number;
  features: Record<RatingFeature, number>;
}

/** FNV-1a of the id: bit 0 decides the half (0: fitting, 1: held out), fixed for every run. */
export function heldOut(id: string): boolean {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return (h & 1) === 1;
}

let search: MaterialSearch | null = null; // made on first use: the core's tables must be installed first
const line = new PuzzleLine();

/** Stage 1's best move at P, as its material and mate rules find it ('' when its search wins nothing). */
function stage1Best(fen: string): string {
  search ??= new MaterialSearch();
  const pos = parseFen(fen);
  const bal = materialBalance(pos);
  if (!search.atLeast(pos, bal + MIN_GAIN)) return '';
  const v = search.value(pos);
  return v >= MATE || v - bal >= MIN_GAIN ? moveToUci(pos, search.best) : '';
}

/** The engine's view at P: multipv 2 at `nodes`. */
export async function engineView(engine: Analyser, p: LichessPuzzle, nodes: number): Promise<EngineView> {
  const a = await engine.analyse(p.fen, [p.moves[0]], { nodes, multipv: 2 });
  const [best, second] = a.lines;
  return {
    gap: second === undefined ? 2 : winChance(best.score) - winChance(second.score),
    settled: a.settled,
    depth: best.depth,
    cp: scoreCp(best.score),
  };
}

/** A lichess puzzle's features, with the engine's view when there is one. */
export function lichessFeatures(p: LichessPuzzle, e: EngineView | null): Rated {
  line.load(p.fen, p.moves);
  const mateIn = isCheckmate(line.positions[line.count]) ? line.solverMoves : null;
  const cp = e === null ? 0 : e.cp;
  const themes = puzzleThemes({ fenBefore: p.fen, moves: p.moves, mateIn, cp });
  const features = ratingFeatures({
    fenBefore: p.fen,
    moves: p.moves,
    chess960: false,
    mateIn,
    themes,
    stage1Found: stage1Best(puzzleFen(p)) === p.moves[1],
    gap: e?.gap ?? null,
    settled: e?.settled ?? null,
  });
  return { id: p.id, rating: p.rating, features };
}

/**
 * Least squares (a small ridge keeps unused or constant features at 0) over the features `used`; with a
 * base model, fits what the base leaves over (rating less the base's value) and adds the base's weights.
 */
export function fitModel(
  rows: readonly Rated[],
  used: readonly RatingFeature[],
  base: Omit<RatingModel, 'deviation'> | null = null,
): Omit<RatingModel, 'deviation'> {
  const k = used.length + 1;
  const a = Array.from({ length: k }, () => new Float64Array(k + 1));
  for (const r of rows) {
    const x = [1, ...used.map((f) => r.features[f])];
    const y = r.rating - (base === null ? 0 : linearRating(r.features, base));
    for (let i = 0; i < k; i++) {
      for (let j = 0; j < k; j++) a[i][j] += x[i] * x[j];
      a[i][k] += x[i] * y;
    }
  }
  for (let i = 1; i < k; i++) a[i][i] += 1e-3 * rows.length;
  const w = solve(a);
  const weights = Object.fromEntries(RATING_FEATURES.map((f) => [f, base?.weights[f] ?? 0])) as Record<RatingFeature, number>;
  used.forEach((f, i) => {
    weights[f] = Math.round(weights[f] + w[i + 1]);
  });
  return { intercept: Math.round((base?.intercept ?? 0) + w[0]), weights };
}

/** Gaussian elimination with partial pivoting on the augmented matrix `a` (k × k+1). */
function solve(a: Float64Array[]): number[] {
  const k = a.length;
  for (let c = 0; c < k; c++) {
    let p = c;
    for (let r = c + 1; r < k; r++) if (Math.abs(a[r][c]) > Math.abs(a[p][c])) p = r;
    [a[c], a[p]] = [a[p], a[c]];
    for (let r = 0; r < k; r++) {
      if (r === c || a[c][c] === 0) continue;
      const f = a[r][c] / a[c][c];
      for (let j = c; j <= k; j++) a[r][j] -= f * a[c][j];
    }
  }
  return a.map((row, i) => (row[i] === 0 ? 0 : row[k] / row[i]));
}

/** Ranks from 1, ties sharing their mean rank. */
function ranks(v: readonly number[]): number[] {
  const order = v.map((x, i) => [x, i] as const).sort((p, q) => p[0] - q[0]);
  const out = new Array<number>(v.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1][0] === order[i][0]) j++;
    for (let t = i; t <= j; t++) out[order[t][1]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return out;
}

function pearson(x: readonly number[], y: readonly number[]): number {
  const n = x.length;
  const mx = x.reduce((s, v) => s + v, 0) / n;
  const my = y.reduce((s, v) => s + v, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) ** 2;
    syy += (y[i] - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

/** Spearman's rank correlation. */
export function spearman(x: readonly number[], y: readonly number[]): number {
  return pearson(ranks(x), ranks(y));
}

/** Root-mean-square difference. */
export function rmse(x: readonly number[], y: readonly number[]): number {
  return Math.sqrt(x.reduce((s, v, i) => s + (v - y[i]) ** 2, 0) / x.length);
}
