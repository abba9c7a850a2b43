// Main-thread cost of splitting and batching, the work the main thread does per input byte besides
// decoding: the splitter alone (push every chunk, count the games) and inputBatches (splitter + batch
// builder, every batch taken). CPU time (process.cpuUsage, user + sys) of this process, which runs
// nothing else meanwhile; median and range over interleaved repeats, one build after another in each
// round, so that load on the machine falls on all builds alike.
//   npx tsc -p tsconfig.json && node dist/test/tools/split-bench.js [--file F.pgn[.zst]] [--runs N] [DIST ...]
// DIST: built trees to compare (default: this one), e.g. an older commit built elsewhere.
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BIG_FILE, CHUNK, cpuMs, option, readChunks, summary } from './measure.js';

interface Build {
  name: string;
  splitter: typeof import('../../src/pgn/splitter.js');
  batches: typeof import('../../src/pipeline/batches.js');
}

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const file = option(args, '--file', BIG_FILE);
const runs = Number(option(args, '--runs', '7'));
const dists = args.length > 0 ? args : [resolve(here, '../..')];

function splitOnly(b: Build, chunks: Uint8Array[]): number {
  let games = 0;
  const splitter = new b.splitter.GameSplitter();
  for (const c of chunks) splitter.push(c, () => games++);
  splitter.end(() => games++);
  return games;
}

async function batched(b: Build, chunks: Uint8Array[]): Promise<number> {
  async function* source(): AsyncGenerator<Uint8Array> {
    yield* chunks;
  }
  const o = { base: () => 0, maxGameBytes: b.splitter.DEFAULT_MAX_GAME_BYTES, batchGames: 256, batchBytes: 1 << 19 };
  let games = 0;
  for await (const batch of b.batches.inputBatches(file, source(), o, () => false)) games += batch.offsets.length;
  return games;
}

async function main(): Promise<void> {
  const { bytes, chunks } = readChunks(file);
  const builds: Build[] = [];
  for (const d of dists) {
    const url = (p: string): string => pathToFileURL(resolve(d, p)).href;
    builds.push({ name: d, splitter: await import(url('src/pgn/splitter.js')), batches: await import(url('src/pipeline/batches.js')) });
  }
  console.log(`${file}: ${(bytes.length / 1e6).toFixed(1)} MB in ${CHUNK}-byte chunks, ${runs} rounds`);
  const split = builds.map(() => [] as number[]);
  const batch = builds.map(() => [] as number[]);
  const games = builds.map(() => [0, 0]);
  for (let r = -1; r < runs; r++) {
    // round -1 warms up
    for (let k = 0; k < builds.length; k++) {
      let t = cpuMs();
      games[k][0] = splitOnly(builds[k], chunks);
      if (r >= 0) split[k].push(cpuMs() - t);
      t = cpuMs();
      games[k][1] = await batched(builds[k], chunks);
      if (r >= 0) batch[k].push(cpuMs() - t);
    }
  }
  builds.forEach((b, k) => {
    console.log(`${b.name}: ${games[k][0]} games`);
    console.log(`  splitter alone:      CPU ms ${summary(split[k])}`);
    console.log(`  splitter + batches:  CPU ms ${summary(batch[k])}`);
  });
}

await main();
