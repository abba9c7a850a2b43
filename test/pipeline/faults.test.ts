// A worker that throws or dies on a batch: the batch is retried once, then its games are reported as
// rejected (kind "worker") and every other game is kept, in order. The faults come from a test-only
// worker module handed to the pool (test/helpers/failing-worker.ts); production code has no hook.
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { GameError } from '../../src/pipeline/batch.js';
import { fileInput } from '../../src/input/inputs.js';
import { AnalysisRun } from '../../src/pipeline/run.js';
import { ALL_MOTIFS } from '../../src/motifs/filter.js';
import { Stats } from '../../src/stats/stats.js';
import { ROOT } from '../helpers/cli.js';
import { corpusPath } from '../helpers/corpus.js';

const decoder = new TextDecoder('utf-8', { fatal: true });
const FISCHER = corpusPath('games/pgnmentor-style-Fischer.pgn');
const FAILING = resolve(ROOT, 'dist/test/helpers/failing-worker.js');

async function run(fault: string | null): Promise<{ text: string; errors: GameError[]; games: number; rejected: number }> {
  if (fault === null) delete process.env.PGN_XRAY_TEST_FAIL;
  else process.env.PGN_XRAY_TEST_FAIL = fault;
  const r = new AnalysisRun({
    inputs: [fileInput(FISCHER)],
    worker: { output: 'jsonl', allPositions: false, filter: ALL_MOTIFS, verify: false },
    threads: 2,
    batchGames: 50,
    workerFile: FAILING,
  });
  let text = '';
  const errors: GameError[] = [];
  let games = 0;
  let rejected = 0;
  for await (const b of r) {
    text += decoder.decode(b.text);
    errors.push(...b.errors);
    const counted = Stats.fromVector(b.stats);
    games += counted.games;
    rejected += counted.rejected;
  }
  return { text, errors, games, rejected };
}

afterEach(() => {
  delete process.env.PGN_XRAY_TEST_FAIL;
});

describe('a failing worker loses no other game', () => {
  it('a batch that fails once is retried and the output is unchanged', async () => {
    const normal = await run(null);
    expect(normal.errors).toEqual([]);
    const retried = await run('3:1');
    expect(retried.text).toBe(normal.text);
  });

  for (const mode of ['throw', 'exit']) {
    it(`a batch that fails twice (${mode}) is reported game by game, the rest kept in order`, async () => {
      const normal = await run(null);
      const failed = await run(`3:2${mode === 'exit' ? ':exit' : ''}`);
      expect(failed.errors.map((e) => e.game)).toEqual(Array.from({ length: 50 }, (_, i) => 151 + i));
      expect(failed.errors.every((e) => e.kind === 'worker' && /internal error/.test(e.reason))).toBe(true);
      const kept = normal.text
        .split('\n')
        .filter((l) => l !== '' && !((g) => g >= 151 && g <= 200)((JSON.parse(l) as { game: number }).game));
      expect(failed.text).toBe(kept.join('\n') + '\n');
      expect(failed.rejected).toBe(50);
      expect(failed.games).toBe(827 - 50);
    });
  }
});
