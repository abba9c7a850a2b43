// The report's motif charts (docs/design.md §11) as Vega-Lite specifications with their data inline: pure
// functions of a statistics object, so the same figures come out of one run or of merged shards, and a
// reader can re-plot any chart from the specification kept beside it in the page. Every mark carries its
// numbers in a tooltip (a <title> in the page) and every chart a table of the same numbers.
import type { TopLevelSpec } from 'vega-lite';
import { squareName } from '../core/squares.js';
import { MOTIFS, MOTIF_KEYS, MOTIF_TITLES, type MotifKey } from '../motifs/catalogue.js';
import type { DimJSON, DimValue } from '../stats/dim-counts.js';
import { DIMENSION_NAMES, DIMENSIONS, type Dimension } from '../stats/dimensions.js';
import type { StatsJSON } from '../stats/stats.js';
import {
  BAR,
  CONFIG,
  counted,
  countText,
  DESCRIBED,
  FEW,
  FEW_GAMES,
  GREY,
  percent,
  rate,
  rateText,
  rowsChart,
  SCHEMA,
  type Chart,
} from './frame.js';

/** The motifs as a person reads them, in the statistics' order: the facets' and rows' sort order. */
const TITLES: readonly string[] = MOTIF_KEYS.map((k) => MOTIF_TITLES[k]);
const STATIC_TITLES: readonly string[] = MOTIFS.map((m) => m.title);
const ECO_NAMES: Record<string, string> = {
  A: 'A flank',
  B: 'B semi-open',
  C: 'C open, French',
  D: 'D closed',
  E: 'E Indian',
  unknown: 'unknown',
};
const FILES = 'abcdefgh';
/** A dimension named by --group-by (not one of the fixed ones) shows at most this many values: the most played. */
const MOST_PLAYED = 20;
/** The value under which a --group-by dimension adds up the values past its bound. */
const OTHER = '(other)';

/** A value of a dimension with its figures. */
interface Value {
  label: string;
  games: number;
  positions: number;
  motifs: Partial<Record<MotifKey, number>>;
}

/** The values of a fixed dimension that have positions, in the dimension's order. */
function present(s: StatsJSON, dim: Dimension): Value[] {
  const by: DimJSON = s.by?.[dim] ?? {};
  return DIMENSIONS[dim].flatMap((label) => withPositions(label, by[label]));
}

/** The value as a list of one, or none when it has no position. */
function withPositions(label: string, v: DimValue | undefined): Value[] {
  return v !== undefined && v.positions > 0 ? [{ label, games: v.games, positions: v.positions, motifs: v.motifs ?? {} }] : [];
}

/** The motif keys the charts show: those with a record (none of played.found/missed with --no-tactics). */
export function shownKeys(s: StatsJSON): MotifKey[] {
  return MOTIF_KEYS.filter((k) => (s.motifs?.[k] ?? 0) > 0);
}

/** A rate as a mark's text says it: the motif, the value, the rate and the counts it is made of. */
function rateSaid(motif: string, value: string, records: number, positions: number, games: number | null): string {
  const of = games === null ? '' : ` of ${counted(games, 'game')}`;
  return `${motif}, ${value}: ${rateText(rate(records, positions))} per 1000 positions (${counted(records, 'record')} in ${counted(positions, 'position')}${of})`;
}

/** The rate rows of a list of values: one per (motif, value), the motif by its title. */
function rateRows(keys: MotifKey[], values: Value[], label: (v: Value) => string, valueTitle: string): object[] {
  return values.flatMap((v) =>
    keys.map((k) => ({
      motif: MOTIF_TITLES[k],
      value: label(v),
      rate: rate(v.motifs[k] ?? 0, v.positions),
      games: v.games,
      text: rateSaid(MOTIF_TITLES[k], `${valueTitle} ${label(v)}`, v.motifs[k] ?? 0, v.positions, v.games),
    })),
  );
}

/** A table of rates: a column per value, a row of games and of positions, then a row per motif. */
function rateTable(keys: MotifKey[], values: Value[], label: (v: Value) => string): Chart['table'] {
  return {
    head: ['', ...values.map(label)],
    rows: [
      ['games', ...values.map((v) => countText(v.games))],
      ['positions', ...values.map((v) => countText(v.positions))],
      ...keys.map((k) => [`${MOTIF_TITLES[k]} per 1000`, ...values.map((v) => rateText(rate(v.motifs[k] ?? 0, v.positions)))]),
    ],
  };
}

/** Small multiples, one panel per motif, each with its own y scale: `panel` is the inner chart. */
function perMotif(values: object[], panel: object, sort: readonly string[] = TITLES): object {
  return {
    $schema: SCHEMA,
    config: CONFIG,
    data: { values },
    facet: { field: 'motif', type: 'nominal', sort: [...sort], title: null },
    columns: 4,
    spec: panel,
    spacing: { row: 14, column: 24 },
    resolve: { scale: { y: 'independent' }, axis: { x: 'independent' } },
  };
}

/** Motif rates per 1000 positions for each value of a dimension: one bar per (motif, value). */
export function rateChart(s: StatsJSON, dim: Dimension, title: string, caption: string, valueTitle: string): Chart {
  const values = present(s, dim);
  const keys = shownKeys(s);
  const label = (v: Value): string => v.label;
  const panel = {
    width: 190,
    height: 100,
    mark: { type: 'bar' },
    encoding: {
      x: { field: 'value', type: 'ordinal', sort: values.map(label), title: null, axis: { labelAngle: -35 } },
      y: { field: 'rate', type: 'quantitative', title: 'per 1000 positions', axis: { tickCount: 3 } },
      color: { condition: { test: "datum.value === 'unknown'", value: GREY }, value: BAR },
      opacity: FEW,
      ...DESCRIBED,
    },
  };
  return {
    id: `by-${dim}`,
    title,
    caption: `${caption} Pale: fewer than ${FEW_GAMES} games. Hover a bar for its numbers; the table gives them all.`,
    spec: perMotif(rateRows(keys, values, label, valueTitle), panel) as TopLevelSpec,
    table: rateTable(keys, values, label),
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
    data: {
      values: buckets.map(([plies, b]) => ({ plies, positions: b.positions, text: `plies ${plies}: ${counted(b.positions, 'position')}` })),
    },
    mark: { type: 'bar', color: BAR },
    encoding: {
      x: { field: 'plies', type: 'ordinal', sort: buckets.map(([p]) => p), title: 'plies', axis: { labelAngle: -35 } },
      y: { field: 'positions', type: 'quantitative', title: 'positions', axis: { tickCount: 4, format: '~s' } },
      ...DESCRIBED,
    },
  };
  return {
    id: 'ply-positions',
    title: 'Positions by ply',
    caption: 'How many positions each 10-ply stretch of the games holds: the games\u2019 length, and the weight behind each rate below.',
    spec: spec as TopLevelSpec,
    table: { head: ['plies', 'positions'], rows: buckets.map(([plies, b]) => [plies, countText(b.positions)]) },
  };
}

/** Motif rates over the game: per motif, its rate in each 10-ply bucket (a point per bucket). */
export function plyRatesChart(s: StatsJSON): Chart {
  // a stretch holding under 1% of the positions gives rates of a handful of games: left out
  const buckets = Object.entries(s.byPly ?? {}).filter(([, b]) => b.positions > 0 && 100 * b.positions >= s.positions);
  const keys = shownKeys(s);
  const rows = buckets.flatMap(([plies, b]) =>
    keys.map((k) => ({
      motif: MOTIF_TITLES[k],
      ply: Number(plies.split(/[-+]/)[0]),
      plies,
      rate: rate(b.motifs[k] ?? 0, b.positions),
      text: rateSaid(MOTIF_TITLES[k], `plies ${plies}`, b.motifs[k] ?? 0, b.positions, null),
    })),
  );
  const panel = {
    width: 190,
    height: 90,
    mark: { type: 'line', color: BAR, point: { color: BAR, size: 18 } },
    encoding: {
      x: { field: 'ply', type: 'quantitative', title: 'ply', axis: { tickCount: 5 } },
      y: { field: 'rate', type: 'quantitative', title: 'per 1000 positions', axis: { tickCount: 3 } },
      ...DESCRIBED,
    },
  };
  return {
    id: 'ply-rates',
    title: 'Motifs over the course of the game',
    caption:
      'Each motif\u2019s rate per 1000 positions in each 10-ply stretch holding at least 1% of the positions (a point at the stretch\u2019s first ply; 200 stands for 200 and more). Hover a point for its numbers.',
    spec: perMotif(rows, panel) as TopLevelSpec,
    table: {
      head: ['per 1000 positions', ...buckets.map(([plies]) => plies)],
      rows: keys.map((k) => [MOTIF_TITLES[k], ...buckets.map(([, b]) => rateText(rate(b.motifs[k] ?? 0, b.positions)))]),
    },
  };
}

/** Per static motif, its front squares seen from the owner's side: black's mirrored rank-wise (a8 -> a1). */
function ownerSquares(s: StatsJSON): { title: string; counts: number[]; total: number }[] {
  return MOTIFS.map((m) => {
    const sq = s.frontSquares?.[m.key];
    const counts = Array.from({ length: 64 }, (_, i) => (sq?.w?.[i] ?? 0) + (sq?.b?.[i ^ 56] ?? 0));
    return { title: m.title, counts, total: counts.reduce((a, b) => a + b, 0) };
  });
}

/** Heat maps: the squares of each static motif's front piece, seen from the owner's side. */
export function squaresChart(s: StatsJSON): Chart {
  const motifs = ownerSquares(s);
  const rows = motifs.flatMap((m) =>
    m.counts.map((count, i) => ({
      motif: m.title,
      file: FILES[i & 7],
      rank: (i >> 3) + 1,
      share: percent(count, m.total),
      text: `${m.title}, ${squareName(i)} (owner\u2019s view): ${counted(count, 'record')}, ${percent(count, m.total).toFixed(1)}% of ${countText(m.total)}`,
    })),
  );
  const spec = {
    $schema: SCHEMA,
    config: CONFIG,
    data: { values: rows },
    facet: { field: 'motif', type: 'nominal', sort: [...STATIC_TITLES], title: null },
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
        ...DESCRIBED,
      },
    },
  };
  return {
    id: 'squares',
    title: 'Where the front piece stands',
    caption:
      'For each motif, the share of its records whose front piece stands on each square: the pinned or skewered piece, the piece that would move for a discovered attack or check, the enemy slider of an x-ray, a battery\u2019s slider next to its target. Seen from the owner\u2019s side: black\u2019s squares are mirrored, so the owner always plays up the board. Hover a square for its numbers; the table gives the records on each.',
    spec: spec as TopLevelSpec,
    table: {
      head: ['square (owner\u2019s view)', ...motifs.map((m) => m.title)],
      rows: Array.from({ length: 64 }, (_, j) => {
        const i = (7 - (j >> 3)) * 8 + (j & 7); // a8 … h8, then down to a1 … h1: the board as seen
        return [squareName(i), ...motifs.map((m) => countText(m.counts[i]))];
      }),
    },
  };
}

/** The owner's score per motif against the 50% that a side scores over all games. */
export function outcomeChart(s: StatsJSON): Chart {
  const rows = shownKeys(s).flatMap((k) => {
    const o = s.outcome?.[k];
    const n = o === undefined ? 0 : o.win + o.draw + o.loss;
    if (n === 0) return [];
    const score = percent(o!.win + o!.draw / 2, n);
    const { win, draw, loss } = o!;
    const text = `${MOTIF_TITLES[k]}: the owner scored ${score.toFixed(1)}% in ${counted(n, 'game')} (${countText(win)} won, ${countText(draw)} drawn, ${countText(loss)} lost)`;
    return [{ motif: MOTIF_TITLES[k], score, games: n, win, draw, loss, label: `${score.toFixed(1)}% of ${countText(n)}`, text }];
  });
  const reach = Math.ceil(Math.max(5, ...rows.map((r) => 1.3 * Math.abs(r.score - 50) + 4))); // room for the labels
  const x = {
    field: 'score',
    type: 'quantitative',
    title: 'score of the motif\u2019s owner (%)',
    scale: { domain: [50 - reach, 50 + reach] },
    axis: { tickCount: 8 },
  };
  const y = { field: 'motif', type: 'nominal', sort: [...TITLES], title: null, axis: { labelLimit: 400 } };
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
          ...DESCRIBED,
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
    table: {
      head: ['motif', 'won', 'drawn', 'lost', 'games', 'score (%)'],
      rows: rows.map((r) => [r.motif, countText(r.win), countText(r.draw), countText(r.loss), countText(r.games), r.score.toFixed(1)]),
    },
  };
}

/** Per motif and value, the rate and its ratio to the motif's overall rate, the richest value of each motif marked. */
function richRows(s: StatsJSON, values: Value[], label: (v: Value) => string, valueTitle: string): object[] {
  return shownKeys(s).flatMap((k) => {
    const overall = rate(s.motifs?.[k] ?? 0, s.positions);
    const cells = values.map((v) => {
      const r = rate(v.motifs[k] ?? 0, v.positions);
      const ratio = overall === 0 ? 1 : Math.round((100 * r) / overall) / 100;
      const said = rateSaid(MOTIF_TITLES[k], `${valueTitle} ${label(v)}`, v.motifs[k] ?? 0, v.positions, v.games);
      return {
        motif: MOTIF_TITLES[k],
        value: label(v),
        rate: r,
        ratio,
        label: r.toFixed(r < 10 ? 2 : 1),
        text: `${said}, ${ratio.toFixed(2)} \u00d7 the overall rate`,
      };
    });
    const best = Math.max(...cells.map((c) => c.rate));
    return cells.map((c) => ({ ...c, richest: c.rate === best && best > 0 }));
  });
}

/** The layers of a table of coloured cells: the cell by its ratio to the overall rate, its rate in it, the richest in bold. */
function richLayers(): object[] {
  return [
    {
      mark: { type: 'rect', stroke: 'white' },
      encoding: {
        color: {
          field: 'ratio',
          type: 'quantitative',
          title: '\u00d7 overall rate',
          scale: { scheme: 'blueorange', domain: [0, 2], domainMid: 1, clamp: true },
        },
        ...DESCRIBED,
      },
    },
    { mark: { type: 'text', fontSize: 11 }, transform: [{ filter: '!datum.richest' }], encoding: { text: { field: 'label' } } },
    {
      mark: { type: 'text', fontSize: 11, fontWeight: 'bold' },
      transform: [{ filter: 'datum.richest' }],
      encoding: { text: { field: 'label' } },
    },
  ];
}

/** A table of motif × ECO letter: the rate per 1000 positions, coloured by its ratio to the motif's overall rate. */
export function ecoChart(s: StatsJSON): Chart {
  const values = present(s, 'eco');
  const label = (v: Value): string => ECO_NAMES[v.label];
  const spec = {
    $schema: SCHEMA,
    config: CONFIG,
    width: { step: 110 },
    height: { step: 24 },
    data: { values: richRows(s, values, label, 'ECO group') },
    encoding: {
      x: { field: 'value', type: 'ordinal', sort: values.map(label), title: null, axis: { orient: 'top', labelAngle: 0 } },
      y: { field: 'motif', type: 'nominal', sort: [...TITLES], title: null, axis: { labelLimit: 400 } },
    },
    layer: richLayers(),
  };
  return {
    id: 'eco',
    title: 'Openings richest in each motif',
    caption:
      'Each motif\u2019s rate per 1000 positions in the games of each ECO group (the letter of the ECO code). Orange: richer than the motif\u2019s rate over all positions, blue: poorer; the richest group of each motif in bold.',
    spec: spec as TopLevelSpec,
    table: rateTable(shownKeys(s), values, label),
  };
}

/** How the report names a --group-by dimension: the opening family by name, any other by its field. */
function dimensionTitle(dim: string): { title: string; value: string } {
  return dim === 'opening' ? { title: 'Motifs by opening family', value: 'opening family' } : { title: `Motifs by ${dim}`, value: dim };
}

/**
 * A dimension of --group-by (any name under "by" but the fixed ones): its most played values (by games,
 * then by name; the values past its bound, added up under "(other)", left out) as rows, the motifs as
 * columns, each cell the rate coloured by its ratio to the motif's overall rate.
 */
export function groupChart(s: StatsJSON, dim: string): Chart {
  const by = ((s.by ?? {}) as Record<string, DimJSON>)[dim] ?? {};
  const all = Object.entries(by)
    .filter(([label]) => label !== OTHER)
    .flatMap(([label, v]) => withPositions(label, v))
    .sort((a, b) => b.games - a.games || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  const values = all.slice(0, MOST_PLAYED);
  const label = (v: Value): string => v.label;
  const { title, value } = dimensionTitle(dim);
  const spec = {
    $schema: SCHEMA,
    config: CONFIG,
    width: { step: 50 },
    height: { step: 22 },
    data: { values: richRows(s, values, label, value) },
    encoding: {
      x: { field: 'motif', type: 'nominal', sort: [...TITLES], title: null, axis: { orient: 'top', labelAngle: -40, labelLimit: 320 } },
      y: { field: 'value', type: 'nominal', sort: values.map(label), title: null, axis: { labelLimit: 260 } },
    },
    layer: richLayers(),
  };
  const shown = all.length > MOST_PLAYED ? `the ${MOST_PLAYED} most played of ${countText(all.length)}` : `all ${countText(all.length)}`;
  return {
    id: `by-${dim}`,
    title,
    caption: `Each motif\u2019s rate per 1000 positions in the games of each ${value} (${shown}, by games; the rows are in that order). Orange: richer than the motif\u2019s rate over all positions, blue: poorer; the richest of each motif in bold. Hover a cell for its numbers; the table gives them all.`,
    spec: spec as TopLevelSpec,
    table: rateTable(shownKeys(s), values, label),
  };
}

/** The --group-by dimensions the statistics hold: every name under "by" that is not a fixed dimension. */
export function groupDimensions(s: StatsJSON): string[] {
  const fixed = new Set<string>(DIMENSION_NAMES);
  return Object.keys(s.by ?? {}).filter((d) => !fixed.has(d));
}

/** The motif charts of the report, in page order: the fixed dimensions, the game, the board, then any --group-by dimension. */
export function charts(s: StatsJSON): Chart[] {
  return [
    rateChart(
      s,
      'ratingBand',
      'Motifs by rating band',
      'Each motif\u2019s rate per 1000 positions in the games of each band of mean rating (the mean of WhiteElo and BlackElo); grey: games without ratings.',
      'rating band',
    ),
    rateChart(
      s,
      'speed',
      'Motifs by speed',
      'Each motif\u2019s rate per 1000 positions by time control (estimated duration = base + 40 \u00d7 increment); grey: games without a readable TimeControl.',
      'speed',
    ),
    rateChart(
      s,
      'phase',
      'Motifs by phase',
      'Each motif\u2019s rate per 1000 positions of each phase: endgame when each side has at most 13 points of pieces, else opening before ply 20, else middlegame.',
      'phase',
    ),
    rateChart(
      s,
      'result',
      'Motifs by result',
      'Each motif\u2019s rate per 1000 positions in the games of each result (1-0 white won, 0-1 black won, 1/2-1/2 drawn); grey: games without a result.',
      'result',
    ),
    plyPositionsChart(s),
    plyRatesChart(s),
    squaresChart(s),
    outcomeChart(s),
    ecoChart(s),
    ...groupDimensions(s).map((d) => groupChart(s, d)),
  ];
}
