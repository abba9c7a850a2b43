// -f parquet (docs/design.md §6) read back by DuckDB (@duckdb/node-api, an engine apart from ours and from the
// encoder): the same positions in the same order, motifs and pieces as the JSON Lines of the same run
// (absent fields null, a line motif's pieces as the list slider, front, back), whatever the thread count
// and batch size; --tags columns; an interrupted run leaves a file that reads back; stdout is refused.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PositionRecord } from '../../src/index.js';
import { CLI, ROOT, runCli } from '../helpers/cli.js';
import { corpusPath } from '../helpers/corpus.js';
import { tempDir } from '../helpers/temp.js';

const FILE = corpusPath('games/twic-sample-232games.pgn');
const BIG = corpusPath('games/lichess-db-2016-05-no-event-tag.pgn.zst');
const tmp = tempDir('parquet');
const MOTIF_FIELDS = [
  'motif',
  'kind',
  'side',
  'slider',
  'front',
  'back',
  'partial',
  'squares',
  'pieces',
  'line',
  'targets',
  'targetPieces',
];

let db: DuckDBConnection;
beforeAll(async () => {
  db = await (await DuckDBInstance.create(':memory:')).connect();
});
afterAll(() => db.closeSync());

/** The Parquet rows in file order, as JSON values (BIGINT as text, turned back into numbers). */
async function readParquet(path: string): Promise<Record<string, unknown>[]> {
  const r = await db.runAndReadAll(
    `select * exclude (file_row_number) from read_parquet('${path}', file_row_number = true) order by file_row_number`,
  );
  return r
    .getRowObjectsJson()
    .map((row) => ({ ...row, game: Number(row.game), ...('offset' in row ? { offset: Number(row.offset) } : {}) }));
}

/**
 * A JSONL record as the Parquet row should say it: every motif field present (null when absent), pieces as
 * a list, the tactic verdict a struct with gain and mate (one null) or null where the record has none, a
 * column per asked tag (null when absent).
 */
function asRow(rec: PositionRecord, asked: string[] = []): Record<string, unknown> {
  const { tags, tactic, ...rest } = rec;
  const verdict =
    tactic === undefined
      ? null
      : { move: tactic.move, uci: tactic.uci, gain: tactic.gain ?? null, mate: tactic.mate ?? null, themes: tactic.themes };
  const motifs = rec.motifs.map((m) => {
    const full: Record<string, unknown> = Object.fromEntries(MOTIF_FIELDS.map((f) => [f, (m as Record<string, unknown>)[f] ?? null]));
    if ('slider' in m) full.pieces = [m.pieces.slider, m.pieces.front, m.pieces.back];
    return full;
  });
  return { ...rest, motifs, tactic: verdict, ...Object.fromEntries(asked.map((t) => [t, tags?.[t] ?? null])) };
}

async function both(args: string[], name: string): Promise<{ rows: Record<string, unknown>[]; records: PositionRecord[] }> {
  const pq = join(tmp, `${name}.parquet`);
  const jl = join(tmp, `${name}.jsonl`);
  const a = await runCli([...args, '-f', 'parquet', '-o', pq, '-q']);
  expect(a.code, a.stderr).toBe(0);
  const b = await runCli([...args, '-o', jl, '-q']);
  expect(b.code, b.stderr).toBe(0);
  const records = readFileSync(jl, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as PositionRecord);
  return { rows: await readParquet(pq), records };
}

describe('-f parquet, read back by DuckDB', () => {
  it('holds the positions, motifs and pieces of the JSONL of the same run, in order', async () => {
    const { rows, records } = await both([FILE], 'twic');
    expect(rows.length).toBe(records.length);
    expect(rows.length).toBeGreaterThan(5000);
    expect(rows).toEqual(records.map((r) => asRow(r)));
    const motifs = records.flatMap((r) => r.motifs);
    expect(new Set(motifs.map((m) => m.motif)).size).toBe(6); // every kind of record went through
    const verdicts = records.flatMap((r) => (r.tactic === undefined ? [] : [r.tactic]));
    expect(verdicts.some((t) => t.mate !== undefined) && verdicts.some((t) => t.gain !== undefined && t.themes.length > 1)).toBe(true);
  });

  it('keeps input order with two threads and small batches, and writes every position with --all-positions', async () => {
    const { rows, records } = await both([FILE, '-j', '2', '--batch-games', '3', '--all-positions'], 'order');
    expect(rows.length).toBe(20009);
    expect(rows).toEqual(records.map((r) => asRow(r)));
  });

  it("--shard: the game's byte offset is a column, as it is a field of the JSONL (the key in every sharding)", async () => {
    const { rows, records } = await both([FILE, '--shard', '2/3', '--tags', 'Round'], 'shard');
    expect(rows.length).toBeGreaterThan(1000);
    expect(rows).toEqual(records.map((r) => asRow(r, ['Round'])));
    expect(Object.keys(rows[0]).slice(0, 3)).toEqual(['game', 'offset', 'ply']);
    expect(new Set(rows.map((r) => r.offset)).size).toBeGreaterThan(50);
  });

  it('--tags: one column per tag, null where the game lacks it', async () => {
    const asked = ['White', 'WhiteElo', 'Annotator'];
    const { rows, records } = await both([FILE, '--tags', asked.join(',')], 'tags');
    expect(rows).toEqual(records.map((r) => asRow(r, asked)));
    expect(Object.keys(rows[0]).slice(-3)).toEqual(['White', 'WhiteElo', 'Annotator']);
    expect(rows.some((r) => r.Annotator === null)).toBe(true);
    expect(rows.every((r) => typeof r.White === 'string')).toBe(true);
  });

  it('is zstd-compressed and answers a query over motifs and pieces', async () => {
    const path = join(tmp, 'twic.parquet');
    const codecs = await db.runAndReadAll(`select distinct compression from parquet_metadata('${path}')`);
    expect(codecs.getRowObjectsJson()).toEqual([{ compression: 'ZSTD' }]);
    const q =
      await db.runAndReadAll(`select m.pieces[1] as slider, count(*) as n from (select unnest(motifs) as m from read_parquet('${path}'))
      where m.motif = 'pin' group by all order by n desc, slider`);
    const bySlider = q.getRowObjectsJson();
    expect(bySlider.map((r) => r.slider).sort()).toEqual(['B', 'Q', 'R', 'b', 'q', 'r']);
  });

  it('a run with no position to write gives a valid file of no rows', async () => {
    const path = join(tmp, 'empty.parquet');
    const r = await runCli(['-', '-f', 'parquet', '-o', path, '-q'], { stdin: '[Event "x"]\n\n1. e4 *\n' });
    expect(r.code, r.stderr).toBe(0);
    expect(await readParquet(path)).toEqual([]);
  });

  it('an interrupted run (SIGINT) ends the file with its footer: it reads back with the rows written', async () => {
    const path = join(tmp, 'sigint.parquet');
    const child = spawn(process.execPath, [CLI, BIG, '-f', 'parquet', '-o', path, '-q', '--batch-games', '20', '-j', '2'], { cwd: ROOT });
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    const code = await new Promise<number | null>((resolve) => {
      setTimeout(() => child.kill('SIGINT'), 1500);
      child.on('close', (c) => resolve(c));
    });
    const rows = await readParquet(path);
    if (code === 0) return; // finished before the signal: the first test covers a whole file
    expect(code, stderr).toBe(130);
    const full = await runCli([BIG, '-q']);
    const records = full.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as PositionRecord);
    expect(rows).toEqual(records.slice(0, rows.length).map((r) => asRow(r))); // whole games in order, from the start
  });

  it('a file that cannot be written (a full device, no directory): one line naming it, exit 1', async () => {
    for (const [path, reason] of [
      ['/dev/full', 'no space left on device'],
      [join(tmp, 'none', 'x.parquet'), 'no such file or directory'],
    ]) {
      const r = await runCli([FILE, '-f', 'parquet', '-o', path, '-q']);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toContain(`cannot write ${path}: ${reason}`);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('another output that cannot be opened ends the run at once, and no Parquet file is made', async () => {
    const errors = join(tmp, 'none', 'errors.jsonl');
    const path = join(tmp, 'opened.parquet');
    const r = await runCli([FILE, '-f', 'parquet', '-o', path, '--errors', errors, '-q']);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr.trim()).toBe(`pgn-xray: cannot write ${errors}: no such file or directory (ENOENT)`);
    expect(existsSync(path)).toBe(false);
  }, 20_000);

  it('refuses stdout (exit 2)', async () => {
    for (const out of [[], ['-o', '-']]) {
      const r = await runCli([FILE, '-f', 'parquet', ...out, '-q']);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('-f parquet needs -o FILE');
    }
  });
});
