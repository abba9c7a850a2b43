// Game boundaries in a PGN byte stream: a byte-level state machine whose state survives between
// chunks, so any chunking of the input gives the same games, offsets and bytes.
//
// Binary bytes (src/pgn/binary.ts) cost only the game they touch: from that game's start, or the byte
// itself between games, to the next line that starts a tag section (a `[` line after a line that is no
// tag pair's), the bytes are one stretch, emitted as such (no bytes) and never read as games; a game begun
// there that meets binary bytes again before it ends joins the stretch. A NUL counts wherever it is; the
// other binary bytes where the machine reads bytes one by one (everywhere but inside comments).
//
// A game starts at its first non-blank byte and ends after its termination marker (`1-0`, `0-1`,
// `1/2-1/2`, `*`) outside comments and variations, or, when the marker is missing, at its last
// non-blank byte before a `[` that starts a line after movetext. A tag section followed by a blank
// line and then a tag whose name it already holds ends a tag-only game (tag-only databases), while
// a blank line inside one tag section does not (ChessBase writes those).
//
// Speed: movetext is skipped with one table lookup per byte, stopping only at the few bytes that
// matter (`{ ; [ ( ) * % -`); results are found from their `-`. A comment, most of the movetext of a
// lichess game (`{ [%clk 0:01:00] }` after every move), is skipped to its `}` by Buffer's indexOf,
// which is memchr (Uint8Array's own indexOf is a slower loop than ours). Each chunk is scanned with a
// few bytes of the previous one before it and a few held back for the next, so every look around a
// byte stays inside one buffer.

import { BINARY_BYTE } from './binary.js';
import { SYMBOL } from './movetext.js';

export interface RawGame {
  /** 0-based game index in the stream. */
  index: number;
  /** Byte offset of the game's first byte in the whole stream. */
  offset: number;
  /**
   * The game's bytes: a copy in memory the splitter never writes again (a view into a shared
   * arena, so copy it before transferring its buffer); with the `views` option, a view valid only
   * while onGame runs. Empty when tooLarge.
   */
  bytes: Uint8Array;
  /** The game is longer than maxGameBytes; its bytes were not kept. */
  tooLarge?: boolean;
  /** The game ended at its termination marker (not at the next tag section or the end of the stream). */
  terminated?: boolean;
  /**
   * Not a game: a stretch of bytes that are not text, and the game they touched, up to the next game
   * (`end`, a stream offset); `first` is the stream offset of its first binary byte. Its bytes are empty.
   */
  binary?: { first: number; end: number };
}

export interface SplitterOptions {
  maxGameBytes?: number;
  /** Give each game's bytes as a view valid only during onGame, for a caller that copies them anyway. */
  views?: boolean;
}

export const DEFAULT_MAX_GAME_BYTES = 4 << 20;

// Bytes looked at ahead of and behind a byte: `1/2-1/2` is checked from its `-`, with 3 bytes and
// a delimiter on each side; column 0 after a byte-order mark looks 4 back. BEHIND has a margin.
const AHEAD = 4;
const BEHIND = 8;
// A candidate tag name must end this close to its `[` to be compared; past it, no split.
const NAME_WINDOW = 256;
// Bytes kept beyond maxGameBytes, so a game restarted at a candidate `[` still has all its bytes.
const SLACK = 2 * NAME_WINDOW;
const MAX_NAMES = 64;
// Game bytes are copied into arenas of this size: one allocation for many games.
const ARENA_SIZE = 1 << 20;

// States.
const BETWEEN = 0; // outside any game
const PREAMBLE = 1; // in a game before its movetext: tags, comments, blank lines
const MOVES = 2; // in the movetext, outside comments
const TAG = 3; // inside [ ... ], outside the string
const TAG_STRING = 4;
const TAG_ESCAPE = 5; // after a backslash in a tag string
const COMMENT = 6; // { ... }
const TO_EOL = 7; // ; comment or % escape line
const BINARY = 8; // in a stretch of binary bytes

// In BINARY, what the line holds so far: nothing but blanks, a `[` first, something else first.
const LINE_BLANK = 0;
const LINE_TAG = 1;
const LINE_OTHER = 2;

const LF = 0x0a;
const CR = 0x0d;

// 1/2-1/2 as the bytes k = 1, 2, 3 before (high byte) and after its `-`.
const DRAW_PAIRS = Int32Array.from([0, 1, 2, 3], (k) => ('1/2-1/2'.charCodeAt(3 - k) << 8) | '1/2-1/2'.charCodeAt(3 + k));

// Bytes that are not text, read through a module-private name (an imported binding is read through its
// module cell, tested at each read).
const NOT_TEXT: Uint8Array = BINARY_BYTE.slice();

// The bytes the movetext scan stops at, binary ones too.
const STOP = (() => {
  const t = NOT_TEXT.slice();
  for (const c of '{;[()*%-') t[c.charCodeAt(0)] = 1;
  return t;
})();

// The bytes a tag value's scan stops at: its end, an escape, a line end, a binary byte.
const VALUE_STOP = (() => {
  const t = NOT_TEXT.slice();
  for (const c of [0x22, 0x5c, LF, CR]) t[c] = 1;
  return t;
})();

const LINE_END = (() => {
  const t = new Uint8Array(256);
  t[LF] = t[CR] = 1;
  return t;
})();

const EMPTY = Buffer.alloc(0);

export class GameSplitter {
  private readonly max: number;
  private readonly cap: number;
  private readonly views: boolean;
  private index = 0;

  // The buffer being scanned: the kept tail of the last one, then the new chunk.
  // Buffers, not plain Uint8Arrays: for their native indexOf and copy
  private work = Buffer.alloc(1 << 16);
  private tailLen = 0;
  private buf = EMPTY; // work, cut to its filled length
  private bufBase = 0; // stream offset of buf[0]
  private runStart = 0; // first byte of buf to scan in this pass (the ones before are kept to look back)

  private state = BETWEEN;
  private resume = BETWEEN; // state after a COMMENT or TO_EOL
  // At runStart: does the line hold only blanks so far (stream start counts as a line start)?
  private lineBlank = true;

  // The current game.
  private start = 0;
  private lastEnd = 0; // at runStart: stream offset after the game's last non-blank byte
  private depth = 0;
  private movetext = false;
  private tags = 0;
  private blankAfterTag = false;
  private readonly names = new Int32Array(MAX_NAMES); // hashes of its tag names
  private nameCount = 0;
  private namePhase = 0; // in TAG: 0 before the name, 1 in it, 2 after it
  private nameHash = 0;
  private candidate = -1; // stream offset of a `[` that may start a new game
  private candidateEnd = 0; // end of the game before that `[`

  // The stretch of binary bytes not emitted yet: its start (-1: none) and first binary byte, stream offsets.
  private stretchStart = -1;
  private stretchFirst = 0;
  // In BINARY: what the line holds so far (LINE_*); was the line before a tag pair's?
  private binLine = LINE_BLANK;
  private binAfterTag = false;

  // The current game's bytes before runStart: [start, start + pendingLen), at most cap of them.
  private pending = new Uint8Array(1 << 16);
  private pendingLen = 0;
  private arena = new Uint8Array(ARENA_SIZE);
  private arenaUsed = 0;

  constructor(opts: SplitterOptions = {}) {
    this.max = opts.maxGameBytes ?? DEFAULT_MAX_GAME_BYTES;
    this.cap = this.max + SLACK;
    this.views = opts.views === true;
    // What the passes carry over, written twice with different values: V8 takes a field written once for a
    // constant (const field tracking), and the code that read one while the first chunk was scanned was
    // thrown away when the pass ended and moved it ("code dependencies").
    this.tailLen = this.bufBase = this.runStart = this.lastEnd = -1;
    this.tailLen = this.bufBase = this.runStart = this.lastEnd = 0;
    this.lineBlank = false;
    this.lineBlank = true;
  }

  /** Feeds the next chunk of the stream; calls onGame for each game that ends in it. */
  push(chunk: Uint8Array, onGame: (g: RawGame) => void): void {
    const n = this.tailLen + chunk.length;
    if (n > this.work.length) {
      let size = this.work.length;
      while (size < n) size *= 2;
      const grown = Buffer.alloc(size);
      this.work.copy(grown, 0, 0, this.tailLen);
      this.work = grown;
    }
    this.work.set(chunk, this.tailLen);
    this.pass(n, n - AHEAD, onGame);
  }

  /** Ends the stream: scans the bytes held back and emits the last game if one is open. */
  end(onGame: (g: RawGame) => void): void {
    const n = this.tailLen;
    const streamEnd = this.bufBase + n;
    this.pass(n, n, onGame);
    const state = this.state;
    if (state === BINARY) {
      this.emitStretch(streamEnd, onGame);
      this.state = BETWEEN;
      return;
    }
    if (!this.inGame()) return;
    if (state >= TAG && state <= TAG_ESCAPE && this.namePhase < 2) this.nameDone(onGame);
    // a comment left open at the end holds whatever followed it: emitted even without tags or moves, so
    // that the analysis rejects it as incomplete and recovers the games inside
    this.finish(this.lastEnd, onGame, state === COMMENT);
    this.state = BETWEEN;
  }

  /**
   * Scans work[runStart, limit) of work[0, n), keeps the game's bytes, keeps a tail. A NUL stops the scan
   * wherever it is (nothing looks past it: the buffer scanned ends there), and is handled as binary.
   */
  private pass(n: number, limit: number, onGame: (g: RawGame) => void): void {
    const buf = this.work.subarray(0, n);
    let end = this.runStart;
    for (;;) {
      if (this.state === BINARY) {
        this.buf = buf;
        end = this.skipBinary(buf, end, limit, onGame);
        if (this.state === BINARY) break;
      }
      const nul = buf.indexOf(0, end);
      this.buf = nul < 0 ? buf : buf.subarray(0, nul);
      end = this.scan(this.buf, end, nul < 0 ? limit : nul, onGame);
      if (nul < 0) break;
      end = this.binary(nul);
    }
    this.buf = buf;
    if (this.state !== BETWEEN && this.state !== BINARY) this.keep(buf, end);
    // What the next pass needs to know about the bytes before its first one.
    this.lineBlank = this.lineBlankBefore(end);
    this.lastEnd = this.lastEndBefore(end);
    const from = Math.max(0, end - BEHIND);
    this.work.copyWithin(0, from, n);
    this.tailLen = n - from;
    this.runStart = end - from;
    this.bufBase += from;
    this.buf = this.work.subarray(0, this.tailLen);
  }

  /**
   * The state machine over buf[i, limit); returns where it stopped: past limit only after a comment or
   * a tag pair that runs past it (neither needs the bytes held back), at most buf.length.
   */
  private scan(buf: Buffer, i: number, limit: number, onGame: (g: RawGame) => void): number {
    while (i < limit) {
      switch (this.state) {
        case MOVES:
          i = this.moves(buf, i, limit, onGame);
          break;
        case BETWEEN:
          i = this.between(buf, i, limit);
          break;
        case PREAMBLE:
          i = this.preamble(buf, i, limit, onGame);
          break;
        case COMMENT: {
          // Bytes past limit may be taken here: only the movetext scan looks ahead.
          const j = buf.indexOf(0x7d, i);
          if (j < 0) {
            i = buf.length;
          } else {
            this.state = this.resume;
            i = j + 1;
          }
          break;
        }
        case TO_EOL:
          while (i < limit && buf[i] !== LF && buf[i] !== CR) i++;
          if (i < limit) this.state = this.resume;
          break;
        case BINARY:
          i = this.skipBinary(buf, i, limit, onGame);
          break;
        default:
          i = this.tagByte(buf, i, onGame);
      }
    }
    return i;
  }

  /** Blanks, % lines and byte-order marks between games; a game starts at any other byte. */
  private between(buf: Buffer, i: number, limit: number): number {
    const notText = NOT_TEXT;
    for (; i < limit; i++) {
      const b = buf[i];
      if (notText[b] === 1) return this.binary(i);
      if (b <= 0x20) continue;
      if (b === 0x25 && this.col0(buf, i)) return this.toEol(BETWEEN, i);
      if (b === 0xef && buf[i + 1] === 0xbb && buf[i + 2] === 0xbf) {
        i += 2;
        continue;
      }
      this.begin(this.bufBase + i);
      return i;
    }
    return i;
  }

  /** A game before its movetext: tags, comments, % lines and blank lines. */
  private preamble(buf: Buffer, i: number, limit: number, onGame: (g: RawGame) => void): number {
    const notText = NOT_TEXT;
    for (; i < limit; i++) {
      const b = buf[i];
      if (notText[b] === 1) return this.binary(i);
      if (b <= 0x20) {
        const eol = b === CR || (b === LF && buf[i - 1] !== CR);
        if (eol && this.tags > 0 && this.lineBlankBefore(i)) this.blankAfterTag = true;
        continue;
      }
      if (b === 0x7b) {
        this.resume = PREAMBLE;
        this.state = COMMENT;
        return i + 1;
      }
      if (b === 0x3b || (b === 0x25 && this.col0(buf, i))) return this.toEol(PREAMBLE, i);
      if (b === 0x5b) {
        const at = this.bufBase + i;
        if (this.tags > 0 && this.blankAfterTag && at - this.start <= this.max) {
          this.candidate = at;
          this.candidateEnd = this.lastEndBefore(i);
        }
        this.openTag();
        const next = this.wholeTag(buf, i, onGame);
        if (this.state !== PREAMBLE) return next; // not a whole tag pair: byte by byte
        i = next - 1; // the next tag line, here
        continue;
      }
      this.state = MOVES; // this byte again, as movetext
      this.movetext = true;
      return i;
    }
    return i;
  }

  /** The hot loop: movetext, skipped up to the next byte that matters. */
  private moves(buf: Buffer, i: number, limit: number, onGame: (g: RawGame) => void): number {
    const stop = STOP; // a local: the module constant would be loaded and checked on every byte
    let next = MOVES; // the state at the index returned
    scan: for (; ; i++) {
      // four bytes a test while none matters: move numbers and SAN between comments
      while (i + 3 < limit && (stop[buf[i]] | stop[buf[i + 1]] | stop[buf[i + 2]] | stop[buf[i + 3]]) === 0) i += 4;
      while (i < limit && stop[buf[i]] === 0) i++;
      if (i >= limit) break;
      switch (buf[i]) {
        case 0x2d: {
          // -
          const end = this.depth === 0 ? this.resultEnd(buf, i) : -1;
          if (end > 0) {
            this.finish(this.bufBase + end, onGame, false, true);
            next = BETWEEN;
            i = end;
            break scan;
          }
          break;
        }
        case 0x2a: // *
          if (this.depth === 0) {
            this.finish(this.bufBase + i + 1, onGame, false, true);
            this.state = BETWEEN;
            return i + 1;
          }
          break;
        case 0x28: // (
          this.depth++;
          break;
        case 0x29: // )
          if (this.depth > 0) this.depth--;
          break;
        case 0x7b: {
          // {: to its }, which may lie past limit (only the movetext scan looks ahead)
          const j = buf.indexOf(0x7d, i + 1);
          if (j >= 0) {
            i = j;
            break;
          }
          // none in buf: in the comment at limit too. Only locals set here, the fields by the way out the
          // results take: code of its own, first run at the first chunk's end, had no type feedback and
          // deoptimized this scan.
          next = COMMENT;
          i = limit;
          break scan;
        }
        case 0x3b: // ;
          return this.toEol(MOVES, i);
        case 0x25: // %
          if (this.col0(buf, i)) return this.toEol(MOVES, i);
          break;
        case 0x5b: // [ starting a line: a new tag section, so a new game
          if (this.lineBlankBefore(i)) {
            this.finish(this.lastEndBefore(i), onGame);
            this.begin(this.bufBase + i);
            this.openTag();
            return this.wholeTag(buf, i, onGame);
          }
          break;
        default: // a binary byte
          return this.binary(i);
      }
    }
    this.resume = MOVES; // read in COMMENT only
    this.state = next;
    return i;
  }

  /** If the `-` at buf[i] is inside `1-0`, `0-1` or `1/2-1/2` standing alone, the index after it. */
  private resultEnd(buf: Buffer, i: number): number {
    const first = this.start - this.bufBase; // the game's first byte
    const pair = (buf[i - 1] << 8) | buf[i + 1];
    const decisive = pair === 0x3130 || pair === 0x3031; // 1-0, 0-1
    // One path for the three results: a draw's bytes are tested by the loop every castling `O-O` runs
    // into, and its ends by the code of 1-0 and 0-1, each test reached by the commonest dashes. Code of
    // its own (or a test reached by 0-1 alone) had no type feedback until the first such game, which
    // deoptimized the movetext scan.
    const h = decisive ? 1 : 3; // the result's bytes on each side of its `-`
    if (i - h < first) return -1;
    if (!decisive) {
      for (let k = 0; k < h; ) {
        k++;
        if (((buf[i - k] << 8) | buf[i + k]) !== DRAW_PAIRS[k]) return -1;
      }
    }
    return this.delimits(buf, i - h - 1, first) && this.delimits(buf, i + h + 1, first) ? i + h + 1 : -1;
  }

  /** Does buf[k] end a symbol token (or lie outside the game or the stream)? */
  private delimits(buf: Buffer, k: number, first: number): boolean {
    return k < first || k >= buf.length || SYMBOL[buf[k]] === 0;
  }

  /**
   * The fast path of a tag pair at buf[i] === '[': when the whole pair is in buf and well formed,
   * does what tagByte would do over it and returns the index after it; otherwise i + 1, and
   * tagByte goes on from there.
   */
  private wholeTag(buf: Buffer, i: number, onGame: (g: RawGame) => void): number {
    const n = buf.length;
    const valueStop = VALUE_STOP;
    const notText = NOT_TEXT;
    // where tagByte goes on when the pair is not whole, added up once: an `i + 1` at each way out had no
    // type feedback until a pair first ran past the chunk, and deoptimized the preamble's scan
    const after = i + 1;
    let j = after;
    let c = 0;
    // a binary byte anywhere: byte by byte, where tagByte finds it
    while (j < n && (c = buf[j]) <= 0x20 && c !== LF && c !== CR && notText[c] === 0) j++;
    let h = this.nameHash;
    for (; j < n && (c = buf[j]) > 0x20 && c !== 0x22 && c !== 0x5d && c !== 0x7f; j++) h = Math.imul(h ^ c, 0x01000193);
    const nameEnd = j;
    for (; j < n; j++) {
      c = buf[j];
      if (c === 0x5d) break;
      if (c === LF || c === CR || notText[c] === 1) return after;
      if (c !== 0x22) continue;
      // the value, to its closing quote: one table test a byte
      for (j++; ; j++) {
        if (j >= n) return after;
        c = buf[j];
        if (valueStop[c] === 0) continue;
        if (c === 0x22) break;
        if (c !== 0x5c) return after; // a line end or a binary byte
        if (++j < n && (buf[j] === LF || buf[j] === CR || notText[buf[j]] === 1)) return after; // escaped
      }
    }
    if (j >= n) return after;
    if (this.candidate >= 0 && this.bufBase + nameEnd - this.candidate > NAME_WINDOW) this.candidate = -1;
    this.nameHash = h;
    this.nameDone(onGame);
    this.state = PREAMBLE;
    return j + 1;
  }

  /** A byte inside a tag pair; returns the next index. A line end ends even a malformed tag. */
  private tagByte(buf: Buffer, i: number, onGame: (g: RawGame) => void): number {
    const b = buf[i];
    if (b === LF || b === CR) {
      if (this.namePhase < 2) this.nameDone(onGame);
      this.state = PREAMBLE;
      return i; // the line end again, in PREAMBLE
    }
    if (NOT_TEXT[b] === 1) return this.binary(i);
    if (this.state === TAG_ESCAPE) {
      this.state = TAG_STRING;
      return i + 1;
    }
    if (this.state === TAG_STRING) {
      let j = i;
      let c = b;
      const valueStop = VALUE_STOP;
      while (valueStop[c] === 0) {
        if (++j === buf.length) return j;
        c = buf[j];
      }
      if (c === 0x22) this.state = TAG;
      else if (c === 0x5c) this.state = TAG_ESCAPE;
      else return j; // a line end or a binary byte, handled above
      return j + 1;
    }
    if (this.namePhase < 2) {
      if (this.candidate >= 0 && this.bufBase + i - this.candidate > NAME_WINDOW) this.candidate = -1;
      if (b > 0x20 && b !== 0x22 && b !== 0x5d) {
        this.namePhase = 1;
        this.nameHash = Math.imul(this.nameHash ^ b, 0x01000193);
        return i + 1;
      }
      if (this.namePhase === 0 && b <= 0x20) return i + 1; // blanks before the name
      this.nameDone(onGame);
    }
    if (b === 0x22) this.state = TAG_STRING;
    else if (b === 0x5d) this.state = PREAMBLE;
    return i + 1;
  }

  private openTag(): void {
    this.tags++;
    this.blankAfterTag = false;
    this.state = TAG;
    this.namePhase = 0;
    this.nameHash = 0x811c9dc5; // FNV-1a
  }

  /** The tag name is complete: a repeated name after a blank line starts a new game. */
  private nameDone(onGame: (g: RawGame) => void): void {
    this.namePhase = 2;
    const h = this.nameHash;
    if (this.candidate >= 0) {
      const at = this.candidate;
      this.candidate = -1;
      if (this.names.subarray(0, this.nameCount).includes(h)) {
        this.finish(this.candidateEnd, onGame);
        this.restart(at);
      }
    }
    if (this.nameCount < MAX_NAMES) this.names[this.nameCount++] = h;
  }

  /** Inside a game (a % line between games is not)? */
  private inGame(): boolean {
    return this.state !== BETWEEN && !(this.state === TO_EOL && this.resume === BETWEEN);
  }

  /**
   * A binary byte at buf[i]: the game it touches, from its start, or the byte itself between games, opens
   * a stretch, unless one is open (a game begun in it joins it). Its line counts as a tag pair's while in
   * the game's tag section, so that the next tag line of the same section does not end the stretch.
   */
  private binary(i: number): number {
    if (this.state === BINARY) {
      if (this.binLine === LINE_BLANK) this.binLine = LINE_OTHER;
      return i + 1;
    }
    const inGame = this.inGame();
    if (this.stretchStart < 0) {
      this.stretchStart = inGame ? this.start : this.bufBase + i;
      this.stretchFirst = this.bufBase + i;
    }
    this.binLine = inGame && this.tags > 0 && !this.movetext ? LINE_TAG : LINE_OTHER;
    this.state = BINARY;
    this.pendingLen = 0;
    return i + 1;
  }

  /** In a stretch: line by line to a `[` that starts a line after one that is no tag pair's, which starts a game. */
  private skipBinary(buf: Buffer, i: number, limit: number, onGame: (g: RawGame) => void): number {
    for (; i < limit; i++) {
      const b = buf[i];
      if (b === LF || b === CR) {
        if (b === LF && i > 0 && buf[i - 1] === CR) continue; // CRLF: one line end
        this.binAfterTag = this.binLine === LINE_TAG;
        this.binLine = LINE_BLANK;
      } else if (this.binLine === LINE_BLANK && (b > 0x20 || NOT_TEXT[b] === 1)) {
        if (b === 0x5b && !this.binAfterTag) {
          this.begin(this.bufBase + i);
          this.openTag();
          return this.wholeTag(buf, i, onGame);
        }
        this.binLine = b === 0x5b ? LINE_TAG : LINE_OTHER;
      }
    }
    return i;
  }

  /** Emits the open stretch, which ends at `end`. */
  private emitStretch(end: number, onGame: (g: RawGame) => void): void {
    onGame({ index: this.index++, offset: this.stretchStart, bytes: EMPTY, binary: { first: this.stretchFirst, end } });
    this.stretchStart = -1;
  }

  private toEol(resume: number, i: number): number {
    this.resume = resume;
    this.state = TO_EOL;
    return i + 1;
  }

  /** Is buf[i] first on its line? A byte-order mark before it does not count. */
  private col0(buf: Buffer, i: number): boolean {
    if (buf[i - 1] === 0xbf && buf[i - 2] === 0xbb && buf[i - 3] === 0xef) i -= 3;
    return this.bufBase + i === 0 || buf[i - 1] === LF || buf[i - 1] === CR;
  }

  /** Are the bytes before buf[i] on its line all blank? */
  private lineBlankBefore(i: number): boolean {
    const buf = this.buf;
    const first = this.runStart;
    // Every load and test on the common path (the line end before a tag, a tag's `]`): the answer at runStart
    // loaded before it is known to be needed, line ends told by a table. A test or load reached only at a
    // chunk's start or after a space had no type feedback and deoptimized the scan that inlined this.
    const atFirst = this.lineBlank;
    const eol = LINE_END;
    let j = i;
    let c = 0;
    do
      j--; // the step taken first: after the test, it was reached only past a space
    while (j >= first && (c = buf[j]) <= 0x20 && eol[c] === 0);
    return j >= first ? eol[c] === 1 : atFirst;
  }

  /** The stream offset after the current game's last non-blank byte before buf[i]. */
  private lastEndBefore(i: number): number {
    const buf = this.buf;
    let j = i;
    while (j > this.runStart && buf[j - 1] <= 0x20) j--;
    return j > this.runStart ? this.bufBase + j : this.lastEnd;
  }

  private begin(at: number): void {
    this.state = PREAMBLE;
    this.start = at;
    this.pendingLen = 0;
    this.depth = 0;
    this.movetext = false;
    this.tags = 0;
    this.blankAfterTag = false;
    this.nameCount = 0;
    this.candidate = -1;
  }

  /** The current game becomes the one starting at `at` (a `[` in this game's kept bytes). */
  private restart(at: number): void {
    const drop = at - this.start;
    if (drop < this.pendingLen) {
      this.pending.copyWithin(0, drop, this.pendingLen);
      this.pendingLen -= drop;
    } else {
      this.pendingLen = 0;
    }
    this.start = at;
    this.tags = 1;
    this.nameCount = 0;
    this.blankAfterTag = false;
  }

  /** Emits the current game as [start, end), unless it holds neither tags nor movetext; the open stretch first. */
  private finish(end: number, onGame: (g: RawGame) => void, always = false, terminated = false): void {
    if (this.stretchStart >= 0) this.emitStretch(this.start, onGame);
    if (this.tags === 0 && !this.movetext && !always) return;
    const g: RawGame = { index: this.index++, offset: this.start, bytes: EMPTY, terminated };
    if (end - this.start > this.max) g.tooLarge = true;
    else g.bytes = this.extract(this.start, end);
    onGame(g);
  }

  /**
   * Stream bytes [from, to) of the current game, from the pending bytes and buf: copied, or with the
   * views option a view of buf when all of them are there (else joined in the arena, overwritten later).
   */
  private extract(from: number, to: number): Uint8Array {
    const scanned = this.bufBase + this.runStart;
    const split = Math.max(from, Math.min(to, scanned));
    if (this.views && split === from) return new Uint8Array(this.work.buffer, this.work.byteOffset + from - this.bufBase, to - from);
    const out = this.alloc(to - from);
    if (split > from) out.set(this.pending.subarray(from - this.start, split - this.start));
    if (to > split) this.buf.copy(out, split - from, split - this.bufBase, to - this.bufBase);
    return out;
  }

  /** Room for len bytes in the arena, which is replaced, never overwritten, when full (views: reused). */
  private alloc(len: number): Uint8Array {
    if (len > ARENA_SIZE >> 4) return new Uint8Array(len);
    if (this.views) this.arenaUsed = 0;
    else if (this.arenaUsed + len > ARENA_SIZE) {
      this.arena = new Uint8Array(ARENA_SIZE);
      this.arenaUsed = 0;
    }
    const out = this.arena.subarray(this.arenaUsed, this.arenaUsed + len);
    this.arenaUsed += len;
    return out;
  }

  /** After a pass inside a game: keeps its bytes scanned in buf[.., end), at most cap of them. */
  private keep(buf: Buffer, end: number): void {
    const from = Math.max(this.start - this.bufBase, this.runStart);
    const have = this.bufBase + from - this.start; // bytes of the game before `from`
    const take = Math.min(end - from, this.cap - have);
    if (take <= 0) return;
    const need = have + take;
    if (need > this.pending.length) {
      let size = this.pending.length;
      while (size < need) size *= 2;
      const grown = new Uint8Array(Math.min(size, this.cap));
      grown.set(this.pending.subarray(0, have));
      this.pending = grown;
    }
    this.pending.set(buf.subarray(from, from + take), have);
    this.pendingLen = need;
  }
}
