// Every numeric option of every command, at the edges: NaN, fractions, negatives, empty text, huge
// values (1e12, past 2^31, past 2^53 where Number() rounds), and values that would overflow a Node timer
// (setTimeout fires at once past 2^31 - 1 ms). Each is refused with exit 2 and a line naming the option
// and its range, before anything is read or any engine started; thread and engine counts past twice the
// cores are lowered with a warning. The parsers are checked directly, and the CLI as a user runs it.
import { availableParallelism } from 'node:os';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAnalyze } from '../../src/cli/options.js';
import { DEFAULT_SCREEN_NODES, MAX_NODES, parsePuzzles } from '../../src/cli/puzzle-options.js';
import { UsageError } from '../../src/errors.js';
import { DEFAULT_FLOOR_MS, DEFAULT_MS_PER_NODE, MAX_TIMER_MS, searchDeadline } from '../../src/puzzles/engine.js';
import { ROOT, runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

const SAMPLE = 'fixtures/sample/lichess-2016-05-3000.pgn.zst';
const CORES = Math.max(1, availableParallelism());
const dir = tempDir('numeric-options');
const GAME = '[Event "x"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n';
const input = join(dir, 'one.pgn');
writeFileSync(input, GAME);

/** Values no count option takes: not numbers, fractions, below 1, infinite, past 2^53 (rounded by Number()). */
const BAD = ['abc', 'NaN', '', ' ', '1.5', '-3', '0', 'Infinity', '1e400', '9007199254740993'];

const NODES = ['--nodes', '--probe-nodes'];
/** The most and the fewest each option takes. */
const max = (option: string): number => (NODES.includes(option) ? 1e10 : option === '--max-game-bytes' ? 2 ** 30 : 2 ** 31 - 1);
const min = (option: string): number => (NODES.includes(option) ? 100 : 1);

const usage = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    if (e instanceof UsageError) return e.message;
    throw e;
  }
  throw new Error('no usage error');
};

describe('puzzles: numeric options', () => {
  const parse = (...args: string[]) => parsePuzzles([input, ...args]);

  it('refuses every bad value of every count option, naming the option and its range', () => {
    const options = ['--engine-procs', '--nodes', '--probe-nodes', '--max-puzzles', '--threads', '--max-game-bytes', '--batch-games'];
    for (const option of options) {
      const shown = option === '--threads' ? '-j' : option;
      for (const bad of [...BAD, String(max(option) + 1), String(min(option) - 1)]) {
        const range = `from ${min(option)} to ${max(option).toLocaleString('en')}`;
        expect(
          usage(() => parse(`${option}=${bad}`)),
          `${option} ${bad}`,
        ).toBe(`${shown} needs a whole number ${range}, got "${bad}"`);
      }
    }
  });

  it('refuses --nodes and --probe-nodes past 10 billion (their engine deadline stays inside a timer) and below 100', () => {
    expect(usage(() => parse('--nodes', '1e12'))).toBe('--nodes needs a whole number from 100 to 10,000,000,000, got "1e12"');
    expect(usage(() => parse('--probe-nodes', '10'))).toBe('--probe-nodes needs a whole number from 100 to 10,000,000,000, got "10"');
    expect(parse('--nodes', '100', '--probe-nodes', '100')).toMatchObject({ nodes: 100, probeNodes: 100 });
    expect(usage(() => parse('--probe-nodes', String(MAX_NODES + 1)))).toContain('--probe-nodes needs a whole number');
    expect(parse('--nodes', '1e10').nodes).toBe(MAX_NODES);
    // the longest search's deadline is a real one, not clamped and not past what setTimeout keeps
    expect(DEFAULT_FLOOR_MS + MAX_NODES * DEFAULT_MS_PER_NODE).toBeLessThan(MAX_TIMER_MS);
    expect(searchDeadline(MAX_NODES)).toBe(DEFAULT_FLOOR_MS + MAX_NODES * DEFAULT_MS_PER_NODE);
    expect(searchDeadline(1e12)).toBe(MAX_TIMER_MS);
  });

  it('takes --gap above 0 and below 2 (a win-chance difference), 0.5 by default, and refuses the rest', () => {
    expect(parse().gap).toBe(0.5);
    expect(parse('--gap', '0.7').gap).toBe(0.7);
    expect(parse('--gap', '1.99').gap).toBe(1.99);
    for (const bad of ['0', '2', '-0.5', 'abc', '', 'NaN', 'Infinity', '1e-3', '0.5.1']) {
      expect(
        usage(() => parse(`--gap=${bad}`)),
        bad,
      ).toBe(`puzzles: --gap must be a number above 0 and below 2 (a win-chance difference), not "${bad}"`);
    }
  });

  it('takes --screen-nodes 0 (no screen) or 100 to 10 billion, the default when absent, and refuses the rest', () => {
    expect(parse().screenNodes).toBe(DEFAULT_SCREEN_NODES);
    expect(DEFAULT_SCREEN_NODES).toBeGreaterThanOrEqual(100);
    expect(parse('--screen-nodes', '0').screenNodes).toBe(0);
    expect(parse('--screen-nodes', '100').screenNodes).toBe(100);
    expect(parse('--screen-nodes', '20000').screenNodes).toBe(20_000);
    expect(parse('--screen-nodes', '1e10').screenNodes).toBe(MAX_NODES);
    for (const bad of ['99', '1', '-1', '1.5', 'abc', '', 'NaN', '1e12']) {
      expect(
        usage(() => parse(`--screen-nodes=${bad}`)),
        bad,
      ).toBe(`--screen-nodes needs a whole number from 100 to 10,000,000,000, got "${bad}"`);
    }
  });

  it('lowers --engine-procs past twice the cores to that, with a warning, as -j', () => {
    const c = parse('--engine-procs', '1000');
    expect(c.engineProcs).toBe(2 * CORES);
    expect(c.warnings).toEqual([
      `pgn-xray: --engine-procs 1000 is more than this machine can use; using ${2 * CORES} engine processes (twice its ${CORES} cores)`,
    ]);
    expect(parse('--engine-procs', String(2 * CORES))).toMatchObject({ engineProcs: 2 * CORES, warnings: [] });
    expect(parse().engineProcs).toBe(CORES);
  });

  it('takes the largest values in range', () => {
    expect(parse('--max-game-bytes', String(2 ** 30), '--batch-games', String(2 ** 31 - 1), '--max-puzzles', '2147483647')).toMatchObject({
      maxGameBytes: 2 ** 30,
      batchGames: 2 ** 31 - 1,
      maxPuzzles: 2 ** 31 - 1,
    });
    expect(usage(() => parse('--max-game-bytes', String(2 ** 30 + 1)))).toBe(
      '--max-game-bytes needs a whole number from 1 to 1,073,741,824, got "1073741825"',
    );
  });

  it('pgn-xray puzzles --nodes 1e12 exits 2 before any engine starts', async () => {
    const log = join(dir, 'starts.log');
    writeFileSync(log, '');
    const engine = fakeEngine('garbage');
    const r = await runCli(['puzzles', input, '--engine', engine, '--nodes', '1e12'], { env: { FAKE_UCI_LOG: log } });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('pgn-xray: --nodes needs a whole number from 100 to 10,000,000,000, got "1e12"\nTry \'pgn-xray --help\'.\n');
    expect(readFileSync(log, 'utf8')).toBe('');
  });

  it('pgn-xray puzzles --engine-procs past twice the cores starts twice the cores, and says so', async () => {
    const log = join(dir, 'procs.log');
    writeFileSync(log, '');
    const asked = 2 * CORES + 1;
    const r = await runCli(['puzzles', input, '--engine', fakeEngine('garbage'), '--engine-procs', String(asked), '-q'], {
      env: { FAKE_UCI_LOG: log },
    });
    expect(r.stderr).toContain(`--engine-procs ${asked} is more than this machine can use; using ${2 * CORES} engine processes`);
    expect(readFileSync(log, 'utf8').trim().split('\n')).toHaveLength(2 * CORES);
  });
});

describe('analyze and the other commands: numeric options', () => {
  it('refuses every bad value of -j, --max-game-bytes and --batch-games', () => {
    for (const option of ['-j', '--max-game-bytes', '--batch-games']) {
      const long = option === '-j' ? '--threads' : option;
      for (const bad of [...BAD, String(max(option) + 1)]) {
        expect(
          usage(() => parseAnalyze([input, `${long}=${bad}`])),
          `${option} ${bad}`,
        ).toBe(`${option} needs a whole number from 1 to ${max(option).toLocaleString('en')}, got "${bad}"`);
      }
    }
    expect(parseAnalyze([input, '-j', '1000']).warnings).toHaveLength(1);
  });

  it('refuses a perft depth past its buffers and a shard count past 10,000 with exit 2, no stack trace', async () => {
    const fen = '8/8/8/8/8/8/8/K6k w - - 0 1';
    for (const depth of ['33', '100000', '1e400', '2.5', '']) {
      const r = await runCli(['perft', fen, depth]);
      expect(r.code, depth).toBe(2);
      expect(r.stderr.split('\n')[0], depth).toBe(`pgn-xray: depth must be a whole number from 0 to 32, got "${depth}"`);
    }
    // past 2^53 these two shards read as one number; 2^31 - 1 shards once ran for hours
    for (const shard of ['99999999999999999998/99999999999999999999', '2147483647/2147483647', '10001/10001']) {
      const r = await runCli([input, '--shard', shard, '-f', 'none']);
      expect(r.code, shard).toBe(2);
      expect(r.stderr.split('\n')[0]).toBe(`pgn-xray: --shard needs I/N with 1 ≤ I ≤ N ≤ 10,000, got "${shard}"`);
    }
  });

  it("pgn-xray --max-game-bytes 3000000000 exits 2 (it once ran, past the tokenizer's 32-bit memory)", async () => {
    const r = await runCli([SAMPLE, '--max-game-bytes', '3000000000', '-f', 'none']);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe('pgn-xray: --max-game-bytes needs a whole number from 1 to 1,073,741,824, got "3000000000"');
  });
});

/** A fake UCI engine (test/helpers/fake-uci.ts) in `mode`, as an executable script. */
function fakeEngine(mode: string): string {
  const path = join(dir, `fake-${mode}`);
  writeFileSync(path, `#!/bin/sh\nexec "${process.execPath}" "${resolve(ROOT, 'dist/test/helpers/fake-uci.js')}" ${mode}\n`, {
    mode: 0o755,
  });
  return path;
}
