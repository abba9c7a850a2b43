// What every chart of the report shares: its shape (a Vega-Lite specification, a caption, the table of the
// numbers behind its marks), the page's look (font, colours, axes), and the small number helpers the
// figures are rounded with, so that a mark's tooltip and its table cell show the same text.
import type { TopLevelSpec } from 'vega-lite';
import { grouped } from './summary.js';

/** The figures behind a chart as a table of text cells (the first column a label, the others numbers). */
export interface DataTable {
  head: string[];
  rows: string[][];
}

export interface Chart {
  /** Stable id: the figure's element id is `chart-${id}`. */
  id: string;
  title: string;
  /** What the chart shows and how to read it, one or two sentences. */
  caption: string;
  spec: TopLevelSpec;
  /** The numbers behind the marks, shown under the chart. */
  table: DataTable;
}

export const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';
export const BAR = '#4c78a8';
export const GREY = '#b0b0b0';
export const FOUND = '#54a24b';
export const MISSED = '#e45756';
export const CONFIG = {
  font: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  background: 'white',
  view: { stroke: '#ddd' },
  axis: { labelFontSize: 11, titleFontSize: 11, titleFontWeight: 'normal', gridColor: '#eee' },
  header: { labelFontSize: 12, labelFontWeight: 'bold', labelPadding: 4 },
  legend: { labelFontSize: 11, titleFontSize: 11 },
} as const;

/** Below this many games a figure is shown pale: a handful of games says little. */
export const FEW_GAMES = 30;
export const FEW = { condition: { test: `datum.games < ${FEW_GAMES}`, value: 0.35 }, value: 1 };

/** n per 1000 of `of`, two decimals (0 of nothing). */
export function rate(n: number, of: number): number {
  return of === 0 ? 0 : Math.round((1e5 * n) / of) / 100;
}

/** n in percent of `of`, one decimal (0 of nothing). */
export function percent(n: number, of: number): number {
  return of === 0 ? 0 : Math.round((1000 * n) / of) / 10;
}

/** A rate as its table cell and tooltip show it: two decimals. */
export function rateText(r: number): string {
  return r.toFixed(2);
}

/** A count as its table cell and tooltip show it: 1,234. */
export const countText = grouped;

/** "1 game", "2 games". */
export function counted(n: number, noun: string): string {
  return `${grouped(n)} ${noun}${n === 1 ? '' : 's'}`;
}

/**
 * The encoding of a mark's own text (each datum's `text`): its tooltip in a Vega viewer, and its description
 * (aria-label), which the page shows on hover as the mark's <title> (render.ts).
 */
export const DESCRIBED = { tooltip: { field: 'text' }, description: { field: 'text' } } as const;

/** The frame of a chart of one horizontal bar per row (motif or theme) of its data. */
export function rowsChart(values: object[]): object {
  return { $schema: SCHEMA, config: CONFIG, width: 620, height: { step: 22 }, data: { values } };
}
