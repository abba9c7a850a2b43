// Every command example in the README runs as written: the lines of its ```sh blocks that call pgn-xray
// (quick start included, `npm ci &&` aside: the suite runs on an installed clone) run in bash, in a scratch
// folder inside the clone (under dist/, which git ignores) that sees the repository's fixtures and its
// `./pgn-xray` launcher through links, with nothing put on the PATH: a bare `pgn-xray`, which no install
// step here provides, fails. Each exits 0. Then its ```sql queries run in DuckDB over the files
// those commands wrote, and return rows. The multi-machine block (`parallel -S …`) needs ssh hosts: it runs
// in test/pipeline/multi-machine.test.ts.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './helpers/cli.js';
import { isMultiMachine, readmeShellBlocks } from './helpers/readme.js';

function examples(): string[] {
  return readmeShellBlocks()
    .filter((block) => !isMultiMachine(block))
    .flat()
    .filter((line) => /pgn-xray /.test(line));
}

describe('README examples', () => {
  mkdirSync(resolve(ROOT, 'dist'), { recursive: true });
  const dir = mkdtempSync(resolve(ROOT, 'dist/readme-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  for (const name of ['fixtures', 'pgn-xray']) symlinkSync(resolve(ROOT, name), join(dir, name));
  const lines = examples();
  it('finds the examples', () => {
    expect(lines.length).toBeGreaterThanOrEqual(5);
  });
  for (const line of lines) {
    it(line, () => {
      const r = spawnSync('bash', ['-o', 'pipefail', '-c', line], { cwd: dir, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
    });
  }
  const queries = [...readFileSync(resolve(ROOT, 'README.md'), 'utf8').matchAll(/```sql\n([\s\S]*?)```/g)].map((m) => m[1]);
  it('finds the DuckDB queries', () => {
    expect(queries.length).toBeGreaterThanOrEqual(2);
  });
  for (const sql of queries) {
    it(sql.split('\n')[0], async () => {
      const db = await (await DuckDBInstance.create(':memory:')).connect();
      // file names in the queries are relative to where the commands ran
      const rows = (
        await db.runAndReadAll(sql.replace(/'([\w.-]+\.(?:jsonl?|parquet|csv))'/g, (_, f: string) => `'${join(dir, f)}'`))
      ).getRowObjectsJson();
      expect(rows.length).toBeGreaterThan(0);
      db.closeSync();
    });
  }
});
