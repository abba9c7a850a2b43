// The tactic charts of the report (docs/design.md §14), first in the page: the share of winning tactics
// found by rating band and by speed (the headline), and found and missed by theme. None when the
// statistics hold no verdict on a move played (--no-tactics).
import type { TopLevelSpec } from 'vega-lite';
import type { StatsJSON } from '../stats/stats.js';
import { TACTIC_KEYS, type DimJSON, type TacticsJSON } from '../stats/dim-counts.js';
import { themeTitle } from '../tactics/themes.js';
import { DIMENSIONS, type Dimension } from '../stats/dimensions.js';
import { BAR, CONFIG, FOUND, GREY, MISSED, percent, rowsChart, SCHEMA, type Chart, type DataTable } from './frame.js';
import { grouped } from './summary.js';

/** A share found of fewer tactics than this is shown pale. */
export const FEW_TACTICS = 30;
const Z95 = 1.96;

/** The 95% Wilson score interval of `found` of n, in percent with one decimal. */
function wilson(found: number, n: number): [number, number] {
  const p = found / n;
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [Math.round(1000 * Math.max(0, centre - half)) / 10, Math.round(1000 * Math.min(1, centre + half)) / 10];
}

/** The tactics found and missed at a value, the share found and its 95% interval (percent). */
export interface FoundShare {
  value: string;
  found: number;
  missed: number;
  n: number;
  share: number;
  low: number;
  high: number;
}

/** The tactics found and missed at a dimension's values (those with any) of a tally's `by`, with the share found. */
export function foundShares(dims: Partial<Record<string, DimJSON>> | undefined, dim: Dimension): FoundShare[] {
  const by = dims?.[dim] ?? {};
  return DIMENSIONS[dim].flatMap((value) => {
    const t = by[value]?.tactics;
    const found = t?.found?.tactic ?? 0;
    const missed = t?.missed?.tactic ?? 0;
    const n = found + missed;
    if (n === 0) return [];
    const [low, high] = wilson(found, n);
    return [{ value, found, missed, n, share: percent(found, n), low, high }];
  });
}

/** A bar's height: the share found, on 0–100%. */
export const SHARE_Y = { field: 'share', type: 'quantitative', title: 'found (%)', scale: { domain: [0, 100] }, axis: { tickCount: 5 } };
/** The layer of a share's 95% interval, a line from low to high. */
export const INTERVAL_RULE = {
  mark: { type: 'rule', color: '#333' },
  encoding: { y: { field: 'low', type: 'quantitative' }, y2: { field: 'high' } },
};

/** Whether the statistics hold any tactic verdict on a move played. */
function hasVerdicts(s: StatsJSON): boolean {
  return (s.tactics?.found?.tactic ?? 0) + (s.tactics?.missed?.tactic ?? 0) > 0;
}

/** The headline: the share of winning tactics found, by rating band and by speed, with the n behind every bar. */
export function foundShareChart(s: StatsJSON): Chart {
  const dims: [Dimension, string][] = [
    ['ratingBand', 'rating band'],
    ['speed', 'speed'],
  ];
  const rows = dims.flatMap(([dim, title]) => foundShares(s.by, dim).map((r) => ({ dimension: title, ...r })));
  const panel = (title: string): object => ({
    width: { step: 44 },
    height: 200,
    transform: [{ filter: { field: 'dimension', equal: title } }],
    encoding: { x: { field: 'value', type: 'ordinal', sort: null, title, axis: { labelAngle: -35 } } },
    layer: [
      {
        mark: { type: 'bar' },
        encoding: {
          y: SHARE_Y,
          color: { condition: { test: "datum.value === 'unknown'", value: GREY }, value: BAR },
          opacity: { condition: { test: `datum.n < ${FEW_TACTICS}`, value: 0.35 }, value: 1 },
          tooltip: [
            { field: 'value', title },
            { field: 'share', title: 'found (%)' },
            { field: 'found', title: 'found', format: ',' },
            { field: 'missed', title: 'missed', format: ',' },
            { field: 'n', title: 'tactics (n)', format: ',' },
          ],
        },
      },
      INTERVAL_RULE,
    ],
  });
  const spec = { $schema: SCHEMA, config: CONFIG, data: { values: rows }, hconcat: dims.map(([, title]) => panel(title)), spacing: 40 };
  return {
    id: 'tactics-found',
    title: 'Winning tactics found, by rating band and by speed',
    caption: `Of the positions where the side to move had a winning tactic (a move winning two pawns or more, or a forced mate), the share where the move played was a winning one; the line: its 95% interval. Hover a bar for the counts; the table gives them all. Pale: fewer than ${FEW_TACTICS} tactics; grey: games without ratings or a readable TimeControl.`,
    spec: spec as TopLevelSpec,
    table: sharesTable(rows, (r) => `${r.dimension} ${r.value}`),
  };
}

/** The numbers behind bars of a share found: a row per bar, its label, counts, share and interval. */
export function sharesTable<T extends FoundShare>(rows: readonly T[], label: (r: T) => string): DataTable {
  return {
    head: ['', 'found', 'missed', 'tactics (n)', 'found (%)', '95% interval'],
    rows: rows.map((r) => [
      label(r),
      grouped(r.found),
      grouped(r.missed),
      grouped(r.n),
      r.share.toFixed(1),
      `${r.low.toFixed(1)}–${r.high.toFixed(1)}`,
    ]),
  };
}

/** How a tactic key reads: all tactics, forced mate, or its theme's title. */
function tacticLabel(key: string): string {
  if (key === 'tactic') return 'All tactics';
  if (key === 'tactic.mate') return 'Forced mate';
  return themeTitle(key.slice('tactic.'.length));
}

/** What a chart of found and missed by theme is called: its id, title, and whose moves its caption says. */
export interface ThemeChartNames {
  id: string;
  title: string;
  /** Whose moves the tactics are, for the caption: `the move played`, `the player's move`. */
  mover: string;
}

const CORPUS_THEMES: ThemeChartNames = { id: 'tactics-themes', title: 'Found and missed, by theme', mover: 'the move played' };

/** Found and missed per tactic key (all, mate, each theme) of a tally's tactics: one bar split in two, the share found. */
export function themeChart(t: TacticsJSON | undefined, names: ThemeChartNames = CORPUS_THEMES): Chart {
  const keys = TACTIC_KEYS.filter((k) => (t?.found?.[k] ?? 0) + (t?.missed?.[k] ?? 0) > 0).map((k) => {
    const found = t?.found?.[k] ?? 0;
    const missed = t?.missed?.[k] ?? 0;
    return {
      key: tacticLabel(k),
      positions: t?.positions?.[k] ?? 0,
      found,
      missed,
      n: found + missed,
      share: percent(found, found + missed),
    };
  });
  const rows = keys.flatMap((k) => [
    { key: k.key, played: 'found', count: k.found, n: k.n, share: k.share },
    { key: k.key, played: 'missed', count: k.missed, n: k.n, share: k.share },
  ]);
  const y = { field: 'key', type: 'nominal', sort: keys.map((k) => k.key), title: null, axis: { labelLimit: 400 } };
  const spec = {
    ...rowsChart(rows),
    mark: { type: 'bar' },
    encoding: {
      x: { field: 'count', type: 'quantitative', stack: 'normalize', title: 'share of the tactics', axis: { format: '%', tickCount: 5 } },
      y,
      color: { field: 'played', type: 'nominal', title: 'the move played', scale: { domain: ['found', 'missed'], range: [FOUND, MISSED] } },
      order: { field: 'played' },
      tooltip: [
        { field: 'key', title: 'theme' },
        { field: 'played', title: 'the move played' },
        { field: 'count', title: 'positions', format: ',' },
        { field: 'n', title: 'tactics (n)', format: ',' },
        { field: 'share', title: 'found (%)' },
      ],
    },
  };
  return {
    id: names.id,
    title: names.title,
    caption: `For each motif a winning line uses (as the puzzles name them; a line may use several, or none), and for forced mates, the share of those tactics that ${names.mover} found (green) or missed (red). Hover a bar for the counts; the table gives them all.`,
    spec: spec as TopLevelSpec,
    table: {
      head: ['', 'positions with it', 'found', 'missed', 'tactics (n)', 'found (%)'],
      rows: keys.map((k) => [k.key, grouped(k.positions), grouped(k.found), grouped(k.missed), grouped(k.n), k.share.toFixed(1)]),
    },
  };
}

/** The tactic charts, first in the page: none when the statistics hold no verdict on a move played. */
export function tacticCharts(s: StatsJSON): Chart[] {
  return hasVerdicts(s) ? [foundShareChart(s), themeChart(s.tactics)] : [];
}
