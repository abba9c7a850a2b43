// The golden-output suite: every output format of some corpus files, compared byte for byte (by SHA-256)
// with the output recorded in fixtures/golden/outputs.json. A refactor must leave these unchanged; a
// deliberate change of output re-records them (PGN_XRAY_RECORD_GOLDEN=1 with the test file) in the same
// commit that says why. Recording rewrites only the keys of the files it ran: test/pipeline/golden.test.ts
// runs the repository's files, golden.corpus.test.ts the shared corpus's. The outputs of the motifs alone
// (--no-tactics) are the ones recorded before tactic verdicts existed, unchanged; with `tactics`, the
// outputs with verdicts (the default) are recorded too, as NAME.tactics.FORMAT.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from './cli.js';
import { corpusPath } from './corpus.js';
import { tempDir } from './temp.js';

const FORMATS = ['jsonl', 'csv', 'epd', 'pgn'] as const;
const GOLDEN = resolve(ROOT, 'fixtures/golden/outputs.json');

type Golden = Record<string, { sha256: string; bytes: number }>;

function digest(path: string): { sha256: string; bytes: number } {
  let b = readFileSync(path);
  // a statistics file's run metadata (inputs, seconds, version) differs from run to run: every other
  // byte is compared (equality of statistics ignores "run", the last key)
  if (path.endsWith('.stats.json')) b = Buffer.from(b.toString('utf8').replace(/,\n {2}"run": [^]*(?=\n\}\n$)/, ''), 'utf8');
  return { sha256: createHash('sha256').update(b).digest('hex'), bytes: b.length };
}

/**
 * Registers the suite over these corpus names (each output keyed by the file's name without .pgn[.zst]);
 * `tactics`: the formats with verdicts too.
 */
export function goldenSuite(files: readonly string[], tactics = false): void {
  const record = process.env.PGN_XRAY_RECORD_GOLDEN === '1';
  const expected: Golden = existsSync(GOLDEN) ? (JSON.parse(readFileSync(GOLDEN, 'utf8')) as Golden) : {};
  const recorded: Golden = {};
  const dir = tempDir('golden');

  const check = (key: string, out: string, what: string): void => {
    recorded[key] = digest(out);
    if (!record) expect(recorded[key], `${out} differs from the golden ${what}`).toEqual(expected[key]);
  };

  describe('output is byte-identical to the recorded golden output', () => {
    for (const file of files) {
      const name = file
        .split('/')
        .pop()!
        .replace(/\.pgn(\.zst)?$/, '');
      for (const format of FORMATS) {
        it(`${name} -f ${format} --no-tactics`, async () => {
          const out = join(dir, `${name}.${format}`);
          const r = await runCli([corpusPath(file), '-f', format, '-q', '--no-tactics', '-o', out]);
          expect(r.code, r.stderr).toBe(0);
          check(`${name}.${format}`, out, 'output');
        });
        if (!tactics) continue;
        it(`${name} -f ${format}`, async () => {
          const out = join(dir, `${name}.tactics.${format}`);
          const r = await runCli([corpusPath(file), '-f', format, '-q', '-o', out]);
          expect(r.code, r.stderr).toBe(0);
          check(`${name}.tactics.${format}`, out, 'output');
        });
      }
      it(`${name} --stats --no-tactics`, async () => {
        const out = join(dir, `${name}.stats.json`);
        const r = await runCli([corpusPath(file), '-f', 'none', '-q', '--no-tactics', '--stats', out]);
        expect(r.code, r.stderr).toBe(0);
        check(`${name}.stats`, out, 'statistics');
      });
    }
    afterAll(() => {
      if (!record) return;
      const all = { ...(JSON.parse(readFileSync(GOLDEN, 'utf8')) as Golden), ...recorded };
      writeFileSync(GOLDEN, JSON.stringify(Object.fromEntries(Object.entries(all).sort(([a], [b]) => (a < b ? -1 : 1))), null, 2) + '\n');
    });
  });
}
