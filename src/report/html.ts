// The statistics report (--report, merge-stats --report; docs/design.md §11): one self-contained HTML page —
// no script runs, nothing is fetched (its Content-Security-Policy forbids it) — with a short header, the
// tactic charts (the headline: the share of winning tactics found by rating band and by speed), with
// --player the report about the player (their tactics found and missed by phase and by theme, the boards
// of their costliest misses), a table of
// the motif figures and the motif charts as inline SVG, the motifs by the names a person reads, each mark's
// numbers in its hover title and every chart's in a table under it. Each chart's Vega-Lite specification,
// data included, sits beside it, and the statistics themselves at the end, so a reader can re-plot them.
// The page is a function of the statistics alone: the same counts give the same bytes.
import { MOTIF_KEYS, MOTIF_TITLES } from '../motifs/catalogue.js';
import type { InputIdentity, PlayerJSON, StatsJSON } from '../stats/stats.js';
import { charts, groupDimensions } from './charts.js';
import type { Chart, DataTable } from './frame.js';
import { tacticCharts } from './tactic-charts.js';
import { escapeHtml } from './escape.js';
import { examplesSection } from './example-boards.js';
import { missesSection } from './miss-boards.js';
import { playerCharts } from './player-charts.js';
import { renderSvg } from './render.js';
import { statsText } from '../stats/stats-text.js';
import { grouped } from './summary.js';

const STYLE = `
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #222; margin: 0 auto; padding: 1.5em 2em 3em; max-width: 1080px; }
h1 { font-size: 1.6em; margin: 0 0 .3em; }
h2 { font-size: 1.15em; margin: 0 0 .2em; }
dl.run { display: grid; grid-template-columns: max-content 1fr; gap: .15em 1.2em; margin: 0 0 1.5em; }
dl.run dt { color: #666; } dl.run dd { margin: 0; }
table { border-collapse: collapse; margin: .5em 0 2em; font-variant-numeric: tabular-nums; }
th, td { padding: .25em .8em; border-bottom: 1px solid #e4e4e4; text-align: right; }
th:first-child, td:first-child { text-align: left; }
thead th { border-bottom: 2px solid #bbb; font-weight: 600; }
figure.chart { margin: 0 0 2.2em; break-inside: avoid; page-break-inside: avoid; }
figure.chart p { margin: 0 0 .6em; color: #555; max-width: 60em; }
figure.chart svg { display: block; max-width: 100%; height: auto; }
figure.chart details.data { margin: .4em 0 0; }
figure.chart details.data summary { color: #555; font-size: .9em; cursor: pointer; }
figure.chart div.scroll { overflow-x: auto; max-width: 100%; }
figure.chart table.data { margin: .4em 0 0; font-size: .85em; }
p.note { color: #555; margin: 0 0 2.2em; max-width: 60em; }
section#examples, section#misses { margin: 0 0 2.5em; }
section#examples p.note, section#misses p.note { margin: 0 0 .6em; }
section#examples h3 { font-size: 1em; margin: 1.1em 0 .35em; }
div.boards { display: flex; flex-wrap: wrap; gap: 1.4em; }
figure.board { margin: 0; width: 302px; break-inside: avoid; page-break-inside: avoid; }
figure.board svg { display: block; width: 100%; height: auto; }
figure.board figcaption { font-size: .85em; color: #444; margin-top: .3em; }
figure.board figcaption span { display: block; }
figure.board span.said { color: #222; }
figure.board code.fen { display: block; font-size: .78em; color: #777; word-break: break-all; margin-top: .2em; }
footer { color: #666; font-size: .9em; border-top: 1px solid #ddd; padding-top: .8em; }
@media print { body { padding: 0; max-width: none; font-size: 12px; } footer { display: none; } }
`;

const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/** JSON inside a <script> element: "<" escaped so no text can close the element. */
function scriptJson(value: unknown, indent = false): string {
  return (indent ? statsText(value) : JSON.stringify(value)).replace(/</g, '\\u003c');
}

function pct(n: number, of: number): string {
  return of === 0 ? '–' : `${((100 * n) / of).toFixed(1)}%`;
}

/** The inputs read, each path once with the shards read of it (escaped): at most 8, then how many more. */
function inputsText(inputs: InputIdentity[]): string {
  const shards = new Map<string, string[]>();
  for (const i of inputs) {
    const list = shards.get(i.path) ?? [];
    if (i.shard !== null && i.shard !== '1/1') list.push(i.shard);
    shards.set(i.path, list);
  }
  const labels = [...shards].map(
    ([path, list]) =>
      escapeHtml(path) +
      (list.length === 0 ? '' : list.length <= 3 ? ` (shard ${escapeHtml(list.join(', '))})` : ` (${list.length} shards)`),
  );
  if (labels.length === 0) return 'not recorded';
  return labels.length > 8 ? `${labels.slice(0, 8).join(', ')} and ${labels.length - 8} more` : labels.join(', ');
}

/** The header: what was read and how much of it. */
function runSection(s: StatsJSON): string {
  const run = s.run;
  const merged = run !== undefined && 'merged' in run ? run : null;
  const one = run !== undefined && !('merged' in run) ? run : null;
  const rows: [string, string][] = [['inputs', inputsText(merged?.merged.flatMap((r) => r.inputs) ?? one?.inputs ?? [])]];
  rows.push(['games', grouped(s.games)], ['positions', grouped(s.positions)], ['rejected games', grouped(s.rejected)]);
  rows.push(['tagged positions', `${grouped(s.taggedPositions)} (${pct(s.taggedPositions, s.positions)})`]);
  rows.push(['tactics', tacticsText(s)]);
  if (s.player !== undefined) rows.push(['player', playerText(s.player)]);
  const runs = merged?.merged.length ?? 0;
  if (merged !== null)
    rows.push(['merged', `the statistics of ${grouped(runs)} run${runs === 1 ? '' : 's'} (pgn-xray ${escapeHtml(merged.version)})`]);
  if (one !== null) rows.push(['run time', `${one.seconds.toFixed(1)} s (pgn-xray ${escapeHtml(one.version)})`]);
  return `<dl class="run">${rows.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('')}</dl>`;
}

/** The player in a line: the names, the games as White and as Black (escaped). */
function playerText(p: PlayerJSON): string {
  return `${escapeHtml(p.names.join(', '))}: ${grouped(p.white)} games as White, ${grouped(p.black)} as Black`;
}

/** The tactic verdicts in a line: positions with one, found and missed. */
function tacticsText(s: StatsJSON): string {
  const t = s.tactics;
  const n = t?.positions?.tactic ?? 0;
  if (n === 0) return 'none counted (statistics made with --no-tactics, or before the verdicts)';
  const found = t.found?.tactic ?? 0;
  const missed = t.missed?.tactic ?? 0;
  return `${grouped(n)} positions with a winning tactic for the side to move (${pct(n, s.positions)}); the move played found ${grouped(found)} and missed ${grouped(missed)} (${pct(found, found + missed)} found)`;
}

/** A table of text cells (escaped), a header row and body rows. */
function table(className: string, head: string[], rows: string[][]): string {
  const tr = (cells: string[], tag: string): string => `<tr>${cells.map((c) => `<${tag}>${escapeHtml(c)}</${tag}>`).join('')}</tr>`;
  return `<table class="${className}"><thead>${tr(head, 'th')}</thead><tbody>${rows.map((r) => tr(r, 'td')).join('')}</tbody></table>`;
}

/** The headline figures per motif key. */
function headlineTable(s: StatsJSON): string {
  const head = ['motif', 'records', 'per 1000 positions', 'positions with', 'games with', 'owner\u2019s score'];
  const rows = MOTIF_KEYS.map((k) => {
    const c = s.motifs?.[k] ?? 0;
    const o = s.outcome?.[k];
    const n = o === undefined ? 0 : o.win + o.draw + o.loss;
    const per = s.positions === 0 ? '–' : ((1000 * c) / s.positions).toFixed(2);
    const score = n === 0 ? '–' : pct(o!.win + o!.draw / 2, n);
    return [MOTIF_TITLES[k], grouped(c), per, pct(s.positionsWith?.[k] ?? 0, s.positions), pct(s.gamesWith?.[k] ?? 0, s.games), score];
  });
  return table('headline', head, rows);
}

function figure(c: Chart, svg: string): string {
  return (
    `<figure class="chart" id="chart-${escapeHtml(c.id)}"><h2>${escapeHtml(c.title)}</h2><p>${escapeHtml(c.caption)}</p>\n${svg}\n${dataTable(c.table)}\n` +
    `<script type="application/vnd.vegalite+json" class="spec">${scriptJson(c.spec)}</script></figure>`
  );
}

/** A short table shows under its chart; a long one folds away (a <details> opens without a script). */
const OPEN_ROWS = 12;

/** The numbers behind a chart: its table, scrolled sideways when wider than the page. */
function dataTable(t: DataTable): string {
  const open = t.rows.length <= OPEN_ROWS ? ' open' : '';
  return `<details class="data"${open}><summary>The numbers (${t.rows.length} rows)</summary><div class="scroll">${table('data', t.head, t.rows)}</div></details>`;
}

/** Where the opening-family chart would be, when the statistics do not count by opening: how to get it. */
function openingNote(s: StatsJSON): string {
  if (groupDimensions(s).includes('opening')) return '';
  return `<p class="note" id="note-opening"><strong>Motifs by opening family</strong>: not counted in these statistics. Count them with <code>--group-by opening</code> (the <code>Opening</code> tag up to its first \u2018:\u2019 or \u2018,\u2019); the report then shows the 20 most played families.</p>`;
}

/** The whole page for a statistics object. */
export async function reportHtml(s: StatsJSON): Promise<string> {
  const lead = [...tacticCharts(s), ...playerCharts(s.player)];
  const list = [...lead, ...charts(s)];
  const svgs = await renderSvg(list.map((c) => c.spec));
  const figures = list.map((c, i) => figure(c, svgs[i]));
  const title = s.player === undefined ? 'pgn-xray statistics' : `pgn-xray statistics: ${escapeHtml(s.player.names.join(', '))}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${title}</h1>
${runSection(s)}
${[...figures.slice(0, lead.length), missesSection(s.player)].filter((x) => x !== '').join('\n')}
<h2>Motif figures</h2>
${headlineTable(s)}
${examplesSection(s)}
${figures.slice(lead.length).join('\n')}
${openingNote(s)}
<footer>Rates count motif records per 1000 positions; the motifs of both sides are counted. Every chart\u2019s Vega-Lite specification, with its data, follows it in the page source (<code>script type="application/vnd.vegalite+json"</code>), and the statistics file itself is at the end (<code>script id="statistics"</code>): paste a specification into any Vega-Lite viewer to re-plot it.</footer>
<script type="application/json" id="statistics">${scriptJson(s, true)}</script>
</body>
</html>
`;
}
