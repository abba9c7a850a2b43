// npm run bench (last part) — JSONL against Parquet on the same tagged positions, each stage alone on
// positions captured from the real analysis (test/bench/capture.ts), in interleaved rounds
// (test/bench/measure.ts), CPU time of this process: what each format costs a worker (formatting, or
// building columns and their Arrow IPC bytes, per batch of 256 games) and what it costs the main thread
// (JSONL: UTF-8 encoding and the file write; Parquet: the encoder and the file write), as tagged
// positions/s with the Parquet/JSONL ratio taken within each round; then the file sizes against the JSONL
// compressed by `zstd -3`, and both formats end to end through the CLI, interleaved.
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { decompress } from 'fzstd';
import type { GameInfo, GameText, PositionView } from '../../src/analysis/view.js';
import { installNewTables, tablesInstalled } from '../../src/core/attacks.js';
import { JsonlFormatter } from '../../src/output/jsonl.js';
import { ipcWriter } from '../../src/output/parquet-arrow.js';
import { ParquetColumns } from '../../src/output/parquet-columns.js';
import { ParquetWriter } from '../../src/output/parquet.js';
import { CLI, ROOT } from '../helpers/cli.js';
import { corpusPath, readCorpusBytes, splitGames } from '../helpers/corpus.js';
import { captureGames, replayCapture, type CapturedGame } from './capture.js';
import {
  cpuMs,
  cpuOf,
  interleave,
  interleaveAsync,
  load,
  num,
  QUICK,
  ratios,
  rounds,
  show,
  spread,
  timedCli,
  type Spread,
} from './measure.js';

function pathOf(file: string): string {
  return file.startsWith('fixtures/') ? resolve(ROOT, file) : corpusPath(file);
}

function bytesOf(file: string): Uint8Array {
  return file.startsWith('fixtures/') ? decompress(readFileSync(pathOf(file))) : readCorpusBytes(file);
}

// the bundled sample, and a large corpus file (fixtures/… from the repository, else from the shared
// corpus); BENCH_QUICK: a corpus file of 298 games
const FILES = (
  process.env.BENCH_OUTPUT_FILES ??
  (QUICK
    ? 'games/lichess-db-2017-05-no-event-tag-clocks.pgn'
    : 'fixtures/sample/lichess-2016-05-3000.pgn.zst,games/lichess-DrNykterstein-DrDrunkenstein.pgn.zst')
).split(',');
const BATCH = 256;
/** Tagged positions captured per file at most (each holds a copy of its position). */
const MAX_TAGGED = QUICK ? 20_000 : 150_000;
const dir = mkdtempSync(join(tmpdir(), 'pgn-xray-bench-out-'));

/** What a format does with each game and each written position in a worker. */
interface RowSink {
  beginGame(info: GameInfo): void;
  position(v: PositionView): void;
  endGame(text: GameText): void;
}

/** The captured games into `sink`, and `take` after every BATCH games, as a worker hands batches over. */
function batched<T>(games: readonly CapturedGame[], sink: RowSink, take: () => T): T[] {
  const out: T[] = [];
  let inBatch = 0;
  replayCapture(games, {
    beginGame: (info) => sink.beginGame(info),
    position: (v) => sink.position(v),
    endGame: (text) => {
      sink.endGame(text);
      if (++inBatch === BATCH) {
        out.push(take());
        inBatch = 0;
      }
    },
  });
  if (inBatch > 0) out.push(take());
  return out;
}

/** A worker's part of JSONL: the batches' bytes. */
function jsonlBatches(games: readonly CapturedGame[]): Uint8Array[] {
  const f = new JsonlFormatter();
  return batched(games, f, () => f.take());
}

/** A worker's part of Parquet: the batches' columns (SAN and UCI written from the move, as JSONL does) as Arrow IPC bytes. */
function parquetBatches(games: readonly CapturedGame[]): Uint8Array[] {
  const columns = new ParquetColumns();
  const toIpc = ipcWriter({ tags: [], shard: false });
  const sink = {
    beginGame: (i: GameInfo) => columns.beginGame(i),
    position: (v: PositionView) => columns.position(v),
    endGame: () => undefined,
  };
  return batched(games, sink, () => toIpc(columns.take()));
}

/** The main thread's part: the JSONL batches' bytes written. */
function writeJsonl(batches: readonly Uint8Array[], path: string): void {
  const fd = openSync(path, 'w');
  for (const b of batches) writeSync(fd, b);
  closeSync(fd);
}

/** The main thread's part: Parquet batches encoded and written; CPU ms. */
async function writeParquet(batches: readonly Uint8Array[], path: string): Promise<number> {
  const t0 = cpuMs();
  const w = await ParquetWriter.open(path, { tags: [], shard: false });
  for (const b of batches) await w.add(b);
  await w.close();
  return cpuMs() - t0;
}

const rate = (n: number, ms: number[]): Spread => spread(ms.map((t) => (n / t) * 1000));
const pct = (s: Spread): string => show(s, (x) => (x * 100).toFixed(0) + '%');
const mb = (bytes: number): string => (bytes / 1e6).toFixed(2) + ' MB';

async function inProcess(file: string): Promise<void> {
  const games = splitGames(bytesOf(file)).map((g) => g.bytes);
  const capture = captureGames(games, { positions: 0, tagged: MAX_TAGGED });
  const n = capture.tagged;
  const name = file
    .split('/')
    .pop()!
    .replace(/\.pgn(\.zst)?$/, '');
  const r = rounds(5);
  console.log(
    `${name}: ${num(n)} tagged positions of ${num(capture.games.length)} games${capture.games.length < games.length ? ` (of ${num(games.length)})` : ''}, ${r} rounds; tagged positions/s in CPU time`,
  );
  let jsonl: Uint8Array[] = [];
  let parquet: Uint8Array[] = [];
  const [wj, wp] = interleave(
    r,
    [() => cpuOf(() => (jsonl = jsonlBatches(capture.games))), () => cpuOf(() => (parquet = parquetBatches(capture.games)))],
    true,
  );
  const paths = { jsonl: join(dir, `${name}.jsonl`), parquet: join(dir, `${name}.parquet`) };
  const [mj, mp] = await interleaveAsync(
    r,
    [async () => cpuOf(() => writeJsonl(jsonl, paths.jsonl)), () => writeParquet(parquet, paths.parquet)],
    true,
  );
  console.log(`  worker  JSONL ${show(rate(n, wj))}   Parquet ${show(rate(n, wp))}   Parquet/JSONL speed ${pct(spread(ratios(wj, wp)))}`);
  console.log(`  main    JSONL ${show(rate(n, mj))}   Parquet ${show(rate(n, mp))}   Parquet/JSONL speed ${pct(spread(ratios(mj, mp)))}`);
  const zst = `${paths.jsonl}.zst`;
  spawnSync('zstd', ['-3', '-q', '-f', paths.jsonl, '-o', zst]);
  const [j, p, z] = [paths.jsonl, paths.parquet, zst].map((f) => statSync(f).size);
  console.log(
    `  sizes: JSONL ${mb(j)}, zstd -3 of it ${mb(z)}, Parquet ${mb(p)} = ${((p / z) * 100).toFixed(0)}% of the zstd JSONL (target < 100%)`,
  );
}

/** Both formats through the CLI, -j 2, interleaved: wall clock and CPU of the whole process. */
function endToEnd(file: string): void {
  const r = rounds(5);
  // the formats' own cost: the verdicts' search (the same for both) would hide it
  const run = (kind: string) => () =>
    timedCli(CLI, [pathOf(file), '-f', kind, '-q', '--no-tactics', '-j', '2', '-o', join(dir, 'cli.' + kind)]);
  const [j, p] = interleave(r, [run('jsonl'), run('parquet')]);
  console.log(`end to end on ${file}, --no-tactics, -j 2, ${r} rounds (target: Parquet as fast as JSONL):`);
  for (const [kind, rs] of [
    ['jsonl', j],
    ['parquet', p],
  ] as const) {
    console.log(
      `  CLI -f ${kind.padEnd(8)} ${show(spread(rs.map((x) => x.wall)), (x) => x.toFixed(2))} s wall, ${show(spread(rs.map((x) => x.cpu)), (x) => x.toFixed(2))} s CPU (GNU time)`,
    );
  }
  console.log(
    `  Parquet/JSONL wall time within each round: ${pct(
      spread(
        ratios(
          p.map((x) => x.wall),
          j.map((x) => x.wall),
        ),
      ),
    )}`,
  );
}

async function main(): Promise<void> {
  if (!tablesInstalled()) installNewTables();
  console.log(`JSONL and Parquet writers — node ${process.version}; one thread, CPU time, each stage alone on captured positions`);
  console.log(load('start'));
  try {
    for (const f of FILES) await inProcess(f);
    endToEnd(FILES.at(-1)!);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(load('end'));
}

await main();
