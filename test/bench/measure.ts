// How every figure of `npm run bench` is taken on a shared, noisy machine: configurations run
// interleaved (A B A B …), never one after the other, so a burst of load weighs on all of them alike;
// each figure is the median of its runs with their min–max; a comparison is the ratio taken within each
// round, then summarised the same way (never a difference of two noisy timings). CPU time comes from
// process.cpuUsage() (this process) or the CLI's own statistics; the load average is printed at the
// start and the end of each part so a reader knows how busy the machine was.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

/** BENCH_QUICK=1: one round of everything on a small file, a smoke run for a test. */
export const QUICK = process.env.BENCH_QUICK === '1';

/** Rounds of each comparison: at least 5 pairs (1 when quick). */
export function rounds(full: number): number {
  return QUICK ? 1 : Math.max(5, full);
}

/** Median and range of a sample. */
export interface Spread {
  median: number;
  min: number;
  max: number;
}

export function spread(xs: readonly number[]): Spread {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  const median = n % 2 === 1 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  return { median, min: s[0], max: s[n - 1] };
}

/** Ratios a[i] / b[i], round by round. */
export function ratios(a: readonly number[], b: readonly number[]): number[] {
  return a.map((x, i) => x / b[i]);
}

/**
 * Runs every configuration once per round, in the same order each round; the results by configuration.
 * `warmUp`: one round first whose results are dropped (in-process code: optimized code in every round).
 */
export function interleave<T>(n: number, configs: readonly (() => T)[], warmUp = false): T[][] {
  if (warmUp) for (const run of configs) run();
  const out: T[][] = configs.map(() => []);
  for (let r = 0; r < n; r++) configs.forEach((run, i) => out[i].push(run()));
  return out;
}

/** The same, for configurations that await. */
export async function interleaveAsync<T>(n: number, configs: readonly (() => Promise<T>)[], warmUp = false): Promise<T[][]> {
  if (warmUp) for (const run of configs) await run();
  const out: T[][] = configs.map(() => []);
  for (let r = 0; r < n; r++) for (let i = 0; i < configs.length; i++) out[i].push(await configs[i]());
  return out;
}

/** CPU milliseconds of this process so far (all its threads; the bench runs single-threaded). */
export function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** CPU milliseconds `fn` takes in this process. */
export function cpuOf(fn: () => void): number {
  const t0 = cpuMs();
  fn();
  return cpuMs() - t0;
}

/** A number with thousands separators, `digits` decimals. */
export function num(x: number, digits = 0): string {
  return x.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** "median (min–max)" of a sample, each written by `f`. */
export function show(s: Spread, f: (x: number) => string = (x) => num(x)): string {
  return `${f(s.median)} (${f(s.min)}–${f(s.max)})`;
}

/** The load average line printed at the start and end of every part. */
export function load(when: string): string {
  const [one, five] = loadavg();
  return `load average at ${when}: ${one.toFixed(2)} (1 min), ${five.toFixed(2)} (5 min) on 2 cores`;
}

/** Prints a target line: name, measured median (range), target, PASS/MISS on the median. */
export function target(name: string, measured: string, goal: string, pass: boolean): void {
  console.log(`  ${name.padEnd(46)} ${measured.padEnd(40)} target ${goal.padEnd(14)} ${pass ? 'PASS' : 'MISS'}`);
}

/** One CLI run as measured from outside: wall clock, the process's CPU, its peak RSS, its statistics. */
export interface CliRun {
  /** Seconds from spawn to exit, measured here. */
  wall: number;
  /** User + system CPU seconds of the whole process (all threads), from GNU time (getrusage of the child). */
  cpu: number;
  /** Peak resident set size in MB, from GNU time (the child's ru_maxrss). */
  rssMB: number;
  /** The --stats JSON the run wrote. */
  stats: { positions: number; taggedPositions: number; run: RunJSON };
}

/** The `run` object of the statistics file (src/stats/stats.ts RunInfo), as far as the bench reads it. */
export interface RunJSON {
  seconds: number;
  cpu?: { user: number; system: number };
  threads?: { main: number; workers: number[] };
}

const scratch = join(tmpdir(), `pgn-xray-bench-${process.pid}`);

/**
 * Runs `node [nodeArgs] cli args --stats FILE` under /usr/bin/time (GNU time: wall, user + system CPU and
 * ru_maxrss of the child, which counts all its threads); throws on a failed run.
 */
export function timedCli(cli: string, args: readonly string[], nodeArgs: readonly string[] = []): CliRun {
  const stats = `${scratch}.stats.json`;
  const times = `${scratch}.time`;
  const t0 = performance.now();
  const r = spawnSync('/usr/bin/time', ['-o', times, '-f', '%U %S %M', process.execPath, ...nodeArgs, cli, ...args, '--stats', stats], {
    encoding: 'utf8',
  });
  const wall = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`pgn-xray ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  const [user, system, maxKB] = readFileSync(times, 'utf8').trim().split('\n').at(-1)!.split(' ').map(Number);
  const out: CliRun = { wall, cpu: user + system, rssMB: maxKB / 1024, stats: JSON.parse(readFileSync(stats, 'utf8')) as CliRun['stats'] };
  rmSync(stats);
  rmSync(times);
  return out;
}
