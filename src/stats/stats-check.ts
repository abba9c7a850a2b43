// A statistics file read from disk, checked before anything of it is added (merge-stats): every count a
// whole number from 0 to 2^53 − 1 (a string, a negative, a fraction or 1e308 would add up to nonsense), every
// key one the format has (a key we do not know would be dropped without a word), and its `run` of the
// form the checks on the runs merged (provenance.ts) read. A refusal names the file and the key's path
// (`by.speed.blitz.motifs["pin.absolute"]`). The shape below follows Stats.toJSON (src/stats/stats.ts).
import { UsageError } from '../errors.js';
import { MOTIFS, MOTIF_KEYS } from '../motifs/catalogue.js';
import { GAME_BUCKET_LABELS, PLY_BUCKET_LABELS, type InputIdentity, type RunRecord } from './stats.js';
import { TACTIC_KEYS } from './dim-counts.js';
import { DIMENSION_NAMES, DIMENSIONS } from './dimensions.js';
import { isGroupField } from './group-by.js';

/**
 * What a value must be: a count, the one mean, a value checked elsewhere, a list of counts, or an object
 * of known keys, where `other` takes any other key passing its test (a --group-by dimension, a value label).
 */
type Shape =
  | 'count'
  | 'mean'
  | 'elsewhere'
  | { keys: ReadonlyMap<string, Shape>; other?: { test: (key: string) => boolean; what: string; shape: Shape } }
  | { list: number };

const fields = (entries: Record<string, Shape>): Shape => ({ keys: new Map(Object.entries(entries)) });
const each = (labels: readonly string[], shape: Shape): Shape => ({ keys: new Map(labels.map((l) => [l, shape])) });

const MOTIF_COUNTS = each(MOTIF_KEYS, 'count');
const TACTIC_COUNTS = each(TACTIC_KEYS, 'count');
const TACTICS = fields({ positions: TACTIC_COUNTS, found: TACTIC_COUNTS, missed: TACTIC_COUNTS });
/** The figures of a dimension's value (and of the corpus, and of a player's side). */
const FIGURES: Record<string, Shape> = {
  games: 'count',
  positions: 'count',
  motifs: MOTIF_COUNTS,
  positionsWith: MOTIF_COUNTS,
  gamesWith: MOTIF_COUNTS,
  tactics: TACTICS,
};
const DIM_VALUE = fields(FIGURES);
const SQUARES: Shape = { list: 64 };
/** The dimensions: the standing ones with their values, and --group-by's, of any value. */
const BY: Shape = {
  keys: new Map(DIMENSION_NAMES.map((d) => [d, each(DIMENSIONS[d], DIM_VALUE)])),
  other: {
    test: isGroupField,
    what: 'a --group-by field',
    shape: { keys: new Map(), other: { test: () => true, what: '', shape: DIM_VALUE } },
  },
};
/** --player's figures of a side: as the corpus's, with every dimension. */
const TALLY = fields({ ...FIGURES, by: BY });

/** The statistics file; `version` and `run` are checked apart, `verify` (--verify's report) is not added up. */
const STATS = fields({
  version: 'elsewhere',
  games: 'count',
  positions: 'count',
  rejected: 'count',
  taggedPositions: 'count',
  motifs: MOTIF_COUNTS,
  positionsWith: MOTIF_COUNTS,
  gamesWith: MOTIF_COUNTS,
  tactics: TACTICS,
  bySide: fields({ w: MOTIF_COUNTS, b: MOTIF_COUNTS }),
  byPly: each(PLY_BUCKET_LABELS, fields({ positions: 'count', motifs: MOTIF_COUNTS })),
  perGame: each(GAME_BUCKET_LABELS, 'count'),
  gameMotifPositions: 'count',
  motifPositionsPerGame: 'mean',
  by: BY,
  outcome: each(MOTIF_KEYS, fields({ win: 'count', draw: 'count', loss: 'count' })),
  frontSquares: each(
    MOTIFS.map((m) => m.key),
    fields({ w: SQUARES, b: SQUARES }),
  ),
  run: 'elsewhere',
  verify: 'elsewhere',
  where: fields({ query: 'elsewhere', games: 'count', positions: 'count' }),
  player: fields({ names: 'elsewhere', white: 'count', black: 'count', for: TALLY, against: TALLY }),
});

/** Where a value sits in the file: the keys (and list indices) from the top. */
type Path = readonly (string | number)[];

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Text of at most 40 characters, cut with '…'. */
const cut = (s: string): string => (s.length > 40 ? `${s.slice(0, 39)}…` : s);

/** `by.speed.blitz.motifs["pin.absolute"]`, `frontSquares.xray.w[12]`. */
function pathText(p: Path): string {
  const out = p.map((k) => (typeof k === 'number' ? `[${k}]` : NAME.test(k) ? `.${k}` : `[${cut(JSON.stringify(k))}]`)).join('');
  return out.startsWith('.') ? out.slice(1) : out;
}

/** How a message shows a value. */
function shown(v: unknown): string {
  if (Array.isArray(v)) return 'a list';
  if (v !== null && typeof v === 'object') return 'an object';
  return typeof v === 'string' ? cut(JSON.stringify(v)) : String(v);
}

/** Whether v is a count: a whole number from 0 to 2^53 − 1. */
export const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

/** Refuses the file: `where: path message`. */
function refuse(where: string, p: Path, message: string): never {
  throw new UsageError(`${where}: ${p.length === 0 ? 'the file' : pathText(p)} ${message}`);
}

const NOT_COUNT = 'not a count (a whole number from 0 to 2^53 - 1)';

/** Checks v against its shape; p: its path, a stack the walk pushes keys onto and pops (nothing allocated per value). */
function checkValue(where: string, v: unknown, shape: Shape, p: (string | number)[]): void {
  if (shape === 'elsewhere') return;
  if (shape === 'count') {
    if (!isCount(v)) refuse(where, p, `is ${shown(v)}, ${NOT_COUNT}`);
  } else if (shape === 'mean') {
    if (typeof v !== 'number' || !(v >= 0) || v === Infinity) refuse(where, p, `is ${shown(v)}, not a mean (a number from 0)`);
  } else if ('list' in shape) {
    if (!Array.isArray(v)) refuse(where, p, `is ${shown(v)}, not a list of counts`);
    if (v.length > shape.list) refuse(where, p, `has ${v.length} entries, not at most ${shape.list}`);
    for (let i = 0; i < v.length; i++) if (!isCount(v[i])) refuse(where, [...p, i], `is ${shown(v[i])}, ${NOT_COUNT}`);
  } else {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) refuse(where, p, `is ${shown(v)}, not an object`);
    for (const k in v) {
      const inner = shape.keys.get(k) ?? (shape.other?.test(k) === true ? shape.other.shape : undefined);
      if (inner === undefined) refuse(where, p, `has an unknown key ${cut(JSON.stringify(k))} (expected ${expected(shape)})`);
      p.push(k);
      checkValue(where, (v as Record<string, unknown>)[k], inner, p);
      p.pop();
    }
  }
}

/** The keys an object may have, for a message. */
function expected(shape: { keys: ReadonlyMap<string, Shape>; other?: { what: string } }): string {
  const keys = [...shape.keys.keys()].join(', ');
  return shape.other === undefined ? `one of ${keys}` : `one of ${keys}, or ${shape.other.what}`;
}

/** Checks every count and key of a statistics object (`where`: the file, for the message). */
export function checkCounts(where: string, json: unknown): void {
  checkValue(where, json, STATS, []);
}

const HEX = (n: number): RegExp => new RegExp(`^[0-9a-f]{${n}}$`);
const RUN_ID = HEX(32);
const FINGERPRINT = HEX(64);
const SHARD = /^(\d{1,15})\/(\d{1,15})$/;

/** The parts I and N of a shard "I/N" (1 ≤ I ≤ N), or null. */
export function shardParts(s: string): [number, number] | null {
  const m = SHARD.exec(s);
  const [i, n] = m === null ? [0, 0] : [Number(m[1]), Number(m[2])];
  return i >= 1 && i <= n ? [i, n] : null;
}

type Obj = Record<string, unknown>;

/** v as an object (refused when it is not one). */
function object(where: string, v: unknown, p: Path): Obj {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) refuse(where, p, `is ${shown(v)}, not an object`);
  return v as Obj;
}

/** v as a list (refused when it is not one). */
function list(where: string, v: unknown, p: Path): unknown[] {
  if (!Array.isArray(v)) refuse(where, p, `is ${shown(v)}, not a list`);
  return v;
}

/** o[key] when it passes the test, else refused with `what` it should be. */
function field<T>(where: string, o: Obj, p: Path, key: string, test: (v: unknown) => v is T, what: string): T {
  const v = o[key];
  if (!test(v)) refuse(where, [...p, key], `is ${shown(v)}, not ${what}`);
  return v;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const orNull =
  <T>(test: (v: unknown) => v is T) =>
  (v: unknown): v is T | null =>
    v === null || test(v);
const matches =
  (re: RegExp) =>
  (v: unknown): v is string =>
    typeof v === 'string' && re.test(v);
const isShard = (v: unknown): v is string => typeof v === 'string' && shardParts(v) !== null;

function identity(where: string, v: unknown, p: Path): InputIdentity {
  const o = object(where, v, p);
  const size = field(where, o, p, 'size', orNull(isCount), 'a size in bytes or null');
  const fingerprint = field(where, o, p, 'fingerprint', orNull(matches(FINGERPRINT)), 'a SHA-256 in hex or null');
  if ((size === null) !== (fingerprint === null)) refuse(where, p, 'has a size without a fingerprint, or a fingerprint without a size');
  return {
    path: field(where, o, p, 'path', isString, 'a path'),
    size,
    fingerprint,
    shard: field(where, o, p, 'shard', orNull(isShard), 'a shard I/N (1 ≤ I ≤ N) or null'),
  };
}

/** One run: its id, version and inputs' identities; a run written before runs had ids lists its input paths. */
function runRecord(where: string, o: Obj, p: Path): RunRecord {
  const inputs = list(where, o.inputs ?? [], [...p, 'inputs']);
  const version = field(where, o, p, 'version', orNull(isString), 'a version');
  if (o.id === undefined) {
    const paths = inputs.map((x, i) => (isString(x) ? x : refuse(where, [...p, 'inputs', i], `is ${shown(x)}, not a path`)));
    return { id: null, version, inputs: paths.map((path) => ({ path, size: null, fingerprint: null, shard: null })) };
  }
  const id = field(where, o, p, 'id', orNull(matches(RUN_ID)), 'a run id (32 hex digits) or null');
  return { id, version, inputs: inputs.map((x, i) => identity(where, x, [...p, 'inputs', i])) };
}

/**
 * The runs a statistics file adds up, from its `run`: the one run that wrote it, or the runs a merge
 * listed; a file without `run` (a merge before runs were listed) is one run of which nothing is known.
 */
export function runsOf(where: string, run: unknown): RunRecord[] {
  if (run === undefined) return [{ id: null, version: null, inputs: [] }];
  const root: Path = ['run'];
  const o = object(where, run, root);
  if (o.merged === undefined) return [runRecord(where, o, root)];
  const merged: Path = ['run', 'merged'];
  return list(where, o.merged, merged).map((r, i) => runRecord(where, object(where, r, [...merged, i]), [...merged, i]));
}
