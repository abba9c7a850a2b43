// The puzzle rating (src/puzzles/rating.ts): on fixed features, both models rate longer lines and, with the
// engine, smaller gaps between the best and second moves as harder, and stay integers within bounds; on the
// held-out half of the lichess samples the repository holds, the model without the engine ranks puzzles as
// lichess's ratings do, to a floor just under what test/tools/puzzle-rating.ts measured.
import { describe, expect, it } from 'vitest';
import {
  ENGINE_MODEL,
  RATING_FEATURES,
  RATING_MAX,
  RATING_MIN,
  type RatingFeature,
  type RatingModel,
  STATIC_MODEL,
  puzzleRating,
  rateFeatures,
} from '../../src/puzzles/rating.js';
import { FIXTURE_SAMPLES, loadLichessPuzzles } from '../helpers/lichess-puzzles.js';
import { heldOut, lichessFeatures, spearman } from '../helpers/puzzle-rating.js';
import { random01 } from '../helpers/random.js';

type Features = Record<RatingFeature, number>;

/** A material puzzle: a capture, 30 legal moves, 20 pieces, stage 1 finding it, a clear engine gap. */
const BASE: Features = {
  ...(Object.fromEntries(RATING_FEATURES.map((f) => [f, 0])) as Features),
  solverMoves: 2,
  capture: 1,
  logLegal: Math.log(30),
  pieces: 20 / 32,
  stage1Found: 1,
  crushing: 1,
  gap: 0.8,
  settled: 8,
};

const MODELS: [string, RatingModel][] = [
  ['with the engine', ENGINE_MODEL],
  ['without the engine', STATIC_MODEL],
];

describe('rating models', () => {
  it.each(MODELS)('%s: a longer line rates harder, step by step, and strictly from 1 to 8 moves', (_, m) => {
    const r = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => rateFeatures({ ...BASE, solverMoves: n }, m));
    for (let i = 1; i < r.length; i++) expect(r[i]).toBeGreaterThanOrEqual(r[i - 1]);
    expect(r[7]).toBeGreaterThan(r[0]);
  });

  it('with the engine: a smaller gap to the second move, or a later settling depth, rates harder', () => {
    const byGap = [2, 1.5, 1, 0.8, 0.6, 0.5, 0.3, 0.1, 0].map((gap) => rateFeatures({ ...BASE, gap }, ENGINE_MODEL));
    for (let i = 1; i < byGap.length; i++) expect(byGap[i]).toBeGreaterThanOrEqual(byGap[i - 1]);
    expect(byGap.at(-1)).toBeGreaterThan(byGap[0]);
    const byDepth = [1, 5, 10, 20, 30].map((settled) => rateFeatures({ ...BASE, settled }, ENGINE_MODEL));
    for (let i = 1; i < byDepth.length; i++) expect(byDepth[i]).toBeGreaterThanOrEqual(byDepth[i - 1]);
    expect(byDepth.at(-1)).toBeGreaterThan(byDepth[0]);
  });

  it.each(MODELS)('%s: integers within bounds for any features in their ranges, with a deviation over 0', (_, m) => {
    const rnd = random01(7);
    const ranges: Partial<Record<RatingFeature, number>> = { solverMoves: 8, logLegal: Math.log(218), gap: 2, settled: 30 };
    for (let i = 0; i < 2000; i++) {
      const f = Object.fromEntries(
        RATING_FEATURES.map((k) => [k, ranges[k] === undefined ? (rnd() < 0.5 ? 0 : 1) : rnd() * ranges[k]!]),
      ) as Features;
      const r = rateFeatures(f, m);
      expect(Number.isInteger(r)).toBe(true);
      expect(r).toBeGreaterThanOrEqual(RATING_MIN);
      expect(r).toBeLessThanOrEqual(RATING_MAX);
    }
    expect(Number.isInteger(m.deviation) && m.deviation > 0).toBe(true);
  });

  it('takes the model without the engine when the engine never saw the position', () => {
    const p = {
      fenBefore: 'r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR b KQkq - 3 3',
      moves: ['a7a6', 'f3f7'],
      chess960: false,
      mateIn: 1,
      themes: ['mate', 'mateIn1', 'oneMove', 'opening'],
      stage1Found: true,
    };
    expect(puzzleRating({ ...p, gap: null, settled: null }).deviation).toBe(STATIC_MODEL.deviation);
    expect(puzzleRating({ ...p, gap: 1.2, settled: 3 }).deviation).toBe(ENGINE_MODEL.deviation);
  });
});

describe('on lichess puzzles', () => {
  it("ranks the held-out half of the repository's samples as lichess's ratings do (Spearman, no engine)", () => {
    const test = loadLichessPuzzles(FIXTURE_SAMPLES).filter((p) => heldOut(p.id));
    const rows = test.map((p) => lichessFeatures(p, null));
    const rho = spearman(
      rows.map((r) => rateFeatures(r.features, STATIC_MODEL)),
      rows.map((r) => r.rating),
    );
    expect(test.length).toBeGreaterThan(900);
    expect(rho).toBeGreaterThanOrEqual(SPEARMAN_FLOOR);
  });
});

/** Measured 0.568 on these 973 puzzles with the shipped weights (0.684 on all five samples' held-out half), less a margin. */
const SPEARMAN_FLOOR = 0.55;
