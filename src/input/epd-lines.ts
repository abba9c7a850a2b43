// EPD/FEN input: one position per non-empty line. Lines end in LF, CRLF or a lone CR (also across
// chunk boundaries); a UTF-8 byte-order mark at the start is skipped; lines starting with `#` are
// comments. An EPD line has four fields then operations (`bm Nf3; id "x";`), whose `hmvc`/`fmvn`
// become the clocks; a FEN line has six fields (five or four are read with default clocks). Each
// line is checked with parseFen and a bad one is reported, with its line, byte offset and text, and
// reading goes on. Bytes that are not UTF-8 are read as Latin-1: no encoding stops the input.
import { parseFen } from '../core/fen.js';
import { BINARY_BYTE } from '../pgn/binary.js';

export type PositionLine =
  | { line: number; offset: number; fen: string }
  | { line: number; offset: number; error: string; text: string }
  /** A line holding binary bytes, never echoed: `binary`, the offset of the first, `end`, of the line's end. */
  | { line: number; offset: number; binary: number; end: number };

/** Longest line kept; a longer one is reported (with its first bytes) and skipped, so memory stays bounded. */
export const MAX_LINE_BYTES = 1 << 16;
const SHOWN = 200;

const LF = 0x0a;
const CR = 0x0d;
const utf8 = new TextDecoder('utf-8', { fatal: true });

function decode(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  }
}

/** Splits `opcode operand...;` operations, keeping `;` inside quoted strings. */
function operations(text: string): string[][] {
  const ops: string[][] = [];
  let words: string[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === ';') {
      if (words.length > 0) ops.push(words);
      words = [];
      i++;
    } else if (c === ' ' || c === '\t') {
      i++;
    } else if (c === '"') {
      let j = i + 1;
      let s = '';
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\' && j + 1 < text.length) j++;
        s += text[j++];
      }
      words.push(s);
      i = j + 1;
    } else {
      let j = i;
      while (j < text.length && !/[\s;"]/.test(text[j])) j++;
      words.push(text.slice(i, j));
      i = j;
    }
  }
  if (words.length > 0) ops.push(words);
  return ops;
}

const CLOCK = /^\d{1,6}$/;

/** The six-field FEN of one EPD/FEN line, or the reason it is not one. */
export function lineToFen(text: string): { fen: string } | { error: string } {
  const m = /^(\S+)\s+(\S+)\s+(\S+)\s+(\S+)(?:\s+([\s\S]*))?$/.exec(text);
  if (m === null) {
    const n = text.split(/\s+/).length;
    return { error: `${n} field${n === 1 ? '' : 's'}, expected 4 (EPD, then operations) or 6 (FEN)` };
  }
  const board = `${m[1]} ${m[2]} ${m[3]} ${m[4]}`;
  let rest = (m[5] ?? '').trim();
  let half: string | undefined;
  let full: string | undefined;
  // FEN clocks: integers right after the four fields (an EPD opcode starts with a letter)
  const clocks = /^(\d+)(?:\s+(\d+))?(?=\s|;|$)/.exec(rest);
  if (clocks !== null) {
    half = clocks[1];
    full = clocks[2];
    rest = rest.slice(clocks[0].length).trim();
  }
  if (rest !== '') {
    for (const op of operations(rest)) {
      const [code, arg] = op;
      if (code !== 'hmvc' && code !== 'fmvn') continue;
      if (arg === undefined || !CLOCK.test(arg)) return { error: `bad ${code} operand "${arg ?? ''}", expected an integer` };
      if (code === 'hmvc' && half === undefined) half = arg;
      if (code === 'fmvn' && full === undefined) full = arg;
    }
  }
  const fen = `${board} ${half ?? '0'} ${full ?? '1'}`;
  try {
    parseFen(fen);
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
  return { fen };
}

/** One line's bytes as they arrive over chunks; at most MAX_LINE_BYTES of them are kept. */
class LineCollector {
  /** Number of the last line finished, 1-based. */
  line = 0;
  /** Stream offset of the line being collected. */
  lineStart = 0;
  private carry = new Uint8Array(256);
  private carryLen = 0;
  private overlong = false;
  /** Bytes of the line, kept or not. */
  private length = 0;

  get pending(): boolean {
    return this.carryLen > 0 || this.overlong;
  }

  take(bytes: Uint8Array, from: number, to: number): void {
    let n = to - from;
    this.length += n;
    if (this.carryLen + n > MAX_LINE_BYTES) {
      this.overlong = true;
      n = Math.max(0, MAX_LINE_BYTES - this.carryLen);
    }
    if (n === 0) return;
    if (this.carryLen + n > this.carry.length) {
      const grown = new Uint8Array(Math.min(MAX_LINE_BYTES, Math.max(this.carry.length * 2, this.carryLen + n)));
      grown.set(this.carry.subarray(0, this.carryLen));
      this.carry = grown;
    }
    this.carry.set(bytes.subarray(from, from + n), this.carryLen);
    this.carryLen += n;
  }

  /** The line as a position, its error, or null for a blank or `#` line; the collector starts afresh. */
  finish(): PositionLine | null {
    const line = ++this.line;
    const offset = this.lineStart;
    const bytes = this.carry.subarray(0, this.carryLen);
    const overlong = this.overlong;
    const end = offset + this.length;
    this.carryLen = 0;
    this.overlong = false;
    this.length = 0;
    const binary = bytes.findIndex((b) => BINARY_BYTE[b] === 1);
    if (binary >= 0) return { line, offset, binary: offset + binary, end };
    if (overlong) return { line, offset, error: `line longer than ${MAX_LINE_BYTES} bytes`, text: decode(bytes.subarray(0, SHOWN)) + '…' };
    const text = decode(bytes).trim();
    if (text === '' || text.startsWith('#')) return null;
    const r = lineToFen(text);
    return 'fen' in r ? { line, offset, fen: r.fen } : { line, offset, error: r.error, text };
  }
}

/** Bytes of a UTF-8 byte-order mark at the start of the stream (3), else 0. */
function bomLength(chunk: Uint8Array): number {
  // (a BOM split over chunks still goes: it decodes to U+FEFF, which trim() removes)
  return chunk.length >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf ? 3 : 0;
}

/** Positions of an EPD/FEN byte stream, one per non-empty, non-comment line, in order. */
export async function* readPositions(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<PositionLine> {
  const c = new LineCollector();
  let pos = 0; // stream offset of the chunk's first byte
  let afterCR = false; // the last byte seen was a CR: a LF right after it ends nothing
  for await (const chunk of chunks) {
    let i = pos === 0 ? bomLength(chunk) : 0;
    if (pos === 0) c.lineStart = i;
    if (afterCR && i < chunk.length) {
      if (chunk[i] === LF) c.lineStart = pos + ++i;
      afterCR = false;
    }
    let from = i;
    for (; i < chunk.length; i++) {
      const b = chunk[i];
      if (b !== LF && b !== CR) continue;
      c.take(chunk, from, i);
      const p = c.finish();
      if (p !== null) yield p;
      if (b === CR) {
        if (i + 1 === chunk.length) afterCR = true;
        else if (chunk[i + 1] === LF) i++;
      }
      from = i + 1;
      c.lineStart = pos + from;
    }
    c.take(chunk, from, chunk.length);
    pos += chunk.length;
  }
  if (c.pending) {
    const p = c.finish();
    if (p !== null) yield p;
  }
}
