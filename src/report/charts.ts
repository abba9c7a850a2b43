// The report's charts (docs/design.md §11) as Vega-Lite specifications with their data inline: pure functions
// of a statistics object, so the same figures come out of one run or of merged shards, and a reader can
// re-plot any chart from the specification kept beside it in the page.
import type { TopLevelSpec } from 'vega-lite';
import { MOTIFS, MOTIF_KEYS, type MotifKey } from '../motifs/catalogue.js';
import type { StatsJSON } from '../stats/stats.js';
import { TACTIC_KEYS } from '../stats/dim-counts.js';
import { DIMENSIONS, type Dimension } from '../stats/dimensions.js';
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
  table?: DataTable;
}

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';
const BAR = '#4c78a8';
const GREY = '#b0b0b0';
const CONFIG = {
  font: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  background: 'white',
  view: { stroke: '#ddd' },
  axis: { labelFontSize: 11, titleFontSize: 11, titleFontWeight: 'normal', gridColor: '#eee' },
  header: { labelFontSize: 12, labelFontWeight: 'bold', labelPadding: 4 },
  legend: { labelFontSize: 11, titleFontSize: 11 },
} as const;
const ECO_NAMES: Record<string, string> = {
  A: 'A flank',
  B: 'B semi-open',
  C: 'C open, French',
  D: 'D closed',
  E: 'E Indian',
  unknown: 'unknown',
};
const FILES = 'abcdefgh';
/** Below this many games a score is shown pale: a handful of games says little. */
const FEW_GAMES = 30;
const FEW = { condition: { test: `datum.games < ${FEW_GAMES}`, value: 0.35 }, value: 1 };

/** A share found of fewer tactics than this is shown pale. */
const FEW_TACTICS = 30;
const FOUND = '#54a24b';
const MISSED = '#e45756';
const Z95 = 1.96;

function rate(n: number, of: number): number {
  return of === 0 ? 0 : Math.round((1e5 * n) / of) / 100;
}

/** The values of a dimension that have positions, in the dimension's order, with their figures. */
function present(s: StatsJSON, dim: Dimension): { label: string; games: number; positions: number; motifs: Record<MotifKey, number> }[] {
  const by = s.by?.[dim] ?? {};
  return DIMENSIONS[dim].flatMap((label) => {
    const v = by[label];
    return v !== undefined && v.positions > 0 ? [{ label, games: v.games, positions: v.positions, motifs: v.motifs }] : [];
  });
}

/** Small multiples, one panel per motif key, each with its own y scale: `panel` is the inner chart. */
function perMotif(values: object[], panel: object): object {
  return {
    $schema: SCHEMA,
    config: CONFIG,
    data: { values },
    facet: { field: 'motif', type: 'nominal', sort: [...MOTIF_KEYS], title: null },
    columns: 4,
    spec: panel,
    spacing: { row: 14, column: 24 },
    resolve: { scale: { y: 'independent' }, axis: { x: 'independent' } },
  };
}

/** Motif rates per 1000 positions for each value of a dimension: one bar per (motif, value). */
export function rateChart(s: StatsJSON, dim: Dimension, title: string, caption: string): Chart {
  const values = present(s, dim);
  const rows = values.flatMap((v) =>
    MOTIF_KEYS.map((motif) => ({
      motif,
      value: v.label,
      rate: rate(v.motifs[motif] ?? 0, v.positions),
      games: v.games,
      positions: v.positions,
    })),
  );
  const panel = {
    width: 190,
    height: 100,
    mark: { type: 'bar' },
    encoding: {
      x: { field: 'value', type: 'ordinal', sort: values.map((v) => v.label), title: null, axis: { labelAngle: -35 } },
      y: { field: 'rate', type: 'quantitative', title: 'per 1000 positions', axis: { tickCount: 3 } },
      color: { condition: { test: "datum.value === 'unknown'", value: GREY }, value: BAR },
      opacity: FEW,
    },
  };
  return {
    id: `by-${dim}`,
    title,
    caption: `${caption} Pale: fewer than ${FEW_GAMES} games.`,
    spec: perMotif(rows, panel) as TopLevelSpec,
  };
}

/** Positions per 10-ply bucket: how long the games last. */
export function plyPositionsChart(s: StatsJSON): Chart {
  const buckets = Object.entries(s.byPly ?? {});
  const spec = {
    $schema: SCHEMA,
    config: CONFIG,
    width: 860,
    height: 140,
    data: { values: buckets.map(([plies, b]) => ({ plies, positions: b.positions })) },
    mark: { type: 'bar', color: BAR },
    encoding: {
      x: { field: 'plies', type: 'ordinal', sort: buckets.map(([p]) => p), title: 'plies', axis: { labelAngle: -35 } },
      y: { field: 'positions', type: 'quantitative', title: 'positions', axis: { tickCount: 4, format: '~s' } },
    },
  };
  return {
    id: 'ply-positions',
    title: 'Positions by ply',
    caption: 'How many positions each 10-ply stretch of the games holds: the games\u2019 length, and the weight behind each rate below.',
    spec: spec as TopLevelSpec,
  };
}

/** Motif rates over the game: per motif, its rate in each 10-ply bucket (a point per bucket). */
export function plyRatesChart(s: StatsJSON): Chart {
  // a stretch holding under 1% of the positions gives rates of a handful of games: left out
  const rows = Object.entries(s.byPly ?? {})
    .filter(([, b]) => b.positions > 0 && 100 * b.positions >= s.positions)
    .flatMap(([plies, b]) =>
      MOTIF_KEYS.map((motif) => ({ motif, ply: Number(plies.split(/[-+]/)[0]), plies, rate: rate(b.motifs[motif] ?? 0, b.positions) })),
    );
  const panel = {
    width: 190,
    height: 90,
    mark: { type: 'line', color: BAR, point: { color: BAR, size: 18 } },
    encoding: {
      x: { field: 'ply', type: 'quantitative', title: 'ply', axis: { tickCount: 5 } },
      y: { field: 'rate', type: 'quantitative', title: 'per 1000 positions', axis: { tickCount: 3 } },
    },
  };
  return {
    id: 'ply-rates',
    title: 'Motifs over the course of the game',
    caption:
      'Each motif\u2019s rate per 1000 positions in each 10-ply stretch holding at least 1% of the positions (a point at the stretch\u2019s first ply; 200 stands for 200 and more).',
    spec: perMotif(rows, panel) as TopLevelSpec,
  };
}

/** Heat maps: the squares of each static motif's front piece, seen from the owner's side. */
export function squaresChart(s: StatsJSON): Chart {
  const rows = MOTIFS.flatMap((m) => {
    const sq = s.frontSquares?.[m.key];
    // black's squares mirrored rank-wise (a8 -> a1): the owner always plays up the board
    const n = Array.from({ length: 64 }, (_, i) => (sq?.w?.[i] ?? 0) + (sq?.b?.[i ^ 56] ?? 0));
    const total = n.reduce((a, b) => a + b, 0);
    return n.map((count, i) => ({
      motif: m.key,
      file: FILES[i & 7],
      rank: (i >> 3) + 1,
      count,
      share: total === 0 ? 0 : Math.round((1e5 * count) / total) / 1000,
    }));
  });
  const spec = {
    $schema: SCHEMA,
    config: CONFIG,
    data: { values: rows },
    facet: { field: 'motif', type: 'nominal', sort: MOTIFS.map((m) => m.key), title: null },
    columns: 4,
    spec: {
      width: 168,
      height: 168,
      mark: { type: 'rect', stroke: 'white', strokeWidth: 0.5 },
      encoding: {
        x: { field: 'file', type: 'ordinal', sort: [...FILES], title: null, axis: { labelAngle: 0, orient: 'bottom' } },
        y: { field: 'rank', type: 'ordinal', sort: 'descending', title: null },
        color: {
          field: 'share',
          type: 'quantitative',
          title: '% of the motif',
          scale: { type: 'sqrt', range: ['#ffffff', '#08519c'], interpolate: 'rgb' },
        },
      },
    },
  };
  return {
    id: 'squares',
    title: 'Where the front piece stands',
    caption:
      'For each motif, the share of its records whose front piece stands on each square: the pinned or skewered piece, the piece that would move for a discovered attack or check, the enemy slider of an x-ray, a battery\u2019s slider next to its target. Seen from the owner\u2019s side: black\u2019s squares are mirrored, so the owner always plays up the board.',
    spec: spec as TopLevelSpec,
  };
}

/** The frame of a chart of one horizontal bar per row (motif or theme) of its data. */
function rowsChart(values: object[]): object {
  return { $schema: SCHEMA, config: CONFIG, width: 620, height: { step: 22 }, data: { values } };
}

/** The owner's score per motif against the 50% that a side scores over all games. */
export function outcomeChart(s: StatsJSON): Chart {
  const rows = MOTIF_KEYS.flatMap((motif) => {
    const o = s.outcome?.[motif];
    const n = o === undefined ? 0 : o.win + o.draw + o.loss;
    if (n === 0) return [];
    const score = Math.round((1000 * (o!.win + o!.draw / 2)) / n) / 10;
    return [{ motif, score, games: n, label: `${score.toFixed(1)}% of ${n.toLocaleString('en')}` }];
  });
  const reach = Math.ceil(Math.max(5, ...rows.map((r) => 1.3 * Math.abs(r.score - 50) + 4))); // room for the labels
  const x = {
    field: 'score',
    type: 'quantitative',
    title: 'score of the motif\u2019s owner (%)',
    scale: { domain: [50 - reach, 50 + reach] },
    axis: { tickCount: 8 },
  };
  const y = { field: 'motif', type: 'nominal', sort: [...MOTIF_KEYS], title: null, axis: { labelLimit: 400 } };
  const spec = {
    ...rowsChart(rows),
    layer: [
      {
        mark: { type: 'bar' },
        encoding: {
          x,
          x2: { datum: 50 },
          y,
          color: { condition: { test: 'datum.score >= 50', value: '#54a24b' }, value: '#e45756' },
          opacity: FEW,
        },
      },
      { mark: { type: 'rule', color: '#333' }, encoding: { x: { datum: 50 } } },
      {
        mark: { type: 'text', align: 'left', dx: 4, fontSize: 10, color: '#333' },
        encoding: { x: { ...x, aggregate: null, field: 'right', type: 'quantitative' }, y, text: { field: 'label' } },
        transform: [{ calculate: 'max(datum.score, 50)', as: 'right' }],
      },
    ],
  };
  return {
    id: 'outcome',
    title: 'Does the motif\u2019s owner win?',
    caption: `Per motif, the score (win 1, draw \u00bd) of the side that had it, over the games with a known result where it occurred for that side (a game counts once per motif and side). Over all games every side scores 50% on average: the line. Pale: fewer than ${FEW_GAMES} games.`,
    spec: spec as TopLevelSpec,
  };
}

/** A table of motif × ECO letter: the rate per 1000 positions, coloured by its ratio to the motif's overall rate. */
export function ecoChart(s: StatsJSON): Chart {
  const values = present(s, 'eco');
  const rows = MOTIF_KEYS.flatMap((motif) => {
    const overall = rate(s.motifs?.[motif] ?? 0, s.positions);
    const cells = values.map((v) => {
      const r = rate(v.motifs[motif] ?? 0, v.positions);
      return { motif, opening: ECO_NAMES[v.label], rate: r, label: r.toFixed(r < 10 ? 2 : 1) };
    });
    const best = Math.max(...cells.map((c) => c.rate));
    return cells.map((c) => ({
      ...c,
      ratio: overall === 0 ? 1 : Math.round((100 * c.rate) / overall) / 100,
      richest: c.rate === best && best > 0,
    }));
  });
  const enc = {
    x: {
      field: 'opening',
      type: 'ordinal',
      sort: values.map((v) => ECO_NAMES[v.label]),
      title: null,
      axis: { orient: 'top', labelAngle: 0 },
    },
    y: { field: 'motif', type: 'nominal', sort: [...MOTIF_KEYS], title: null, axis: { labelLimit: 400 } },
  };
  const spec = {
    $schema: SCHEMA,
    config: CONFIG,
    width: { step: 110 },
    height: { step: 24 },
    data: { values: rows },
    encoding: enc,
    layer: [
      {
        mark: { type: 'rect', stroke: 'white' },
        encoding: {
          color: {
            field: 'ratio',
            type: 'quantitative',
            title: '\u00d7 overall rate',
            scale: { scheme: 'blueorange', domain: [0, 2], domainMid: 1, clamp: true },
          },
        },
      },
      { mark: { type: 'text', fontSize: 11 }, transform: [{ filter: '!datum.richest' }], encoding: { text: { field: 'label' } } },
      {
        mark: { type: 'text', fontSize: 11, fontWeight: 'bold' },
        transform: [{ filter: 'datum.richest' }],
        encoding: { text: { field: 'label' } },
      },
    ],
  };
  return {
    id: 'eco',
    title: 'Openings richest in each motif',
    caption:
      'Each motif\u2019s rate per 1000 positions in the games of each ECO group (the letter of the ECO code). Orange: richer than the motif\u2019s rate over all positions, blue: poorer; the richest group of each motif in bold.',
    spec: spec as TopLevelSpec,
  };
}

/** A percentage with one decimal. */
function percent(n: number, of: number): number {
  return of === 0 ? 0 : Math.round((1000 * n) / of) / 10;
}

/** The 95% Wilson score interval of `found` of n, in percent with one decimal. */
function wilson(found: number, n: number): [number, number] {
  const p = found / n;
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [Math.round(1000 * Math.max(0, centre - half)) / 10, Math.round(1000 * Math.min(1, centre + half)) / 10];
}

/** The tactics found and missed at a dimension's values (those with any), with the share found. */
function foundShares(
  s: StatsJSON,
  dim: Dimension,
): { value: string; found: number; missed: number; n: number; share: number; low: number; high: number }[] {
  const by = s.by?.[dim] ?? {};
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
  const rows = dims.flatMap(([dim, title]) => foundShares(s, dim).map((r) => ({ dimension: title, ...r })));
  const panel = (title: string): object => ({
    width: { step: 44 },
    height: 200,
    transform: [{ filter: { field: 'dimension', equal: title } }],
    encoding: { x: { field: 'value', type: 'ordinal', sort: null, title, axis: { labelAngle: -35 } } },
    layer: [
      {
        mark: { type: 'bar' },
        encoding: {
          y: { field: 'share', type: 'quantitative', title: 'found (%)', scale: { domain: [0, 100] }, axis: { tickCount: 5 } },
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
      { mark: { type: 'rule', color: '#333' }, encoding: { y: { field: 'low', type: 'quantitative' }, y2: { field: 'high' } } },
    ],
  });
  const spec = { $schema: SCHEMA, config: CONFIG, data: { values: rows }, hconcat: dims.map(([, title]) => panel(title)), spacing: 40 };
  return {
    id: 'tactics-found',
    title: 'Winning tactics found, by rating band and by speed',
    caption: `Of the positions where the side to move had a winning tactic (a move winning two pawns or more, or a forced mate), the share where the move played was a winning one; the line: its 95% interval. Hover a bar for the counts; the table gives them all. Pale: fewer than ${FEW_TACTICS} tactics; grey: games without ratings or a readable TimeControl.`,
    spec: spec as TopLevelSpec,
    table: {
      head: ['', 'found', 'missed', 'tactics (n)', 'found (%)', '95% interval'],
      rows: rows.map((r) => [
        `${r.dimension} ${r.value}`,
        grouped(r.found),
        grouped(r.missed),
        grouped(r.n),
        r.share.toFixed(1),
        `${r.low.toFixed(1)}–${r.high.toFixed(1)}`,
      ]),
    },
  };
}

/** How a tactic key reads: all tactics, mate, or its theme. */
function tacticLabel(key: string): string {
  return key === 'tactic' ? 'all tactics' : key.slice('tactic.'.length);
}

/** Found and missed per tactic key (all, mate, each theme): one bar split in two, the share found. */
export function themeChart(s: StatsJSON): Chart {
  const t = s.tactics;
  const keys = TACTIC_KEYS.filter((k) => (t?.found?.[k] ?? 0) + (t?.missed?.[k] ?? 0) > 0).map((k) => {
    const found = t.found[k] ?? 0;
    const missed = t.missed[k] ?? 0;
    return {
      key: tacticLabel(k),
      positions: t.positions?.[k] ?? 0,
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
    id: 'tactics-themes',
    title: 'Found and missed, by theme',
    caption:
      'For each motif a winning line uses (the puzzles’ theme names; a line may use several, or none), and for forced mates, the share of those tactics that the move played found (green) or missed (red). Hover a bar for the counts; the table gives them all.',
    spec: spec as TopLevelSpec,
    table: {
      head: ['', 'positions with it', 'found', 'missed', 'tactics (n)', 'found (%)'],
      rows: keys.map((k) => [k.key, grouped(k.positions), grouped(k.found), grouped(k.missed), grouped(k.n), k.share.toFixed(1)]),
    },
  };
}

/** The tactic charts, first in the page: none when the statistics hold no verdict on a move played. */
export function tacticCharts(s: StatsJSON): Chart[] {
  return hasVerdicts(s) ? [foundShareChart(s), themeChart(s)] : [];
}

/** The motif charts of the report, in page order. */
export function charts(s: StatsJSON): Chart[] {
  return [
    rateChart(
      s,
      'ratingBand',
      'Motifs by rating band',
      'Each motif\u2019s rate per 1000 positions in the games of each band of mean rating (the mean of WhiteElo and BlackElo); grey: games without ratings.',
    ),
    rateChart(
      s,
      'speed',
      'Motifs by speed',
      'Each motif\u2019s rate per 1000 positions by time control (estimated duration = base + 40 \u00d7 increment); grey: games without a readable TimeControl.',
    ),
    rateChart(
      s,
      'phase',
      'Motifs by phase',
      'Each motif\u2019s rate per 1000 positions of each phase: endgame when each side has at most 13 points of pieces, else opening before ply 20, else middlegame.',
    ),
    plyPositionsChart(s),
    plyRatesChart(s),
    squaresChart(s),
    outcomeChart(s),
    ecoChart(s),
  ];
}
