// What the main thread's game splitting costs a parallel run in wall time: the same batches analysed by
// the pool (-f none, all motifs), once split while they are dispatched ('live', as a run does, minus the
// decoding) and once split beforehand ('presplit', the main thread only dispatches and reorders). The
// difference bounds what moving the split off the main thread could gain: moved into the workers, the
// same work would still need the same cores. Interleaved rounds; wall and process CPU, medians and ranges.
//   npx tsc -p tsconfig.json && node dist/test/tools/split-cost.js [--file F.pgn[.zst]] [--runs N] [--threads T]
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decompress } from 'fzstd';
import { installNewTables } from '../../src/core/attacks.js';
import { ALL_MOTIFS } from '../../src/motifs/filter.js';
import { DEFAULT_MAX_GAME_BYTES } from '../../src/pgn/splitter.js';
import type { Batch, BatchResult } from '../../src/pipeline/batch.js';
import { inputBatches } from '../../src/pipeline/batches.js';
import { AnalysisPool } from '../../src/pipeline/pool.js';
import { InOrder } from '../../src/pipeline/reorder.js';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const file = option('--file', resolve(here, '../../../../shared/corpus/games/lichess-jishanshaikh4.pgn.zst'));
const runs = Number(option('--runs', '5'));
const threads = Number(option('--threads', '2'));
const CHUNK = 1 << 17; // the zstd decoder's block

async function* batchesOf(chunks: Uint8Array[]): AsyncGenerator<Batch> {
  async function* source(): AsyncGenerator<Uint8Array> {
    yield* chunks;
  }
  const o = { base: () => 0, maxGameBytes: DEFAULT_MAX_GAME_BYTES, batchGames: 256, batchBytes: 1 << 19 };
  yield* inputBatches(file, source(), o, () => false);
}

/** Dispatches the batches as AnalysisRun does (bounded in flight, results in order); the positions seen. */
async function analyse(pool: AnalysisPool, batches: AsyncIterable<Batch> | Iterable<Batch>): Promise<number> {
  const queue = new InOrder<Promise<BatchResult>>(threads * 3);
  let seq = 0;
  let game = 1;
  let positions = 0;
  const settle = async (r: Promise<BatchResult>): Promise<void> => {
    positions += (await r).stats.positions;
  };
  for await (const batch of batches) {
    batch.seq = seq++;
    batch.firstGame = game;
    game += batch.offsets.length;
    const done = queue.push(pool.run(batch));
    if (done !== undefined) await settle(done);
  }
  for (let next = queue.take(); next !== undefined; next = queue.take()) await settle(next);
  return positions;
}

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function summary(xs: number[]): string {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${s[s.length >> 1].toFixed(0)} (${s[0].toFixed(0)}–${s[s.length - 1].toFixed(0)})`;
}

async function main(): Promise<void> {
  const raw = readFileSync(file);
  const bytes = file.endsWith('.zst') ? decompress(raw) : new Uint8Array(raw);
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += CHUNK) chunks.push(bytes.subarray(i, i + CHUNK));
  const presplit: Batch[] = [];
  for await (const b of batchesOf(chunks)) presplit.push(b);
  const pool = new AnalysisPool(threads, { tables: installNewTables().buffer, options: { output: 'none', allPositions: false, filter: ALL_MOTIFS, verify: false } });
  await analyse(pool, presplit.slice(0, threads * 4)); // workers started and warm
  const wall = { live: [] as number[], presplit: [] as number[] };
  const cpu = { live: [] as number[], presplit: [] as number[] };
  let positions = 0;
  for (let r = 0; r < runs; r++) {
    for (const mode of r % 2 === 0 ? (['live', 'presplit'] as const) : (['presplit', 'live'] as const)) {
      const t0 = performance.now();
      const c0 = cpuMs();
      positions = await analyse(pool, mode === 'live' ? batchesOf(chunks) : presplit);
      wall[mode].push(performance.now() - t0);
      cpu[mode].push(cpuMs() - c0);
    }
  }
  await pool.close();
  console.log(`${file}: ${(bytes.length / 1e6).toFixed(1)} MB, ${presplit.length} batches, ${positions} positions, -j${threads}, ${runs} rounds`);
  for (const mode of ['live', 'presplit'] as const) console.log(`  ${mode.padEnd(8)}  wall ms ${summary(wall[mode])}   process CPU ms ${summary(cpu[mode])}`);
  const d = wall.live.map((w, k) => w - wall.presplit[k]);
  console.log(`  live - presplit, per round: wall ms ${summary(d)}`);
}

await main();
