// Tokenizer of one game's bytes: reports tag pairs and main-line move tokens as byte ranges, so the
// hot path decodes nothing and allocates nothing per move. The scan itself is WebAssembly
// (wasm/movetext.ts); here its loading, the byte classes it reads, and the texts of what it finds.
import { wasmExports } from '../runtime/compiled.js';
import { BINARY_BYTE } from './binary.js';

/**
 * A byte that continues a symbol token (move, move number, result); every other byte ends one. Read here
 * through a module-private name: V8 reads an exported binding through its module cell, testing at each
 * read that it is initialised.
 */
const SYMBOL_BYTE: Uint8Array = (() => {
  const t = new Uint8Array(256);
  for (let b = 0x21; b < 256; b++) t[b] = 1 - BINARY_BYTE[b]; // DEL is no part of a symbol
  for (const c of '{}()[];$*".') t[c.charCodeAt(0)] = 0;
  return t;
})();
export const SYMBOL: Uint8Array = SYMBOL_BYTE;

const DOT = 0x2e;
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
  /** The game ends inside a comment, variation, tag pair or NAG: it was cut off, not mistyped. */
  incomplete: boolean;
}

/** wasm/movetext.ts's syntax errors, by code (their export names), with their reasons; the code past them is an unexpected byte. */
const SCAN_ERRORS: readonly (readonly [string, string])[] = [
  ['E_COMMENT', 'unterminated comment'],
  ['E_TAG_AFTER_MOVES', 'tag pair after movetext'],
  ['E_MALFORMED_TAG', 'malformed tag pair'],
  ['E_TAG_VALUE', 'unterminated tag value'],
  ['E_VARIATION', 'unterminated variation'],
  ['E_NAG', 'bad NAG'],
];

// wasm/movetext.ts's layout: an event's words, STATE's words, statuses and event kinds
const EVENT_WORDS = 5;
const S_STATUS = 0,
  S_NEXT = 1,
  S_MOVETEXT = 2,
  S_ERROR_AT = 3,
  S_ERROR = 4,
  S_INCOMPLETE = 5;
const FULL = 2,
  ERROR = 3;
const TAG = 0,
  MOVE = 1;

/** Every value restated here from wasm/movetext.ts, by its export name: checked against the module as it loads. */
const LAYOUT: Readonly<Record<string, number>> = {
  EVENT_WORDS,
  S_STATUS,
  S_NEXT,
  S_MOVETEXT,
  S_ERROR_AT,
  S_ERROR,
  S_INCOMPLETE,
  FULL,
  ERROR,
  TAG,
  MOVE,
  ...Object.fromEntries(SCAN_ERRORS.map(([name], code) => [name, code])),
  E_UNEXPECTED: SCAN_ERRORS.length,
};

/** What wasm/movetext.ts exports: its memory, its map of it (byte offsets), its layout, its scan. */
interface TokenizerExports {
  memory: WebAssembly.Memory;
  SYMBOL: WebAssembly.Global;
  SUFFIX: WebAssembly.Global;
  STATE: WebAssembly.Global;
  EVENTS: WebAssembly.Global;
  GAME: WebAssembly.Global;
  tokenize(from: number, n: number, movetext: number): number;
}

/** This thread's tokenizer: its exports, views of its memory (new ones after it grows), word offsets of its places. */
interface Tokenizer {
  x: TokenizerExports;
  bytes: Uint8Array;
  words: Int32Array;
  state: number;
  events: number;
  game: number;
  busy: boolean;
}

let tokenizer: Tokenizer | null = null;

/** This thread's instance, made at the first scan: the module compiled (about 3 KB), the byte classes copied in. */
function instantiate(): Tokenizer {
  const x = wasmExports<TokenizerExports>('src/pgn/wasm/movetext.wasm');
  const globals = x as unknown as Record<string, WebAssembly.Global | undefined>;
  for (const [name, value] of Object.entries(LAYOUT)) {
    if (globals[name]?.value !== value) throw new Error(`wasm/movetext.ts and movetext.ts disagree on ${name}: rebuild (npm run build)`);
  }
  const t: Tokenizer = {
    x,
    bytes: new Uint8Array(0),
    words: new Int32Array(0),
    state: x.STATE.value >> 2,
    events: x.EVENTS.value >> 2,
    game: x.GAME.value,
    busy: false,
  };
  views(t);
  t.bytes.set(SYMBOL_BYTE, x.SYMBOL.value);
  t.bytes.set(SUFFIX_BYTE, x.SUFFIX.value);
  return t;
}

function views(t: Tokenizer): void {
  t.bytes = new Uint8Array(t.x.memory.buffer);
  t.words = new Int32Array(t.x.memory.buffer);
}

/** The game's bytes copied in at GAME, the memory grown first when they do not fit. */
function load(t: Tokenizer, bytes: Uint8Array): void {
  const need = t.game + bytes.length;
  if (need > t.bytes.length) {
    t.x.memory.grow(Math.ceil((need - t.bytes.length) / 65536));
    views(t);
  }
  t.bytes.set(bytes, t.game);
}

/**
 * Scans one game: tags, then the main line, into the sink. Returns null on success or when the sink
 * stopped it. The scan is WebAssembly (wasm/movetext.ts, which says why): it writes the tokens as events,
 * handed to the sink here in order. Not reentrant: a sink must not scan a game itself.
 */
export function scanGame(bytes: Uint8Array, sink: GameSink): ScanError | null {
  const t = (tokenizer ??= instantiate());
  if (t.busy) throw new Error('scanGame called from inside a scan');
  t.busy = true;
  try {
    load(t, bytes);
    return deliver(t, bytes, sink);
  } finally {
    t.busy = false;
  }
}

/** Runs the scan to its end, handing each event to the sink; the syntax error met, or null. */
function deliver(t: Tokenizer, bytes: Uint8Array, sink: GameSink): ScanError | null {
  let from = 0;
  let movetext = 0;
  for (;;) {
    const count = t.x.tokenize(from, bytes.length, movetext);
    const w = t.words;
    for (let k = 0, o = t.events; k < count; k++, o += EVENT_WORDS) {
      const kind = w[o];
      if (kind === MOVE) {
        if (sink.move(w[o + 1], w[o + 2]) === false) return null;
      } else if (kind === TAG) sink.tag(w[o + 1], w[o + 2], w[o + 3], w[o + 4]);
      else {
        sink.result(w[o + 1], w[o + 2]);
        return null;
      }
    }
    const s = t.state;
    const status = w[s + S_STATUS];
    if (status === FULL) {
      from = w[s + S_NEXT];
      movetext = w[s + S_MOVETEXT];
    } else if (status === ERROR) {
      const at = w[s + S_ERROR_AT];
      const code = w[s + S_ERROR];
      const reason = code < SCAN_ERRORS.length ? SCAN_ERRORS[code][1] : `unexpected '${String.fromCharCode(bytes[at])}'`;
      return scanError(bytes, at, reason, w[s + S_INCOMPLETE] === 1);
    } else return null;
  }
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

/**
 * Whether the move token at bytes[at] is introduced by the move number 1 (`1.`, `1...`, `1.e4`), with
 * blanks and comments between them: the start of a game's movetext, not a piece cut from its middle.
 */
export function startsAtMoveOne(bytes: Uint8Array, at: number): boolean {
  let k = at - 1;
  for (;;) {
    while (k >= 0 && (bytes[k] <= 0x20 || bytes[k] === DOT)) k--;
    if (k < 0 || bytes[k] !== 0x7d) break;
    k = bytes.lastIndexOf(0x7b, k) - 1; // a comment, skipped to its `{`
  }
  return k >= 0 && bytes[k] === 0x31 && (k === 0 || SYMBOL_BYTE[bytes[k - 1]] === 0);
}

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
    // short ASCII (tag values, moves) one character at a time: no subarray made and spread
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
