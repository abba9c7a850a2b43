// The record schema is the one description the three record writers follow: the library's records are
// the JSON Lines byte for byte (JSON.stringify of each), every JSON Lines record and motif record has
// exactly the schema's fields in its order for its case (--shard, a verdict, --tags), and Parquet's
// columns and motif struct are the schema's, in its order.
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/index.js';
import { MOTIFS } from '../../src/motifs/catalogue.js';
import { MOTIF_FIELDS, fieldsOf } from '../../src/motifs/record-fields.js';
import { parquetSchema } from '../../src/output/parquet-arrow.js';
import { TACTIC_FIELDS, parquetColumns, recordFields } from '../../src/output/record-schema.js';
import { runCli } from '../helpers/cli.js';
import { corpusPath } from '../helpers/corpus.js';
import type { Struct, List } from 'apache-arrow';

const FILE = corpusPath('games/twic-sample-232games.pgn');
const TAGS = ['White', 'Round'];

/** The JSON Lines of a run, as text lines. */
async function lines(args: string[]): Promise<string[]> {
  const r = await runCli([FILE, '-q', ...args]);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout.trim().split('\n');
}

/** Checks each record's keys against the schema, and each motif record's against its row's fields. */
function expectSchemaOrder(text: string[], shard: boolean, tags: boolean): void {
  let verdicts = 0;
  for (const line of text) {
    const rec = JSON.parse(line) as Record<string, unknown> & { motifs: Record<string, unknown>[] };
    const verdict = rec.tactic !== undefined;
    verdicts += verdict ? 1 : 0;
    expect(Object.keys(rec)).toEqual(recordFields({ shard, verdict, tags }));
    if (verdict) expect(Object.keys(rec.tactic as object)).toEqual(TACTIC_FIELDS.filter((f) => f in (rec.tactic as object)));
    for (const m of rec.motifs) {
      const row = MOTIFS.find((r) => r.name === m.motif && (r.kind ?? undefined) === m.kind)!;
      expect(Object.keys(m)).toEqual(fieldsOf(row));
    }
  }
  expect(verdicts).toBeGreaterThan(10);
}

describe('the record schema', () => {
  it("the library's records are the JSON Lines, byte for byte", async () => {
    const text = await lines(['--tags', TAGS.join(',')]);
    const got: string[] = [];
    for await (const rec of analyze(FILE, { threads: 1, tags: TAGS })) got.push(JSON.stringify(rec));
    expect(got.length).toBeGreaterThan(1000);
    expect(got).toEqual(text);
  });

  it('every JSON Lines record has the fields of its case in the schema order, every motif record its row fields', async () => {
    expectSchemaOrder(await lines([]), false, false);
    expectSchemaOrder(await lines(['--tags', 'Round', '--shard', '1/2']), true, true);
  });

  it("Parquet's columns and motif struct are the schema's, in its order", () => {
    for (const shard of [false, true]) {
      const schema = parquetSchema({ tags: TAGS, shard });
      expect(schema.fields.map((f) => f.name)).toEqual([...parquetColumns(shard), ...TAGS]);
      const motif = (schema.fields.find((f) => f.name === 'motifs')!.type as List<Struct>).children[0].type;
      expect(motif.children.map((f) => f.name)).toEqual(MOTIF_FIELDS);
      const tactic = schema.fields.find((f) => f.name === 'tactic')!.type as Struct;
      expect(tactic.children.map((f) => f.name)).toEqual(TACTIC_FIELDS);
    }
    expect(parquetColumns(true)).toContain('offset');
    expect(parquetColumns(false)).not.toContain('offset');
  });

  it('the motif struct holds every field some row has, and no other', () => {
    const used = new Set(MOTIFS.flatMap((m) => fieldsOf(m)));
    expect(new Set(MOTIF_FIELDS)).toEqual(used);
    expect(MOTIF_FIELDS.length).toBe(used.size);
  });
});
