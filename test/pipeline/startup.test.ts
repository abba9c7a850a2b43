// What a run loads, from Node's own module log (NODE_DEBUG=esm,module, every thread's loads on stderr):
// a plain analysis loads no package it does not use (chess.js and pgn-parser only for --verify or a
// syntax diagnosis, Arrow and parquet-wasm only for -f parquet, vega only for --report, cli-progress only
// with a progress bar), no other subcommand, and starts one worker for a file of one batch, which loads the
// worker's module by import() (never a synchronous require(), workers/entry.cts says why); the workers a
// run starts at once, before its first batch, are those the inputs' stored sizes say will be busy; when
// they fill the cores they compile in their own threads (V8's --trace-opt tells the mode of each compile).
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileInput, memoryInput, shardInput, streamInput } from '../../src/input/inputs.js';
import { workersFillCores } from '../../src/pipeline/pool.js';
import { surelyBusy } from '../../src/pipeline/run.js';
import { CLI, ROOT } from '../helpers/cli.js';
import { corpusPath } from '../helpers/corpus.js';
import { tempDir } from '../helpers/temp.js';

const dir = tempDir('startup');
const SMALL = corpusPath('games/mliebelt-32games.pgn'); // 32 games: one batch

/**
 * The packages and our own compiled modules a run loaded, how many workers it started, and how many of
 * those require()d the worker's ES module (synchronously) instead of loading it by import().
 */
function loads(args: string[]): { packages: Set<string>; ours: Set<string>; workers: number; required: number } {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_DEBUG: 'esm,module' },
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  expect(r.status).toBe(0);
  const log = r.stderr;
  const packages = new Set([...log.matchAll(/node_modules\/((?:@[\w.-]+\/)?[\w.-]+)/g)].map((m) => m[1]));
  const ours = new Set([...log.matchAll(/dist\/(src\/[\w/.-]+\.js)/g)].map((m) => m[1]));
  // each worker it starts loads the worker's module once: the bundle (the build made it), by the ES module
  // loader, which logs its translation once per load (Node 24 logs storing it in its map twice, Node 20 once)
  const lines = log.split('\n');
  const workers = lines.filter((l) => /^ESM \d+: Translating StandardModule \S*dist\/bundle\/analyze\.js\b/.test(l)).length;
  const required = lines.filter((l) => /Module\._load REQUEST \S*dist\/bundle\/analyze\.js/.test(l)).length;
  return { packages, ours, workers, required };
}

const HEAVY = ['chess.js', 'pgn-parser', 'apache-arrow', 'parquet-wasm', 'vega', 'vega-lite', 'cli-progress'];

describe('start-up', () => {
  it('a plain run loads only what it uses and one worker for one batch', () => {
    const l = loads([SMALL, '-f', 'none', '-q', '-j', '2', '--stats', join(dir, 's.json')]);
    expect(l.packages.has('piscina')).toBe(true); // the log shows package loads at all
    for (const p of HEAVY) expect(l.packages.has(p), p).toBe(false);
    for (const m of ['src/report/html.js', 'src/cli/perft.js', 'src/cli/merge-stats.js']) expect(l.ours.has(m), m).toBe(false);
    expect(l.workers).toBe(1);
    // by import(), never by require(): Node's synchronous require() of an ES module aborted the process when
    // the pool closed while a worker still loaded it (FATAL ERROR ... IsGraphAsync; workers/entry.cts)
    expect(l.required).toBe(0);
  });

  it('loads chess.js and pgn-parser for --verify, the report code for --report, and starts every worker for many batches', () => {
    const l = loads([SMALL, '-f', 'none', '-q', '-j', '2', '--batch-games', '8', '--verify', '--report', join(dir, 'r.html')]);
    expect(l.packages.has('chess.js')).toBe(true);
    expect(l.packages.has('pgn-parser')).toBe(true);
    expect(l.ours.has('src/report/html.js')).toBe(true);
    expect(l.workers).toBe(2);
    expect(l.required).toBe(0);
  });
});

describe('workers started at once', () => {
  const big = corpusPath('games/pgnmentor-style-Fischer.pgn');
  const batches = (size: number, batch: number): number => Math.ceil(size / batch);

  it('one batch of stored bytes per worker, counted over every input', () => {
    const size = statSync(big).size; // 550,330 bytes
    expect(surelyBusy([fileInput(SMALL)], 1 << 19)).toBe(1);
    expect(surelyBusy([fileInput(big)], 1 << 19)).toBe(batches(size, 1 << 19));
    expect(surelyBusy([fileInput(big)], 1 << 16)).toBe(batches(size, 1 << 16));
    expect(surelyBusy([fileInput(SMALL), fileInput(big)], 1 << 19)).toBe(1 + batches(size, 1 << 19));
    expect(surelyBusy([shardInput(big, { index: 1, count: 4 })], 1 << 16)).toBe(batches(Math.floor(size / 4), 1 << 16));
  });

  it('one for what has no size beforehand (stdin, a stream), none for nothing', () => {
    expect(surelyBusy([fileInput('-')], 1 << 19)).toBe(1);
    expect(surelyBusy([streamInput('s', Readable.from([]))], 1 << 19)).toBe(1);
    expect(surelyBusy([fileInput(join(dir, 'missing.pgn'))], 1 << 19)).toBe(1);
    expect(surelyBusy([memoryInput('m', '')], 1 << 19)).toBe(0);
  });
});

describe('where the workers compile their optimized code', () => {
  const big = corpusPath('games/pgnmentor-style-Fischer.pgn'); // 2 batches of stored bytes
  const cores = availableParallelism();
  const copies = Array.from({ length: Math.ceil(cores / 2) }, () => big); // a batch for every core

  /** V8's compilation modes in a run, from its --trace-opt lines on stdout. */
  function modes(args: string[]): Set<string> {
    const r = spawnSync(process.execPath, ['--trace-opt', ...args], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28 });
    expect(r.status, r.stderr).toBe(0);
    return new Set([...r.stdout.matchAll(/mode: ConcurrencyMode::(\w+)/g)].map((m) => m[1]));
  }

  it('in their own threads when the workers started at once fill the cores', () => {
    expect(workersFillCores(2, 2, 2)).toBe(true);
    expect(workersFillCores(1, 2, 2)).toBe(false); // one busy worker: the other core compiles
    expect(workersFillCores(5, 1, 2)).toBe(false); // -j 1
    expect(workersFillCores(8, 8, 4)).toBe(true);
    const m = modes([CLI, ...copies, '-f', 'none', '-q', '-j', String(cores)]);
    expect(m.has('kSynchronous')).toBe(true); // the workers'
    expect(m.has('kConcurrent')).toBe(true); // the main thread's: its isolate keeps its background compiler
  });

  it.skipIf(cores < 2)('on background threads for a one-batch file, and always for a library caller', () => {
    expect(modes([CLI, SMALL, '-f', 'none', '-q', '-j', String(cores)]).has('kSynchronous')).toBe(false);
    const library = `import { analyze } from ${JSON.stringify(join(ROOT, 'dist/src/index.js'))};
      for await (const r of analyze(${JSON.stringify(copies)}, { threads: ${cores} })) void r;`;
    expect(modes(['--input-type=module', '-e', library]).has('kSynchronous')).toBe(false);
  });
});
