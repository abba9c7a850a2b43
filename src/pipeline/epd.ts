// EPD/FEN input: one position per non-empty line. Lines end in LF, CRLF or a lone CR (also across
// chunk boundaries); a UTF-8 byte-order mark at the start is skipped; lines starting with `#` are
// comments. An EPD line has four fields then operations (`bm Nf3; id "x";`), whose `hmvc`/`fmvn`
// become the clocks; a FEN line has six fields (five or four are read with default clocks). Each
// line is checked with parseFen and a bad one is reported, with its line, byte offset and text, and
// reading goes on. Bytes that are not UTF-8 are read as Latin-1: no encoding stops the input.
import { parseFen } from '../core/fen.js';

export type PositionLine =
  | { line: number; offset: number; fen: string }
  | { line: number; offset: number; error: string; text: string };

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

/** Positions of an EPD/FEN byte stream, one per non-empty, non-comment line, in order. */
export async function* readPositions(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<PositionLine> {
  let line = 0; // number of the line being collected, 1-based once started
  let lineStart = 0; // stream offset of its first byte
  let pos = 0; // stream offset of the chunk's first byte
  let carry = new Uint8Array(256);
  let carryLen = 0;
  let overlong = false; // the line passed MAX_LINE_BYTES: only its first bytes are kept
  let afterCR = false; // the last byte seen was a CR: a LF right after it ends nothing
  let first = true;

  const take = (bytes: Uint8Array, from: number, to: number): void => {
    let n = to - from;
    if (carryLen + n > MAX_LINE_BYTES) {
      overlong = true;
      n = Math.max(0, MAX_LINE_BYTES - carryLen);
      to = from + n;
    }
    if (n === 0) return;
    if (carryLen + n > carry.length) {
      const grown = new Uint8Array(Math.min(MAX_LINE_BYTES, Math.max(carry.length * 2, carryLen + n)));
      grown.set(carry.subarray(0, carryLen));
      carry = grown;
    }
    carry.set(bytes.subarray(from, to), carryLen);
    carryLen += n;
  };

  const finish = (): PositionLine | null => {
    const lineNo = line + 1;
    const offset = lineStart;
    line = lineNo;
    const bytes = carry.subarray(0, carryLen);
    const wasOverlong = overlong;
    carryLen = 0;
    overlong = false;
    if (wasOverlong) {
      return { line: lineNo, offset, error: `line longer than ${MAX_LINE_BYTES} bytes`, text: decode(bytes.subarray(0, SHOWN)) + '…' };
    }
    const text = decode(bytes).trim();
    if (text === '' || text.startsWith('#')) return null;
    const r = lineToFen(text);
    return 'fen' in r ? { line: lineNo, offset, fen: r.fen } : { line: lineNo, offset, error: r.error, text };
  };

  for await (const chunk of chunks) {
    let i = 0;
    if (first && chunk.length > 0) {
      first = false;
      // (a BOM split over chunks still goes: it decodes to U+FEFF, which trim() removes)
      if (chunk.length >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) {
        i = 3;
        lineStart = 3;
      }
    }
    if (afterCR && i < chunk.length) {
      if (chunk[i] === LF) {
        i++;
        lineStart = pos + i;
      }
      afterCR = false;
    }
    let from = i;
    for (; i < chunk.length; i++) {
      const b = chunk[i];
      if (b !== LF && b !== CR) continue;
      take(chunk, from, i);
      const p = finish();
      if (p !== null) yield p;
      if (b === CR) {
        if (i + 1 < chunk.length) {
          if (chunk[i + 1] === LF) i++;
        } else {
          afterCR = true;
        }
      }
      from = i + 1;
      lineStart = pos + from;
    }
    take(chunk, from, chunk.length);
    pos += chunk.length;
  }
  if (carryLen > 0 || overlong) {
    const p = finish();
    if (p !== null) yield p;
  }
}
