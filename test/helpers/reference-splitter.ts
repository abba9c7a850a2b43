// The game splitter as it was before its fast paths (commit 187c037), frozen as the oracle of the
// differential test (test/pgn/splitter-diff.test.ts): a byte at a time through the state machine, every
// comment and tag value walked byte by byte. Not used by src/. Do not optimise it.
// Binary bytes (added with them, the plain way): the state machine never sees one. Each step runs on the
// bytes before the next byte that is binary in its state (a NUL in comments, any binary byte elsewhere);
// reached, that byte opens or extends the stretch, skipped line by line to the line that starts a game.

// Game boundaries in a PGN byte stream: a byte-level state machine whose state survives between
// chunks, so any chunking of the input gives the same games, offsets and bytes.
//
// A game starts at its first non-blank byte and ends after its termination marker (`1-0`, `0-1`,
// `1/2-1/2`, `*`) outside comments and variations, or, when the marker is missing, at its last
// non-blank byte before a `[` that starts a line after movetext. A tag section followed by a blank
// line and then a tag whose name it already holds ends a tag-only game (tag-only databases), while
// a blank line inside one tag section does not (ChessBase writes those).
//
// Speed: movetext is skipped with one table lookup per byte, stopping only at the few bytes that
// matter (`{ ; [ ( ) * % -`); results are found from their `-`. Each chunk is scanned with a few
// bytes of the previous one before it and a few held back for the next, so every look around a
// byte stays inside one buffer.

import { BINARY_BYTE } from '../../src/pgn/binary.js';
import { SYMBOL } from '../../src/pgn/movetext.js';
import type { RawGame, SplitterOptions } from '../../src/pgn/splitter.js';

const DEFAULT_MAX_GAME_BYTES = 4 << 20;

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

const LF = 0x0a;
const CR = 0x0d;

// The bytes the movetext scan stops at.
const STOP = (() => {
  const t = new Uint8Array(256);
  for (const c of '{;[()*%-') t[c.charCodeAt(0)] = 1;
  return t;
})();

const EMPTY = new Uint8Array(0);

export class ReferenceSplitter {
  private readonly max: number;
  private readonly cap: number;
  private index = 0;

  // The buffer being scanned: the kept tail of the last one, then the new chunk.
  private work = new Uint8Array(1 << 16);
  private tailLen = 0;
  private buf: Uint8Array = EMPTY; // work, cut to its filled length
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

  // The stretch of binary bytes not emitted yet: start (-1: none), first binary byte; in BINARY, the line
  // so far: 0 blank, 1 a `[` first, 2 other; was the line before a tag pair's?
  private stretchStart = -1;
  private stretchFirst = 0;
  private line = 0;
  private afterTagLine = false;
  // Next binary byte and next NUL at or after the last place looked from (buf indices; -1: none).
  private nextAny = -1;
  private nextNul = -1;
  private lookedFrom = Infinity;

  // The current game's bytes before runStart: [start, start + pendingLen), at most cap of them.
  private pending = new Uint8Array(1 << 16);
  private pendingLen = 0;
  private arena = new Uint8Array(ARENA_SIZE);
  private arenaUsed = 0;

  constructor(opts: SplitterOptions = {}) {
    this.max = opts.maxGameBytes ?? DEFAULT_MAX_GAME_BYTES;
    this.cap = this.max + SLACK;
  }

  /** Feeds the next chunk of the stream; calls onGame for each game that ends in it. */
  push(chunk: Uint8Array, onGame: (g: RawGame) => void): void {
    const n = this.tailLen + chunk.length;
    if (n > this.work.length) {
      let size = this.work.length;
      while (size < n) size *= 2;
      const grown = new Uint8Array(size);
      grown.set(this.work.subarray(0, this.tailLen));
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
    if (state === BETWEEN || (state === TO_EOL && this.resume === BETWEEN)) return;
    if (state >= TAG && state <= TAG_ESCAPE && this.namePhase < 2) this.nameDone(onGame);
    // a comment left open at the end holds whatever followed it: emitted even without tags or moves, so
    // that the analysis rejects it as incomplete and recovers the games inside
    this.finish(this.lastEnd, onGame, state === COMMENT);
    this.state = BETWEEN;
  }

  /** Scans work[runStart, limit) of work[0, n), keeps the game's bytes, keeps a tail. */
  private pass(n: number, limit: number, onGame: (g: RawGame) => void): void {
    const buf = (this.buf = this.work.subarray(0, n));
    this.lookedFrom = Infinity;
    const end = this.scan(buf, this.runStart, limit, onGame);
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

  /** The state machine over buf[i, limit), a step at a time, each before the next binary byte. */
  private scan(buf: Uint8Array, i: number, limit: number, onGame: (g: RawGame) => void): number {
    while (i < limit) {
      if (this.state === BINARY) {
        i = this.skipBinary(buf, i);
        continue;
      }
      const k = this.nextBinary(buf, i);
      if (k === i) i = this.binary(i);
      else i = this.step(k < 0 ? buf : buf.subarray(0, k), i, k < 0 ? limit : Math.min(limit, k), onGame);
    }
    return i;
  }

  /** The next byte at or after i that is binary in the state: a NUL in a comment, any binary byte elsewhere. */
  private nextBinary(buf: Uint8Array, i: number): number {
    if (i < this.lookedFrom || (this.nextAny >= 0 && this.nextAny < i) || (this.nextNul >= 0 && this.nextNul < i)) {
      this.nextAny = this.nextNul = -1;
      for (let k = i; k < buf.length && this.nextNul < 0; k++) {
        if (BINARY_BYTE[buf[k]] === 1 && this.nextAny < 0) this.nextAny = k;
        if (buf[k] === 0) this.nextNul = k;
      }
      this.lookedFrom = i;
    }
    return this.state === COMMENT || this.state === TO_EOL ? this.nextNul : this.nextAny;
  }

  /** One step of the state machine over buf[i, limit). */
  private step(buf: Uint8Array, i: number, limit: number, onGame: (g: RawGame) => void): number {
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
      default:
        i = this.tagByte(buf, i, onGame);
    }
    return i;
  }

  /** A binary byte at buf[i]: opens the stretch (the game it touches, or itself between games) or extends it. */
  private binary(i: number): number {
    const inGame = !(this.state === BETWEEN || (this.state === TO_EOL && this.resume === BETWEEN));
    if (this.stretchStart < 0) {
      this.stretchStart = inGame ? this.start : this.bufBase + i;
      this.stretchFirst = this.bufBase + i;
    }
    this.line = inGame && this.tags > 0 && !this.movetext ? 1 : 2;
    this.state = BINARY;
    this.pendingLen = 0;
    return i + 1;
  }

  /** One byte of a stretch; a `[` first on a line after a line that is no tag pair's starts a game. */
  private skipBinary(buf: Uint8Array, i: number): number {
    const b = buf[i];
    if (b === LF || (b === CR && buf[i + 1] !== LF) || (b === CR && i + 1 >= buf.length)) {
      this.afterTagLine = this.line === 1;
      this.line = 0;
    } else if (b === CR) {
      // CR LF: the LF ends the line
    } else if (this.line === 0 && (b > 0x20 || BINARY_BYTE[b] === 1)) {
      if (b === 0x5b && !this.afterTagLine) {
        this.begin(this.bufBase + i);
        this.openTag();
        return i + 1; // the tag pair byte by byte, as tagByte reads it
      }
      this.line = b === 0x5b ? 1 : 2;
    }
    return i + 1;
  }

  private emitStretch(end: number, onGame: (g: RawGame) => void): void {
    onGame({ index: this.index++, offset: this.stretchStart, bytes: EMPTY, binary: { first: this.stretchFirst, end } });
    this.stretchStart = -1;
  }

  /** Blanks, % lines and byte-order marks between games; a game starts at any other byte. */
  private between(buf: Uint8Array, i: number, limit: number): number {
    for (; i < limit; i++) {
      const b = buf[i];
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
  private preamble(buf: Uint8Array, i: number, limit: number, onGame: (g: RawGame) => void): number {
    for (; i < limit; i++) {
      const b = buf[i];
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
        return this.wholeTag(buf, i, onGame);
      }
      this.state = MOVES; // this byte again, as movetext
      this.movetext = true;
      return i;
    }
    return i;
  }

  /** The hot loop: movetext, skipped up to the next byte that matters. */
  private moves(buf: Uint8Array, i: number, limit: number, onGame: (g: RawGame) => void): number {
    for (; i < limit; i++) {
      if (STOP[buf[i]] === 0) continue;
      switch (buf[i]) {
        case 0x2d: {
          // -
          const end = this.depth === 0 ? this.resultEnd(buf, i) : -1;
          if (end > 0) {
            this.finish(this.bufBase + end, onGame, false, true);
            this.state = BETWEEN;
            return end;
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
          // {: most are short ({ [%clk 0:03:00] }), so look here first
          let j = i + 1;
          while (j < limit && buf[j] !== 0x7d) j++;
          if (j === limit) {
            this.resume = MOVES;
            this.state = COMMENT;
            return j;
          }
          i = j;
          break;
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
      }
    }
    return i;
  }

  /** If the `-` at buf[i] is inside `1-0`, `0-1` or `1/2-1/2` standing alone, the index after it. */
  private resultEnd(buf: Uint8Array, i: number): number {
    const first = this.start - this.bufBase; // the game's first byte
    const a = buf[i - 1];
    const c = buf[i + 1];
    if ((a === 0x31 && c === 0x30) || (a === 0x30 && c === 0x31)) {
      return i - 1 >= first && this.delimits(buf, i - 2, first) && this.delimits(buf, i + 2, first) ? i + 2 : -1;
    }
    if (a !== 0x32 || c !== 0x31 || i - 3 < first) return -1;
    if (buf[i - 3] !== 0x31 || buf[i - 2] !== 0x2f || buf[i + 2] !== 0x2f || buf[i + 3] !== 0x32) return -1;
    return this.delimits(buf, i - 4, first) && this.delimits(buf, i + 4, first) ? i + 4 : -1;
  }

  /** Does buf[k] end a symbol token (or lie outside the game or the stream)? */
  private delimits(buf: Uint8Array, k: number, first: number): boolean {
    return k < first || k >= buf.length || SYMBOL[buf[k]] === 0;
  }

  /**
   * The fast path of a tag pair at buf[i] === '[': when the whole pair is in buf and well formed,
   * does what tagByte would do over it and returns the index after it; otherwise i + 1, and
   * tagByte goes on from there.
   */
  private wholeTag(buf: Uint8Array, i: number, onGame: (g: RawGame) => void): number {
    const n = buf.length;
    let j = i + 1;
    while (j < n && buf[j] <= 0x20 && buf[j] !== LF && buf[j] !== CR) j++;
    let h = this.nameHash;
    for (let c = buf[j]; j < n && c > 0x20 && c !== 0x22 && c !== 0x5d; c = buf[++j]) h = Math.imul(h ^ c, 0x01000193);
    const nameEnd = j;
    while (j < n) {
      const c = buf[j];
      if (c === LF || c === CR) return i + 1;
      if (c === 0x5d) break;
      if (c === 0x22) {
        for (j++; j < n && buf[j] !== 0x22; j++) {
          if (buf[j] === LF || buf[j] === CR) return i + 1;
          if (buf[j] === 0x5c && ++j < n && (buf[j] === LF || buf[j] === CR)) return i + 1;
        }
        if (j >= n) return i + 1;
      }
      j++;
    }
    if (j >= n) return i + 1;
    if (this.candidate >= 0 && this.bufBase + nameEnd - this.candidate > NAME_WINDOW) this.candidate = -1;
    this.nameHash = h;
    this.nameDone(onGame);
    this.state = PREAMBLE;
    return j + 1;
  }

  /** A byte inside a tag pair; returns the next index. A line end ends even a malformed tag. */
  private tagByte(buf: Uint8Array, i: number, onGame: (g: RawGame) => void): number {
    const b = buf[i];
    if (b === LF || b === CR) {
      if (this.namePhase < 2) this.nameDone(onGame);
      this.state = PREAMBLE;
      return i; // the line end again, in PREAMBLE
    }
    if (this.state === TAG_ESCAPE) {
      this.state = TAG_STRING;
      return i + 1;
    }
    if (this.state === TAG_STRING) {
      let j = i;
      let c = b;
      while (c !== 0x22 && c !== 0x5c && c !== LF && c !== CR) {
        if (++j === buf.length) return j;
        c = buf[j];
      }
      if (c === 0x22) this.state = TAG;
      else if (c === 0x5c) this.state = TAG_ESCAPE;
      else return j; // a line end, handled above
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

  private toEol(resume: number, i: number): number {
    this.resume = resume;
    this.state = TO_EOL;
    return i + 1;
  }

  /** Is buf[i] first on its line? A byte-order mark before it does not count. */
  private col0(buf: Uint8Array, i: number): boolean {
    if (buf[i - 1] === 0xbf && buf[i - 2] === 0xbb && buf[i - 3] === 0xef) i -= 3;
    return this.bufBase + i === 0 || buf[i - 1] === LF || buf[i - 1] === CR;
  }

  /** Are the bytes before buf[i] on its line all blank? */
  private lineBlankBefore(i: number): boolean {
    const buf = this.buf;
    let j = i;
    while (j > this.runStart && buf[j - 1] <= 0x20 && buf[j - 1] !== LF && buf[j - 1] !== CR) j--;
    return j > this.runStart ? buf[j - 1] === LF || buf[j - 1] === CR : this.lineBlank;
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

  /** Copies stream bytes [from, to) of the current game out of the pending bytes and buf. */
  private extract(from: number, to: number): Uint8Array {
    const out = this.alloc(to - from);
    const scanned = this.bufBase + this.runStart;
    const split = Math.max(from, Math.min(to, scanned));
    if (split > from) out.set(this.pending.subarray(from - this.start, split - this.start));
    if (to > split) out.set(this.buf.subarray(split - this.bufBase, to - this.bufBase), split - from);
    return out;
  }

  /** Room for len bytes in the arena, which is replaced, never overwritten, when full. */
  private alloc(len: number): Uint8Array {
    if (len > ARENA_SIZE >> 4) return new Uint8Array(len);
    if (this.arenaUsed + len > ARENA_SIZE) {
      this.arena = new Uint8Array(ARENA_SIZE);
      this.arenaUsed = 0;
    }
    const out = this.arena.subarray(this.arenaUsed, this.arenaUsed + len);
    this.arenaUsed += len;
    return out;
  }

  /** After a pass inside a game: keeps its bytes scanned in buf[.., end), at most cap of them. */
  private keep(buf: Uint8Array, end: number): void {
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
