// The movetext tokenizer as it was in JavaScript (src/pgn/movetext.ts's scanGame before the scan became
// WebAssembly, src/pgn/wasm/movetext.ts): the oracle the WebAssembly scan is compared with, event by event,
// on every corpus game and on damaged and oversized ones (test/pgn/tokenizer-wasm.test.ts).
import {
  allDigits,
  decodeText,
  epMarkEnd,
  isDigit,
  isResult,
  SYMBOL,
  type GameSink,
  type MoveSink,
  type ScanError,
  type TagSink,
} from '../../src/pgn/movetext.js';

const SYMBOL_BYTE = SYMBOL;
const LF = 0x0a;
const DOT = 0x2e;
const CR = 0x0d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const ERROR_TEXT_MAX = 40;

/** Scans one game: tags, then the main line. Returns null on success or when the sink stopped it (the JavaScript scan). */
export function referenceScanGame(bytes: Uint8Array, sink: GameSink): ScanError | null {
  const n = bytes.length;
  let movetext = false;
  let i = 0;
  while (i < n) {
    const b = bytes[i];
    if (b <= 0x20) {
      i++;
      continue;
    }
    switch (b) {
      case 0x7b: {
        // {
        const j = commentEnd(bytes, i);
        if (j < 0) return scanError(bytes, i, 'unterminated comment', true);
        i = j + 1;
        continue;
      }
      case 0x3b: // ;
        i = lineEnd(bytes, i);
        continue;
      case 0x25: // % in column 0 escapes the line (a game never starts with one); else a symbol
        if (i > 0 && (bytes[i - 1] === LF || bytes[i - 1] === CR)) {
          i = lineEnd(bytes, i);
          continue;
        }
        break;
      case 0x5b: {
        // [
        if (movetext) return scanError(bytes, i, 'tag pair after movetext');
        const j = scanTag(bytes, i, sink);
        if (typeof j !== 'number') return j;
        i = j;
        continue;
      }
      case 0x28: {
        // (
        movetext = true;
        const j = skipVariation(bytes, i);
        if (typeof j !== 'number') return j;
        i = j;
        continue;
      }
      case 0x24: {
        // $ NAG
        const j = skipNag(bytes, i);
        if (typeof j !== 'number') return j;
        movetext = true;
        i = j;
        continue;
      }
      case 0x2a: // *
        sink.result(i, i + 1);
        return null;
      case DOT: // . of a move number indication not read with its number (`1 .`, `e4.`)
        i++;
        continue;
    }
    if (SYMBOL_BYTE[b] === 0) return scanError(bytes, i, `unexpected '${String.fromCharCode(b)}'`);
    movetext = true;
    i = symbolToken(bytes, i, sink);
    if (i < 0) return null;
  }
  return null;
}

/** Bytes of a comment searched four at a time before indexOf is called: a clock or eval comment is shorter. */
const SHORT_COMMENT = 32;

/** A view of the bytes last searched for a comment's end, made once per game. */
let words: DataView<ArrayBufferLike> = new DataView(new ArrayBuffer(0));
let wordsOf: Uint8Array | null = null;

/**
 * The offset of the `}` closing the comment opened at bytes[i], or -1. Most comments are short (`{ [%clk
 * 0:01:00] }`, 18 bytes, after every move of an online game): their first bytes are read four at a time
 * as one little-endian int32 and tested for a `}` by the "has zero byte" trick (Bit Twiddling Hacks):
 * one load instead of four, each paying its checks (tokenizing such games: 964 -> 827 instructions per
 * ply; a byte loop before). indexOf searches the long ones (a loop alone took twice as long on TCEC's).
 */
function commentEnd(bytes: Uint8Array, i: number): number {
  if (wordsOf !== bytes) {
    words = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    wordsOf = bytes;
  }
  const w = words;
  const last = bytes.length - 4; // the last offset a whole word can be read from
  const stop = Math.min(i + SHORT_COMMENT, last);
  let j = i + 1;
  for (; j <= stop; j += 4) {
    const x = w.getInt32(j, true) ^ 0x7d7d7d7d; // a `}` byte becomes 0
    const zeros = (x - 0x01010101) & ~x & 0x80808080; // the lowest flagged byte is the first 0
    if (zeros !== 0) return j + ((31 - Math.clz32(zeros & -zeros)) >> 3);
  }
  return bytes.indexOf(0x7d, j);
}

/** A symbol token at bytes[i]: a move (to the sink), a move number, glyphs or the result. Returns the
 * offset after it, or -1 when the scan ends there (the result, or the sink stopped it). */
function symbolToken(bytes: Uint8Array, i: number, sink: MoveSink): number {
  const n = bytes.length;
  const b = bytes[i];
  let j = i + 1;
  if (isDigit(b)) {
    // a move number (`12.`, `12...`) with its dots in one pass: each byte read once, not by a second loop
    while (j < n && isDigit(bytes[j])) j++;
    if (j === n || SYMBOL_BYTE[bytes[j]] === 0) {
      while (j < n && bytes[j] === DOT) j++;
      return j;
    }
  }
  while (j < n && SYMBOL_BYTE[bytes[j]] === 1) j++;
  if (j < n && bytes[j] === DOT && bytes[j - 1] === 0x65) {
    // rare: the rest out of line
    const end = epMarkEnd(bytes, j - 1);
    if (end >= 0) return epMarked(i, j - 1, end, sink);
  }
  if (isDigit(b) && isResult(bytes, i, j)) {
    sink.result(i, j);
    return -1;
  }
  if ((b === 0x21 || b === 0x3f) && onlyGlyphs(bytes, i, j)) return j;
  return sink.move(i, j) === false ? -1 : j;
}

/** The move bytes[i, mark) before an en passant mark (none when the mark stands alone), to the sink; `end`. */
function epMarked(i: number, mark: number, end: number, sink: MoveSink): number {
  if (mark === i) return end;
  return sink.move(i, mark) === false ? -1 : end;
}

/** A NAG at bytes[i] === '$': the whole symbol after it must be digits (`$1-0` is no NAG). */
function skipNag(bytes: Uint8Array, i: number): number | ScanError {
  let j = i + 1;
  while (j < bytes.length && SYMBOL_BYTE[bytes[j]] === 1) j++;
  if (j === i + 1 || !allDigits(bytes, i + 1, j)) return scanError(bytes, i, 'bad NAG', j === i + 1 && j === bytes.length);
  return j;
}

/** Parses `[Name "value"]` at bytes[at] === '['; returns the offset after `]`. */
function scanTag(bytes: Uint8Array, at: number, sink: TagSink): number | ScanError {
  const n = bytes.length;
  let i = skipBlanks(bytes, at + 1);
  const nameStart = i;
  while (i < n && bytes[i] > 0x20 && bytes[i] !== QUOTE && bytes[i] !== 0x5d) i++;
  const nameEnd = i;
  i = skipBlanks(bytes, i);
  if (nameEnd === nameStart || bytes[i] !== QUOTE) return scanError(bytes, at, 'malformed tag pair', i >= n);
  // The value ends at a quote followed by `]`; other quotes in it are kept (`""Mirage""` is seen).
  const valueStart = i + 1;
  for (i = valueStart; i < n; i++) {
    const b = bytes[i];
    if (b === LF || b === CR) break;
    if (b === BACKSLASH) i++;
    else if (b === QUOTE) {
      const close = skipBlanks(bytes, i + 1);
      if (bytes[close] === 0x5d) {
        sink.tag(nameStart, nameEnd, valueStart, i);
        return close + 1;
      }
    }
  }
  return scanError(bytes, at, 'unterminated tag value', i >= n);
}

/** Skips `( ... )` at bytes[at], nested, with comments that may hold parentheses. */
function skipVariation(bytes: Uint8Array, at: number): number | ScanError {
  const n = bytes.length;
  let depth = 0;
  let i = at;
  while (i < n) {
    const b = bytes[i];
    if (b === 0x28) depth++;
    else if (b === 0x29) {
      if (--depth === 0) return i + 1;
    } else if (b === 0x7b) {
      const j = commentEnd(bytes, i);
      if (j < 0) return scanError(bytes, i, 'unterminated comment', true);
      i = j;
    } else if (b === 0x3b || (b === 0x25 && (bytes[i - 1] === LF || bytes[i - 1] === CR))) {
      i = lineEnd(bytes, i) - 1;
    }
    i++;
  }
  return scanError(bytes, at, 'unterminated variation', true);
}

/** Blanks inside a tag pair: any whitespace but a line end. */
function skipBlanks(bytes: Uint8Array, i: number): number {
  while (i < bytes.length && bytes[i] <= 0x20 && bytes[i] !== LF && bytes[i] !== CR) i++;
  return i;
}

function lineEnd(bytes: Uint8Array, i: number): number {
  while (i < bytes.length && bytes[i] !== LF && bytes[i] !== CR) i++;
  return i;
}

/** A detached annotation such as `!?` written after a space. */
function onlyGlyphs(bytes: Uint8Array, start: number, end: number): boolean {
  for (let k = start; k < end; k++) if (bytes[k] !== 0x21 && bytes[k] !== 0x3f) return false;
  return true;
}

function scanError(bytes: Uint8Array, offset: number, reason: string, incomplete = false): ScanError {
  let end = offset + 1;
  while (end < bytes.length && end - offset < ERROR_TEXT_MAX && bytes[end] > 0x20) end++;
  return { offset, text: decodeText(bytes, offset, end), reason, incomplete };
}
