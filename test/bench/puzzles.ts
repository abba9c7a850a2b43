// npm run puzzles:bench — the puzzle generator on the bundled 3,000-game sample with 2 engine processes:
// the time to the first 150 verified puzzles (the goal; BENCH_MAX_PUZZLES=0 runs the whole sample, which
// takes over an hour at the default nodes), candidates per game, engine nodes per puzzle, stage 1's share of
// positions and its CPU per position; then what stage 1 saves, measured: on the sample's first 100 games, puzzles per
// engine-CPU-minute with stage 1 against the engine on every position (--every-position); and the
// precision of a sample of the puzzles written (BENCH_PRECISION_PUZZLES, default 30, spread over them; 0
// skips it): the share that holds under the independent Stockfish check of `npm run puzzles:precision`
// (3,000,000 nodes, multipv 2, Debian's Stockfish on 2 processes), a few minutes more; and the recall of
// lichess's puzzles on every BENCH_RECALL_EVERY-th (default 200; 0 skips it), as npm run puzzles:recall.
// Goals (issue "Puzzle sets"): ≥ 150 verified puzzles in < 15 min, stage 1 sending < 1 position in 20,
// stage 1 < 2 µs per position. Env: BENCH_PUZZLE_GAMES (default: the whole sample), BENCH_NODES.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { decompress } from 'fzstd';
import { CLI, ROOT } from '../helpers/cli.js';
import { splitGames } from '../helpers/corpus.js';
import { readPuzzleCsv } from '../helpers/lichess-puzzles.js';
import { checkPuzzles, evenSample, precisionReport } from '../helpers/puzzle-precision.js';
import { GameReader } from '../../src/analysis/replay.js';
import { installNewTables } from '../../src/core/attacks.js';
import type { Position } from '../../src/core/position.js';
import { scanGame } from '../../src/pgn/movetext.js';
import { Stage1 } from '../../src/puzzles/stage1.js';
import type { PuzzleSummary } from '../../src/puzzles/run-tally.js';
import { spread, type Spread } from './measure.js';

const SAMPLE = join(ROOT, 'fixtures/sample/lichess-2016-05-3000.pgn.zst');
const dir = mkdtempSync(join(tmpdir(), 'pgn-xray-puzzle-bench-'));

/** The first n games of the sample as a PGN file (the whole sample: the file itself). */
function firstGames(n: number): string {
  if (!Number.isFinite(n)) return SAMPLE;
  const games = splitGames(decompress(readFileSync(SAMPLE)), n);
  const path = join(dir, `first-${n}.pgn`);
  writeFileSync(path, Buffer.concat(games.flatMap((g) => [Buffer.from(g.bytes), Buffer.from('\n\n')])));
  return path;
}

function run(input: string, extra: string[]): { s: PuzzleSummary; wall: number } {
  const summary = join(dir, 'summary.json');
  const t0 = performance.now();
  const r = spawnSync(
    process.execPath,
    [CLI, 'puzzles', input, '-o', join(dir, 'out.csv'), '--summary', summary, '--engine-procs', '2', '-q', ...extra],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (r.status !== 0) throw new Error(`pgn-xray puzzles exited ${r.status}`);
  return { s: JSON.parse(readFileSync(summary, 'utf8')) as PuzzleSummary, wall: (performance.now() - t0) / 1000 };
}

const f = (n: number, d = 0): string => n.toLocaleString('en', { maximumFractionDigits: d, minimumFractionDigits: d });
const goal = (ok: boolean): string => (ok ? 'PASS' : 'MISS');

/** Puzzles per minute of engine CPU (the engine's own CPU time from /proc). */
function perEngineMinute(s: PuzzleSummary): number {
  return s.puzzles / ((s.engine?.cpuSeconds ?? NaN) / 60);
}

/** Stage 1's CPU per position over the sample's positions, replayed beforehand (replay not counted): 5 rounds. */
function stage1Nanoseconds(): Spread & { positions: number } {
  installNewTables();
  const reader = new GameReader();
  const games: Position[][] = [];
  for (const g of splitGames(decompress(readFileSync(SAMPLE)))) {
    reader.reset(g.bytes);
    if (scanGame(g.bytes, reader) !== null || reader.error !== null) continue;
    games.push(reader.positions.slice(0, reader.plies + 1).map((p) => p.clone()));
  }
  const positions = games.reduce((n, g) => n + g.length, 0);
  const stage1 = new Stage1();
  const rounds: number[] = [];
  for (let r = 0; r < 6; r++) {
    const t0 = process.cpuUsage();
    for (const g of games) {
      stage1.beginGame();
      for (const p of g) stage1.position(p, NaN);
    }
    const t = process.cpuUsage(t0);
    if (r > 0) rounds.push(((t.user + t.system) * 1000) / positions); // round 0 warms the JIT up
  }
  return { ...spread(rounds), positions };
}

/** The independent check of `count` of the puzzles in `csv`, evenly spread; its report's lines. */
async function precision(csv: string, count: number): Promise<string[]> {
  const all = readPuzzleCsv(csv);
  const sample = evenSample(all, count);
  const t0 = performance.now();
  const report = precisionReport(await checkPuzzles(sample, { procs: 2 }), 2);
  return [
    `precision of ${sample.length} of the ${all.length} puzzles (${f((performance.now() - t0) / 60_000, 1)} min):`,
    ...report.map((l) => `  ${l}`),
  ];
}

async function main(): Promise<void> {
  const nodes = process.env.BENCH_NODES ? ['--nodes', process.env.BENCH_NODES] : [];
  console.log(
    `puzzles:bench — load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const games = Number(process.env.BENCH_PUZZLE_GAMES ?? Infinity);
  const max = Number(process.env.BENCH_MAX_PUZZLES ?? 150);
  const { s, wall } = run(firstGames(games), [...nodes, ...(max > 0 ? ['--max-puzzles', String(max)] : [])]);
  const e = s.engine!;
  const share = s.candidates / s.positions;
  const ns = stage1Nanoseconds();
  const stage1Ns = ns.median;
  console.log(
    `sample${max > 0 ? ` up to ${max} puzzles` : ''}: ${f(s.games)} games, ${f(s.positions)} positions, ${f(s.candidates)} candidates (${f(s.candidates / s.games, 2)} per game, 1 in ${f(1 / share)} positions)`,
  );
  console.log(
    `  puzzles ${f(s.puzzles)} in ${f(wall / 60, 1)} min wall          goal ≥ 150 in < 15 min: ${goal(s.puzzles >= 150 && wall < 900)}`,
  );
  console.log(`  stage 1 share ${(100 * share).toFixed(2)}% of positions        goal < 5%: ${goal(share < 0.05)}`);
  console.log(
    `  stage 1 ${f(stage1Ns)} ns per position (${f(ns.min)}–${f(ns.max)}, CPU, 5 rounds over ${f(ns.positions)} positions)   goal < 2,000 ns: ${goal(stage1Ns < 2000)}`,
  );
  console.log(
    `  engine ${f(e.calls)} searches, ${f(e.nodes / Math.max(1, s.puzzles))} nodes per puzzle, ${f(e.cpuSeconds ?? NaN, 1)} s engine CPU against ${f(s.cpuSeconds, 1)} s ours`,
  );
  console.log(`  dropped: ${JSON.stringify(s.dropped)}`);
  const checkCount = Number(process.env.BENCH_PRECISION_PUZZLES ?? 30);
  if (checkCount > 0) for (const line of await precision(join(dir, 'out.csv'), checkCount)) console.log(line);
  const n = Number(process.env.BENCH_FILTER_GAMES ?? 100);
  const first = firstGames(n);
  const withStage1 = run(first, nodes);
  const without = run(first, [...nodes, '--every-position']);
  const a = perEngineMinute(withStage1.s);
  const b = perEngineMinute(without.s);
  console.log(
    `first ${n} games: with stage 1 ${withStage1.s.puzzles} puzzles from ${withStage1.s.engine!.calls} searches, ${f(withStage1.s.engine!.cpuSeconds ?? NaN, 1)} s engine CPU (${f(a, 2)} puzzles per engine-CPU-minute)`,
  );
  console.log(
    `  engine on every position: ${without.s.puzzles} puzzles from ${without.s.engine!.calls} searches, ${f(without.s.engine!.cpuSeconds ?? NaN, 1)} s engine CPU (${f(b, 2)} puzzles per engine-CPU-minute)`,
  );
  console.log(
    `  stage 1's gain: ${f(a / b, 1)}× puzzles per engine-CPU-minute; it keeps ${withStage1.s.puzzles} of the ${without.s.puzzles} puzzles the engine finds alone`,
  );
  const every = Number(process.env.BENCH_RECALL_EVERY ?? 200);
  if (every > 0) console.log(recall(every));
  console.log(
    `load average at the end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}

/**
 * The recall of `npm run puzzles:recall` on every `every`-th lichess puzzle (100,000 nodes, probe 20,000, as
 * docs/benchmarks.md's figure): its line for all themes.
 */
function recall(every: number): string {
  const tool = join(ROOT, 'dist/test/tools/puzzle-recall.js');
  const r = spawnSync(process.execPath, [tool, String(every), '100000', '20000'], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) return `recall: the tool exited ${r.status}: ${r.stderr.trim().split('\n').at(-1)}`;
  const all = r.stdout.split('\n').find((l) => l.startsWith('(all)'));
  return `recall (every ${every}th lichess puzzle; npm run puzzles:recall for the table by theme):\n  ${all ?? r.stdout.trim()}`;
}

await main();
