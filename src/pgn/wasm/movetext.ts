// The movetext tokenizer (movetext.ts's scanGame) in AssemblyScript, compiled to WebAssembly (npm run
// build: dist/src/pgn/wasm/movetext.wasm); movetext.ts loads it and is its only caller. Why WebAssembly:
// every worker JIT-compiled the JavaScript tokenizer for itself, the first batches in slow code (V8 compiles
// a module's code once per process and shares it between the workers), and the byte loops here carry no
// bounds or type checks.
//
// One call scans a game's bytes (copied in at GAME) from a given offset and writes what it finds as events
// of EVENT_WORDS words: a tag pair (name and value ranges), a main-line move token, the game-termination
// marker (the scan stops after it). It stops at the end of the bytes, at the marker, at a syntax error
// (STATE says which and where) or when MAX_EVENTS events are written (STATE says where to go on from, and
// whether movetext has begun). The caller hands the events to its sink in order: a sink that stops the
// scan (a move it cannot read) sees nothing after that event, as when the scan was JavaScript.
// Every byte read lies before the game's end: the memory past it holds an earlier game's bytes.

// The memory map, in bytes: the byte classes (filled by the caller from movetext.ts's tables, their one
// definition), the scan's state, the events, then the game (the caller grows the memory to fit it).
export const SYMBOL: usize = 0x400; // 256 bytes: 1 for a byte that continues a symbol token
export const SUFFIX: usize = 0x500; // 256 bytes: 1 for + # ! ?
export const STATE: usize = 0x800;
export const EVENTS: usize = 0x1000;
export const GAME: usize = 0x10000;
export const EVENT_WORDS: i32 = 5;
export const MAX_EVENTS: i32 = 3000;

// STATE's words
export const S_STATUS: i32 = 0, S_NEXT: i32 = 1, S_MOVETEXT: i32 = 2, S_ERROR_AT: i32 = 3, S_ERROR: i32 = 4, S_INCOMPLETE: i32 = 5;
// S_STATUS: the bytes ended, a termination marker ended the scan, the events are full, a syntax error
export const END: i32 = 0, MARKER: i32 = 1, FULL: i32 = 2, ERROR: i32 = 3;
// an event's kind (its first word)
export const TAG: i32 = 0, MOVE: i32 = 1, RESULT: i32 = 2;
// S_ERROR: which syntax error (movetext.ts words each)
export const E_COMMENT: i32 = 0, E_TAG_AFTER_MOVES: i32 = 1, E_MALFORMED_TAG: i32 = 2, E_TAG_VALUE: i32 = 3;
export const E_VARIATION: i32 = 4, E_NAG: i32 = 5, E_UNEXPECTED: i32 = 6;

const LF: u32 = 0x0a, CR: u32 = 0x0d, DOT: u32 = 0x2e, QUOTE: u32 = 0x22, BACKSLASH: u32 = 0x5c;

let events: i32 = 0;

@inline function at(i: i32): u32 {
  return load<u8>(GAME + <usize>i);
}

@inline function symbol(b: u32): bool {
  return load<u8>(SYMBOL + <usize>b) != 0;
}

@inline function isDigit(b: u32): bool {
  return b - 0x30 < 10;
}

@inline function state(word: i32, value: i32): void {
  store<i32>(STATE + (<usize>word << 2), value);
}

function emit(kind: i32, a: i32, b: i32, c: i32, d: i32): void {
  const p = EVENTS + <usize>(events * EVENT_WORDS) * 4;
  store<i32>(p, kind);
  store<i32>(p, a, 4);
  store<i32>(p, b, 8);
  store<i32>(p, c, 12);
  store<i32>(p, d, 16);
  events++;
}

/** Ends the scan at a syntax error; -1, the offsets' "stop". */
function fail(offset: i32, error: i32, incomplete: bool): i32 {
  state(S_STATUS, ERROR);
  state(S_ERROR_AT, offset);
  state(S_ERROR, error);
  state(S_INCOMPLETE, incomplete ? 1 : 0);
  return -1;
}

/**
 * Scans the game's bytes [from, n) (`movetext`: 1 once a move, NAG or variation has been read); returns the
 * events written, STATE telling why it stopped.
 */
export function tokenize(from: i32, n: i32, movetext: i32): i32 {
  events = 0;
  let moves = movetext != 0;
  let i = from;
  while (i < n) {
    if (events == MAX_EVENTS) {
      state(S_STATUS, FULL);
      state(S_NEXT, i);
      state(S_MOVETEXT, moves ? 1 : 0);
      return events;
    }
    const b = at(i);
    if (b <= 0x20) {
      i++;
    } else if (b == 0x7b) { // {
      const j = commentEnd(i, n);
      if (j < 0) {
        fail(i, E_COMMENT, true);
        return events;
      }
      i = j + 1;
    } else if (b == 0x3b || (b == 0x25 && i > 0 && (at(i - 1) == LF || at(i - 1) == CR))) {
      i = lineEnd(i, n); // ; comment, or % in column 0 escaping the line (a game never starts with one)
    } else if (b == 0x5b) { // [
      if (moves) {
        fail(i, E_TAG_AFTER_MOVES, false);
        return events;
      }
      i = tagPair(i, n);
      if (i < 0) return events;
    } else if (b == 0x28) { // (
      moves = true;
      i = skipVariation(i, n);
      if (i < 0) return events;
    } else if (b == 0x24) { // $ NAG
      i = skipNag(i, n);
      if (i < 0) return events;
      moves = true;
    } else if (b == 0x2a) { // *
      emit(RESULT, i, i + 1, 0, 0);
      state(S_STATUS, MARKER);
      return events;
    } else if (b == DOT) { // . of a move number indication not read with its number (`1 .`, `e4.`)
      i++;
    } else {
      if (!symbol(b)) {
        fail(i, E_UNEXPECTED, false);
        return events;
      }
      moves = true;
      i = symbolToken(i, n);
      if (i < 0) {
        state(S_STATUS, MARKER);
        return events;
      }
    }
  }
  state(S_STATUS, END);
  return events;
}

/** The offset of the `}` closing the comment opened at i, or -1; eight bytes a test while none is one. */
function commentEnd(i: i32, n: i32): i32 {
  let j = i + 1;
  for (; j + 8 <= n; j += 8) {
    const x = load<u64>(GAME + <usize>j) ^ 0x7d7d7d7d7d7d7d7d; // a `}` byte becomes 0
    const zeros = (x - 0x0101010101010101) & ~x & 0x8080808080808080; // "has zero byte" (Bit Twiddling Hacks)
    if (zeros != 0) return j + <i32>(ctz(zeros) >> 3);
  }
  for (; j < n; j++) if (at(j) == 0x7d) return j;
  return -1;
}

function lineEnd(i: i32, n: i32): i32 {
  while (i < n && at(i) != LF && at(i) != CR) i++;
  return i;
}

/**
 * A symbol token at i: a move (an event), a move number, glyphs or the result (an event, then -1: the
 * scan ends). Returns the offset after it.
 */
function symbolToken(i: i32, n: i32): i32 {
  const b = at(i);
  let j = i + 1;
  if (isDigit(b)) {
    // a move number (`12.`, `12...`) with its dots
    while (j < n && isDigit(at(j))) j++;
    if (j == n || !symbol(at(j))) {
      while (j < n && at(j) == DOT) j++;
      return j;
    }
  }
  while (j < n && symbol(at(j))) j++;
  if (j < n && at(j) == DOT && at(j - 1) == 0x65) {
    const end = epMarkEnd(j - 1, n);
    if (end >= 0) {
      if (j - 1 != i) emit(MOVE, i, j - 1, 0, 0); // the move before the mark (none when the mark stands alone)
      return end;
    }
  }
  if (isDigit(b) && isResult(i, j)) {
    emit(RESULT, i, j, 0, 0);
    return -1;
  }
  if ((b == 0x21 || b == 0x3f) && onlyGlyphs(i, j)) return j;
  emit(MOVE, i, j, 0, 0);
  return j;
}

/** Where an en passant mark `e.p.` at k ends, with the signs after it, when that ends the symbol; else -1. */
function epMarkEnd(k: i32, n: i32): i32 {
  if (k + 3 >= n || at(k) != 0x65 || at(k + 1) != DOT || at(k + 2) != 0x70 || at(k + 3) != DOT) return -1;
  let end = k + 4;
  while (end < n && load<u8>(SUFFIX + <usize>at(end)) != 0) end++;
  return end >= n || !symbol(at(end)) ? end : -1;
}

/** `1-0`, `0-1` or `1/2-1/2` exactly. */
function isResult(start: i32, end: i32): bool {
  const len = end - start;
  if (len == 3) {
    const a = at(start);
    const c = at(start + 2);
    return at(start + 1) == 0x2d && ((a == 0x31 && c == 0x30) || (a == 0x30 && c == 0x31));
  }
  return len == 7 && at(start) == 0x31 && at(start + 1) == 0x2f && at(start + 2) == 0x32 && at(start + 3) == 0x2d &&
    at(start + 4) == 0x31 && at(start + 5) == 0x2f && at(start + 6) == 0x32;
}

/** A detached annotation such as `!?` written after a space. */
function onlyGlyphs(start: i32, end: i32): bool {
  for (let k = start; k < end; k++) if (at(k) != 0x21 && at(k) != 0x3f) return false;
  return true;
}

/** A NAG at i (`$`): the whole symbol after it must be digits (`$1-0` is no NAG); -1 on an error. */
function skipNag(i: i32, n: i32): i32 {
  let j = i + 1;
  while (j < n && symbol(at(j))) j++;
  if (j == i + 1) return fail(i, E_NAG, j == n); // `$` last: cut off
  for (let k = i + 1; k < j; k++) if (!isDigit(at(k))) return fail(i, E_NAG, false);
  return j;
}

/** Blanks inside a tag pair: any whitespace but a line end. */
function skipBlanks(i: i32, n: i32): i32 {
  while (i < n && at(i) <= 0x20 && at(i) != LF && at(i) != CR) i++;
  return i;
}

/** `[Name "value"]` at `open` (`[`), an event; the offset after `]`, or -1 on an error. */
function tagPair(open: i32, n: i32): i32 {
  let i = skipBlanks(open + 1, n);
  const nameStart = i;
  while (i < n && at(i) > 0x20 && at(i) != QUOTE && at(i) != 0x5d) i++;
  const nameEnd = i;
  i = skipBlanks(i, n);
  if (nameEnd == nameStart || i >= n || at(i) != QUOTE) return fail(open, E_MALFORMED_TAG, i >= n); // ended: cut off
  // the value ends at a quote followed by `]`; other quotes in it are kept (`""Mirage""` is seen)
  const valueStart = i + 1;
  for (i = valueStart; i < n; i++) {
    const b = at(i);
    if (b == LF || b == CR) break;
    if (b == BACKSLASH) i++;
    else if (b == QUOTE) {
      const close = skipBlanks(i + 1, n);
      if (close < n && at(close) == 0x5d) {
        emit(TAG, nameStart, nameEnd, valueStart, i);
        return close + 1;
      }
    }
  }
  return fail(open, E_TAG_VALUE, i >= n);
}

/** Skips `( ... )` at `open`, nested, with comments that may hold parentheses; -1 on an error. */
function skipVariation(open: i32, n: i32): i32 {
  let depth = 0;
  let i = open;
  while (i < n) {
    const b = at(i);
    if (b == 0x28) depth++;
    else if (b == 0x29) {
      if (--depth == 0) return i + 1;
    } else if (b == 0x7b) {
      const j = commentEnd(i, n);
      if (j < 0) return fail(i, E_COMMENT, true);
      i = j;
    } else if (b == 0x3b || (b == 0x25 && (at(i - 1) == LF || at(i - 1) == CR))) {
      i = lineEnd(i, n) - 1;
    }
    i++;
  }
  return fail(open, E_VARIATION, true);
}
