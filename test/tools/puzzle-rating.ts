// npm run puzzles:rating — fits the rating models of src/puzzles/rating.ts on lichess's sample puzzles and
// measures them: the features of every puzzle without the engine, and with Stockfish's view at P (multipv
// 2 at NODES) on every EVERY-th puzzle; least squares on the half whose id hashes to 0, then Spearman's
// rank correlation with lichess's Rating and the RMSE on the other half, with and without the engine's
// features. It prints both models as the TypeScript literals rating.ts holds. With RATING_VIEWS=FILE the
// engine's views are read from FILE when it holds this EVERY and NODES, else computed and written there.
//   node dist/test/tools/puzzle-rating.js [EVERY=4] [NODES=100000] [PROCS=2]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { installNewTables } from '../../src/core/attacks.js';
import { resolveEngine } from '../../src/puzzles/engine-path.js';
import { UciEngine } from '../../src/puzzles/engine.js';
import { ENGINE_FEATURES, ENGINE_MODEL, RATING_FEATURES, type RatingModel, STATIC_MODEL, rateFeatures } from '../../src/puzzles/rating.js';
import { loadLichessPuzzles, type LichessPuzzle } from '../helpers/lichess-puzzles.js';
import { type EngineView, type Rated, engineView, fitModel, heldOut, lichessFeatures, rmse, spearman } from '../helpers/puzzle-rating.js';

const [EVERY, NODES, PROCS] = [4, 100_000, 2].map((d, i) => Number(process.argv[2 + i] ?? d));

/** The engine's view of each puzzle, PROCS engines at a time, in input order. */
async function engineViews(puzzles: LichessPuzzle[]): Promise<EngineView[]> {
  const path = resolveEngine(undefined);
  if (path === null) throw new Error('no stockfish on the PATH nor at /usr/games/stockfish');
  const engines = await Promise.all(Array.from({ length: PROCS }, () => UciEngine.start({ path })));
  const out = new Array<EngineView>(puzzles.length);
  let next = 0;
  await Promise.all(
    engines.map(async (e) => {
      while (next < puzzles.length) {
        const i = next++;
        out[i] = await engineView(e, puzzles[i], NODES);
      }
    }),
  );
  await Promise.all(engines.map((e) => e.quit()));
  return out;
}

/** The engine's views, from RATING_VIEWS when it holds them for this EVERY and NODES. */
async function cachedViews(sample: LichessPuzzle[]): Promise<EngineView[]> {
  const file = process.env.RATING_VIEWS;
  const key = `${EVERY}/${NODES}/depth`;
  if (file !== undefined && existsSync(file)) {
    const cached = JSON.parse(readFileSync(file, 'utf8')) as { key: string; views: EngineView[] };
    if (cached.key === key) return cached.views;
  }
  const views = await engineViews(sample);
  if (file !== undefined) writeFileSync(file, JSON.stringify({ key, views }));
  return views;
}

/** The model's held-out Spearman and RMSE beside the shipped model's; the model with its RMSE as deviation. */
function measure(what: string, rows: Rated[], fit: Omit<RatingModel, 'deviation'>, shipped: RatingModel): RatingModel {
  const test = rows.filter((r) => heldOut(r.id));
  const truth = test.map((r) => r.rating);
  const est = test.map((r) => rateFeatures(r.features, { ...fit, deviation: 0 }));
  const shippedEst = test.map((r) => rateFeatures(r.features, shipped));
  const model = { ...fit, deviation: Math.round(rmse(est, truth)) };
  console.log(
    `${what}: held out ${test.length}: Spearman ${spearman(est, truth).toFixed(3)}, RMSE ${model.deviation}` +
      ` (the shipped model: Spearman ${spearman(shippedEst, truth).toFixed(3)}, RMSE ${rmse(shippedEst, truth).toFixed(0)})`,
  );
  return model;
}

async function main(): Promise<void> {
  installNewTables();
  const all = loadLichessPuzzles();
  let t0 = performance.now();
  const plain = all.map((p) => lichessFeatures(p, null));
  console.log(`${all.length} lichess puzzles: features without the engine in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const sample = all.filter((_, i) => i % EVERY === 0);
  t0 = performance.now();
  const views = await cachedViews(sample);
  console.log(
    `${sample.length} (every ${EVERY}th) with Stockfish, multipv 2 at ${NODES} nodes, ${PROCS} processes: ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  const withEngine = sample.map((p, i) => lichessFeatures(p, views[i]));
  const fitting = (rows: Rated[]): Rated[] => rows.filter((r) => !heldOut(r.id));
  const plainFeatures = RATING_FEATURES.filter((f) => !ENGINE_FEATURES.includes(f));
  const plainFit = fitModel(fitting(plain), plainFeatures);
  console.log(`fitted without the engine on ${fitting(plain).length}, with it on ${fitting(withEngine).length}`);
  const plainModel = measure('without the engine, all puzzles', plain, plainFit, STATIC_MODEL);
  measure('without the engine, the engine sample', withEngine, plainFit, STATIC_MODEL); // its engine weights are 0
  // the engine's few weights on the engine sample, over what the model without them leaves
  const engineModel = measure(
    'with the engine, the engine sample',
    withEngine,
    fitModel(fitting(withEngine), ENGINE_FEATURES, plainFit),
    ENGINE_MODEL,
  );
  console.log(`without the engine: ${JSON.stringify(plainModel)}\nwith the engine: ${JSON.stringify(engineModel)}`);
}

await main();
