// A failing engine fails the run: `pgn-xray puzzles` with fake engines (test/helpers/fake-uci.ts) that
// crash on every search, answer nonsense, or never answer `go` stops with exit 1 and a line saying so,
// after the summary of what it did, and soon (not a deadline per candidate); an engine that failed on
// every candidate of a short run fails it too. EngineWatch's rule is checked verdict by verdict.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EngineWatch, FAILED_IN_A_ROW } from '../../src/puzzles/engine-watch.js';
import type { Verdict } from '../../src/puzzles/stage2.js';
import { ROOT, runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

const dir = tempDir('engine-failure');
// Legal's mate and a few more moves: 13 positions after a move, each a candidate with --every-position
const GAME = '[Event "x"]\n\n1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5# 1-0\n';
const input = join(dir, 'legal.pgn');
writeFileSync(input, GAME);
const short = join(dir, 'short.pgn');
writeFileSync(short, '[Event "x"]\n\n1. e4 e5 *\n');

/** A fake UCI engine in `mode`, as an executable script. */
function fakeEngine(mode: string): string {
  const path = join(dir, `fake-${mode}`);
  writeFileSync(path, `#!/bin/sh\nexec "${process.execPath}" "${resolve(ROOT, 'dist/test/helpers/fake-uci.js')}" ${mode}\n`, {
    mode: 0o755,
  });
  return path;
}

const engineError = (detail: string): Verdict => ({ verified: false, drop: 'engineError', detail, calls: 1, nodes: 0 });
const judged: Verdict = { verified: false, drop: 'probe', detail: 'best 0.00', calls: 1, nodes: 10 };
const noEngine: Verdict = { verified: false, drop: 'oneLegal', detail: 'a single legal move', calls: 0, nodes: 0 };

describe('EngineWatch', () => {
  it('stops at the third engine failure in a row; an answer clears the count, a verdict with no search does not', () => {
    const w = new EngineWatch();
    w.note(engineError('a'));
    w.note(engineError('b'));
    w.note(judged);
    w.note(engineError('c'));
    w.note(noEngine);
    w.note(engineError('d'));
    expect(() => w.note(engineError('e'))).toThrow(
      expect.objectContaining({
        name: 'EngineError',
        failure: 'gaveUp',
        message: `the engine failed on ${FAILED_IN_A_ROW} candidates in a row; the run stops. Last: e`,
      }),
    );
    expect(() => w.end()).not.toThrow(); // it answered once
  });

  it('fails a run whose engine failed on every candidate, however few; not one it never needed', () => {
    const w = new EngineWatch();
    w.note(noEngine);
    w.note(engineError('x'));
    expect(() => w.end()).toThrow('the engine failed on the one candidate it was given. Last: x');
    const two = new EngineWatch();
    two.note(engineError('x'));
    two.note(engineError('y'));
    expect(() => two.end()).toThrow('the engine failed on all 2 candidates it was given. Last: y');
    const none = new EngineWatch();
    none.note(noEngine);
    expect(() => none.end()).not.toThrow();
  });
});

describe('pgn-xray puzzles with an engine that does not work', () => {
  it('an engine that crashes on every search: exit 1 with the summary and the reason', async () => {
    const s = join(dir, 'crash.json');
    const r = await runCli([
      'puzzles',
      input,
      '--engine',
      fakeEngine('crash'),
      '--every-position',
      '--engine-procs',
      '2',
      '--summary',
      s,
      '--no-progress',
    ]);
    expect(r.code, r.stderr).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines[lines.length - 2]).toMatch(/^\d+\.\d s$/); // the summary's last line, then the failure
    expect(lines[lines.length - 1]).toMatch(
      /^pgn-xray: the engine failed on 3 candidates in a row; the run stops\. Last: .*exited with code 3 while analysing/,
    );
    expect(r.stdout.split('\r\n')[0]).toBe('PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags');
    const summary = JSON.parse(readFileSync(s, 'utf8'));
    expect(summary.puzzles).toBe(0);
    expect(summary.dropped.engineError).toBe(3);
  });

  it('an engine that answers nonsense (one line for multipv 2, illegal moves): exit 1 at once', async () => {
    const r = await runCli(['puzzles', input, '--engine', fakeEngine('garbage'), '--every-position', '-q']);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(
      /^pgn-xray: the engine failed on 3 candidates in a row; the run stops\. Last: the engine gave one line for \d+ legal moves\n$/,
    );
  });

  it('an engine that never answers go: exit 1 after two deadlines, not one per candidate', async () => {
    const t0 = Date.now();
    const r = await runCli([
      'puzzles',
      input,
      '--engine',
      fakeEngine('hang'),
      '--every-position',
      '--engine-procs',
      '2',
      '--nodes',
      '100',
      '--probe-nodes',
      '100',
      '-q',
    ]);
    const seconds = (Date.now() - t0) / 1000;
    expect(r.code, r.stderr).toBe(1);
    // each search waits its deadline (10 s at 100 nodes); both processes, then their replacements: 20 s
    expect(seconds).toBeLessThan(40);
    expect(r.stderr).toMatch(
      /^pgn-xray: the engine failed on 3 candidates in a row; the run stops\. Last: gave up the engine after 4 failed searches in a row: engine .* did not answer within 10\.0 s while analysing .*; killed\n$/,
    );
  });

  it('an engine that failed on the only two candidates of a run fails it', async () => {
    const r = await runCli(['puzzles', short, '--engine', fakeEngine('crash'), '--every-position', '--engine-procs', '1', '-q']);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/^pgn-xray: the engine failed on all 2 candidates it was given\. Last: .*exited with code 3/);
  });
});
