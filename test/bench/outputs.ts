// npm run bench (last part) — JSONL against Parquet on the same games, in CPU time of this one process
// (other processes on the machine do not count against it): what each costs the workers (formatting,
// or building columns and their Arrow IPC bytes; measured against the analysis alone) and what it costs
// the main thread (JSONL: UTF-8 encoding and the file write; Parquet: the encoder and the file write), as
// positions/s; then
// the file sizes against the JSONL compressed by `zstd -3`, and both formats end to end through the CLI.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, closeSync, readFileSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { decompress } from 'fzstd';
import { GameAnalyzer } from '../../src/analysis/game.js';
import { installNewTables, tablesInstalled } from '../../src/core/attacks.js';
import { ALL_MOTIFS } from '../../src/motifs/filter.js';
import type { OutputKind } from '../../src/output/formats.js';
import { ipcWriter } from '../../src/output/parquet-arrow.js';
import { ParquetWriter } from '../../src/output/parquet.js';
import { BatchSink } from '../../src/pipeline/sinks.js';
import { CLI, ROOT } from '../helpers/cli.js';
import { corpusPath, readCorpusBytes, splitGames } from '../helpers/corpus.js';

function pathOf(file: string): string {
  return file.startsWith('fixtures/') ? resolve(ROOT, file) : corpusPath(file);
}

function bytesOf(file: string): Uint8Array {
  return file.startsWith('fixtures/') ? decompress(readFileSync(pathOf(file))) : readCorpusBytes(file);
}

// the bundled sample, and a large corpus file (fixtures/… from the repository, else from the shared corpus)
const FILES = (process.env.BENCH_OUTPUT_FILES ?? 'fixtures/sample/lichess-2016-05-3000.pgn.zst,games/lichess-DrNykterstein-DrDrunkenstein.pgn.zst').split(',');
const BATCH = 256;
const dir = mkdtempSync(join(tmpdir(), 'pgn-xray-bench-out-'));

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** A batch as a worker hands it over: JSONL text, or Parquet's Arrow IPC bytes. */
interface Handed {
  text: string;
  parquet: Uint8Array | null;
}

/** What the workers hand over, batch by batch, and the CPU time it took (analysis included). */
function analyse(games: Uint8Array[], kind: OutputKind): { batches: Handed[]; ms: number; tagged: number } {
  const analyzer = new GameAnalyzer({ allPositions: false, filter: ALL_MOTIFS, moves: kind !== 'none' });
  const sink = BatchSink.of(kind);
  const toIpc = ipcWriter([]);
  const batches: Handed[] = [];
  let tagged = 0;
  const t0 = cpuMs();
  for (let i = 0; i < games.length; i += BATCH) {
    for (let k = i; k < Math.min(i + BATCH, games.length); k++) analyzer.pgn(games[k], k + 1, sink);
    const out = sink.take();
    tagged += out.stats.toJSON().taggedPositions;
    batches.push({ text: out.text, parquet: out.parquet && toIpc(out.parquet) });
  }
  return { batches, ms: cpuMs() - t0, tagged };
}

/** The main thread's part: JSONL text encoded and written; Parquet batches encoded and written. */
async function write(batches: Handed[], kind: 'jsonl' | 'parquet', path: string): Promise<number> {
  const t0 = cpuMs();
  if (kind === 'jsonl') {
    const fd = openSync(path, 'w');
    for (const b of batches) writeSync(fd, Buffer.from(b.text, 'utf8'));
    closeSync(fd);
  } else {
    const w = await ParquetWriter.open(path, []);
    for (const b of batches) await w.add(b.parquet!);
    await w.close();
  }
  return cpuMs() - t0;
}

const rate = (n: number, ms: number): string => Math.round((n / ms) * 1000).toLocaleString('en').padStart(11);
const mb = (bytes: number): string => (bytes / 1e6).toFixed(2).padStart(7) + ' MB';

async function inProcess(file: string): Promise<void> {
  const games = splitGames(bytesOf(file)).map((g) => g.bytes);
  analyse(games.slice(0, 300), 'jsonl'); // warm-up
  analyse(games.slice(0, 300), 'parquet');
  // the workers' part: the best of three runs of each kind, the analysis alone measured between them
  const runs = { none: [] as number[], jsonl: [] as number[], parquet: [] as number[] };
  const last: Partial<Record<'none' | 'jsonl' | 'parquet', ReturnType<typeof analyse>>> = {};
  for (let r = 0; r < 3; r++) {
    for (const kind of ['none', 'jsonl', 'parquet'] as const) {
      last[kind] = analyse(games, kind);
      runs[kind].push(last[kind].ms);
    }
  }
  const best = (k: keyof typeof runs): number => Math.min(...runs[k]);
  const base = { ms: best('none'), tagged: last.none!.tagged };
  const name = file.split('/').pop()!.replace(/\.pgn(\.zst)?$/, '');
  console.log(`${name}: ${games.length} games, ${base.tagged.toLocaleString('en')} tagged positions written; analysis alone ${base.ms.toFixed(0)} ms`);
  const sizes: Record<string, number> = {};
  for (const kind of ['jsonl', 'parquet'] as const) {
    const a = last[kind]!;
    const path = join(dir, `${name}.${kind}`);
    await write(a.batches, kind, path); // warm-up of the writer (the encoder's code is compiled on first use)
    const mainMs = Math.min(await write(a.batches, kind, path), await write(a.batches, kind, path));
    const workerMs = Math.max(best(kind) - base.ms, 1);
    sizes[kind] = statSync(path).size;
    console.log(`  ${kind.padEnd(8)} workers ${rate(a.tagged, workerMs)} pos/s   main thread ${rate(a.tagged, mainMs)} pos/s   both ${rate(a.tagged, workerMs + mainMs)} pos/s   ${mb(sizes[kind])}`);
  }
  const zst = join(dir, `${name}.jsonl.zst`);
  spawnSync('zstd', ['-3', '-q', '-f', join(dir, `${name}.jsonl`), '-o', zst]);
  const z = statSync(zst).size;
  console.log(`  zstd -3 of the JSONL ${mb(z)}; Parquet ${((sizes.parquet / z) * 100).toFixed(0)}% of it (target < 100%)`);
}

/** Both formats through the CLI, -j 2: wall clock and CPU of the whole process tree. */
function endToEnd(file: string): void {
  for (const kind of ['jsonl', 'parquet']) {
    const t0 = performance.now();
    const r = spawnSync('bash', ['-c', `time -p node ${CLI} ${pathOf(file)} -f ${kind} -q -j 2 -o ${join(dir, 'cli.' + kind)}`], { encoding: 'utf8' });
    const wall = (performance.now() - t0) / 1000;
    const cpu = /user ([\d.]+)\s+sys ([\d.]+)/.exec(r.stderr);
    console.log(`  CLI -f ${kind.padEnd(8)} ${wall.toFixed(1)} s wall, ${cpu ? (Number(cpu[1]) + Number(cpu[2])).toFixed(1) : '?'} s CPU`);
  }
}

async function main(): Promise<void> {
  if (!tablesInstalled()) installNewTables();
  console.log(`JSONL and Parquet writers — node ${process.version}; CPU time, one thread; pos/s = tagged positions written per second`);
  for (const f of FILES) await inProcess(f);
  console.log(`end to end on ${FILES.at(-1)} (target: Parquet as fast as JSONL):`);
  endToEnd(FILES.at(-1)!);
}

await main();
