// --tags (docs/design.md §9): the asked PGN tags in every record — JSONL's `"tags":{…}`, CSV's columns after
// the fixed ones, the library's `tags` — checked against the tag pairs read from the input text by a
// regular expression (an oracle apart from our tokenizer): values as in the file (escapes undone), in
// the order asked, a tag the game lacks absent (empty in CSV), the first of a repeated tag.
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, type PositionRecord } from '../../src/index.js';
import { CSV_COLUMNS, CSV_TACTIC_COLUMNS } from '../../src/output/csv-text.js';
import { runCli } from '../helpers/cli.js';
import { corpusPath } from '../helpers/corpus.js';
import { readCsv } from '../helpers/csv.js';

const ASKED = ['White', 'Black', 'WhiteElo', 'Annotator', 'Opening'];

/** Games with what the corpus lacks: text beyond Latin-1, escaped quotes, commas, a repeated and a missing tag. */
const ODD = [
  '[Event "odd 1"]\n[White "Чигорин, Михаил 😀"]\n[Black "O\'Kelly \\"de\\" Galway, A."]\n[White "second White"]\n[Result "1-0"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n',
  '[Event "odd 2"]\n[Black "Müller, Hans"]\n[Opening "Queen\'s Gambit, \\\\ line"]\n[Result "*"]\n\n1. d4 d5 2. c4 *\n',
].join('\n');
const INPUT = readFileSync(corpusPath('games/twic-sample-232games.pgn'), 'utf8').trimEnd() + '\n\n' + ODD;

/** Per game (1-based), the asked tags as the text has them: first occurrence, escapes undone. */
function oracle(text: string): Map<number, [string, string][]> {
  const out = new Map<number, [string, string][]>();
  text.split(/\n\s*\n(?=\[Event )/).forEach((game, i) => {
    const seen = new Map<string, string>();
    for (const m of game.matchAll(/^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]/gm)) {
      if (!seen.has(m[1])) seen.set(m[1], m[2].replace(/\\(["\\])/g, '$1'));
    }
    out.set(
      i + 1,
      ASKED.filter((t) => seen.has(t)).map((t) => [t, seen.get(t)!]),
    );
  });
  return out;
}

const want = oracle(INPUT);

describe('--tags', () => {
  it("JSONL: every line carries the game's asked tags, in the order asked", async () => {
    expect(want.size).toBe(234);
    const r = await runCli(['-', '-q', '--all-positions', '--tags', ASKED.join(',')], { stdin: INPUT });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as PositionRecord);
    const games = new Set<number>();
    for (const rec of lines) {
      expect(Object.entries(rec.tags!)).toEqual(want.get(rec.game));
      expect(Object.keys(rec).at(-1)).toBe('tags');
      games.add(rec.game);
    }
    expect(games.size).toBe(234);
    expect(lines.find((l) => l.game === 233)!.tags).toEqual({ White: 'Чигорин, Михаил 😀', Black: 'O\'Kelly "de" Galway, A.' });
    expect(lines.find((l) => l.game === 234)!.tags).toEqual({ Black: 'Müller, Hans', Opening: "Queen's Gambit, \\ line" });
    // without --tags the lines have no tags at all
    const plain = await runCli(['-', '-q'], { stdin: ODD });
    expect(plain.stdout).not.toContain('"tags"');
  });

  it('CSV: one column per asked tag after the fixed ones, empty when the game lacks it', async () => {
    const r = await runCli(['-', '-q', '-f', 'csv', '--all-positions', '--tags', ASKED.join(',')], { stdin: INPUT });
    expect(r.code, r.stderr).toBe(0);
    const rows = readCsv(r.stdout);
    // ours, the verdict's columns included (verdicts are on by default), then the tags'
    const ours = [...CSV_COLUMNS.split(','), ...CSV_TACTIC_COLUMNS.split(',')];
    const fixed = ours.length;
    expect(rows[0]).toEqual([...ours, ...ASKED]);
    const games = new Set<number>();
    for (const row of rows.slice(1)) {
      expect(row.length).toBe(fixed + ASKED.length);
      const has = new Map(want.get(Number(row[0])));
      expect(row.slice(fixed)).toEqual(ASKED.map((t) => has.get(t) ?? ''));
      games.add(Number(row[0]));
    }
    expect(games.size).toBe(234);
  });

  it('the library: the `tags` option gives every record the same tags as the JSONL lines', async () => {
    const cli = await runCli(['-', '-q', '--all-positions', '--tags', 'Black,Opening'], { stdin: ODD });
    const expected = cli.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as PositionRecord);
    const got: PositionRecord[] = [];
    for await (const rec of analyze({ pgn: ODD }, { threads: 1, allPositions: true, tags: ['Black', 'Opening'] })) got.push(rec);
    expect(got.length).toBeGreaterThan(0);
    expect(got).toEqual(expected);
    expect(got.at(-1)!.tags).toEqual({ Black: 'Müller, Hans', Opening: "Queen's Gambit, \\ line" });
  });

  it('refuses a format without a place for tags, and a name that is no tag name (exit 2)', async () => {
    const parquet = ['-f', 'parquet', '-o', join(tmpdir(), 'never-written.parquet')];
    for (const args of [
      ['-f', 'epd', '--tags', 'White'],
      ['-f', 'pgn', '--tags', 'White'],
      ['--tags', 'White,Bad name'],
      [...parquet, '--tags', 'White,Fen'],
    ]) {
      const r = await runCli(['-', '-q', ...args], { stdin: ODD });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/--tags/);
    }
  });
});
