// The --report page in a real browser: Debian's Chromium, headless, driven by playwright-core, with the
// network blocked (offline context, every host unresolvable) and the page opened from disk. Asserted: no
// console error (a Content-Security-Policy violation would be one), no request but the page itself,
// every chart an <svg> of non-zero size with the number of marks the statistics call for. A screenshot
// of the whole page is saved in test-output/ for a person to look at.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../helpers/cli.js';
import { corpusPath } from '../helpers/corpus.js';
import { tempDir } from '../helpers/temp.js';

const CHROMIUM = '/usr/bin/chromium';
const OUT = join(ROOT, 'test-output');
const KEYS = 12; // motif keys: 8 static, 4 played
const STATIC = 8;

interface Value {
  positions: number;
}

interface StatsFile {
  games: number;
  positions: number;
  byPly: Record<string, Value>;
  by: Record<string, Record<string, Value>>;
  outcome: Record<string, { win: number; draw: number; loss: number }>;
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

/** Marks each chart must hold, by chart id and mark selector. */
function expectedMarks(): Record<string, Record<string, number>> {
  const buckets = Object.values(stats.byPly);
  const busy = buckets.filter((b) => b.positions > 0 && 100 * b.positions >= stats.positions).length;
  const outcomes = Object.values(stats.outcome).filter((o) => o.win + o.draw + o.loss > 0).length;
  return {
    'by-ratingBand': { 'g.role-mark.mark-rect > path': KEYS * present('ratingBand') },
    'by-speed': { 'g.role-mark.mark-rect > path': KEYS * present('speed') },
    'by-phase': { 'g.role-mark.mark-rect > path': KEYS * present('phase') },
    'ply-positions': { 'g.role-mark.mark-rect > path': buckets.length },
    'ply-rates': { 'g.role-mark.mark-line > path': KEYS, 'g.role-mark.mark-symbol > path': KEYS * busy },
    squares: { 'g.role-mark.mark-rect > path': STATIC * 64 },
    outcome: { 'g.role-mark.mark-rect > path': outcomes, 'g.role-mark.mark-text > text': outcomes },
    eco: { 'g.role-mark.mark-rect > path': KEYS * present('eco'), 'g.role-mark.mark-text > text': KEYS * present('eco') },
  };
}

beforeAll(async () => {
  expect(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install chromium (.ci/run does it)`).toBe(true);
  const inputs = ['games/mliebelt-32games.pgn', 'games/twic-sample-232games.pgn', 'games/lichess-db-2017-05-no-event-tag-clocks.pgn'].map(corpusPath);
  const t0 = performance.now();
  const r = await runCli([...inputs, '-f', 'none', '-q', '--stats', join(tmp, 'stats.json'), '--report', REPORT]);
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
      const spec = JSON.parse((await page.locator(`figure#chart-${id} > script[type="application/vnd.vegalite+json"]`).textContent())!) as { data: { values: unknown[] } };
      expect(spec.data.values.length, id).toBeGreaterThan(0);
    }
    // the headline table: one row per motif key; the statistics themselves at the end
    expect(await page.locator('table.headline tbody tr').count()).toBe(KEYS);
    const embedded = JSON.parse((await page.locator('script#statistics').textContent())!) as StatsFile;
    expect(embedded.positions).toBe(stats.positions);
    // the page fits a laptop screen: no chart wider than the viewport
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1280);
    mkdirSync(OUT, { recursive: true });
    await page.screenshot({ path: join(OUT, 'report.png'), fullPage: true });
    await context.close();
    expect(seconds).toBeLessThan(10);
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
