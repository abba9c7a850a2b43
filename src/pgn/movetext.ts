// Tokenizer of one game's bytes: reports tag pairs and main-line move tokens as byte ranges, so the
// hot path decodes nothing and allocates nothing per move.

/**
 * A byte that continues a symbol token (move, move number, result); every other byte ends one. Read here
 * through a module-private name: V8 reads an exported binding through its module cell, testing at each
 * read that it is initialised (tokenizing: 881 -> 818 instructions per ply).
 */
const SYMBOL_BYTE: Uint8Array = (() => {
  const t = new Uint8Array(256);
  for (let b = 0x21; b < 256; b++) t[b] = 1;
  for (const c of '{}()[];$*".') t[c.charCodeAt(0)] = 0;
  return t;
})();
export const SYMBOL: Uint8Array = SYMBOL_BYTE;

const LF = 0x0a;
const DOT = 0x2e;
const CR = 0x0d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const ERROR_TEXT_MAX = 40;

export interface TagSink {
  /** A tag pair: name and raw value (between the quotes, escapes not undone; see tagValue). */
  tag(nameStart: number, nameEnd: number, valueStart: number, valueEnd: number): void;
}

export interface MoveSink {
  /** A main-line move token, `+ # ! ?` suffixes kept; `--` included. Return false to stop the scan. */
  move(start: number, end: number): boolean | void;
  /** The game-termination marker; the scan stops after it. */
  result(start: number, end: number): void;
}

export interface GameSink extends TagSink, MoveSink {}

export interface ScanError {
  /** Byte offset within the game. */
  offset: number;
  /** The offending text, at most 40 characters. */
  text: string;
  reason: string;
  /** The game ends inside a comment, variation or tag value: it was cut off, not mistyped. */
  incomplete: boolean;
}

/** Scans one game: tags, then the main line. Returns null on success or when the sink stopped it. */
export function scanGame(bytes: Uint8Array, sink: GameSink): ScanError | null {
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
      case 0x7b: { // {
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
      case 0x5b: { // [
        if (movetext) return scanError(bytes, i, 'tag pair after movetext');
        const j = scanTag(bytes, i, sink);
        if (typeof j !== 'number') return j;
        i = j;
        continue;
      }
      case 0x28: { // (
        movetext = true;
        const j = skipVariation(bytes, i);
        if (typeof j !== 'number') return j;
        i = j;
        continue;
      }
      case 0x24: { // $ NAG
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
  const stop = i + SHORT_COMMENT < last ? i + SHORT_COMMENT : last;
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
  if (j < n && bytes[j] === DOT && bytes[j - 1] === 0x65) { // rare: the rest out of line
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

/**
 * Where an en passant mark `e.p.` that starts at bytes[k] ends, with the check or annotation signs that
 * may follow it (`exd6e.p.+`), when that ends the symbol; else -1. Some programs write the mark after an
 * en passant capture, glued on or after a space; it is no part of SAN, and a reader skips it as
 * python-chess does (chess.js and pgn-parser refuse the game). It says nothing we need: the move itself
 * is read and checked as any other.
 */
export function epMarkEnd(bytes: Uint8Array, k: number): number {
  if (bytes[k] !== 0x65 || bytes[k + 1] !== DOT || bytes[k + 2] !== 0x70 || bytes[k + 3] !== DOT) return -1;
  let end = k + 4;
  while (end < bytes.length && SUFFIX_BYTE[bytes[end]] === 1) end++;
  return end >= bytes.length || SYMBOL_BYTE[bytes[end]] === 0 ? end : -1;
}

/** The check and annotation signs that may end a move: + # ! ? */
const SUFFIX_BYTE: Uint8Array = Uint8Array.from({ length: 256 }, (_, b) => ('+#!?'.includes(String.fromCharCode(b)) ? 1 : 0));

/** A NAG at bytes[i] === '$': the whole symbol after it must be digits (`$1-0` is no NAG). */
function skipNag(bytes: Uint8Array, i: number): number | ScanError {
  let j = i + 1;
  while (j < bytes.length && SYMBOL_BYTE[bytes[j]] === 1) j++;
  if (j === i + 1 || !allDigits(bytes, i + 1, j)) return scanError(bytes, i, 'bad NAG');
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
  if (nameEnd === nameStart || bytes[i] !== QUOTE) return scanError(bytes, at, 'malformed tag pair');
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

/** `1-0`, `0-1` or `1/2-1/2` exactly: a game's result, in movetext or in its Result tag. */
export function isResult(bytes: Uint8Array, start: number, end: number): boolean {
  const len = end - start;
  if (len === 3) {
    const a = bytes[start];
    const c = bytes[start + 2];
    return bytes[start + 1] === 0x2d && ((a === 0x31 && c === 0x30) || (a === 0x30 && c === 0x31));
  }
  if (len !== 7) return false;
  for (let k = 0; k < 7; k++) if (bytes[start + k] !== HALF[k]) return false;
  return true;
}
const HALF = new TextEncoder().encode('1/2-1/2');

/** Whether bytes[start, end) spell the ASCII text. */
export function spells(bytes: Uint8Array, start: number, end: number, text: string): boolean {
  if (end - start !== text.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[start + i] !== text.charCodeAt(i)) return false;
  return true;
}

export function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

export function allDigits(bytes: Uint8Array, start: number, end: number): boolean {
  for (let k = start; k < end; k++) if (!isDigit(bytes[k])) return false;
  return true;
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

const utf8 = new TextDecoder('utf-8', { fatal: true });
/**
 * Texts up to this length are decoded in JavaScript when ASCII; longer ones by the TextDecoder. Every FEN
 * (at most about 90 bytes) is short: the first [FEN] value longer than 64 bytes, met late in a file, took
 * the TextDecoder path with no type feedback and deoptimized decodeText and the replay's tag reader.
 */
const SHORT_TEXT = 96;

/** Decodes UTF-8; where the bytes are not valid UTF-8, each invalid byte is read as Latin-1. */
export function decodeText(bytes: Uint8Array, start: number, end: number): string {
  if (end - start <= SHORT_TEXT) {
    // short ASCII (tag values, moves) one character at a time: ~6x faster than spreading a subarray
    let text = '';
    let k = start;
    for (; k < end && bytes[k] < 0x80; k++) text += String.fromCharCode(bytes[k]);
    if (k === end) return text;
  }
  try {
    return utf8.decode(bytes.subarray(start, end));
  } catch {
    return decodeLenient(bytes, start, end);
  }
}

function decodeLenient(bytes: Uint8Array, start: number, end: number): string {
  let out = '';
  let i = start;
  while (i < end) {
    const len = utf8SequenceLength(bytes, i, end);
    if (len === 0) {
      out += String.fromCharCode(bytes[i]);
      i++;
    } else {
      out += utf8.decode(bytes.subarray(i, i + len));
      i += len;
    }
  }
  return out;
}

/** Length of the valid UTF-8 sequence at i, or 0 if the byte there does not start one. */
function utf8SequenceLength(bytes: Uint8Array, i: number, end: number): number {
  const b = bytes[i];
  if (b < 0x80) return 1;
  let len: number;
  let lo = 0x80;
  let hi = 0xbf;
  if (b >= 0xc2 && b <= 0xdf) len = 2;
  else if (b >= 0xe0 && b <= 0xef) {
    len = 3;
    if (b === 0xe0) lo = 0xa0; // overlong
    if (b === 0xed) hi = 0x9f; // surrogates
  } else if (b >= 0xf0 && b <= 0xf4) {
    len = 4;
    if (b === 0xf0) lo = 0x90; // overlong
    if (b === 0xf4) hi = 0x8f; // above U+10FFFF
  } else return 0;
  if (i + len > end) return 0;
  if (bytes[i + 1] < lo || bytes[i + 1] > hi) return 0;
  for (let k = 2; k < len; k++) if (bytes[i + k] < 0x80 || bytes[i + k] > 0xbf) return 0;
  return len;
}

/** A tag value with `\"` and `\\` undone, decoded as by decodeText. */
export function tagValue(bytes: Uint8Array, start: number, end: number): string {
  let first = start;
  while (first < end && bytes[first] !== BACKSLASH) first++;
  if (first === end) return decodeText(bytes, start, end);
  const out = new Uint8Array(end - start);
  let w = 0;
  for (let k = start; k < end; k++) {
    const b = bytes[k];
    if (b === BACKSLASH && k + 1 < end && (bytes[k + 1] === QUOTE || bytes[k + 1] === BACKSLASH)) k++;
    out[w++] = bytes[k];
  }
  return decodeText(out, 0, w);
}

/** The main-line move tokens as strings (allocates: for tests and --verify). Throws on a scan error. */
export function tokenizeMoves(bytes: Uint8Array): string[] {
  const moves: string[] = [];
  const error = scanGame(bytes, {
    tag() {},
    move(start, end) {
      moves.push(decodeText(bytes, start, end));
    },
    result() {},
  });
  if (error) throw new Error(`${error.reason} at offset ${error.offset}: ${error.text}`);
  return moves;
}
