// A statistics file read from disk, checked before anything of it is added (merge-stats): every count a
// whole number from 0 to 2^53 − 1 (a string, a negative, a fraction or 1e308 would add up to nonsense), every
// key one the format has (a key we do not know would be dropped without a word), and its `run` of the
// form the checks on the runs merged (provenance.ts) read; its example positions and a player's misses of the
// form a merge keeps (each hashed as example-hash.ts says, sorted, at most 3 a key and 6 misses). A refusal names the file and the key's path
// (`by.speed.blitz.motifs["pin.absolute"]`). The shape below follows Stats.toJSON (src/stats/stats.ts).
import { UsageError } from '../errors.js';
import { MOTIFS, MOTIF_KEYS } from '../motifs/catalogue.js';
import { GAME_BUCKET_LABELS, PLY_BUCKET_LABELS, type InputIdentity, type RunRecord } from './stats.js';
import { TACTIC_KEYS } from './dim-counts.js';
import { DIMENSION_NAMES, DIMENSIONS } from './dimensions.js';
import { exampleHash } from './example-hash.js';
import { compareExamples, EXAMPLES_PER_KEY, type Example } from './examples.js';
import { compareMisses, MISS_HASH_KEY, MISSES_KEPT, type Miss } from './misses.js';
import { PICKED_GAME_FIELDS } from './picks.js';
import { isGroupField } from './group-by.js';

/**
 * What a value must be: a count, the one mean, a value checked elsewhere, a key's list of example
 * positions, a list of counts, or an object of known keys, where `other` takes any other key passing its
 * test (a --group-by dimension, a value label).
 */
type Shape =
  | 'count'
  | 'mean'
  | 'elsewhere'
  | 'examples'
  | 'misses'
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
  player: fields({ names: 'elsewhere', white: 'count', black: 'count', for: TALLY, against: TALLY, misses: 'misses' }),
  examples: each(MOTIF_KEYS, 'examples'),
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
  if (shape === 'examples') return checkExamples(where, v, p);
  if (shape === 'misses') return checkMisses(where, v, p);
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

const SQUARE = '[a-h][1-8]';
const UCI = new RegExp(`^${SQUARE}${SQUARE}[qrbn]?$`);
/** A record's text after its key and side (examples.ts): a line record, a battery, a move played. */
const RECORD_REST = {
  line: new RegExp(`^[wb]( ${SQUARE}){3}$`),
  chain: new RegExp(`^[wb]( ${SQUARE}){2,8} >( ${SQUARE}){1,2}$`),
  played: new RegExp(`^[wb] ${SQUARE}${SQUARE}[qrbn]?$`),
};
/** The FEN of an example as the report draws it: eight ranks of pieces and empty counts, then the other fields. */
const FEN = /^([pnbrqkPNBRQK1-8]{1,8}\/){7}[pnbrqkPNBRQK1-8]{1,8} [wb] [-A-Ha-hKQkq]+ (-|[a-h][36]) \d+ \d+$/;
const EXAMPLE_FIELDS = ['hash', 'fen', 'record', 'ply', ...PICKED_GAME_FIELDS];
const MISS_FIELDS = ['hash', 'fen', 'ply', 'tactic', 'played', ...PICKED_GAME_FIELDS];

/** How a key's record text goes on after `KEY `. */
function recordRest(key: string): RegExp {
  if (key.startsWith('played.')) return RECORD_REST.played;
  return MOTIFS.find((m) => m.key === key)?.shape === 'chain' ? RECORD_REST.chain : RECORD_REST.line;
}

/** How a list of picked positions (picks.ts) is checked: its length, fields, hash key and order, and the rest of an item. */
interface PickedList<T> {
  /** How an item and several are said: `an example`, `examples`. */
  one: string;
  many: string;
  most: number;
  /** The order, in words: `by hash, then text`. */
  order: string;
  fields: readonly string[];
  hashKey: string;
  compare: (a: T, b: T) => number;
  rest: (o: Obj, at: Path) => void;
}

/**
 * A list of picked positions: at most `most`, each of its fields only, a FEN, its hash that of its board
 * and the hash key (example-hash.ts), a ply, its game's tags, sorted strictly as a merge keeps them, of
 * distinct FENs.
 */
function checkPicked<T extends { fen: string }>(where: string, v: unknown, p: Path, c: PickedList<T>): void {
  const items = list(where, v, p);
  if (items.length > c.most) refuse(where, p, `has ${items.length} ${c.many}, not at most ${c.most}`);
  items.forEach((x, i) => {
    const at = [...p, i];
    const o = object(where, x, at);
    for (const k of Object.keys(o)) if (!c.fields.includes(k)) refuse(where, at, `has an unknown key ${cut(JSON.stringify(k))}`);
    const fen = field(where, o, at, 'fen', matches(FEN), 'a FEN');
    c.rest(o, at);
    const hash = field(where, o, at, 'hash', isCount, 'a hash');
    if (hash !== exampleHash(fen, c.hashKey)) refuse(where, [...at, 'hash'], `is ${hash}, not the hash of its board and key`);
    field(where, o, at, 'ply', isCount, 'a ply');
    for (const t of PICKED_GAME_FIELDS) field(where, o, at, t, orNull(isString), 'a tag value or null');
    if (i > 0 && c.compare(items[i - 1] as T, o as unknown as T) >= 0)
      refuse(where, at, `is not after ${c.one.replace(/^an? /, 'the ')} before it (${c.order}): not a list a merge keeps`);
    if (items.slice(0, i).some((e) => (e as T).fen === fen)) refuse(where, at, `has the FEN of ${c.one} before it`);
  });
}

/** A key's examples (examples.ts): picked positions, each with its record of the key, in order by hash, then text. */
function checkExamples(where: string, v: unknown, p: (string | number)[]): void {
  const key = String(p[p.length - 1]);
  checkPicked<Example>(where, v, p, {
    one: 'an example',
    many: 'examples',
    order: 'by hash, then text',
    most: EXAMPLES_PER_KEY,
    fields: EXAMPLE_FIELDS,
    hashKey: key,
    compare: compareExamples,
    rest: (o, at) => {
      const record = field(where, o, at, 'record', isString, `a record of ${key}`);
      if (!record.startsWith(`${key} `) || !recordRest(key).test(record.slice(key.length + 1)))
        refuse(where, [...at, 'record'], `is ${shown(record)}, not a record of ${key}`);
    },
  });
}

const isGain = (v: unknown): v is number => isCount(v) && v >= 2;
const isMate = (v: unknown): v is number => isCount(v) && v >= 1;
const isThemes = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);

/**
 * A player's misses (misses.ts): picked positions, each with the verdict missed (its move, a gain of 2 or
 * more or a mate, its themes) and the move played, costliest first.
 */
function checkMisses(where: string, v: unknown, p: (string | number)[]): void {
  const move = (o: Obj, at: Path): void => {
    field(where, o, at, 'move', isString, 'a move (SAN)');
    field(where, o, at, 'uci', matches(UCI), 'a move (UCI)');
  };
  checkPicked<Miss>(where, v, p, {
    one: 'a miss',
    many: 'misses',
    order: 'a mate first, the shorter first, then the larger gain, then by hash and text',
    most: MISSES_KEPT,
    fields: MISS_FIELDS,
    hashKey: MISS_HASH_KEY,
    compare: compareMisses,
    rest: (o, at) => {
      const t = object(where, o.tactic, [...at, 'tactic']);
      const tAt = [...at, 'tactic'];
      for (const k of Object.keys(t))
        if (!['move', 'uci', 'gain', 'mate', 'themes'].includes(k)) refuse(where, tAt, `has an unknown key ${cut(JSON.stringify(k))}`);
      move(t, tAt);
      if ('gain' in t === 'mate' in t) refuse(where, tAt, 'has not one of a gain and a mate');
      if ('gain' in t) field(where, t, tAt, 'gain', isGain, 'a gain (2 pawns or more)');
      else field(where, t, tAt, 'mate', isMate, 'a mate in moves');
      field(where, t, tAt, 'themes', isThemes, 'a list of themes');
      const played = object(where, o.played, [...at, 'played']);
      for (const k of Object.keys(played))
        if (k !== 'move' && k !== 'uci') refuse(where, [...at, 'played'], `has an unknown key ${cut(JSON.stringify(k))}`);
      move(played, [...at, 'played']);
    },
  });
}
