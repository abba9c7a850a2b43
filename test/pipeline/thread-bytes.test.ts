// 1 or N threads give identical bytes in every format, Parquet included (docs/design.md, errors and exits):
// the file depends on the input and the options alone, never on how the games were batched (the thread
// count sets the size of each input's first batches; --batch-games sets them all).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

const SAMPLE = join(ROOT, 'fixtures/sample/lichess-2016-05-3000.pgn.zst');
const tmp = tempDir('thread-bytes');

/** The output file's digest after a run with these batching options. */
async function digest(format: string, batching: string[], extra: string[] = []): Promise<string> {
  const out = join(tmp, `${format}${batching.join('')}.out`);
  // the verdicts' own bytes are checked in JSON Lines; the other formats with --no-tactics (a twentieth of the time)
  const verdicts = format === 'jsonl' ? [] : ['--no-tactics'];
  const r = await runCli([SAMPLE, '-f', format, '-o', out, '-q', ...verdicts, ...extra, ...batching]);
  expect(r.code, r.stderr).toBe(0);
  return createHash('sha256').update(readFileSync(out)).digest('hex');
}

describe('the same bytes whatever the thread count and the batches', () => {
  for (const format of ['jsonl', 'csv', 'epd', 'pgn']) {
    it(`-f ${format}: -j 1 and -j 3`, async () => {
      expect(await digest(format, ['-j', '3'])).toBe(await digest(format, ['-j', '1']));
    });
  }

  it('-f parquet: -j 1, 2 and 3, and batches of 3, 7 and 1000 games, over several row groups', async () => {
    // --all-positions: 136K rows, more than a row group; --tags: text columns of many values
    const extra = ['--all-positions', '--tags', 'White,Site,ECO'];
    const one = await digest('parquet', ['-j', '1'], extra);
    for (const batching of [
      ['-j', '2'],
      ['-j', '3'],
      ['-j', '2', '--batch-games', '3'],
      ['-j', '1', '--batch-games', '7'],
      ['-j', '2', '--batch-games', '1000'],
    ]) {
      expect(await digest('parquet', batching, extra), batching.join(' ')).toBe(one);
    }
  }, 120_000);
});
