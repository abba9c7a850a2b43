// A batch whose output outgrows it hands it over in parts as it goes (src/pipeline/spill.ts): the output is
// the same bytes whatever the threads, every record once and in order; a batch run again because recovered
// games moved its numbers never lets out the parts of its first run; a worker that dies after handing over
// a part is replaced by one that skips the parts already had.
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryInput } from '../../src/input/inputs.js';
import { AnalysisRun } from '../../src/pipeline/run.js';
import { parseMotifFilter } from '../../src/motifs/filter.js';
import { Stats } from '../../src/stats/stats.js';
import { ROOT } from '../helpers/cli.js';
import { SHUFFLE_CYCLE, shuffleGame } from '../helpers/long-games.js';

const FAILING = resolve(ROOT, 'dist/test/helpers/failing-worker.js');
const decoder = new TextDecoder('utf-8', { fatal: true });

const SHORT = ['[Event "s1"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0', '[Event "s2"]\n\n1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 *'];
/** A game cut inside a comment that the next game's comment closes: the worker recovers that game, one more than the splitter saw. */
const SWALLOWING = '[Event "A"]\n\n1. e4 { [%clk 0:01\n\n[Event "B"]\n\n1. d4 { ok } d5 2. c4 e6 *';
/** About 1.5 MiB: 230,000 plies, every position with a pin, 60 MB of JSON Lines. */
const LONG = shuffleGame('long', 3 << 19);

interface Seen {
  text: string;
  parts: number;
  games: number;
  rejected: number;
}

async function run(pgn: string, threads: number, workerFile?: string): Promise<Seen> {
  const r = new AnalysisRun({
    inputs: [memoryInput('<pgn>', pgn)],
    worker: { output: 'jsonl', allPositions: false, filter: parseMotifFilter('pin'), verify: false },
    threads,
    batchGames: 1,
    workerFile,
  });
  const seen: Seen = { text: '', parts: 0, games: 0, rejected: 0 };
  for await (const b of r) {
    seen.text += decoder.decode(b.text);
    if (b.partial === true) seen.parts++;
    const s = Stats.fromVector(b.stats);
    seen.games += s.games;
    seen.rejected += s.rejected;
  }
  return seen;
}

/** The long game's records: game number, plies in order from 0, the same motifs every 4 plies. */
function expectLongGame(text: string, game: number): void {
  const lines = text.split('\n').filter((l) => l.startsWith(`{"game":${game},`));
  const plies = LONG.split(' ').filter((t) => SHUFFLE_CYCLE.includes(t)).length;
  expect(lines.length).toBe(plies + 1);
  const records = lines.map((l) => JSON.parse(l) as { ply: number; move: string | null; motifs: unknown[] });
  records.forEach((r, i) => {
    expect(r.ply).toBe(i);
    if (i >= 4 && i < plies) expect([r.move, r.motifs]).toEqual([records[i - 4].move, records[i - 4].motifs]);
  });
}

afterEach(() => {
  delete process.env.PGN_XRAY_TEST_FAIL;
});

describe('output handed over in parts', () => {
  const pgn = [...SHORT, LONG, ...SHORT].join('\n\n');

  it('the same bytes with 1 and 2 threads, every record once and in order', async () => {
    const one = await run(pgn, 1);
    const two = await run(pgn, 2);
    expect(one.parts).toBeGreaterThan(4);
    expect(two.text === one.text).toBe(true);
    expect([two.games, two.rejected]).toEqual([5, 0]);
    expectLongGame(two.text, 3);
  }, 120_000);

  it("renumbered while it handed parts over: only the second run's parts are out", async () => {
    const r = await run([SWALLOWING, LONG, ...SHORT].join('\n\n'), 2);
    expect([r.games, r.rejected]).toEqual([4, 1]); // A rejected, B recovered, then the long game is game 3
    expectLongGame(r.text, 3);
    expect(r.text).not.toMatch(/^\{"game":2,"ply":[1-9]/m); // B has 2 plies: its numbers never came from the long game
  }, 120_000);

  it('a worker that dies after handing over a part: the retry skips the parts had', async () => {
    const clean = await run(pgn, 2, FAILING);
    process.env.PGN_XRAY_TEST_FAIL = '2:1:part';
    const retried = await run(pgn, 2, FAILING);
    expect(retried.text === clean.text).toBe(true);
    expect([retried.games, retried.rejected]).toEqual([5, 0]);
  }, 120_000);
});
