// Every command example in the README runs as written: the lines of its ```sh blocks that call
// pgn-xray (quick start included, `npm ci &&` aside) run in a scratch folder that sees the repository's
// fixtures, with `pgn-xray` meaning the built CLI, and exit 0; then its ```sql queries run in DuckDB over
// the files those commands wrote, and return rows.
import { spawnSync } from 'node:child_process';
import { readFileSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { CLI, ROOT } from './helpers/cli.js';
import { tempDir } from './helpers/temp.js';

function examples(): string[] {
  const readme = readFileSync(resolve(ROOT, 'README.md'), 'utf8');
  const out: string[] = [];
  for (const block of readme.matchAll(/```sh\n([\s\S]*?)```/g)) {
    for (const raw of block[1].split('\n')) {
      const line = raw.replace(/\s+#.*$/, '').replace(/^npm ci && /, '').trim();
      if (/(^|\| )(npx )?pgn-xray /.test(line)) out.push(line);
    }
  }
  return out;
}

describe('README examples', () => {
  const dir = tempDir('readme');
  symlinkSync(resolve(ROOT, 'fixtures'), join(dir, 'fixtures'));
  const lines = examples();
  it('finds the examples', () => {
    expect(lines.length).toBeGreaterThanOrEqual(5);
  });
  for (const line of lines) {
    it(line, () => {
      const cmd = line.replace(/(npx )?pgn-xray /g, `node ${CLI} `);
      const r = spawnSync('bash', ['-o', 'pipefail', '-c', cmd], { cwd: dir, encoding: 'utf8' });
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
      const rows = (await db.runAndReadAll(sql.replace(/'([\w.-]+\.(?:jsonl|parquet|csv))'/g, (_, f: string) => `'${join(dir, f)}'`))).getRowObjectsJson();
      expect(rows.length).toBeGreaterThan(0);
      db.closeSync();
    });
  }
});
