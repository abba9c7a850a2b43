// --group-by: a dimension per field under "by", checked the slow way. The figures of fields of the game
// (opening, ecoCode, year, a tag) and of the position (moveNumber, outcome) equal a recount from the
// JSON Lines of --all-positions --tags; a dimension keeps its 1,000 values with the most games (ties by
// label) and adds up the rest under "(other)", with a warning; eight shards merged equal one run exactly,
// "(other)" included (a shard's file keeps every value, merge-stats bounds the sum); unknown fields are
// usage errors; without --group-by nothing changes.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { readCorpusBytes, readFileBytes, splitGames } from '../helpers/corpus.js';
import { mover, recount, records, type Rec, type Value } from '../helpers/stats-recount.js';
import { tempDir } from '../helpers/temp.js';

const dir = tempDir('group-by');
const sample = join(dir, 'sample.pgn');
writeFileSync(sample, readFileBytes('fixtures/sample/lichess-2016-05-3000.pgn.zst'));

type Json = Record<string, unknown> & { by: Record<string, Record<string, Value>>; run?: unknown };
const statsOf = (path: string): Json => JSON.parse(readFileSync(path, 'utf8')) as Json;
/** The file as text, `run` aside. */
const withoutRun = (s: Json): string => {
  const { run: _run, ...rest } = s;
  return JSON.stringify(rest);
};

/** The value of a tag in a record, or null. */
const tag = (r: Rec, name: string): string | null => r.tags?.[name] ?? null;

/** The oracle's fields, from a record's tags and FEN. */
const FIELDS: Record<string, (r: Rec) => string> = {
  opening: (r) => {
    const o = tag(r, 'Opening');
    return o === null ? 'unknown' : o.split(/[:,]/)[0].trim();
  },
  ecoCode: (r) => (/^[A-E]\d\d$/.test(tag(r, 'ECO') ?? '') ? tag(r, 'ECO')! : 'unknown'),
  year: (r) => {
    for (const t of ['UTCDate', 'Date']) {
      const m = /^(\d{4})(?!\d)/.exec(tag(r, t) ?? '');
      if (m !== null) return String(Number(m[1]));
    }
    return 'unknown';
  },
  TimeControl: (r) => tag(r, 'TimeControl') ?? 'unknown',
  moveNumber: (r) => r.fen.split(' ')[5],
  outcome: (r) => {
    const result = tag(r, 'Result');
    if (result === '1/2-1/2') return 'draw';
    if (result !== '1-0' && result !== '0-1') return 'unknown';
    return (result === '1-0') === (mover(r) === 'w') ? 'win' : 'loss';
  },
};

describe('--group-by', () => {
  it('counts each field as a recount of the JSON Lines records does', async () => {
    const games = [
      ...splitGames(readCorpusBytes('excerpts/lichess-DrNykterstein-DrDrunkenstein-first-400.pgn.zst'), 120), // Opening, ECO, UTCDate
      ...splitGames(readFileBytes(sample), 120), // no Opening, no ECO: unknown
      ...splitGames(readCorpusBytes('games/pgnmentor-style-Fischer.pgn'), 60), // OTB: Date with ??, no TimeControl
    ];
    const input = join(dir, 'mixed.pgn');
    writeFileSync(input, Buffer.concat(games.map((g) => Buffer.concat([Buffer.from(g.bytes), Buffer.from('\n\n')]))));
    const out = join(dir, 'mixed.jsonl');
    const stats = join(dir, 'mixed.json');
    const fields = Object.keys(FIELDS);
    const tags = 'Opening,ECO,UTCDate,Date,TimeControl,Result';
    const r = await runCli([
      input,
      '--no-tactics',
      '--all-positions',
      '--tags',
      tags,
      '-o',
      out,
      '--stats',
      stats,
      '--group-by',
      fields.join(','),
      '-q',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const recs = records(readFileSync(out, 'utf8'));
    const s = statsOf(stats);
    expect(Object.keys(s.by)).toEqual(['speed', 'ratingBand', 'phase', 'eco', 'result', ...fields]);
    for (const f of fields) {
      const want = recount(recs, FIELDS[f]);
      expect(Object.keys(want).length, f).toBeGreaterThan(1); // every field has more than one value here
      expect(s.by[f], f).toEqual(want);
    }
    expect(Object.keys(s.by.opening)).toContain('Sicilian Defense');
    expect(Object.keys(s.by.year)).toEqual(expect.arrayContaining(['2016', '2022']));
    // the standing dimensions are still there, as a run without --group-by has them
    const plain = join(dir, 'plain.json');
    expect((await runCli([input, '--no-tactics', '-f', 'none', '--stats', plain, '-q'])).code).toBe(0);
    const { by: _by, ...rest } = s;
    const { by: plainBy, ...plainRest } = statsOf(plain);
    expect(withoutRun(rest as Json)).toBe(withoutRun(plainRest as Json));
    for (const d of Object.keys(plainBy)) expect(s.by[d]).toEqual(plainBy[d]);
  });

  it('keeps the 1,000 values with the most games, ties by label, and adds up the rest under "(other)"', async () => {
    const out = join(dir, 'white.jsonl');
    const stats = join(dir, 'white.json');
    const r = await runCli([
      sample,
      '--no-tactics',
      '--all-positions',
      '--tags',
      'White',
      '-o',
      out,
      '--stats',
      stats,
      '--group-by',
      'White',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const recs = records(readFileSync(out, 'utf8'));
    const every = recount(recs, (x) => tag(x, 'White')!);
    const names = Object.keys(every);
    expect(names.length).toBe(1020); // the sample's White players
    // by games, most first; ties by label: whole numbers by value first (the sample has none), then text by code unit
    expect(names.some((n) => /^\d+$/.test(n))).toBe(false);
    names.sort((a, b) => every[b].games - every[a].games || (a < b ? -1 : 1));
    const kept = names.slice(0, 1000);
    const got = statsOf(stats).by.White;
    expect(Object.keys(got).sort()).toEqual([...kept, '(other)'].sort());
    for (const n of kept) expect(got[n], n).toEqual(every[n]);
    const folded = new Set(names.slice(1000));
    expect(got['(other)']).toEqual(
      recount(
        recs.filter((x) => folded.has(tag(x, 'White')!)),
        () => 'other',
      ).other,
    );
    expect(got['(other)'].games).toBe(20);
    expect(r.stderr).toContain(
      'pgn-xray: --group-by White: 1,020 values; the 1,000 with the most games kept, the other 20 added up under "(other)"',
    );
  });

  it('eight shards merged equal one run, the values folded into "(other)" included', async () => {
    // the sample three times: each of its 3,000 games (and Site) thrice, and more than 1,000 Sites in every
    // shard, so that a shard bounding its own values would fold other ones than the whole run does
    const thrice = join(dir, 'thrice.pgn');
    const bytes = readFileSync(sample);
    writeFileSync(thrice, Buffer.concat([bytes, bytes, bytes]));
    const groups = ['--group-by', 'opening,year,ecoCode', '--group-by', 'moveNumber', '--group-by', 'Site'];
    const one = join(dir, 'one.json');
    const r = await runCli([thrice, '--no-tactics', '-f', 'none', '--stats', one, '-q', ...groups]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('--group-by Site: 3,000 values');
    const shards = Array.from({ length: 8 }, (_, i) => join(dir, `shard${i + 1}.json`));
    for (let i = 0; i < 8; i++) {
      const s = await runCli([thrice, '--no-tactics', '-f', 'none', '--shard', `${i + 1}/8`, '--stats', shards[i], '-q', ...groups]);
      expect(s.code, s.stderr).toBe(0);
      expect(s.stderr).not.toContain('(other)'); // a shard's file keeps every value
    }
    const shardSites = shards.map((p) => Object.keys(statsOf(p).by.Site));
    for (const sites of shardSites) expect(sites.length).toBeGreaterThan(1000);
    expect(shardSites.flat()).not.toContain('(other)');
    const merged = join(dir, 'merged.json');
    const m = await runCli(['merge-stats', ...shards, '-o', merged, '-q']);
    expect(m.code, m.stderr).toBe(0);
    expect(m.stderr).toContain('--group-by Site: 3,000 values');
    const want = statsOf(one);
    expect(Object.keys(want.by.Site).length).toBe(1001);
    expect(withoutRun(statsOf(merged))).toBe(withoutRun(want));
  });

  it('refuses to merge statistics grouped by different fields', async () => {
    const half = join(dir, 'half.pgn');
    writeFileSync(
      half,
      Buffer.concat(splitGames(readFileBytes(sample), 40).map((g) => Buffer.concat([Buffer.from(g.bytes), Buffer.from('\n')]))),
    );
    const a = join(dir, 'by-year.json');
    const b = join(dir, 'plain-half.json');
    expect((await runCli([half, '--no-tactics', '-f', 'none', '--stats', a, '-q', '--group-by', 'year'])).code).toBe(0);
    expect((await runCli([half, '--no-tactics', '-f', 'none', '--stats', b, '-q', '--shard', '1/1'])).code).toBe(0);
    const m = await runCli(['merge-stats', a, b, '-q']);
    expect(m.code).toBe(2);
    expect(m.stderr).toContain('statistics grouped by different fields do not add up');
  });

  it('an unknown field, or move, is a usage error naming it; the standing dimensions add nothing', async () => {
    const bad = await runCli([sample, '-f', 'none', '--group-by', 'year,openings']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--group-by: unknown field "openings"');
    const move = await runCli([sample, '-f', 'none', '--group-by', 'move']);
    expect(move.code).toBe(2);
    expect(move.stderr).toContain('"move" is not a dimension');
    const standing = join(dir, 'standing.json');
    const games = join(dir, 'few.pgn');
    writeFileSync(
      games,
      Buffer.concat(splitGames(readFileBytes(sample), 5).map((g) => Buffer.concat([Buffer.from(g.bytes), Buffer.from('\n')]))),
    );
    expect((await runCli([games, '--no-tactics', '-f', 'none', '--stats', standing, '-q', '--group-by', 'speed,eco,phase'])).code).toBe(0);
    expect(Object.keys(statsOf(standing).by)).toEqual(['speed', 'ratingBand', 'phase', 'eco', 'result']);
  });
});
