// A worker's ParquetBatch as an Arrow record batch (docs/design.md §6's Parquet columns), built over the
// batch's own typed arrays (no value is copied one by one but the null bitmaps), and serialized as an
// Arrow IPC stream for the Parquet encoder. Key columns become dictionary-encoded strings, so readers
// (DuckDB, Spark) see VARCHAR columns; absent fields are null, as in the JSONL records.
import {
  Bool,
  Dictionary,
  Field,
  Int32,
  Int64,
  Int8,
  List,
  RecordBatch,
  Schema,
  Struct,
  Table,
  Utf8,
  makeData,
  tableToIPC,
  vectorFromArray,
  type Data,
  type DataType,
  type Vector,
} from 'apache-arrow';
import { squareName } from '../core/squares.js';
import { LINE_KINDS, MOTIFS, PLAYED_SORTED, SIDES, isChain } from '../motifs/catalogue.js';
import { MOTIF_FIELDS, MOTIF_VALUES, type MotifField, type MotifValue } from '../motifs/record-fields.js';
import { TACTIC_FIELDS, isNullable, parquetColumns, type PositionField } from './record-schema.js';
import { LETTERS, type KeyLists, type MotifColumns, type ParquetBatch, type TacticColumns, type TextColumn } from './parquet-columns.js';

/** A fixed dictionary: the strings a key column's keys stand for. */
class Strings {
  readonly values: Vector<Utf8>;

  constructor(values: readonly string[]) {
    this.values = vectorFromArray([...values], new Utf8());
  }

  /** A dictionary type of its own for one field (the IPC stream numbers each field's dictionary). */
  type(): Dictionary<Utf8, Int8> {
    return new Dictionary(new Utf8(), new Int8());
  }
}

const NAMES = [...new Set(MOTIFS.map((m) => m.name))];
const KINDS = ['absolute', 'relative'] as const;
const DICT = {
  square: new Strings(Array.from({ length: 64 }, (_, sq) => squareName(sq))),
  letter: new Strings([...LETTERS]),
  motif: new Strings(NAMES),
  kind: new Strings(KINDS),
  side: new Strings(SIDES),
  line: new Strings(LINE_KINDS),
  played: new Strings(PLAYED_SORTED.map((p) => p.name)),
};
/** Name and kind keys by record code. */
const NAME_KEY = Int8Array.from(MOTIFS, (m) => NAMES.indexOf(m.name));
const KIND_KEY = Int8Array.from(MOTIFS, (m) => (m.kind === null ? -1 : KINDS.indexOf(m.kind)));

function listOf(dict: Strings): List {
  return new List(new Field('element', dict.type(), false));
}

/** The Arrow type of each kind of motif field (the letters of `pieces` are a list for both shapes). */
const MOTIF_TYPE: Record<MotifValue, () => DataType> = {
  name: () => DICT.motif.type(),
  kind: () => DICT.kind.type(),
  side: () => DICT.side.type(),
  square: () => DICT.square.type(),
  squares: () => listOf(DICT.square),
  pieces: () => listOf(DICT.letter),
  letters: () => listOf(DICT.letter),
  boolean: () => new Bool(),
  line: () => DICT.line.type(),
};

type Column = PositionField;

/** The tactic struct's fields (gain or mate: the other null). */
type TacticField = (typeof TACTIC_FIELDS)[number];

function tacticTypes(): Record<TacticField, DataType> {
  return {
    move: new Utf8(),
    uci: new Utf8(),
    gain: new Int32(),
    mate: new Int32(),
    themes: new List(new Field('element', new Utf8(), false)),
  };
}

/** What a Parquet file's columns depend on: the asked tags (a column each), and --shard (the offset column). */
export interface ParquetLayout {
  tags: readonly string[];
  shard: boolean;
}

/** The Arrow schema of the rows: record-schema.ts's columns, then one nullable string column per asked tag. */
export function parquetSchema(layout: ParquetLayout): Schema {
  const motif = new Struct(MOTIF_FIELDS.map((f) => new Field(f, MOTIF_TYPE[MOTIF_VALUES[f]](), true)));
  const types: Record<Exclude<Column, 'tags'>, DataType> = {
    game: new Int64(),
    offset: new Int64(),
    ply: new Int32(),
    fen: new Utf8(),
    move: new Utf8(),
    uci: new Utf8(),
    checkers: listOf(DICT.square),
    motifs: new List(new Field('element', motif, false)),
    played: listOf(DICT.played),
    tactic: new Struct(TACTIC_FIELDS.map((f) => new Field(f, tacticTypes()[f], f !== 'themes'))),
  };
  return new Schema([
    ...parquetColumns(layout.shard).map((c) => new Field(c, types[c as Exclude<Column, 'tags'>], isNullable(c))),
    ...layout.tags.map((t) => new Field(t, new Utf8(), true)),
  ]);
}

/** An Arrow validity bitmap of a per-value test (null when every value is valid). */
function bitmap(n: number, valid: (i: number) => boolean): Uint8Array | null {
  const b = new Uint8Array((n + 7) >> 3);
  let nulls = 0;
  for (let i = 0; i < n; i++) {
    if (valid(i)) b[i >> 3] |= 1 << (i & 7);
    else nulls++;
  }
  return nulls === 0 ? null : b;
}

/** A key column: -1 is null (its key is set to 0, a valid index, as some readers check keys of null slots). */
function keysData(type: DataType, keys: Int8Array, dict: Strings): Data {
  const nullBitmap = bitmap(keys.length, (i) => keys[i] >= 0);
  if (nullBitmap !== null) for (let i = 0; i < keys.length; i++) if (keys[i] < 0) keys[i] = 0;
  return makeData({ type: type as Dictionary<Utf8, Int8>, length: keys.length, nullBitmap, data: keys, dictionary: dict.values });
}

/** Keys looked up by record code (motif names, kinds). */
function byCode(codes: Int8Array, table: Int8Array): Int8Array {
  return codes.map((c) => table[c]);
}

/** A list column of keys; `valid`: which lists are present (null: all). */
function listData(type: DataType, lists: KeyLists, dict: Strings, valid: Uint8Array | null): Data {
  const list = type as List;
  const child = keysData(list.children[0].type, lists.keys, dict);
  return makeData({ type: list, length: lists.offsets.length - 1, nullBitmap: valid, valueOffsets: lists.offsets, child });
}

function textData(col: TextColumn): Data {
  const nullBitmap = bitmap(col.valid.length, (i) => col.valid[i] === 1);
  return makeData({ type: new Utf8(), length: col.valid.length, nullBitmap, valueOffsets: col.offsets, data: col.bytes });
}

/** The motif struct's children, in MOTIF_FIELDS order. */
function motifChildren(m: MotifColumns, types: Record<MotifField, DataType>): Data[] {
  const n = m.code.length;
  const chains = bitmap(n, (i) => isChain(m.code[i]));
  const partial = makeData({
    type: new Bool(),
    length: n,
    nullBitmap: bitmap(n, (i) => m.partial[i] >= 0),
    data: bitmap(n, (i) => m.partial[i] === 1) ?? allSet(n),
  });
  const data: Record<MotifField, Data> = {
    motif: keysData(types.motif, byCode(m.code, NAME_KEY), DICT.motif),
    kind: keysData(types.kind, byCode(m.code, KIND_KEY), DICT.kind),
    side: keysData(types.side, m.side, DICT.side),
    slider: keysData(types.slider, m.slider, DICT.square),
    front: keysData(types.front, m.front, DICT.square),
    back: keysData(types.back, m.back, DICT.square),
    partial,
    squares: listData(types.squares, m.squares, DICT.square, chains),
    pieces: listData(types.pieces, m.pieces, DICT.letter, null),
    line: keysData(types.line, m.line, DICT.line),
    targets: listData(types.targets, m.targets, DICT.square, chains),
    targetPieces: listData(types.targetPieces, m.targetPieces, DICT.letter, chains),
  };
  return MOTIF_FIELDS.map((f) => data[f]);
}

/** The tactic struct of the rows: null where a row has no verdict, its fields null there too. */
function tacticData(type: Struct, t: TacticColumns): Data {
  const n = t.valid.length;
  const types = typesByName<TacticField>(type.children);
  const int = (x: Int32Array, f: TacticField): Data =>
    makeData({ type: types[f] as Int32, length: n, nullBitmap: bitmap(n, (i) => x[i] !== 0), data: x });
  const themes = types.themes as List;
  const data: Record<TacticField, Data> = {
    move: textData(t.move),
    uci: textData(t.uci),
    gain: int(t.gain, 'gain'),
    mate: int(t.mate, 'mate'),
    themes: makeData({ type: themes, length: n, valueOffsets: t.themes.offsets, child: textData(t.themes.names) }),
  };
  return makeData({ type, length: n, nullBitmap: bitmap(n, (i) => t.valid[i] === 1), children: TACTIC_FIELDS.map((f) => data[f]) });
}

/** A bitmap of n set bits (bitmap() gives null for "all valid", which a Bool's values cannot be). */
function allSet(n: number): Uint8Array {
  return new Uint8Array((n + 7) >> 3).fill(0xff);
}

/** What a worker hands over for -f parquet: a batch's columns as Arrow IPC bytes, in the layout's schema. */
export function ipcWriter(layout: ParquetLayout): (b: ParquetBatch) => Uint8Array {
  const schema = parquetSchema(layout);
  return (b) => batchIpc(schema, b);
}

/** The batch as an Arrow IPC stream of one record batch, in the schema's column order. */
export function batchIpc(schema: Schema, b: ParquetBatch): Uint8Array {
  const types = typesByName<Column>(schema.fields);
  const motifList = types.motifs as List<Struct>;
  const motifStruct = motifList.children[0].type;
  const motifs = makeData({
    type: motifList,
    length: b.rows,
    valueOffsets: b.motifs.offsets,
    child: makeData({
      type: motifStruct,
      length: b.motifs.code.length,
      children: motifChildren(b.motifs, typesByName(motifStruct.children)),
    }),
  });
  const int64 = (f: 'game' | 'offset', halves: Int32Array): Data =>
    makeData({ type: types[f] as Int64, length: b.rows, data: new BigInt64Array(halves.buffer, halves.byteOffset, b.rows) });
  // each column made only where the schema has it (the offset column only under --shard)
  const data: Record<Exclude<Column, 'tags'>, () => Data> = {
    game: () => int64('game', b.game),
    offset: () => int64('offset', b.offset),
    ply: () => makeData({ type: types.ply as Int32, length: b.rows, data: b.ply }),
    fen: () => textData(b.fen),
    move: () => textData(b.move),
    uci: () => textData(b.uci),
    checkers: () => listData(types.checkers, b.checkers, DICT.square, null),
    motifs: () => motifs,
    played: () => listData(types.played, b.played, DICT.played, null),
    tactic: () => tacticData(types.tactic as Struct, b.tactic),
  };
  const own = schema.fields.slice(0, schema.fields.length - b.tags.length);
  const columns = [...own.map((f) => data[f.name as Exclude<Column, 'tags'>]()), ...b.tags.map(textData)];
  const batch = new RecordBatch(schema, makeData({ type: new Struct(schema.fields), length: b.rows, children: columns }));
  return tableToIPC(new Table([batch]), 'stream');
}

/** The types of fields, by name. */
function typesByName<K extends string>(fields: readonly Field[]): Record<K, DataType> {
  return Object.fromEntries(fields.map((f) => [f.name, f.type as DataType])) as Record<K, DataType>;
}
