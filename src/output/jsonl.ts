// JSON Lines (DESIGN.md §6): one object per position, keys in the order of the contract,
//   {"game":12,"ply":34,"fen":"…","move":"Bb5","uci":"f1b5","checkers":[],"motifs":[…],"played":["check"]}
// written straight from the MotifBuffer: no JSON.stringify, no intermediate objects. Motif
// objects carry their keys in the order recordAt() (src/motifs/tags.ts) gives them, so
// JSON.stringify(recordAt(…)) and this writer agree byte for byte (tested).
//
// The line is written as ASCII bytes into a reusable buffer and taken as one flat string: no `+` chains,
// little garbage. The FEN is written there too (writeFen: toFen's text, tested equal on the corpus; toFen
// alone would cap the format near 600k positions/s); positionFen() gives it as a string to the other
// formats. Strings from outside the board (SAN, UCI) are escaped defensively as JSON text.
import { Buffer } from 'node:buffer';
import { WHITE_BB, pawnAttacks } from '../core/attacks.js';
import { toFen } from '../core/fen.js';
import { epLegal } from '../core/movegen.js';
import type { Position } from '../core/position.js';
import { BATTERY, PIN_ABSOLUTE, PIN_RELATIVE, SKEWER_ABSOLUTE, SKEWER_RELATIVE, STRIDE } from '../motifs/buffer.js';
import { PLAYED_NAMES } from '../motifs/played.js';
import { LINE_KINDS } from '../motifs/tags.js';
import type { Formatter, GameText, PositionView } from './view.js';

// ---------------------------------------------------------------------------------------------------
// The line buffer: ASCII bytes, one flat string per line at the end (a string built by `+` from dozens
// of small pieces costs several times more, in allocation and garbage collection).

/** Bytes of an ASCII string, for the constant pieces. */
function ascii(s: string): Uint8Array {
  const a = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) a[i] = s.charCodeAt(i);
  return a;
}

const HEX = ascii('0123456789abcdef');

/** A growable ASCII byte buffer that hands out its content as a string. */
export class AsciiWriter {
  /** The bytes, as a plain Uint8Array (element access on a Buffer subclass is slower). */
  buf = new Uint8Array(1 << 12);
  /** The same memory as a Buffer, for its latin1 decoder. */
  private node = Buffer.from(this.buf.buffer, 0, this.buf.length);
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

/** Piece letter by mailbox code (side * 8 + type + 1). */
const PIECE_BYTE = ascii('?PNBRQK??pnbrqk?');
/** Castling field of standard chess by the bits white short 1, white long 2, black short 4, black long 8. */
const CASTLING: readonly Uint8Array[] = Array.from({ length: 16 }, (_, m) =>
  ascii((m & 1 ? 'K' : '') + (m & 2 ? 'Q' : '') + (m & 4 ? 'k' : '') + (m & 8 ? 'q' : '') || '-'));
/** The corner rook square of each castling slot (side * 2 + SHORT/LONG) in standard chess. */
const CORNER = [7, 0, 63, 56];
const epScratch = new Int32Array(2);

/** toFen's en passant square: only when a legal en passant capture exists; -1 otherwise. */
function epSquare(pos: Position): number {
  const ep = pos.ep;
  if (ep < 0) return -1;
  const us = pos.turn;
  pawnAttacks(us ^ 1, ep, epScratch, 0);
  const bb = pos.bb;
  let lo = epScratch[0] & bb[0] & bb[WHITE_BB + us * 2];
  let hi = epScratch[1] & bb[1] & bb[WHITE_BB + us * 2 + 1];
  while (lo !== 0) {
    if (epLegal(pos, 31 - Math.clz32(lo & -lo), ep)) return ep;
    lo &= lo - 1;
  }
  while (hi !== 0) {
    if (epLegal(pos, 63 - Math.clz32(hi & -hi), ep)) return ep;
    hi &= hi - 1;
  }
  return -1;
}

/**
 * Writes the FEN of the position, identical to toFen(pos) (tested on the corpus). With `fields` = 4 only
 * placement, side, castling and en passant (EPD). Chess960 and unusual castling rights go through toFen.
 */
export function writeFen(w: AsciiWriter, pos: Position, fields = 6): void {
  const cr = pos.castleRook;
  let mask = 0;
  let slow = pos.chess960;
  for (let i = 0; i < 4; i++) {
    const sq = cr[i];
    if (sq < 0) continue;
    if (sq !== CORNER[i]) slow = true;
    mask |= 1 << i;
  }
  if (slow) {
    const fen = toFen(pos);
    let cut = fen.length;
    if (fields === 4) {
      cut = fen.indexOf(' ');
      for (let k = 1; k < 4; k++) cut = fen.indexOf(' ', cut + 1);
    }
    w.plain(cut === fen.length ? fen : fen.substring(0, cut));
    return;
  }
  w.ensure(100);
  const b = w.buf;
  const board = pos.board;
  let n = w.n;
  // rank by rank over the occupied squares only: the gaps between them are the digits
  const bb = pos.bb;
  const occLo = bb[12] | bb[14];
  const occHi = bb[13] | bb[15];
  for (let rank = 7; rank >= 0; rank--) {
    let bits = (rank >= 4 ? occHi >>> ((rank - 4) << 3) : occLo >>> (rank << 3)) & 255;
    let file = 0;
    while (bits !== 0) {
      const f = 31 - Math.clz32(bits & -bits);
      if (f > file) b[n++] = 48 + f - file;
      b[n++] = PIECE_BYTE[board[(rank << 3) | f] & 15];
      file = f + 1;
      bits &= bits - 1;
    }
    if (file < 8) b[n++] = 56 - file;
    if (rank > 0) b[n++] = 0x2f; // /
  }
  b[n++] = 0x20;
  b[n++] = pos.turn === 0 ? 0x77 : 0x62; // w | b
  b[n++] = 0x20;
  w.n = n;
  w.put(CASTLING[mask]);
  w.buf[w.n++] = 0x20;
  const ep = epSquare(pos);
  if (ep < 0) w.buf[w.n++] = 0x2d; // -
  else w.square(ep);
  if (fields === 4) return;
  w.buf[w.n++] = 0x20;
  w.uint(pos.halfmove);
  w.buf[w.n++] = 0x20;
  w.uint(pos.fullmove);
}

const fenWriter = new AsciiWriter();

/** The FEN of a position, identical to toFen(pos), faster. */
export function positionFen(pos: Position): string {
  writeFen(fenWriter, pos);
  return fenWriter.take();
}

// ---------------------------------------------------------------------------------------------------
// JSON

/** A JSON string literal of any text (what the line writer does for SAN and UCI, as a string). */
export function jsonString(s: string): string {
  fenWriter.ensure(2);
  fenWriter.buf[fenWriter.n++] = 0x22;
  fenWriter.jsonText(s);
  fenWriter.ensure(1);
  fenWriter.buf[fenWriter.n++] = 0x22;
  return fenWriter.take();
}

const CODE_HEAD: readonly Uint8Array[] = (() => {
  const heads: Uint8Array[] = [];
  const names = ['pin', 'pin', 'skewer', 'skewer', 'battery', 'discoveredCheck', 'discoveredAttack', 'xray'];
  for (let code = 0; code < 8; code++) {
    for (const side of ['w', 'b']) {
      let h = '{"motif":"' + names[code] + '"';
      if (code <= SKEWER_RELATIVE) h += ',"kind":"' + (code === PIN_ABSOLUTE || code === SKEWER_ABSOLUTE ? 'absolute' : 'relative') + '"';
      h += ',"side":"' + side + '"';
      h += code === BATTERY ? ',"squares":["' : ',"slider":"';
      heads[code * 2 + (side === 'w' ? 0 : 1)] = ascii(h);
    }
  }
  return heads;
})();
/** `"],"line":"file","targets":["` by line kind. */
const LINE_MID: readonly Uint8Array[] = LINE_KINDS.map((l) => ascii('"],"line":"' + l + '","targets":["'));
/** `],"played":[…]}\n` by PLAYED_* bits: closes the motifs list and the object. */
const PLAYED_TAIL: readonly Uint8Array[] = Array.from({ length: 16 }, (_, bits) => {
  const names = PLAYED_NAMES.filter(([bit]) => (bits & bit) !== 0).map(([, n]) => '"' + n + '"');
  return ascii('],"played":[' + names.join(',') + ']}\n');
});
const GAME = ascii('{"game":');
const PLY = ascii(',"ply":');
const FEN = ascii(',"fen":"');
const MOVE = ascii('","move":');
const UCI = ascii(',"uci":');
const NULL = ascii('null');
const CHECKERS = ascii(',"checkers":[');
const MOTIFS = ascii('],"motifs":[');
const QUOTE_COMMA_QUOTE = ascii('","');
const QUOTE_BRACKET_BRACE = ascii('"]}');

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
const LINE_RECORD: readonly Uint8Array[] = (() => {
  const out: Uint8Array[] = [];
  for (let k = 0; k < CODE_HEAD.length; k++) {
    const code = k >> 1;
    const head = String.fromCharCode(...CODE_HEAD[k]);
    const tail = code === PIN_ABSOLUTE || code === PIN_RELATIVE ? ['","partial":false}', '","partial":true}'] : ['"}', '"}'];
    for (let p = 0; p < 2; p++) out[k * 2 + p] = ascii(head + 'a1","front":"a1","back":"a1' + tail[p]);
  }
  return out;
})();
/** Offsets of the slider, front and back squares in a line record: after the head (which varies). */
const FRONT_AT = 'a1","front":"'.length;
const BACK_AT = FRONT_AT + 'a1","back":"'.length;

/** Writes record i of a filled buffer as its JSON object, in recordAt()'s key order. */
export function writeRecordJson(w: AsciiWriter, d: Int32Array, i: number): void {
  w.ensure(200);
  const o = i * STRIDE;
  const code = d[o];
  const k = code * 2 + d[o + 1];
  if (code === BATTERY) {
    w.put(CODE_HEAD[k]);
    const n = d[o + 5];
    w.square(d[o + 6]);
    for (let j = 1; j < n; j++) {
      w.put(QUOTE_COMMA_QUOTE);
      w.square(d[o + 6 + j]);
    }
    w.put(LINE_MID[d[o + 2]]);
    w.square(d[o + 3]);
    if (d[o + 4] >= 0) {
      w.put(QUOTE_COMMA_QUOTE);
      w.square(d[o + 4]);
    }
    w.put(QUOTE_BRACKET_BRACE);
    return;
  }
  const at = w.n + CODE_HEAD[k].length;
  w.put(LINE_RECORD[k * 2 + (d[o + 5] === 1 && (code === PIN_ABSOLUTE || code === PIN_RELATIVE) ? 1 : 0)]);
  const b = w.buf;
  let sq = d[o + 2];
  b[at] = 97 + (sq & 7);
  b[at + 1] = 49 + (sq >> 3);
  sq = d[o + 3];
  b[at + FRONT_AT] = 97 + (sq & 7);
  b[at + FRONT_AT + 1] = 49 + (sq >> 3);
  sq = d[o + 4];
  b[at + BACK_AT] = 97 + (sq & 7);
  b[at + BACK_AT + 1] = 49 + (sq >> 3);
}

/** Writes one position's JSON line (with the final "\n") into the writer. */
export function writePositionJson(w: AsciiWriter, v: PositionView): void {
  const pos = v.pos;
  w.ensure(64);
  w.put(GAME);
  w.uint(v.game);
  w.ensure(16);
  w.put(PLY);
  w.uint(v.ply);
  w.ensure(16);
  w.put(FEN);
  writeFen(w, pos);
  w.ensure(32);
  w.put(MOVE);
  if (v.san === null) w.put(NULL);
  else {
    w.buf[w.n++] = 0x22;
    w.jsonText(v.san);
    w.ensure(1);
    w.buf[w.n++] = 0x22;
  }
  w.ensure(32);
  w.put(UCI);
  if (v.uci === null) w.put(NULL);
  else {
    w.buf[w.n++] = 0x22;
    w.jsonText(v.uci);
    w.ensure(1);
    w.buf[w.n++] = 0x22;
  }
  w.ensure(32);
  w.put(CHECKERS);
  writeSquares(w, pos.checkersLo, pos.checkersHi); // ensures room for all 64 squares and then some
  w.put(MOTIFS);
  const n = v.buf.count;
  const d = v.buf.data;
  for (let i = 0; i < n; i++) {
    if (i > 0) {
      w.ensure(1);
      w.buf[w.n++] = 0x2c;
    }
    writeRecordJson(w, d, i);
  }
  w.ensure(80);
  w.put(PLAYED_TAIL[v.played & 15]);
}

const lineWriter = new AsciiWriter();

/** One position as its JSON line (with the final "\n"). */
export function positionJson(v: PositionView): string {
  writePositionJson(lineWriter, v);
  return lineWriter.take();
}

export class JsonlFormatter implements Formatter {
  header(): string {
    return '';
  }

  position(v: PositionView): string {
    return positionJson(v);
  }

  endGame(_text: GameText): string {
    return '';
  }
}
