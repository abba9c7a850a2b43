// `npm run bench` still runs: each part once with BENCH_QUICK=1 (one round, small files), every figure a
// number, every target line judged. Speed itself is never asserted here.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';

/** A part of the bench, run as `npm run bench` runs it: the pipeline part from its bundle (rolldown.config.ts). */
function part(name: string): string {
  const file = name === 'pipeline' ? 'dist/test/bundled/pipeline.js' : `dist/test/bench/${name}.js`;
  const r = spawnSync(process.execPath, ['--expose-gc', resolve(ROOT, file)], {
    env: { ...process.env, BENCH_QUICK: '1' },
    encoding: 'utf8',
  });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  expect(r.stdout).not.toMatch(/NaN|Infinity|undefined/);
  expect(r.stdout).toMatch(/load average at start: [\d.]+/);
  expect(r.stdout).toMatch(/load average at end: [\d.]+/);
  return r.stdout;
}

describe('npm run bench, BENCH_QUICK=1', () => {
  it('prints the core figures against their baselines', () => {
    const out = part('run');
    for (const row of ['rook attack', 'perft Kiwipete', 'SAN replay']) expect(out).toMatch(new RegExp(`${row}.*\\d.*×`));
  });

  it("prints every end-to-end target with PASS or MISS, start-up, the worker stages and the verdicts' cost", () => {
    const out = part('pipeline');
    const targets = out.split('\n').filter((l) => / target .*(PASS|MISS)$/.test(l));
    // the CPU ceilings' lines only where the run reports its threads (Linux)
    expect(targets.length).toBeGreaterThanOrEqual(9);
    expect(targets.length).toBeLessThanOrEqual(11);
    expect(out).toMatch(/-j 2: [\d,]+ .*positions\/s/);
    expect(out).toMatch(/long input: .* given 3 times .*\n {2}[\d,]+ .*positions\/s \(wall\), [\d.]+ .*× the file once/);
    // one quick round on a loaded host may fit no split (the file thrice ≥ 3× the file once): said so
    expect(out).toMatch(
      /\n {2}so, of the file once: fixed costs \(start-up, warm-up, tail\) (\d+% .* s; past them [\d,]+ .*positions\/s|not told apart: .*outside 1–3×)/,
    );
    expect(out).toMatch(/CPU ns\/position: process [\d,]+ .*main thread [\d,]+ .*workers [\d,]+/);
    expect(out).toMatch(/start-up: .*\n {2}-j 1: wall [\d.]+ .*\n {2}-j 2: wall [\d.]+/);
    expect(out).toMatch(/ {2}motif scan +[\d.]+% +[\d,]+ \([\d,]+–[\d,]+\) ns\/position/);
    expect(out).toMatch(/ {2}formatting in a worker \(.*\) +[\d,]+ \([\d,]+–[\d,]+\)/);
    expect(out).toMatch(/tactic verdicts: .*\n {2}verdicts [\d,]+ .*positions\/s, --no-tactics [\d,]+ .*ratio within each round [\d.]+/);
    expect(out).toMatch(/the verdicts cost -?[\d,]+ .*ns a position/);
    expect(out).toMatch(/ {2}tactic search +[\d.]+% +[\d,]+ /);
  });

  it('prints JSONL against Parquet', () => {
    const out = part('outputs');
    expect(out).toMatch(/worker +JSONL [\d,]+ .*Parquet [\d,]+/);
    expect(out).toMatch(/CLI -f parquet +[\d.]+ /);
  });
});
