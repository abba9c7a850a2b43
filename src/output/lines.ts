// The line buffer the line formats (JSONL, CSV, EPD) write into: bytes, handed over once per batch as
// one copy (a string built by `+` from dozens of small pieces costs several times more, in allocation
// and garbage collection, and a string must be encoded again before it is written), and the pieces of
// a position they all write: FEN, square sets, chains.
import { Buffer } from 'node:buffer';
import { MAX_FEN_BYTES, writeFen as writeFenBytes, writeUint } from '../core/fen.js';
import type { Position } from '../core/position.js';
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
} from '../motifs/buffer.js';
import { isChain } from '../motifs/catalogue.js';
import { LETTER_BYTES } from '../core/board.js';
import { writeSquare } from '../core/squares.js';
import type { Formatter, GameInfo, GameText, PositionView } from './formatter.js';

/** Bytes of an ASCII string, for the constant pieces. */
export function ascii(s: string): Uint8Array {
  const a = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) a[i] = s.charCodeAt(i);
  return a;
}

const HEX = ascii('0123456789abcdef');
const encoder = new TextEncoder();

/**
 * A constant ASCII text as 8-byte words (the last one padded with zeros), for AsciiWriter.piece(): one
 * store per word, each word held as the float64 of its bits. A word whose top byte is ASCII (< 0x7f) is
 * never a NaN, so its bits go through a Float64Array and DataView.setFloat64 unchanged.
 */
export interface Piece {
  length: number;
  /** Bytes the copy writes: the length rounded up to 8 (the caller ensures that much room). */
  room: number;
  words: Float64Array;
}

export function piece(s: string): Piece {
  if (/[^\x00-\x7e]/.test(s)) throw new Error(`piece: not ASCII below DEL: ${s}`);
  const bytes = new Uint8Array((s.length + 7) & ~7);
  bytes.set(ascii(s));
  return { length: s.length, room: bytes.length, words: new Float64Array(bytes.buffer) };
}

/** An empty output (shared, never written into). */
export const NO_OUTPUT = new Uint8Array(0);

/**
 * A growable buffer of output text: ASCII, or UTF-8 where a format copies text from the input (CSV's tag
 * values, PGN's game text). It hands out its content as a string (take, when ASCII) or, when `shared`,
 * as bytes without a copy (handOver): a formatter's writer keeps its text in SharedArrayBuffers, which
 * postMessage shares with the main thread instead of copying (a typed array's whole buffer is copied
 * twice, into the message and out of it, and each copy is fresh memory) and which, unlike a transferred
 * buffer, never detach: one detached buffer makes V8 check every typed-array access of the thread's
 * optimized code.
 */
export class AsciiWriter {
  /** The bytes, as a plain Uint8Array (element access on a Buffer subclass is slower). */
  buf: Uint8Array;
  /** The same memory as a Buffer, for its latin1 decoder, and as a DataView, for word writes. */
  private node: Buffer;
  private view: DataView;
  n = 0;

  constructor(private readonly shared = false) {
    this.buf = this.memory(1 << 12);
    this.node = Buffer.from(this.buf.buffer, 0, this.buf.length);
    this.view = new DataView(this.buf.buffer, 0, this.buf.length);
  }

  /** New memory of `size` bytes, shared when the writer is. */
  private memory(size: number): Uint8Array {
    return this.shared ? new Uint8Array(new SharedArrayBuffer(size)) : new Uint8Array(size);
  }

  /** Writes from now on into b (from its start). */
  private adopt(b: Uint8Array): void {
    this.buf = b;
    this.node = Buffer.from(b.buffer, 0, b.length);
    this.view = new DataView(b.buffer, 0, b.length);
  }

  /** Room for `extra` more bytes. */
  ensure(extra: number): void {
    if (this.n + extra <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.n + extra) size *= 2;
    const b = this.memory(size);
    b.set(this.buf.subarray(0, this.n));
    this.adopt(b);
  }

  /**
   * The content (a shared writer's), handed over without a copy: a view of the memory it was written in,
   * which this writer never touches again. It goes on in `next` (memory whose content has been written
   * out and given back) when that is at least as large as its buffer, else in new memory of that size.
   * No content: NO_OUTPUT, the writer keeps its buffer, and `next` is left to the garbage collector.
   */
  handOver(next: SharedArrayBuffer | null): Uint8Array {
    if (!this.shared) throw new Error('AsciiWriter.handOver: the writer is not shared');
    if (this.n === 0) return NO_OUTPUT;
    const out = this.buf.subarray(0, this.n);
    this.adopt(next !== null && next.byteLength >= this.buf.length ? new Uint8Array(next) : this.memory(this.buf.length));
    this.n = 0;
    return out;
  }

  /** Copies a constant piece eight bytes at a time (room for p.room ensured by the caller). */
  piece(p: Piece): void {
    const v = this.view;
    const words = p.words;
    let n = this.n;
    for (let i = 0, end = words.length; i < end; i++) {
      v.setFloat64(n, words[i], true);
      n += 8;
    }
    this.n += p.length;
  }

  /** Copies constant bytes (the caller has ensured room). */
  put(a: Uint8Array): void {
    const b = this.buf;
    let n = this.n;
    const len = a.length;
    if (len > 16) {
      b.set(a, n); // a native copy beats the loop past a dozen bytes
      this.n = n + len;
      return;
    }
    for (let i = 0; i < len; i++) b[n++] = a[i];
    this.n = n;
  }

  /** A non-negative integer in decimal. */
  uint(x: number): void {
    this.ensure(20);
    this.digits(x);
  }

  /** A non-negative integer in decimal, at most 20 bytes (room ensured by the caller). */
  digits(x: number): void {
    if (x >= 0x80000000) {
      this.plain(String(x));
      return;
    }
    this.n = writeUint(this.buf, this.n, x); // a single digit is its first test
  }

  /** The square's name, two bytes (room ensured by the caller). */
  square(sq: number): void {
    this.n = writeSquare(this.buf, this.n, sq);
  }

  /** Text known to be printable ASCII without `"` or `\` (toFen's, for one). */
  plain(s: string): void {
    this.ensure(s.length);
    const b = this.buf;
    let n = this.n;
    for (let i = 0; i < s.length; i++) b[n++] = s.charCodeAt(i);
    this.n = n;
  }

  /** Any text as the inside of a JSON string: `"` `\` and control characters escaped, non-ASCII as \uXXXX. */
  jsonText(s: string): void {
    this.ensure(s.length * 6);
    this.jsonChars(s);
  }

  /** What jsonText() writes, at most 6 bytes per UTF-16 unit (room ensured by the caller). */
  jsonChars(s: string): void {
    const b = this.buf;
    let n = this.n;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x20 && c < 0x7f && c !== 0x22 && c !== 0x5c) {
        b[n++] = c;
        continue;
      }
      b[n++] = 0x5c;
      if (c === 0x22 || c === 0x5c) b[n++] = c;
      else if (c === 0x0a)
        b[n++] = 0x6e; // \n
      else if (c === 0x0d)
        b[n++] = 0x72; // \r
      else if (c === 0x09)
        b[n++] = 0x74; // \t
      else {
        b[n++] = 0x75; // \uXXXX (a surrogate pair as two escapes, which JSON reads back as the pair)
        b[n++] = HEX[c >> 12];
        b[n++] = HEX[(c >> 8) & 15];
        b[n++] = HEX[(c >> 4) & 15];
        b[n++] = HEX[c & 15];
      }
    }
    this.n = n;
  }

  /** Any text as UTF-8. */
  text(s: string): void {
    this.ensure(s.length * 3); // a UTF-16 unit is at most 3 bytes of UTF-8 (a pair of them 4)
    this.n += encoder.encodeInto(s, this.buf.subarray(this.n)).written;
  }

  /** The content, known to be ASCII, as a string; the writer is empty afterwards. */
  take(): string {
    const s = this.node.toString('latin1', 0, this.n);
    this.n = 0;
    return s;
  }
}

// ---------------------------------------------------------------------------------------------------
// Pieces of a position, written straight into the buffer

/** Writes the FEN of the position (4 fields for EPD) with the core's one FEN writer. */
export function writeFen(w: AsciiWriter, pos: Position, fields: 4 | 6 = 6): void {
  w.ensure(MAX_FEN_BYTES);
  w.n = writeFenBytes(pos, w.buf, w.n, fields);
}

/** Writes a constant piece then a non-negative integer (`,"ply":12`, ` hmvc 0`). */
export function writeLabelled(w: AsciiWriter, label: Piece, x: number): void {
  w.ensure(label.room + 20);
  w.piece(label);
  w.digits(x);
}

/** Writes the squares of a set, ascending, joined by the byte sep, each in `"` when quoted; leaves room for 32 more bytes. */
export function writeSquareSet(w: AsciiWriter, lo: number, hi: number, sep: number, quoted: boolean): void {
  w.ensure(64 * 5 + 32);
  const b = w.buf;
  let first = true;
  for (let half = 0; half < 2; half++) {
    let set = half === 0 ? lo : hi;
    while (set !== 0) {
      if (!first) b[w.n++] = sep;
      first = false;
      if (quoted) b[w.n++] = 0x22;
      w.square(half * 32 + 31 - Math.clz32(set & -set));
      if (quoted) b[w.n++] = 0x22;
      set &= set - 1;
    }
  }
}

/** How a text format spells a motif record: the constant pieces around its squares, by the catalogue. */
export interface RecordStyle {
  /** By code * 2 + side: the name, kind and side. */
  head: readonly Uint8Array[];
  /** Chains, by line kind: what comes before the squares. */
  line: readonly Uint8Array[];
  /** Chains: between two squares, and between the two targets. */
  chainSep: Uint8Array;
  /** Chains: between the squares and the targets. */
  targets: Uint8Array;
  /** Line records: the byte between slider, front and back. */
  sep: number;
  /** Line records, by code * 2 + partial: what follows the back square. */
  tail: readonly Uint8Array[];
  /** The byte between a square and its piece's letter (EPD's `b5=B`), or 0: no letters beside the squares. */
  mark: number;
}

/** Writes the record at o in a style: at most 160 bytes, room ensured by the caller; board: the position's mailbox. */
export function writeRecordText(w: AsciiWriter, d: Int32Array, o: number, st: RecordStyle, board: Int8Array): void {
  const code = d[o + REC_CODE];
  w.put(st.head[code * 2 + d[o + REC_SIDE]]);
  if (isChain(code)) {
    w.put(st.line[d[o + REC_LINE]]);
    writeChainSquares(w, d, o, st.chainSep, board, st.mark);
    w.put(st.targets);
    writeChainTargets(w, d, o, st.chainSep, board, st.mark);
    return;
  }
  markedSquare(w, d[o + REC_SLIDER], board, st.mark);
  w.buf[w.n++] = st.sep;
  markedSquare(w, d[o + REC_FRONT], board, st.mark);
  w.buf[w.n++] = st.sep;
  markedSquare(w, d[o + REC_BACK], board, st.mark);
  w.put(st.tail[code * 2 + (d[o + REC_PARTIAL] & 1)]);
}

/** The square's name, then, when mark is not 0, mark and the letter of its piece (room ensured by the caller). */
function markedSquare(w: AsciiWriter, sq: number, board: Int8Array, mark: number): void {
  w.square(sq);
  if (mark === 0) return;
  w.buf[w.n++] = mark;
  w.buf[w.n++] = LETTER_BYTES[board[sq]];
}

/** Writes the squares of the chain record at o, joined by sep, each marked as markedSquare() says (room ensured by the caller). */
export function writeChainSquares(w: AsciiWriter, d: Int32Array, o: number, sep: Uint8Array, board: Int8Array, mark: number): void {
  markedSquare(w, d[o + REC_SQUARES], board, mark);
  for (let k = 1; k < d[o + REC_LENGTH]; k++) {
    w.put(sep);
    markedSquare(w, d[o + REC_SQUARES + k], board, mark);
  }
}

/** Writes the one or two targets of the chain record at o, joined by sep, marked (room ensured by the caller). */
export function writeChainTargets(w: AsciiWriter, d: Int32Array, o: number, sep: Uint8Array, board: Int8Array, mark: number): void {
  markedSquare(w, d[o + REC_TARGET1], board, mark);
  if (d[o + REC_TARGET2] >= 0) {
    w.put(sep);
    markedSquare(w, d[o + REC_TARGET2], board, mark);
  }
}

/** Writes the letters of the pieces of the chain record at o, joined by sep (room ensured by the caller). */
export function writeChainLetters(w: AsciiWriter, d: Int32Array, o: number, board: Int8Array, sep: Uint8Array): void {
  w.buf[w.n++] = LETTER_BYTES[board[d[o + REC_SQUARES]]];
  for (let k = 1; k < d[o + REC_LENGTH]; k++) {
    w.put(sep);
    w.buf[w.n++] = LETTER_BYTES[board[d[o + REC_SQUARES + k]]];
  }
}

/** Writes the letters of the pieces on the targets of the chain record at o, joined by sep (room ensured by the caller). */
export function writeTargetLetters(w: AsciiWriter, d: Int32Array, o: number, board: Int8Array, sep: Uint8Array): void {
  w.buf[w.n++] = LETTER_BYTES[board[d[o + REC_TARGET1]]];
  if (d[o + REC_TARGET2] >= 0) {
    w.put(sep);
    w.buf[w.n++] = LETTER_BYTES[board[d[o + REC_TARGET2]]];
  }
}

/**
 * A format of one line per position: a batch's lines go into one buffer and leave it as one copy of its
 * bytes (a string per line, or per game, would cost an allocation each, and an encoding later).
 */
export abstract class LineFormatter implements Formatter {
  protected readonly w = new AsciiWriter(true);

  protected abstract write(w: AsciiWriter, v: PositionView): void;

  beginGame(_info: GameInfo): void {}

  position(v: PositionView): void {
    this.write(this.w, v);
  }

  endGame(_text: GameText): void {}

  take(outbox: SharedArrayBuffer | null = null): Uint8Array {
    return this.w.handOver(outbox);
  }

  size(): number {
    return this.w.n;
  }
}
