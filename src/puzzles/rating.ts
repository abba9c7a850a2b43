// A puzzle's difficulty on lichess's rating scale (docs/design.md §12): a linear model over what the
// generator knows when it writes the puzzle — the line (its length, a mate, the first move's kind, the
// quiet moves and checks after it, a sacrifice on the way), the position (legal moves, pieces), our themes,
// whether stage 1's 2-ply material search found the first move, and the engine's view at P: how far the
// best move is ahead of the second on the win-chance scale (a small gap: another move looked nearly as
// good) and the depth at which the engine settled on its move. The weights are data, fitted by
// test/tools/puzzle-rating.ts (npm run puzzles:rating) by least squares on the lichess sample puzzles whose
// id hashes to the fitting half; the deviation is the model's root-mean-square error on the other half.
// Without the engine (--engine none) a second model that leaves its signals out serves.
import { popCount } from '../core/bitboard.js';
import { movePromo } from '../core/move.js';
import { legalMoves } from '../core/movegen.js';
import type { Position } from '../core/position.js';
import { materialBalance } from '../tactics/material-search.js';
import { PuzzleLine } from '../tactics/line.js';
import { isCapture } from '../tactics/threats.js';

/** What the rating is computed from: the puzzle and what the stages learnt on the way. */
export interface RatingInput {
  fenBefore: string;
  /** UCI: the setup move, then the solution. */
  moves: readonly string[];
  chess960: boolean;
  mateIn: number | null;
  themes: readonly string[];
  /** Stage 1's best move is the solution's first move. */
  stage1Found: boolean;
  /** The engine's win-chance gap between its best and second moves at P; null without an engine. */
  gap: number | null;
  /** The depth at which the engine settled on its best move at P; null without an engine. */
  settled: number | null;
}

/** The model's inputs, in the order of a model's weights. */
export const RATING_FEATURES = [
  'solverMoves',
  'mate',
  'mateIn1',
  'capture',
  'check',
  'quiet',
  'promotion',
  'laterQuiet',
  'checks',
  'sacrifice',
  'logLegal',
  'pieces',
  'stage1Found',
  'hangingPiece',
  'fork',
  'pin',
  'discoveredAttack',
  'skewer',
  'endgame',
  'crushing',
  'advantage',
  'gap',
  'settled',
] as const;
export type RatingFeature = (typeof RATING_FEATURES)[number];

/** The features only the engine gives (its scores make advantage and crushing too). */
export const ENGINE_FEATURES: readonly RatingFeature[] = ['crushing', 'advantage', 'gap', 'settled'];

/** A linear model: rating = intercept + Σ weight × feature, clamped to [RATING_MIN, RATING_MAX]. */
export interface RatingModel {
  intercept: number;
  weights: Readonly<Record<RatingFeature, number>>;
  /** Root-mean-square error on the held-out half, rounded: the RatingDeviation written. */
  deviation: number;
}

export const RATING_MIN = 400;
export const RATING_MAX = 3000;
const MAX_SOLVER_MOVES = 8;
const MAX_SETTLED = 30;

const THEMED: readonly RatingFeature[] = ['hangingPiece', 'fork', 'pin', 'discoveredAttack', 'skewer', 'endgame', 'crushing', 'advantage'];
const line = new PuzzleLine();
const scratch = new Int32Array(256);

/** The features of a puzzle, by RATING_FEATURES; throws when its moves do not replay. */
export function ratingFeatures(r: RatingInput): Record<RatingFeature, number> {
  line.load(r.fenBefore, r.moves, r.chess960);
  const pos = line.positions;
  const P = pos[1];
  const first = line.moves[1];
  const { capture, check } = kind(P, first, pos[2]);
  const promotion = movePromo(first) !== 0 ? 1 : 0;
  const f = {} as Record<RatingFeature, number>;
  f.solverMoves = Math.min(line.solverMoves, MAX_SOLVER_MOVES);
  f.mate = r.mateIn !== null ? 1 : 0;
  f.mateIn1 = r.mateIn === 1 ? 1 : 0;
  f.capture = capture;
  f.check = check;
  f.quiet = capture + check + promotion === 0 ? 1 : 0;
  f.promotion = promotion;
  const later = laterMoves(line);
  f.laterQuiet = later.quiet;
  f.checks = later.checks;
  f.sacrifice = sacrifice(line) ? 1 : 0;
  f.logLegal = Math.log(Math.max(1, legalMoves(P, scratch)));
  f.pieces = popCount(P.occLo(), P.occHi()) / 32;
  f.stage1Found = r.stage1Found ? 1 : 0;
  for (const t of THEMED) f[t] = r.themes.includes(t) ? 1 : 0;
  f.gap = r.gap === null ? 0 : Math.min(Math.max(r.gap, 0), 2);
  f.settled = r.settled === null ? 0 : Math.min(r.settled, MAX_SETTLED);
  return f;
}

/** A solver move's kind: whether it captures, and whether it checks (the position after it is given). */
function kind(before: Position, m: number, after: Position): { capture: number; check: number } {
  return { capture: isCapture(before, m) ? 1 : 0, check: after.isCheck() ? 1 : 0 };
}

/** The quiet solver moves after the first (no capture, check or promotion); the share of solver moves that check. */
function laterMoves(l: PuzzleLine): { quiet: number; checks: number } {
  let quiet = 0;
  let checks = 0;
  for (let k = 1; k < l.count; k += 2) {
    const m = l.moves[k];
    const { capture, check } = kind(l.positions[k], m, l.positions[k + 1]);
    checks += check;
    if (k > 1 && capture + check === 0 && movePromo(m) === 0) quiet++;
  }
  return { quiet, checks: checks / l.solverMoves };
}

/** The solver's material balance after some reply of the line is below its balance at P. */
function sacrifice(l: PuzzleLine): boolean {
  const P = l.puzzle;
  const solver = P.turn;
  const start = materialBalance(P, solver);
  for (let k = 3; k <= l.count; k += 2) if (materialBalance(l.positions[k], solver) < start) return true;
  return false;
}

/** The model's value before rounding and clamping (what least squares fits). */
export function linearRating(f: Readonly<Record<RatingFeature, number>>, m: Pick<RatingModel, 'intercept' | 'weights'>): number {
  let v = m.intercept;
  for (const k of RATING_FEATURES) v += m.weights[k] * f[k];
  return v;
}

/** The model's rating for these features, rounded and clamped. */
export function rateFeatures(f: Readonly<Record<RatingFeature, number>>, m: RatingModel): number {
  return Math.round(Math.min(RATING_MAX, Math.max(RATING_MIN, linearRating(f, m))));
}

/**
 * Fitted on the 5,259 lichess sample puzzles of the fitting half, the engine's features left out;
 * deviation the RMSE on the 5,148 held out.
 */
export const STATIC_MODEL: RatingModel = {
  intercept: 1046,
  weights: {
    solverMoves: 157,
    mate: -275,
    mateIn1: -75,
    capture: -30,
    check: -191,
    quiet: 71,
    promotion: 82,
    laterQuiet: 137,
    checks: 130,
    sacrifice: -31,
    logLegal: 106,
    pieces: 12,
    stage1Found: -211,
    hangingPiece: 44,
    fork: -99,
    pin: 53,
    discoveredAttack: 18,
    skewer: -109,
    endgame: -91,
    crushing: 0,
    advantage: 0,
    gap: 0,
    settled: 0,
  },
  deviation: 381,
};

/**
 * STATIC_MODEL's weights, and the engine's four (and the intercept) fitted over what it leaves on the 1,329
 * puzzles of the fitting half among every 4th lichess sample puzzle (Stockfish 15.1, multipv 2 at 100,000
 * nodes); deviation the RMSE on the 1,273 held out.
 */
export const ENGINE_MODEL: RatingModel = {
  intercept: 1089,
  weights: {
    ...STATIC_MODEL.weights,
    crushing: -166,
    advantage: -64,
    gap: -63,
    settled: 22,
  },
  deviation: 376,
};

/** The puzzle's rating and its deviation: the engine's model when the engine saw P, else the static one. */
export function puzzleRating(r: RatingInput): { rating: number; deviation: number } {
  const m = r.gap === null ? STATIC_MODEL : ENGINE_MODEL;
  return { rating: rateFeatures(ratingFeatures(r), m), deviation: m.deviation };
}
