// Every output format on three corpus files, compared byte for byte (by SHA-256) with the output recorded
// in fixtures/golden/outputs.json. A refactor must leave these unchanged; a deliberate change of output
// re-records them (PGN_XRAY_RECORD_GOLDEN=1 npx vitest run test/pipeline/golden.test.ts) in the same
// commit that says why.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../helpers/cli.js';
import { corpusPath } from '../helpers/corpus.js';
import { tempDir } from '../helpers/temp.js';

const FILES = [
  'games/twic-sample-232games.pgn', // OTB games, wrapped movetext, Opening tags
  'games/lichess-db-2017-05-no-event-tag-clocks.pgn', // no [Event], {[%clk]} on every move
  'games/TCEC_Season_24_-_Dfrc_2_League_1.pgn.zst', // Chess960 (double FRC), engine comments, zstd
];
const FORMATS = ['jsonl', 'csv', 'epd', 'pgn'] as const;
const GOLDEN = resolve(ROOT, 'fixtures/golden/outputs.json');
const record = process.env.PGN_XRAY_RECORD_GOLDEN === '1';

type Golden = Record<string, { sha256: string; bytes: number }>;
const expected: Golden = record ? {} : (JSON.parse(readFileSync(GOLDEN, 'utf8')) as Golden);
const recorded: Golden = {};
const dir = tempDir('golden');

function digest(path: string): { sha256: string; bytes: number } {
  let b = readFileSync(path);
  // a statistics file's run metadata (inputs, seconds, version) differs from run to run: every other
  // byte is compared (DESIGN.md §11: equality ignores "run", the last key)
  if (path.endsWith('.stats.json')) b = Buffer.from(b.toString('utf8').replace(/,\n  "run": [^]*(?=\n\}\n$)/, ''), 'utf8');
  return { sha256: createHash('sha256').update(b).digest('hex'), bytes: b.length };
}

describe('output is byte-identical to the recorded golden output', () => {
  for (const file of FILES) {
    const name = file.split('/').pop()!.replace(/\.pgn(\.zst)?$/, '');
    for (const format of FORMATS) {
      it(`${name} -f ${format}`, async () => {
        const out = join(dir, `${name}.${format}`);
        const r = await runCli([corpusPath(file), '-f', format, '-q', '-o', out]);
        expect(r.code, r.stderr).toBe(0);
        const key = `${name}.${format}`;
        recorded[key] = digest(out);
        if (!record) expect(recorded[key], `${out} differs from the golden output`).toEqual(expected[key]);
      });
    }
    it(`${name} --stats`, async () => {
      const out = join(dir, `${name}.stats.json`);
      const r = await runCli([corpusPath(file), '-f', 'none', '-q', '--stats', out]);
      expect(r.code, r.stderr).toBe(0);
      const key = `${name}.stats`;
      recorded[key] = digest(out);
      if (!record) expect(recorded[key], `${out} differs from the golden statistics`).toEqual(expected[key]);
    });
  }
  afterAll(() => {
    if (record) writeFileSync(GOLDEN, JSON.stringify(Object.fromEntries(Object.entries(recorded).sort(([a], [b]) => (a < b ? -1 : 1))), null, 2) + '\n');
  });
});
