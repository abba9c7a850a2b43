// What the main thread's game splitting costs a parallel run in wall time: the same batches analysed by
// the pool (-f none, all motifs), once split while they are dispatched ('live', as a run does, minus the
// decoding) and once split beforehand ('presplit', the main thread only dispatches and reorders). The
// difference bounds what moving the split off the main thread could gain: moved into the workers, the
// same work would still need the same cores. Also 'starved': the share of the time until the last
// dispatch when fewer batches were unfinished than there are workers, so that a worker may have waited
// for the main thread. Interleaved rounds; wall and process CPU, medians and ranges.
//   npx tsc -p tsconfig.json && node dist/test/tools/split-cost.js [--file F.pgn[.zst]] [--runs N] [--threads T]
import { installNewTables } from '../../src/core/attacks.js';
import { ALL_MOTIFS } from '../../src/motifs/filter.js';
import { Stats } from '../../src/stats/stats.js';
import { DEFAULT_MAX_GAME_BYTES } from '../../src/pgn/splitter.js';
import type { Batch, BatchResult } from '../../src/pipeline/batch.js';
import { inputBatches } from '../../src/pipeline/batches.js';
import { AnalysisPool } from '../../src/pipeline/pool.js';
import { InOrder } from '../../src/pipeline/reorder.js';
import { BIG_FILE, cpuMs, option, readChunks, summary } from './measure.js';

const args = process.argv.slice(2);
const file = option(args, '--file', BIG_FILE);
const runs = Number(option(args, '--runs', '5'));
const threads = Number(option(args, '--threads', '2'));

async function* batchesOf(chunks: Uint8Array[]): AsyncGenerator<Batch> {
  async function* source(): AsyncGenerator<Uint8Array> {
    yield* chunks;
  }
  const o = { base: () => 0, maxGameBytes: DEFAULT_MAX_GAME_BYTES, batchGames: 256, batchBytes: 1 << 19 };
  yield* inputBatches(file, source(), o, () => false);
}

/** Time with fewer unfinished batches than workers, until the last dispatch. */
class Starvation {
  private unfinished = 0;
  private since = performance.now();
  starvedMs = 0;

  private tick(): void {
    const now = performance.now();
    if (this.unfinished < threads) this.starvedMs += now - this.since;
    this.since = now;
  }

  started<T>(p: Promise<T>): Promise<T> {
    this.tick();
    this.unfinished++;
    void p.then(() => {
      this.tick();
      this.unfinished--;
    });
    return p;
  }
}

/** Dispatches the batches as AnalysisRun does (bounded in flight, results in order). */
async function analyse(
  pool: AnalysisPool,
  batches: AsyncIterable<Batch> | Iterable<Batch>,
): Promise<{ positions: number; starvedMs: number; dispatchMs: number }> {
  const queue = new InOrder<Promise<BatchResult>>(threads * 3);
  const starvation = new Starvation();
  const t0 = performance.now();
  let seq = 0;
  let game = 1;
  let positions = 0;
  const settle = async (r: Promise<BatchResult>): Promise<void> => {
    positions += Stats.fromVector((await r).stats).positions;
  };
  for await (const batch of batches) {
    batch.seq = seq++;
    batch.firstGame = game;
    game += batch.offsets.length;
    const run = pool.start(batch);
    const done = queue.push(starvation.started(run.result.finally(() => pool.finish(run.parts)))); // -f none: no parts
    if (done !== undefined) await settle(done);
  }
  const dispatchMs = performance.now() - t0;
  const starvedMs = starvation.starvedMs;
  for (let next = queue.take(); next !== undefined; next = queue.take()) await settle(next);
  return { positions, starvedMs, dispatchMs };
}

async function main(): Promise<void> {
  const { bytes, chunks } = readChunks(file);
  const presplit: Batch[] = [];
  for await (const b of batchesOf(chunks)) presplit.push(b);
  const pool = new AnalysisPool(threads, {
    tables: installNewTables().buffer,
    options: { output: 'none', allPositions: false, filter: ALL_MOTIFS, verify: false },
  });
  await analyse(pool, presplit.slice(0, threads * 4)); // workers started and warm
  const wall = { live: [] as number[], presplit: [] as number[] };
  const cpu = { live: [] as number[], presplit: [] as number[] };
  const starved = { live: [] as number[], presplit: [] as number[] };
  let positions = 0;
  for (let r = 0; r < runs; r++) {
    for (const mode of r % 2 === 0 ? (['live', 'presplit'] as const) : (['presplit', 'live'] as const)) {
      const t0 = performance.now();
      const c0 = cpuMs();
      const r = await analyse(pool, mode === 'live' ? batchesOf(chunks) : presplit);
      wall[mode].push(performance.now() - t0);
      cpu[mode].push(cpuMs() - c0);
      starved[mode].push((100 * r.starvedMs) / r.dispatchMs);
      positions = r.positions;
    }
  }
  await pool.close();
  console.log(
    `${file}: ${(bytes.length / 1e6).toFixed(1)} MB, ${presplit.length} batches, ${positions} positions, -j${threads}, ${runs} rounds`,
  );
  for (const mode of ['live', 'presplit'] as const) {
    console.log(
      `  ${mode.padEnd(8)}  wall ms ${summary(wall[mode])}   process CPU ms ${summary(cpu[mode])}   starved % ${summary(starved[mode])}`,
    );
  }
  const d = wall.live.map((w, k) => w - wall.presplit[k]);
  console.log(`  live - presplit, per round: wall ms ${summary(d)}`);
}

await main();
