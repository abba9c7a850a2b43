// The --report page in a real browser: Debian's Chromium, headless, driven by playwright-core, with the
// network blocked (offline context, every host unresolvable) and the page opened from disk. Asserted: no
// console error (a Content-Security-Policy violation would be one), no request but the page itself,
// every chart an <svg> of non-zero size with the number of marks the statistics call for. The headline
// chart (the share of winning tactics found by rating band and by speed) is checked on a report made by
// merge-stats from statistics counted with verdicts on: first in the page, one bar per band and speed
// with verdicts, each as tall as its share, its counts in its hover title and in the table under it.
// A screenshot of the whole page is saved in test-output/ for a person to look at.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameAnalyzer } from '../../src/analysis/game.js';
import { ALL_MOTIFS } from '../../src/motifs/filter.js';
import { BatchSink } from '../../src/pipeline/sinks.js';
import { reportHtml } from '../../src/report/html.js';
import type { StatsJSON } from '../../src/stats/stats.js';
import { ROOT, runCli } from '../helpers/cli.js';
import { corpusPath, splitGames } from '../helpers/corpus.js';
import { fenPieces } from '../helpers/fen-board.js';
import { tempDir } from '../helpers/temp.js';
import { sampleBytes } from '../tactics/sample-games.js';

const CHROMIUM = '/usr/bin/chromium';
const OUT = join(ROOT, 'test-output');

type Counts = Record<string, number>;

interface Tactics {
  positions: Counts;
  found: Counts;
  missed: Counts;
}

interface Value {
  games: number;
  positions: number;
  tactics?: Tactics;
}

interface StatsFile {
  games: number;
  positions: number;
  motifs: Counts;
  tactics?: Tactics;
  byPly: Record<string, Value>;
  by: Record<string, Record<string, Value>>;
  outcome: Record<string, { win: number; draw: number; loss: number }>;
  frontSquares: Record<string, unknown>;
  examples?: Record<string, { fen: string; record: string; ply: number; site: string | null }[]>;
}

const GLYPH_LETTER: Record<string, string> = Object.fromEntries([...'♔♕♖♗♘♙♚♛♜♝♞♟'].map((g, i) => [g, 'KQRBNPkqrbnp'[i]]));

/** The arrows a record's text calls for, as [from, to] squares: slider to back, a battery's far end to each target, a move. */
function arrowsOf(record: string): [string, string][] {
  const [key, , ...rest] = record.split(' ');
  if (key.startsWith('played.')) return [[rest[0].slice(0, 2), rest[0].slice(2, 4)]];
  const cut = rest.indexOf('>');
  if (cut < 0) return [[rest[0], rest[2]]];
  const chain = rest.slice(0, cut);
  // squares ascending along the line: a target past the last square is reached from the first, and the other way round
  return rest.slice(cut + 1).map((t) => [squareIndex(t) > squareIndex(chain[chain.length - 1]) ? chain[0] : chain[chain.length - 1], t]);
}

const squareIndex = (s: string): number => (Number(s[1]) - 1) * 8 + s.charCodeAt(0) - 97;

/** The motif names a reader sees, by key (the catalogue's titles, spelled out here). */
const TITLE_OF: Record<string, string> = {
  'pin.absolute': 'Absolute pin',
  'pin.relative': 'Relative pin',
  'skewer.absolute': 'Absolute skewer',
  'skewer.relative': 'Relative skewer',
  battery: 'Battery',
  discoveredCheck: 'Discovered check (potential)',
  discoveredAttack: 'Discovered attack (potential)',
  xray: 'X-ray defence',
  'played.check': 'Check (played)',
  'played.discoveredCheck': 'Discovered check (played)',
  'played.doubleCheck': 'Double check (played)',
  'played.discoveredAttack': 'Discovered attack (played)',
  'played.found': 'Winning tactic found (played)',
  'played.missed': 'Winning tactic missed (played)',
};

/** A board of the page as drawn: its figure's id, FEN and title, its pieces, edge letters and arrows where they stand. */
interface DrawnBoard {
  id: string;
  fen: string;
  title: string;
  said: string;
  pieces: { at: [number, number]; text: string }[];
  files: { at: [number, number]; text: string }[];
  ranks: { at: [number, number]; text: string }[];
  arrows: { from: [number, number]; tip: [number, number]; colour: string }[];
  href: string | null;
  box: number;
}

/** The boards of the figures a selector finds, read from their SVG. */
function readBoards(page: Page, selector: string): Promise<DrawnBoard[]> {
  return page.locator(selector).evaluateAll((figs) =>
    figs.map((f) => {
      const xy = (e: { getAttribute(n: string): string | null }, a: string, b: string): [number, number] => [
        Number(e.getAttribute(a)),
        Number(e.getAttribute(b)),
      ];
      const texts = (sel: string): { at: [number, number]; text: string }[] =>
        [...f.querySelectorAll(sel)].map((e) => ({ at: xy(e, 'x', 'y'), text: e.textContent ?? '' }));
      const arrows = [...f.querySelectorAll('g.arrow')].map((g) => ({
        from: xy(g.querySelector('line')!, 'x1', 'y1'),
        tip: (g.querySelector('polygon')!.getAttribute('points') ?? '').split(' ')[0].split(',').map(Number) as [number, number],
        colour: g.querySelector('line')!.getAttribute('stroke') ?? '',
      }));
      return {
        id: f.id,
        fen: f.querySelector('code.fen')?.textContent ?? '',
        title: f.querySelector('svg > title')?.textContent ?? '',
        said: f.querySelector('span.said')?.textContent ?? '',
        pieces: texts('text.piece'),
        files: texts('text.coord.file'),
        ranks: texts('text.coord.rank'),
        arrows,
        href: f.querySelector('a.game')?.getAttribute('href') ?? null,
        box: f.querySelector('svg')!.getBoundingClientRect().width,
      };
    }),
  );
}

/** A square from a point of a board's drawing: the nearest file letter's column, the nearest rank number's row. */
function boardSquare(b: DrawnBoard, p: [number, number]): string {
  const nearest = (labels: { at: [number, number]; text: string }[], v: number, axis: 0 | 1): string =>
    labels.reduce((best, l) => (Math.abs(l.at[axis] - v) < Math.abs(best.at[axis] - v) ? l : best)).text;
  return nearest(b.files, p[0], 0) + nearest(b.ranks, p[1], 1);
}

/** A board's pieces by the square they are drawn on, as FEN letters. */
function drawnPieces(b: DrawnBoard): Record<string, string> {
  return Object.fromEntries(b.pieces.map((p) => [boardSquare(b, p.at), GLYPH_LETTER[p.text.replace('\ufe0e', '')]]));
}

const tmp = tempDir('report');
const REPORT = join(tmp, 'report.html');
let stats: StatsFile;
let browser: Browser;
let seconds = 0;

/** Values of a dimension that have positions: one bar (or cell) each per motif key. */
function present(dim: string): number {
  return Object.values(stats.by[dim]).filter((v) => v.positions > 0).length;
}

/** Tactics found and missed at a value. */
function verdicts(v: Value | undefined): number {
  return (v?.tactics?.found.tactic ?? 0) + (v?.tactics?.missed.tactic ?? 0);
}

/** The headline's bars of a statistics file: per band, then per speed, with verdicts: its label, n and share found (%). */
function headlineBars(s: StatsFile): { label: string; n: number; share: number }[] {
  return ['ratingBand', 'speed'].flatMap((dim) =>
    Object.entries(s.by[dim])
      .filter(([, v]) => verdicts(v) > 0)
      .map(([label, v]) => ({
        label,
        n: verdicts(v),
        share: (100 * v.tactics!.found.tactic) / verdicts(v),
      })),
  );
}

/** Tactic keys found or missed: one bar split in two each in the chart by theme. */
function themeKeys(s: StatsFile): number {
  const t = s.tactics!;
  return Object.keys(t.positions).filter((k) => t.found[k] + t.missed[k] > 0).length;
}

/** The tactic charts' marks, when the statistics have verdicts. */
function tacticMarks(s: StatsFile): Record<string, Record<string, number>> {
  if (verdicts(s) === 0) return {};
  const bars = headlineBars(s).length;
  return {
    'tactics-found': { 'g.role-mark.mark-rect > path': bars, 'g.role-mark.mark-rule > line': bars },
    'tactics-themes': { 'g.role-mark.mark-rect > path': 2 * themeKeys(s) },
  };
}

/** Motif keys with a record: the charts' panels and rows (none of the tactic keys with --no-tactics). */
function shownKeys(s: StatsFile): string[] {
  return Object.keys(s.motifs).filter((k) => s.motifs[k] > 0);
}

/** Marks each chart must hold, by chart id and mark selector. */
function expectedMarks(): Record<string, Record<string, number>> {
  const KEYS = shownKeys(stats).length;
  const STATIC = Object.keys(stats.frontSquares).length;
  const buckets = Object.values(stats.byPly);
  const busy = buckets.filter((b) => b.positions > 0 && 100 * b.positions >= stats.positions).length;
  const outcomes = shownKeys(stats).filter((k) => stats.outcome[k].win + stats.outcome[k].draw + stats.outcome[k].loss > 0).length;
  return {
    ...tacticMarks(stats),
    'by-ratingBand': { 'g.role-mark.mark-rect > path': KEYS * present('ratingBand') },
    'by-speed': { 'g.role-mark.mark-rect > path': KEYS * present('speed') },
    'by-phase': { 'g.role-mark.mark-rect > path': KEYS * present('phase') },
    'by-result': { 'g.role-mark.mark-rect > path': KEYS * present('result') },
    'ply-positions': { 'g.role-mark.mark-rect > path': buckets.length },
    'ply-rates': { 'g.role-mark.mark-line > path': KEYS, 'g.role-mark.mark-symbol > path': KEYS * busy },
    squares: { 'g.role-mark.mark-rect > path': STATIC * 64 },
    outcome: { 'g.role-mark.mark-rect > path': outcomes, 'g.role-mark.mark-text > text': outcomes },
    eco: { 'g.role-mark.mark-rect > path': KEYS * present('eco'), 'g.role-mark.mark-text > text': KEYS * present('eco') },
  };
}

beforeAll(async () => {
  expect(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install chromium (.ci/run does it)`).toBe(true);
  const inputs = ['games/mliebelt-32games.pgn', 'games/twic-sample-232games.pgn', 'games/lichess-db-2017-05-no-event-tag-clocks.pgn'].map(
    corpusPath,
  );
  const t0 = performance.now();
  const r = await runCli([...inputs, '-f', 'none', '-q', '--no-tactics', '--stats', join(tmp, 'stats.json'), '--report', REPORT]);
  seconds = (performance.now() - t0) / 1000;
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toBe(''); // no warning from the chart compiler either
  stats = JSON.parse(readFileSync(join(tmp, 'stats.json'), 'utf8')) as StatsFile;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--host-resolver-rules=MAP * ~NOTFOUND'] });
});

afterAll(async () => {
  await browser?.close();
});

describe('the report in headless Chromium, offline', () => {
  it('opens from disk with no error and no request, every chart drawn with its marks', async () => {
    const context = await browser.newContext({ offline: true, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    const requests: string[] = [];
    const failed: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('request', (q) => requests.push(q.url()));
    page.on('requestfailed', (q) => failed.push(q.url()));
    await page.goto(pathToFileURL(REPORT).href, { waitUntil: 'load' });
    expect(errors).toEqual([]);
    expect(failed).toEqual([]);
    expect(requests).toEqual([pathToFileURL(REPORT).href]);

    const want = expectedMarks();
    expect(await page.locator('figure.chart').count()).toBe(Object.keys(want).length);
    for (const [id, marks] of Object.entries(want)) {
      const svg = page.locator(`figure#chart-${id} > svg`);
      expect(await svg.count(), id).toBe(1);
      const box = await svg.boundingBox();
      expect(box!.width, id).toBeGreaterThan(200);
      expect(box!.height, id).toBeGreaterThan(100);
      for (const [selector, n] of Object.entries(marks)) {
        expect(n, `${id} ${selector}`).toBeGreaterThan(0);
        expect(await svg.locator(selector).count(), `${id} ${selector}`).toBe(n);
      }
      // the specification beside the chart is valid JSON holding the data
      const spec = JSON.parse((await page.locator(`figure#chart-${id} > script[type="application/vnd.vegalite+json"]`).textContent())!) as {
        data: { values: unknown[] };
      };
      expect(spec.data.values.length, id).toBeGreaterThan(0);
    }
    // the motif table: one row per motif key; the statistics themselves at the end
    expect(await page.locator('table.headline tbody tr').count()).toBe(Object.keys(stats.motifs).length);
    const embedded = JSON.parse((await page.locator('script#statistics').textContent())!) as StatsFile;
    expect(embedded.positions).toBe(stats.positions);
    // the page fits a laptop screen: no chart wider than the viewport
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1280);
    mkdirSync(OUT, { recursive: true });
    await page.screenshot({ path: join(OUT, 'report.png'), fullPage: true });
    await context.close();
    expect(seconds).toBeLessThan(10);
  });

  it('names the motifs as a person reads them, and every mark carries the numbers its table gives', async () => {
    const context = await browser.newContext({ offline: true, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(pathToFileURL(REPORT).href, { waitUntil: 'load' });
    const shown = (await page.evaluate('document.body.innerText')) as string;
    // no "pin.absolute", "played.check" or "xray" as a word ("battery" is a word of the captions too, "pgn-xray" the tool)
    for (const key of Object.keys(stats.motifs).filter((k) => k !== 'battery'))
      expect(shown, key).not.toMatch(new RegExp(`(?<![-\\w.])${key.replace('.', '\\.')}(?![\\w])`));
    for (const name of ['Absolute pin', 'Relative skewer', 'Discovered check (played)', 'Battery']) expect(shown).toContain(name);
    // every bar, cell, point and square has its hover title
    for (const [id, marks] of Object.entries(expectedMarks())) {
      for (const selector of Object.keys(marks).filter((m) => !m.includes('mark-text') && !m.includes('mark-line'))) {
        const titles = await page
          .locator(`figure#chart-${id} > svg ${selector}`)
          .evaluateAll((els) => els.map((e) => e.querySelector('title')?.textContent ?? ''));
        expect(
          titles.filter((t) => t === ''),
          `${id} ${selector}`,
        ).toEqual([]);
      }
    }
    // the rates on hover are the table's, cell by cell
    const dims: [string, string][] = [
      ['ratingBand', 'rating band'],
      ['speed', 'speed'],
      ['phase', 'phase'],
      ['result', 'result'],
      ['eco', 'ECO group'],
    ];
    for (const [dim, said] of dims) {
      const id = dim === 'eco' ? 'eco' : `by-${dim}`;
      const figure = page.locator(`figure#chart-${id}`);
      const head = await figure.locator('table.data thead th').allTextContents();
      const rows = await figure
        .locator('table.data tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
      const fromTable = rows
        .filter((r) => r[0].endsWith(' per 1000'))
        .flatMap((r) =>
          r.slice(1).map((cell, i) => `${r[0].replace(/ per 1000$/, '')}, ${said} ${head[i + 1]}: ${cell} per 1000 positions`),
        );
      const titles = await figure
        .locator('svg g.role-mark.mark-rect > path')
        .evaluateAll((els) => els.map((e) => e.querySelector('title')?.textContent ?? ''));
      const fromTitles = titles.map((t) => t.slice(0, t.indexOf(' per 1000 positions') + ' per 1000 positions'.length));
      expect(fromTitles.length, id).toBe(shownKeys(stats).length * present(dim));
      expect([...fromTitles].sort(), id).toEqual([...fromTable].sort());
    }
    await context.close();
  });

  it('draws each example as a board whose pieces are its FEN, its arrow along its record, its game linked', async () => {
    const examples = stats.examples!;
    const want = Object.entries(examples).flatMap(([key, list]) => list.map((e) => ({ key, ...e })));
    expect(want.length).toBeGreaterThanOrEqual(30); // 3 of each static key at least
    const context = await browser.newContext({ offline: true, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(pathToFileURL(REPORT).href, { waitUntil: 'load' });
    const boards = await readBoards(page, 'section#examples figure.board');
    expect(boards.length).toBe(want.length);
    boards.forEach((b, i) => {
      const e = want[i];
      expect(b.fen).toBe(e.fen);
      expect(b.box, b.id).toBeGreaterThan(250);
      expect(drawnPieces(b), `${b.id} ${e.fen}`).toEqual(Object.fromEntries(fenPieces(e.fen))); // the FEN parsed the slow way
      // the arrows: from where the record's line starts to each square it ends on
      expect(
        b.arrows.map((a) => [boardSquare(b, a.from), boardSquare(b, a.tip)]),
        `${b.id} ${e.record}`,
      ).toEqual(arrowsOf(e.record));
      expect(b.title).toContain(TITLE_OF[e.key]);
      expect(b.href).toBe(e.site?.startsWith('https://') ? `${e.site}#${e.ply}` : null);
    });
    mkdirSync(OUT, { recursive: true });
    await page.locator('section#examples').screenshot({ path: join(OUT, 'report-boards.png') });
    await context.close();
  });

  it('prints: the charts fit an A4 page width', async () => {
    const a4 = Math.floor(((210 - 24) / 25.4) * 96); // CSS pixels between 12 mm margins
    const context = await browser.newContext({ offline: true, viewport: { width: a4, height: 1000 } });
    const page = await context.newPage();
    await page.goto(pathToFileURL(REPORT).href);
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ format: 'A4', margin: { top: '15mm', bottom: '15mm', left: '12mm', right: '12mm' } });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const widths = await page.locator('figure.chart > svg').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().width));
    expect(Math.min(...widths)).toBeGreaterThan(100);
    expect(Math.max(...widths)).toBeLessThanOrEqual(a4);
    await context.close();
  });
});

describe('the headline chart, from statistics counted with verdicts on', () => {
  const dir = tempDir('report-tactics');
  const report = join(dir, 'report.html');
  let counted: StatsFile;

  beforeAll(async () => {
    const analyzer = new GameAnalyzer({ allPositions: false, filter: ALL_MOTIFS, moves: false, tactics: true });
    const sink = new BatchSink(null);
    for (const g of splitGames(sampleBytes(), 400)) if (analyzer.pgn(g.bytes, g.index, sink) !== null) sink.stats.addRejected();
    sink.stats.addVector(sink.take().stats); // the vector is taken, the sink's own Stats cleared: count it back in
    writeFileSync(join(dir, 'stats.json'), JSON.stringify(sink.stats.toJSON()));
    const r = await runCli(['merge-stats', join(dir, 'stats.json'), '-o', join(dir, 'merged.json'), '--report', report]);
    expect(r.code, r.stderr).toBe(0);
    counted = JSON.parse(readFileSync(join(dir, 'merged.json'), 'utf8')) as StatsFile;
  });

  /** The page opened offline, with no console error. */
  async function open(): Promise<{ page: Page; close: () => Promise<void> }> {
    const context = await browser.newContext({ offline: true, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
    });
    await page.goto(pathToFileURL(report).href, { waitUntil: 'load' });
    expect(errors).toEqual([]);
    return { page, close: () => context.close() };
  }

  it('comes first, one bar per rating band and speed, each as tall as its share, its n on hover and in the table', async () => {
    const bars = headlineBars(counted);
    expect(bars.length).toBeGreaterThan(5); // several bands and speeds in the sample
    expect(bars.every((b) => b.share > 0 && b.share < 100)).toBe(true);
    const { page, close } = await open();
    expect(await page.locator('figure.chart').first().getAttribute('id')).toBe('chart-tactics-found');
    const chart = page.locator('figure#chart-tactics-found');
    for (const [selector, n] of Object.entries(tacticMarks(counted)['tactics-found']))
      expect(await chart.locator(`svg ${selector}`).count(), selector).toBe(n);
    // each bar: its hover title names its value and n; its height on the 200-pixel axis of 0–100% is its share
    const drawn = await chart.locator('svg g.role-mark.mark-rect > path').evaluateAll((els) =>
      els.map((e) => ({
        title: e.querySelector('title')?.textContent ?? '',
        height: (e as unknown as { getBBox(): { height: number } }).getBBox().height,
      })),
    );
    expect(drawn.length).toBe(bars.length);
    drawn.forEach((d, i) => {
      expect(d.title, bars[i].label).toContain(`: ${bars[i].label};`);
      expect(d.title).toContain(`tactics (n): ${bars[i].n.toLocaleString('en')}`);
      expect(d.height, d.title).toBeCloseTo((200 * bars[i].share) / 100, 0);
    });
    // the table under the chart: a row per bar with its n
    const rows = await chart
      .locator('table.data tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
    expect(rows.map((r) => r[0].split(' ').pop())).toEqual(bars.map((b) => b.label));
    expect(rows.map((r) => r[3])).toEqual(bars.map((b) => b.n.toLocaleString('en')));
    // found and missed by theme: one bar split in two per theme met, its table a row each
    const themes = page.locator('figure#chart-tactics-themes');
    expect(await themes.locator('svg g.role-mark.mark-rect > path').count()).toBe(2 * themeKeys(counted));
    expect(await themes.locator('table.data tbody tr').count()).toBe(themeKeys(counted));
    mkdirSync(OUT, { recursive: true });
    await chart.screenshot({ path: join(OUT, 'report-tactics.png') });
    await themes.screenshot({ path: join(OUT, 'report-tactic-themes.png') });
    await close();
  });
});

describe('a dimension of --group-by', () => {
  /** The statistics with `by.opening` as --group-by opening writes it: 25 families and "(other)", each a share of the whole. */
  function withOpenings(s: StatsFile): StatsFile {
    const scaled = (c: Counts, f: number): Counts => Object.fromEntries(Object.entries(c).map(([k, n]) => [k, Math.round(n * f)]));
    const value = (games: number, f: number): unknown => ({
      games,
      positions: Math.round(s.positions * f),
      motifs: scaled(s.motifs, f * (1 + (games % 7) / 10)),
      positionsWith: scaled(s.motifs, f / 2),
      gamesWith: scaled(s.motifs, f / 4),
    });
    // games out of order, two ties broken by name, one family of hostile text
    const names = Array.from({ length: 25 }, (_, i) =>
      i === 3 ? '<img src=x onerror=alert(1)>' : `Family ${String.fromCharCode(65 + i)}`,
    );
    const opening = Object.fromEntries(names.map((n, i) => [n, value(10 + ((i * 7) % 25) * 3 + (i === 5 ? 3 : 0), 0.01 + i / 1000)]));
    opening['(other)'] = value(5000, 0.2);
    return { ...s, by: { ...s.by, opening } as StatsFile['by'] };
  }

  it('is drawn as a chart of its 20 most played values, and without it the page says how to get the opening chart', async () => {
    expect(readFileSync(REPORT, 'utf8')).toContain('<code>--group-by opening</code>');
    const s = withOpenings(stats);
    const file = join(tmp, 'report-opening.html');
    writeFileSync(file, await reportHtml(s as unknown as StatsJSON));
    const context = await browser.newContext({ offline: true, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => errors.push(m.text()));
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
    expect(errors).toEqual([]);
    expect(await page.locator('#note-opening').count()).toBe(0);
    const chart = page.locator('figure#chart-by-opening');
    expect(await chart.locator('h2').textContent()).toBe('Motifs by opening family');
    const want = Object.entries(s.by.opening)
      .filter(([name]) => name !== '(other)')
      .sort(([a, x], [b, y]) => y.games - x.games || (a < b ? -1 : 1))
      .slice(0, 20)
      .map(([name]) => name);
    expect(await chart.locator('svg g.role-mark.mark-rect > path').count()).toBe(20 * shownKeys(s).length);
    expect((await chart.locator('table.data thead th').allTextContents()).slice(1)).toEqual(want);
    // the rows of the chart, top to bottom: the y axis labels
    const labels = await chart.locator('svg g.role-axis g.role-axis-label text').allTextContents();
    for (const name of want) expect(labels).toContain(name);
    expect(labels).not.toContain('(other)');
    mkdirSync(OUT, { recursive: true });
    await chart.screenshot({ path: join(OUT, 'report-opening.png') });
    await context.close();
  });
});

describe('a report about a player (--player)', () => {
  const dir = tempDir('report-player');
  const report = join(dir, 'report.html');
  const NAMES = ['DrNykterstein', 'DrDrunkenstein'];
  interface Miss {
    fen: string;
    ply: number;
    site: string | null;
    tactic: { move: string; uci: string; gain?: number; mate?: number };
    played: { move: string; uci: string };
  }
  let player: { names: string[]; for: Value & { by: Record<string, Record<string, Value>> }; against: typeof player.for; misses: Miss[] };

  beforeAll(async () => {
    const input = join(ROOT, 'fixtures/corpus/excerpts/lichess-DrNykterstein-DrDrunkenstein-first-400.pgn.zst');
    const stats = join(dir, 'stats.json');
    const r = await runCli([
      input,
      ...NAMES.flatMap((n) => ['--player', n]),
      '-f',
      'none',
      '-q',
      '--no-progress',
      '--stats',
      stats,
      '--report',
      report,
    ]);
    expect(r.code, r.stderr).toBe(0);
    player = (JSON.parse(readFileSync(stats, 'utf8')) as { player: typeof player }).player;
  });

  /** The phase chart's bars: per phase, the player's then the opponents', with verdicts: phase, whose, n. */
  function phaseBars(): { phase: string; moves: string; n: number }[] {
    return ['opening', 'middlegame', 'endgame'].flatMap((phase) =>
      (['for', 'against'] as const).flatMap((side) => {
        const n = verdicts(player[side].by.phase[phase]);
        return n === 0 ? [] : [{ phase, moves: side === 'for' ? 'the player' : 'the opponents', n }];
      }),
    );
  }

  it("shows the player's tactics by phase, against their opponents', and by theme, the n behind every bar", async () => {
    const context = await browser.newContext({ offline: true, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => errors.push(m.text()));
    await page.goto(pathToFileURL(report).href, { waitUntil: 'load' });
    expect(errors).toEqual([]);
    expect(await page.locator('h1').textContent()).toBe(`pgn-xray statistics: ${NAMES.join(', ')}`);
    const bars = phaseBars();
    expect(bars.length).toBe(6); // both sides had tactics in every phase
    const phase = page.locator('figure#chart-player-phase');
    const titles = await phase
      .locator('svg g.role-mark.mark-rect > path')
      .evaluateAll((els) => els.map((e) => e.querySelector('title')?.textContent ?? ''));
    expect(await phase.locator('svg g.role-mark.mark-rule > line').count()).toBe(bars.length);
    expect(
      titles
        .map((t) => [/phase: (\w+)/.exec(t)?.[1], /the moves of: ([\w ]+);/.exec(t)?.[1], t.match(/tactics \(n\): ([\d,]+)/)?.[1]])
        .sort(),
    ).toEqual(bars.map((b) => [b.phase, b.moves, b.n.toLocaleString('en')]).sort());
    const rows = await phase
      .locator('table.data tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
    expect(rows.map((r) => [r[0], r[3]])).toEqual(bars.map((b) => [`${b.phase}, ${b.moves}`, b.n.toLocaleString('en')]));
    // by theme: the player's moves only, one bar split in two per key they found or missed
    const t = player.for.tactics!;
    const keys = Object.keys(t.positions).filter((k) => t.found[k] + t.missed[k] > 0);
    const themes = page.locator('figure#chart-player-themes');
    expect(await themes.locator('svg g.role-mark.mark-rect > path').count()).toBe(2 * keys.length);
    const themeRows = await themes
      .locator('table.data tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
    expect(themeRows.map((r) => [r[2], r[3]])).toEqual(keys.map((k) => [t.found[k], t.missed[k]].map((n) => n.toLocaleString('en'))));
    mkdirSync(OUT, { recursive: true });
    await phase.screenshot({ path: join(OUT, 'report-player-phase.png') });
    await themes.screenshot({ path: join(OUT, 'report-player-themes.png') });
    await context.close();
  });

  it("draws the player's costliest misses from their side: pieces as the FEN, the winning move and the move played as arrows", async () => {
    const misses = player.misses;
    expect(misses.length).toBe(6);
    const context = await browser.newContext({ offline: true, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(pathToFileURL(report).href, { waitUntil: 'load' });
    const boards = await readBoards(page, 'section#misses figure.board');
    expect(boards.length).toBe(misses.length);
    boards.forEach((b, i) => {
      const m = misses[i];
      expect(b.fen).toBe(m.fen);
      expect(drawnPieces(b), `${b.id} ${m.fen}`).toEqual(Object.fromEntries(fenPieces(m.fen)));
      // from the player's side: the side to move's first rank at the bottom
      const bottom = b.ranks.reduce((low, r) => (r.at[1] > low.at[1] ? r : low)).text;
      expect(bottom, b.id).toBe(m.fen.split(' ')[1] === 'w' ? '1' : '8');
      const uci = (u: string): [string, string] => [u.slice(0, 2), u.slice(2, 4)];
      expect(b.arrows.map((a) => [boardSquare(b, a.from), boardSquare(b, a.tip)])).toEqual([uci(m.played.uci), uci(m.tactic.uci)]);
      expect(b.arrows[0].colour).not.toBe(b.arrows[1].colour);
      const who = m.fen.split(' ')[1] === 'w' ? 'White' : 'Black';
      const what = m.tactic.mate !== undefined ? `mate in ${m.tactic.mate}` : `(gain ${m.tactic.gain})`;
      expect(b.said).toContain(`${who} missed ${m.tactic.move}, `);
      expect(b.said).toContain(what);
      expect(b.said).toMatch(new RegExp(`; played ${m.played.move.replace(/[+]/g, '\\+')}$`));
      expect(b.title).toBe(b.said);
      expect(b.href).toBe(`${m.site}#${m.ply}`);
    });
    mkdirSync(OUT, { recursive: true });
    await page.screenshot({ path: join(OUT, 'report-player.png'), fullPage: true });
    await page.locator('section#misses').screenshot({ path: join(OUT, 'report-player-misses.png') });
    await context.close();
  });
});
