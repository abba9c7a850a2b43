// JSON Lines (DESIGN.md §6): one object per position, keys in the order of the contract,
//   {"game":12,"ply":34,"fen":"…","move":"Bb5","uci":"f1b5","checkers":[],"motifs":[…],"played":["check"]}
// written straight from the MotifBuffer: no JSON.stringify, no intermediate objects. Motif
// objects carry their keys in the order recordAt() (src/motifs/tags.ts) gives them, so
// JSON.stringify(recordAt(…)) and this writer agree byte for byte (tested).
//
// The line is written as ASCII bytes into a reusable buffer and taken as one flat string: no `+` chains,
// little garbage. The FEN is written there too, by the core's byte writer (src/core/fen.ts writeFen, which
// toFen() uses as well). Strings from outside the board (SAN, UCI) are escaped defensively as JSON text.
import { Buffer } from 'node:buffer';
import { MAX_FEN_BYTES, writeFen as writeFenBytes } from '../core/fen.js';
import type { Position } from '../core/position.js';
import {
  STRIDE, recBack, recCode, recFront, recLength, recLine, recPartial, recSide, recSlider, recSquare, recTarget1, recTarget2,
} from '../motifs/buffer.js';
import { ALL_PLAYED, LINE_KINDS, byCodeAndSide, byPlayedBits, isChain, type MotifRow, type Side } from '../motifs/catalogue.js';
import type { Formatter, GameText, PositionView } from './view.js';

// ---------------------------------------------------------------------------------------------------
// The line buffer: ASCII bytes, one flat string per line at the end (a string built by `+` from dozens
// of small pieces costs several times more, in allocation and garbage collection).

/** Bytes of an ASCII string, for the constant pieces. */
export function ascii(s: string): Uint8Array {
  const a = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) a[i] = s.charCodeAt(i);
  return a;
}

const HEX = ascii('0123456789abcdef');

/** A constant ASCII text as little-endian 32-bit words (the last one padded), for AsciiWriter.piece(). */
export interface Piece {
  length: number;
  words: Int32Array;
}

export function piece(s: string): Piece {
  const words = new Int32Array((s.length + 3) >> 2);
  for (let i = 0; i < s.length; i++) words[i >> 2] |= s.charCodeAt(i) << ((i & 3) * 8);
  return { length: s.length, words };
}

/** A growable ASCII byte buffer that hands out its content as a string. */
export class AsciiWriter {
  /** The bytes, as a plain Uint8Array (element access on a Buffer subclass is slower). */
  buf = new Uint8Array(1 << 12);
  /** The same memory as a Buffer, for its latin1 decoder, and as a DataView, for word writes. */
  private node = Buffer.from(this.buf.buffer, 0, this.buf.length);
  private view = new DataView(this.buf.buffer, 0, this.buf.length);
  n = 0;

  /** Room for `extra` more bytes. */
  ensure(extra: number): void {
    if (this.n + extra <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.n + extra) size *= 2;
    const b = new Uint8Array(size);
    b.set(this.buf.subarray(0, this.n));
    this.buf = b;
    this.node = Buffer.from(b.buffer, 0, size);
    this.view = new DataView(b.buffer, 0, size);
  }

  /** Copies a constant piece four bytes at a time (room for its length rounded up to 4 ensured by the caller). */
  piece(p: Piece): void {
    const v = this.view;
    const words = p.words;
    let n = this.n;
    for (let i = 0; i < words.length; i++) {
      v.setInt32(n, words[i], true);
      n += 4;
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
    const b = this.buf;
    if (x < 10) {
      b[this.n++] = 48 + x;
      return;
    }
    if (x >= 0x80000000) {
      this.plain(String(x));
      return;
    }
    let digits = 1;
    for (let t = x; t >= 10; t = (t / 10) | 0) digits++;
    let n = this.n + digits;
    this.n = n;
    for (let t = x; digits > 0; digits--) {
      b[--n] = 48 + (t % 10);
      t = (t / 10) | 0;
    }
  }

  /** The square's name, two bytes (room ensured by the caller). */
  square(sq: number): void {
    this.buf[this.n++] = 97 + (sq & 7);
    this.buf[this.n++] = 49 + (sq >> 3);
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
      else if (c === 0x0a) b[n++] = 0x6e; // \n
      else if (c === 0x0d) b[n++] = 0x72; // \r
      else if (c === 0x09) b[n++] = 0x74; // \t
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

  /** The content as a string; the writer is empty afterwards. */
  take(): string {
    const s = this.node.toString('latin1', 0, this.n);
    this.n = 0;
    return s;
  }
}

// ---------------------------------------------------------------------------------------------------
// FEN, written straight into the buffer

/** Writes the FEN of the position (4 fields for EPD) with the core's one FEN writer. */
export function writeFen(w: AsciiWriter, pos: Position, fields: 4 | 6 = 6): void {
  w.ensure(MAX_FEN_BYTES);
  w.n = writeFenBytes(pos, w.buf, w.n, fields);
}

const stringWriter = new AsciiWriter();

// ---------------------------------------------------------------------------------------------------
// JSON

/** A JSON string literal of any text (what the line writer does for SAN and UCI, as a string). */
export function jsonString(s: string): string {
  stringWriter.ensure(2);
  stringWriter.buf[stringWriter.n++] = 0x22;
  stringWriter.jsonText(s);
  stringWriter.ensure(1);
  stringWriter.buf[stringWriter.n++] = 0x22;
  return stringWriter.take();
}

/** `{"motif":"pin","kind":"absolute","side":"w","slider":"` (chains: `…,"squares":["`) by code * 2 + side. */
function headText(m: MotifRow, side: Side): string {
  const kind = m.kind === null ? '' : ',"kind":"' + m.kind + '"';
  return '{"motif":"' + m.name + '"' + kind + ',"side":"' + side + '"' + (m.shape === 'chain' ? ',"squares":["' : ',"slider":"');
}
const CODE_HEAD: readonly Piece[] = byCodeAndSide((m, side) => piece(headText(m, side)));
/** `"],"line":"file","targets":["` by line kind. */
const LINE_MID: readonly Piece[] = LINE_KINDS.map((l) => piece('"],"line":"' + l + '","targets":["'));
/** `],"played":[…]}\n` by PLAYED_* bits: closes the motifs list and the object. */
const PLAYED_TAIL: readonly Piece[] = byPlayedBits((names) => piece('],"played":[' + names.map((n) => '"' + n + '"').join(',') + ']}\n'));
const GAME = piece('{"game":');
const PLY = piece(',"ply":');
const FEN = piece(',"fen":"');
const MOVE = piece('","move":');
const UCI = piece(',"uci":');
const NULL = piece('null');
const CHECKERS = piece(',"checkers":[');
const MOTIFS = piece('],"motifs":[');
const QUOTE_COMMA_QUOTE = piece('","');
const QUOTE_BRACKET_BRACE = piece('"]}');

/** Writes `"sq","sq"` for the squares of a set, ascending. */
function writeSquares(w: AsciiWriter, lo: number, hi: number): void {
  w.ensure(64 * 5 + 32);
  let first = true;
  while (lo !== 0) {
    if (!first) w.buf[w.n++] = 0x2c;
    first = false;
    w.buf[w.n++] = 0x22;
    w.square(31 - Math.clz32(lo & -lo));
    w.buf[w.n++] = 0x22;
    lo &= lo - 1;
  }
  while (hi !== 0) {
    if (!first) w.buf[w.n++] = 0x2c;
    first = false;
    w.buf[w.n++] = 0x22;
    w.square(63 - Math.clz32(hi & -hi));
    w.buf[w.n++] = 0x22;
    hi &= hi - 1;
  }
}

/**
 * Whole line records by (code * 2 + side) * 2 + partial, with `a1` in the square places: a line record has
 * a fixed length, so it is one copy and six patched bytes.
 */
const LINE_RECORD: readonly Piece[] = byCodeAndSide((m, side) => {
  const tail = m.partial ? ['","partial":false}', '","partial":true}'] : ['"}', '"}'];
  return tail.map((t) => piece(headText(m, side) + 'a1","front":"a1","back":"a1' + t));
}).flat();
/** Offsets of the slider, front and back squares in a line record: after the head (which varies). */
const FRONT_AT = 'a1","front":"'.length;
const BACK_AT = FRONT_AT + 'a1","back":"'.length;

/** Writes record i of a filled buffer as its JSON object, in recordAt()'s key order. */
export function writeRecordJson(w: AsciiWriter, d: Int32Array, i: number): void {
  w.ensure(200);
  const o = i * STRIDE;
  const code = recCode(d, o);
  const k = code * 2 + recSide(d, o);
  if (isChain(code)) {
    writeChainJson(w, d, o, k);
    return;
  }
  const at = w.n + CODE_HEAD[k].length;
  w.piece(LINE_RECORD[k * 2 + (recPartial(d, o) & 1)]);
  const b = w.buf;
  let sq = recSlider(d, o);
  b[at] = 97 + (sq & 7);
  b[at + 1] = 49 + (sq >> 3);
  sq = recFront(d, o);
  b[at + FRONT_AT] = 97 + (sq & 7);
  b[at + FRONT_AT + 1] = 49 + (sq >> 3);
  sq = recBack(d, o);
  b[at + BACK_AT] = 97 + (sq & 7);
  b[at + BACK_AT + 1] = 49 + (sq >> 3);
}

/** A chain record (room ensured by the caller): squares, line, targets. */
function writeChainJson(w: AsciiWriter, d: Int32Array, o: number, k: number): void {
  w.piece(CODE_HEAD[k]);
  const n = recLength(d, o);
  w.square(recSquare(d, o, 0));
  for (let j = 1; j < n; j++) {
    w.piece(QUOTE_COMMA_QUOTE);
    w.square(recSquare(d, o, j));
  }
  w.piece(LINE_MID[recLine(d, o)]);
  w.square(recTarget1(d, o));
  if (recTarget2(d, o) >= 0) {
    w.piece(QUOTE_COMMA_QUOTE);
    w.square(recTarget2(d, o));
  }
  w.piece(QUOTE_BRACKET_BRACE);
}

/** A JSON string, or null; the caller has ensured room for the quotes and null. */
function writeStringOrNull(w: AsciiWriter, s: string | null): void {
  if (s === null) {
    w.piece(NULL);
    return;
  }
  w.buf[w.n++] = 0x22;
  w.jsonText(s);
  w.ensure(1);
  w.buf[w.n++] = 0x22;
}

/** Writes one position's JSON line (with the final "\n") into the writer. */
export function writePositionJson(w: AsciiWriter, v: PositionView): void {
  const pos = v.pos;
  w.ensure(64);
  w.piece(GAME);
  w.uint(v.game);
  w.ensure(16);
  w.piece(PLY);
  w.uint(v.ply);
  w.ensure(16);
  w.piece(FEN);
  writeFen(w, pos);
  w.ensure(32);
  w.piece(MOVE);
  writeStringOrNull(w, v.san);
  w.ensure(32);
  w.piece(UCI);
  writeStringOrNull(w, v.uci);
  w.ensure(32);
  w.piece(CHECKERS);
  writeSquares(w, pos.checkersLo, pos.checkersHi); // ensures room for all 64 squares and then some
  w.piece(MOTIFS);
  const n = v.buf.count;
  const d = v.buf.data;
  for (let i = 0; i < n; i++) {
    if (i > 0) {
      w.ensure(1);
      w.buf[w.n++] = 0x2c;
    }
    writeRecordJson(w, d, i);
  }
  w.ensure(96);
  w.piece(PLAYED_TAIL[v.played & ALL_PLAYED]);
}

const lineWriter = new AsciiWriter();

/** One position as its JSON line (with the final "\n"). */
export function positionJson(v: PositionView): string {
  writePositionJson(lineWriter, v);
  return lineWriter.take();
}

/**
 * A format of one line per position: lines go into one buffer and leave it as one string per game
 * (a string per line would cost an allocation each; a game's lines are written together anyway).
 */
export abstract class LineFormatter implements Formatter {
  private readonly w = new AsciiWriter();

  protected abstract write(w: AsciiWriter, v: PositionView): void;

  header(): string {
    return '';
  }

  position(v: PositionView): string {
    this.write(this.w, v);
    return '';
  }

  endGame(_text: GameText): string {
    return this.w.take();
  }
}

export class JsonlFormatter extends LineFormatter {
  protected write(w: AsciiWriter, v: PositionView): void {
    writePositionJson(w, v);
  }
}
