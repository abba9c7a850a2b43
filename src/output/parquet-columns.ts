// The worker's half of -f parquet: each written position goes into plain columns (typed arrays, no object
// per position or per motif), taken once per batch as a ParquetBatch, which the worker serializes as Arrow
// IPC (parquet-arrow.ts) for the encoder thread to write as Parquet row groups (parquet.ts). Small domains
// (squares, piece letters, motif codes, sides, line kinds, played tags) are written as Int8 keys of fixed
// dictionaries; text (FEN, SAN, UCI, tag values) as bytes with offsets. -1 in a key column means null
// (absent in the JSONL record). The tactic verdict is a struct per row, null where the position has none
// (or verdicts are off).
import type { GameInfo, PositionView } from '../analysis/view.js';
import {
  REC_BACK,
  REC_CODE,
  REC_FRONT,
  REC_LENGTH,
  REC_LINE,
  REC_PARTIAL,
  REC_SIDE,
  REC_SLIDER,
  REC_SQUARES,
  REC_TARGET1,
  REC_TARGET2,
  STRIDE,
} from '../motifs/buffer.js';
import { MOTIFS, PLAYED_SORTED, isChain } from '../motifs/catalogue.js';
import { writeSan, writeUci } from '../core/san.js';
import { AsciiWriter, writeFen } from './lines.js';
import { askedTags } from './records.js';
import type { TacticJudge } from '../tactics/verdict.js';

/** The piece letters of the `pieces` dictionary; a letter's key is its index (`?`: an empty square, which no record names). */
export const LETTERS = 'PNBRQKpnbrqk?';
/** Dictionary key of the letter by mailbox code (side * 8 + type + 1, 0 empty). */
const LETTER_KEY = Int8Array.from('?PNBRQK??pnbrqk?', (c) => LETTERS.indexOf(c));

/** A list column of dictionary keys: list i holds keys[offsets[i] … offsets[i + 1]). */
export interface KeyLists {
  offsets: Int32Array;
  keys: Int8Array;
}

/** A text column: value i is bytes[offsets[i] … offsets[i + 1]) as UTF-8, or null where valid[i] is 0. */
export interface TextColumn {
  offsets: Int32Array;
  bytes: Uint8Array;
  valid: Int8Array;
}

/** One row per motif record: the struct fields of the `motifs` lists. */
export interface MotifColumns {
  /** Row i's records are records offsets[i] … offsets[i + 1]. */
  offsets: Int32Array;
  /** Catalogue code (name and kind derive from it), side 0 w / 1 b. */
  code: Int8Array;
  side: Int8Array;
  /** Squares of line records, -1 for chains. */
  slider: Int8Array;
  front: Int8Array;
  back: Int8Array;
  /** 0 or 1 for pins, -1 for records without the field. */
  partial: Int8Array;
  /** Line kind of chains, -1 for line records. */
  line: Int8Array;
  /** Chains' squares and targets (empty lists for line records, which have none). */
  squares: KeyLists;
  targets: KeyLists;
  /** Letters: of slider, front, back, or of a chain's squares; and of its targets. */
  pieces: KeyLists;
  targetPieces: KeyLists;
}

/** The tactic verdicts of a batch's rows: the struct's fields, each with a value at every row. */
export interface TacticColumns {
  /** 1 where the row has a verdict (the struct is null elsewhere). */
  valid: Int8Array;
  move: TextColumn;
  uci: TextColumn;
  /** Pawns won, or moves to the mate; 0 is null (a gain is at least 2, a mate at least 1). */
  gain: Int32Array;
  mate: Int32Array;
  /** Row i's themes are names offsets[i] … offsets[i + 1]. */
  themes: { offsets: Int32Array; names: TextColumn };
}

/** One batch's positions as columns (structured-cloneable: typed arrays only). */
export interface ParquetBatch {
  rows: number;
  /** The game number as int64 halves: low, high per row. */
  game: Int32Array;
  /** The game's byte offset in its input, as game is (-1 but under --shard, where it is a column). */
  offset: Int32Array;
  ply: Int32Array;
  fen: TextColumn;
  move: TextColumn;
  uci: TextColumn;
  /** Square keys (a1 = 0 … h8 = 63). */
  checkers: KeyLists;
  /** Keys into PLAYED_SORTED. */
  played: KeyLists;
  motifs: MotifColumns;
  tactic: TacticColumns;
  /** One column per --tags tag, in the order asked. */
  tags: TextColumn[];
}

/** A typed array grown by doubling, handed out as a copy of its filled part. */
class Growing<T extends Int8Array | Int32Array | Uint8Array> {
  private a: T;
  n = 0;

  constructor(private readonly make: (size: number) => T) {
    this.a = make(1024);
  }

  push(x: number): void {
    if (this.n === this.a.length) this.room(1);
    this.a[this.n++] = x;
  }

  /** Appends the first n bytes of src (for Uint8Array columns). */
  append(src: Uint8Array, n: number): void {
    this.room(n);
    for (let i = 0; i < n; i++) this.a[this.n + i] = src[i];
    this.n += n;
  }

  private room(extra: number): void {
    if (this.n + extra <= this.a.length) return;
    let size = this.a.length * 2;
    while (size < this.n + extra) size *= 2;
    const b = this.make(size);
    b.set(this.a.subarray(0, this.n));
    this.a = b;
  }

  /** The filled part, and an empty array again. */
  take(): T {
    const out = this.a.slice(0, this.n) as T;
    this.n = 0;
    return out;
  }
}

const int8s = (): Growing<Int8Array> => new Growing((n) => new Int8Array(n));
const int32s = (): Growing<Int32Array> => new Growing((n) => new Int32Array(n));

class KeyListBuilder {
  readonly keys = int8s();
  private readonly offsets = int32s();

  constructor() {
    this.offsets.push(0);
  }

  /** Ends the current list. */
  end(): void {
    this.offsets.push(this.keys.n);
  }

  take(): KeyLists {
    const out = { offsets: this.offsets.take(), keys: this.keys.take() };
    this.offsets.push(0);
    return out;
  }
}

class TextBuilder {
  private readonly bytes = new Growing((n) => new Uint8Array(n));
  private readonly offsets = int32s();
  private readonly valid = int8s();

  constructor() {
    this.offsets.push(0);
  }

  /** Appends a value, the first n bytes of src (null: a null row). */
  push(src: Uint8Array | null, n = src?.length ?? 0): void {
    if (src !== null) this.bytes.append(src, n);
    this.offsets.push(this.bytes.n);
    this.valid.push(src === null ? 0 : 1);
  }

  take(): TextColumn {
    const out = { offsets: this.offsets.take(), bytes: this.bytes.take(), valid: this.valid.take() };
    this.offsets.push(0);
    return out;
  }
}

/** The builders of the motif struct fields. */
class MotifBuilder {
  readonly offsets = int32s();
  readonly code = int8s();
  readonly side = int8s();
  readonly slider = int8s();
  readonly front = int8s();
  readonly back = int8s();
  readonly partial = int8s();
  readonly line = int8s();
  readonly squares = new KeyListBuilder();
  readonly targets = new KeyListBuilder();
  readonly pieces = new KeyListBuilder();
  readonly targetPieces = new KeyListBuilder();

  constructor() {
    this.offsets.push(0);
  }

  take(): MotifColumns {
    const out: MotifColumns = {
      offsets: this.offsets.take(),
      code: this.code.take(),
      side: this.side.take(),
      slider: this.slider.take(),
      front: this.front.take(),
      back: this.back.take(),
      partial: this.partial.take(),
      line: this.line.take(),
      squares: this.squares.take(),
      targets: this.targets.take(),
      pieces: this.pieces.take(),
      targetPieces: this.targetPieces.take(),
    };
    this.offsets.push(0);
    return out;
  }
}

/** The builders of the tactic struct's fields. */
class TacticBuilder {
  private readonly valid = int8s();
  private readonly move = new TextBuilder();
  private readonly uci = new TextBuilder();
  private readonly gain = int32s();
  private readonly mate = int32s();
  private readonly offsets = int32s();
  private readonly names = new TextBuilder();
  private themeCount = 0;

  constructor() {
    this.offsets.push(0);
  }

  /** Appends the row's verdict, or a null one (its themes read here, for the rows written). */
  push(judge: TacticJudge | null): void {
    this.valid.push(judge === null ? 0 : 1);
    if (judge === null) {
      this.move.push(null);
      this.uci.push(null);
      this.gain.push(0);
      this.mate.push(0);
    } else {
      const t = judge.tactic();
      this.move.push(utf8.encode(t.move));
      this.uci.push(utf8.encode(t.uci));
      this.gain.push(t.gain ?? 0);
      this.mate.push(t.mate ?? 0);
      for (const name of t.themes) this.names.push(utf8.encode(name));
      this.themeCount += t.themes.length;
    }
    this.offsets.push(this.themeCount);
  }

  take(): TacticColumns {
    const out = {
      valid: this.valid.take(),
      move: this.move.take(),
      uci: this.uci.take(),
      gain: this.gain.take(),
      mate: this.mate.take(),
      themes: { offsets: this.offsets.take(), names: this.names.take() },
    };
    this.offsets.push(0);
    this.themeCount = 0;
    return out;
  }
}

/** Partial pins by code: whether the record has the `partial` field. */
const HAS_PARTIAL = Uint8Array.from(MOTIFS, (m) => (m.partial ? 1 : 0));

/** Collects the written positions of a batch as columns; one per worker, emptied by take(). */
export class ParquetColumns {
  /** Rows collected since the last take(). */
  rows = 0;
  private readonly game = int32s();
  private readonly offset = int32s();
  private readonly ply = int32s();
  private readonly fen = new TextBuilder();
  private readonly move = new TextBuilder();
  private readonly uci = new TextBuilder();
  private readonly checkers = new KeyListBuilder();
  private readonly played = new KeyListBuilder();
  private readonly motifs = new MotifBuilder();
  private readonly tactic = new TacticBuilder();
  private readonly tagColumns: TextBuilder[];
  /** The game's value of each asked tag as UTF-8, or null. */
  private tagValues: (Uint8Array | null)[];
  private readonly text = new AsciiWriter();

  constructor(private readonly tags: readonly string[] = []) {
    this.tagColumns = tags.map(() => new TextBuilder());
    this.tagValues = tags.map(() => null);
  }

  /** The game's tag values, encoded once for all its rows. */
  beginGame(info: GameInfo): void {
    if (this.tags.length === 0) return;
    const has = new Map(askedTags(this.tags, info.tags));
    this.tagValues = this.tags.map((t) => {
      const v = has.get(t);
      return v === undefined ? null : utf8.encode(v);
    });
  }

  /** Appends the row of one written position. */
  position(v: PositionView): void {
    this.rows++;
    this.game.push((v.game % 0x100000000) | 0);
    this.game.push(Math.floor(v.game / 0x100000000));
    this.offset.push((v.offset % 0x100000000) | 0);
    this.offset.push(Math.floor(v.offset / 0x100000000));
    this.ply.push(v.ply);
    this.text.n = 0;
    writeFen(this.text, v.pos);
    this.fen.push(this.text.buf, this.text.n);
    this.moveText(v);
    this.squareList(this.checkers, v.pos.checkersLo, v.pos.checkersHi);
    for (let k = 0; k < PLAYED_SORTED.length; k++) if ((v.played & PLAYED_SORTED[k].bit) !== 0) this.played.keys.push(k);
    this.played.end();
    const d = v.buf.data;
    for (let i = 0; i < v.buf.count; i++) this.record(d, i * STRIDE, v.pos.board);
    this.motifs.offsets.push(this.motifs.code.n);
    this.tactic.push(v.tactic);
    for (let t = 0; t < this.tagColumns.length; t++) this.tagColumns[t].push(this.tagValues[t]);
  }

  /** Appends the squares of a set as one list, ascending. */
  private squareList(list: KeyListBuilder, lo: number, hi: number): void {
    for (let half = 0; half < 2; half++) {
      for (let set = half === 0 ? lo : hi; set !== 0; set &= set - 1) list.keys.push(half * 32 + 31 - Math.clz32(set & -set));
    }
    list.end();
  }

  /** Appends one motif record's fields. */
  private record(d: Int32Array, o: number, board: Int8Array): void {
    const m = this.motifs;
    const code = d[o + REC_CODE];
    m.code.push(code);
    m.side.push(d[o + REC_SIDE]);
    if (isChain(code)) {
      m.slider.push(-1);
      m.front.push(-1);
      m.back.push(-1);
      m.partial.push(-1);
      m.line.push(d[o + REC_LINE]);
      for (let k = 0; k < d[o + REC_LENGTH]; k++) this.square(m.squares, m.pieces, d[o + REC_SQUARES + k], board);
      this.square(m.targets, m.targetPieces, d[o + REC_TARGET1], board);
      if (d[o + REC_TARGET2] >= 0) this.square(m.targets, m.targetPieces, d[o + REC_TARGET2], board);
    } else {
      m.slider.push(d[o + REC_SLIDER]);
      m.front.push(d[o + REC_FRONT]);
      m.back.push(d[o + REC_BACK]);
      m.partial.push(HAS_PARTIAL[code] === 1 ? d[o + REC_PARTIAL] : -1);
      m.line.push(-1);
      m.pieces.keys.push(LETTER_KEY[board[d[o + REC_SLIDER]]]);
      m.pieces.keys.push(LETTER_KEY[board[d[o + REC_FRONT]]]);
      m.pieces.keys.push(LETTER_KEY[board[d[o + REC_BACK]]]);
    }
    m.squares.end();
    m.targets.end();
    m.pieces.end();
    m.targetPieces.end();
  }

  /** Appends a square to a list and its piece's letter to the aligned list. */
  private square(squares: KeyListBuilder, letters: KeyListBuilder, sq: number, board: Int8Array): void {
    squares.keys.push(sq);
    letters.keys.push(LETTER_KEY[board[sq]]);
  }

  /**
   * The move's SAN and UCI, written as bytes from the view's move and next, as JSONL writes them (no
   * string made per position); null at the end of a game. The scratch writer's 4 KiB hold either.
   */
  private moveText(v: PositionView): void {
    if (v.next === null) {
      this.move.push(null);
      this.uci.push(null);
      return;
    }
    const b = this.text.buf;
    this.move.push(b, writeSan(v.pos, v.move, v.next, b, 0));
    this.uci.push(b, writeUci(v.pos, v.move, b, 0));
  }

  /** The batch's columns, and an empty collector again. */
  take(): ParquetBatch {
    const batch: ParquetBatch = {
      rows: this.rows,
      game: this.game.take(),
      offset: this.offset.take(),
      ply: this.ply.take(),
      fen: this.fen.take(),
      move: this.move.take(),
      uci: this.uci.take(),
      checkers: this.checkers.take(),
      played: this.played.take(),
      motifs: this.motifs.take(),
      tactic: this.tactic.take(),
      tags: this.tagColumns.map((c) => c.take()),
    };
    this.rows = 0;
    return batch;
  }
}

const utf8 = new TextEncoder();
