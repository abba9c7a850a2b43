// CSV (RFC 4180: CRLF line ends, fields quoted when they hold a comma, a quote or a line break, quotes
// doubled). Columns:
//   game,ply,fen,move,uci,motif,kind,side,slider,front,back,partial,line,squares,targets,checkers
// One row per static motif record of the position, then one row per tag of the move played from it
// (motif = check | discoveredAttack | discoveredCheck | doubleCheck, kind = played, side = the mover).
// A position with neither (written with --all-positions) gets one row with an empty motif.
// Empty fields for what does not apply: kind only for pins and skewers (absolute | relative) and played
// tags; slider/front/back for line records; partial (true | false) for pins; line, squares, targets for
// batteries; move and uci are empty at the end of a game. Lists (squares, targets, checkers: the pieces
// checking the side to move) are space-separated, ascending.
import {
  STRIDE, recBack, recCode, recFront, recLength, recLine, recPartial, recSide, recSlider, recSquare, recTarget1, recTarget2,
} from '../motifs/buffer.js';
import { LINE_KINDS, PLAYED_SORTED, byCodeAndSide, hasPartial, isChain } from '../motifs/catalogue.js';
import { AsciiWriter, LineFormatter, ascii, writeFen } from './jsonl.js';
import type { PositionView } from './view.js';

export const CSV_COLUMNS = 'game,ply,fen,move,uci,motif,kind,side,slider,front,back,partial,line,squares,targets,checkers';

/** A field as RFC 4180 writes it: quoted (quotes doubled) only when it holds `,` `"` CR or LF. */
export function csvField(s: string): string {
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x2c || c === 0x22 || c === 0x0a || c === 0x0d) return csvQuoted(s);
  }
  return s;
}

function csvQuoted(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) out += s.charCodeAt(i) === 0x22 ? '""' : s[i];
  return out + '"';
}

/** `,motif,kind,side,` by code * 2 + side. */
const CODE_HEAD: readonly Uint8Array[] = byCodeAndSide((m, side) => ascii(',' + m.name + ',' + (m.kind ?? '') + ',' + side + ','));
/** `,,,,line,` by line kind: the battery's empty slider/front/back/partial, then its line. */
const BATTERY_LINE: readonly Uint8Array[] = LINE_KINDS.map((l) => ascii(',,,,' + l + ','));
/** `,tag,played,w,,,,,,,` by PLAYED_SORTED index * 2 + mover: up to (not including) the checkers separator. */
const PLAYED_HEAD: readonly Uint8Array[] = PLAYED_SORTED.flatMap((p) => [ascii(',' + p.name + ',played,w' + ','.repeat(7)), ascii(',' + p.name + ',played,b' + ','.repeat(7))]);
const PARTIAL_TRUE = ascii(',true,,,');
const PARTIAL_FALSE = ascii(',false,,,');
const NO_PARTIAL = ascii(',,,,');
/** motif … targets, all empty: ten separators (the eleventh comes before the checkers). */
const EMPTY_MIDDLE = ascii(','.repeat(10));
const CRLF = ascii('\r\n');

/**
 * Writes a field from outside the board (SAN, UCI) with RFC 4180 quoting. The line buffer holds bytes, so
 * a character outside ASCII would be written as `?` (SAN and UCI as we write them are plain ASCII).
 */
function writeField(w: AsciiWriter, s: string): void {
  w.ensure(s.length * 2 + 2);
  const b = w.buf;
  const quote = csvField(s) !== s;
  if (quote) b[w.n++] = 0x22;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22) {
      b[w.n++] = 0x22;
      b[w.n++] = 0x22;
    } else b[w.n++] = c > 0x7f ? 0x3f : c;
  }
  if (quote) b[w.n++] = 0x22;
}

/** Writes the checkers field: squares of the side to move's checkers, space-separated, ascending. */
function writeCheckers(w: AsciiWriter, lo: number, hi: number): void {
  w.ensure(64 * 3 + 4);
  let first = true;
  while (lo !== 0) {
    if (!first) w.buf[w.n++] = 0x20;
    first = false;
    w.square(31 - Math.clz32(lo & -lo));
    lo &= lo - 1;
  }
  while (hi !== 0) {
    if (!first) w.buf[w.n++] = 0x20;
    first = false;
    w.square(63 - Math.clz32(hi & -hi));
    hi &= hi - 1;
  }
}

/** Writes the rows of one position. */
export function writePositionCsv(w: AsciiWriter, v: PositionView): void {
  const pos = v.pos;
  // game,ply,fen,move,uci — written once, then copied at the start of every row
  const rowStart = w.n;
  w.uint(v.game);
  w.ensure(1);
  w.buf[w.n++] = 0x2c;
  w.uint(v.ply);
  w.ensure(1);
  w.buf[w.n++] = 0x2c;
  writeFen(w, pos); // the FEN holds no comma, quote or line break
  w.ensure(1);
  w.buf[w.n++] = 0x2c;
  if (v.san !== null) writeField(w, v.san);
  w.ensure(1);
  w.buf[w.n++] = 0x2c;
  if (v.uci !== null) writeField(w, v.uci);
  const prefixEnd = w.n;
  // ,checkers CRLF — the tail of every row
  w.ensure(1);
  w.buf[w.n++] = 0x2c;
  writeCheckers(w, pos.checkersLo, pos.checkersHi);
  w.ensure(2);
  w.put(CRLF);
  const tailEnd = w.n;
  const prefixLen = prefixEnd - rowStart;
  const tailLen = tailEnd - prefixEnd;
  const d = v.buf.data;
  const n = v.buf.count;
  const played = v.played;
  if (n === 0 && played === 0) {
    // one row with an empty motif: move the tail right by the ten empty fields, write them in between
    w.ensure(EMPTY_MIDDLE.length);
    w.buf.copyWithin(prefixEnd + EMPTY_MIDDLE.length, prefixEnd, tailEnd);
    w.buf.set(EMPTY_MIDDLE, prefixEnd);
    w.n = tailEnd + EMPTY_MIDDLE.length;
    return;
  }
  // the first row is written after the saved prefix and tail, then the saved pieces are dropped
  const tailCopy = tailEnd;
  for (let i = 0; i < n; i++) {
    w.ensure(prefixLen + tailLen + 64 + 8 * 3);
    copy(w, rowStart, prefixLen);
    writeRecordCsv(w, d, i * STRIDE);
    copy(w, prefixEnd, tailLen);
  }
  if (played !== 0) {
    const mover = pos.turn;
    for (let k = 0; k < PLAYED_SORTED.length; k++) {
      if ((played & PLAYED_SORTED[k].bit) === 0) continue;
      w.ensure(prefixLen + tailLen + 64);
      copy(w, rowStart, prefixLen);
      w.put(PLAYED_HEAD[k * 2 + mover]);
      copy(w, prefixEnd, tailLen);
    }
  }
  // drop the saved prefix and tail: the rows move down to where the prefix began
  w.buf.copyWithin(rowStart, tailCopy, w.n);
  w.n -= tailCopy - rowStart;
}

/** Writes the fields motif … targets of the record at o (room ensured by the caller). */
function writeRecordCsv(w: AsciiWriter, d: Int32Array, o: number): void {
  const code = recCode(d, o);
  w.put(CODE_HEAD[code * 2 + recSide(d, o)]);
  if (isChain(code)) {
    w.put(BATTERY_LINE[recLine(d, o)]);
    w.square(recSquare(d, o, 0));
    for (let k = 1; k < recLength(d, o); k++) {
      w.buf[w.n++] = 0x20;
      w.square(recSquare(d, o, k));
    }
    w.buf[w.n++] = 0x2c;
    w.square(recTarget1(d, o));
    if (recTarget2(d, o) >= 0) {
      w.buf[w.n++] = 0x20;
      w.square(recTarget2(d, o));
    }
    return;
  }
  w.square(recSlider(d, o));
  w.buf[w.n++] = 0x2c;
  w.square(recFront(d, o));
  w.buf[w.n++] = 0x2c;
  w.square(recBack(d, o));
  w.put(hasPartial(code) ? (recPartial(d, o) === 1 ? PARTIAL_TRUE : PARTIAL_FALSE) : NO_PARTIAL);
}

/** Appends bytes already in the writer (from `start`, `len` of them; room ensured by the caller). */
function copy(w: AsciiWriter, start: number, len: number): void {
  w.buf.copyWithin(w.n, start, start + len);
  w.n += len;
}

export class CsvFormatter extends LineFormatter {
  override header(): string {
    return CSV_COLUMNS + '\r\n';
  }

  protected write(w: AsciiWriter, v: PositionView): void {
    writePositionCsv(w, v);
  }
}
