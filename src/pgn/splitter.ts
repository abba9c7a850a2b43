// Game boundaries in a PGN byte stream: a byte-level state machine whose state survives between
// chunks, so any chunking of the input gives the same games, offsets and bytes.
//
// A game starts at its first non-blank byte and ends after its termination marker (`1-0`, `0-1`,
// `1/2-1/2`, `*`) outside comments and variations, or, when the marker is missing, at its last
// non-blank byte before a `[` that starts a line after movetext. A tag section followed by a blank
// line and then a tag whose name it already holds ends a tag-only game (tag-only databases), while
// a blank line inside one tag section does not (ChessBase writes those).

import { SYMBOL } from './movetext.js';

export interface RawGame {
  /** 0-based game index in the stream. */
  index: number;
  /** Byte offset of the game's first byte in the whole stream. */
  offset: number;
  /** The game's bytes, a copy owned by the game; empty when tooLarge. */
  bytes: Uint8Array;
  /** The game is longer than maxGameBytes; its bytes were not kept. */
  tooLarge?: boolean;
}

export interface SplitterOptions {
  maxGameBytes?: number;
}

export const DEFAULT_MAX_GAME_BYTES = 4 << 20;

// A candidate tag name must end this close to its `[` to be compared; past it, no split.
const NAME_WINDOW = 256;
// Bytes kept beyond maxGameBytes, so a game restarted at a candidate `[` still has all its bytes.
const SLACK = 2 * NAME_WINDOW;
const MAX_NAMES = 64;

// States.
const BETWEEN = 0; // outside any game
const GAME = 1; // top level of a game (tags, movetext, variations)
const TAG = 2; // inside [ ... ], outside the string
const TAG_STRING = 3;
const TAG_ESCAPE = 4; // after a backslash in a tag string
const COMMENT = 5; // { ... }
const TO_EOL = 6; // ; comment or % escape line
const BOM1 = 7; // after EF between games
const BOM2 = 8; // after EF BB

// Byte kinds at the top level of a game.
const K_SYMBOL = 0;
const K_BLANK = 1;
const K_CR = 2;
const K_LF = 3;
const K_LBRACE = 4;
const K_SEMI = 5;
const K_LBRACKET = 6;
const K_LPAREN = 7;
const K_RPAREN = 8;
const K_STAR = 9;
const K_PERCENT = 10;
const K_PUNCT = 11; // ends a token; stray movetext ( } ] " $ . )

const KIND = (() => {
  const t = new Uint8Array(256);
  for (let b = 0; b < 256; b++) t[b] = SYMBOL[b] ? K_SYMBOL : b <= 0x20 ? K_BLANK : K_PUNCT;
  t[0x0d] = K_CR;
  t[0x0a] = K_LF;
  t[0x7b] = K_LBRACE;
  t[0x3b] = K_SEMI;
  t[0x5b] = K_LBRACKET;
  t[0x28] = K_LPAREN;
  t[0x29] = K_RPAREN;
  t[0x2a] = K_STAR;
  t[0x25] = K_PERCENT;
  return t;
})();

const EMPTY = new Uint8Array(0);

export class GameSplitter {
  private readonly max: number;
  private readonly cap: number;

  // The chunk being pushed and the stream offset of its first byte.
  private chunk: Uint8Array = EMPTY;
  private base = 0;
  private index = 0;

  private state = BETWEEN;
  private eolReturn = BETWEEN; // state to resume at the end of a TO_EOL line
  private col0 = true; // nothing yet on this line
  private lineBlank = true; // only blanks yet on this line
  private prevCR = false;

  // The current game.
  private start = 0;
  private lastEnd = 0; // stream offset after its last non-blank byte
  private depth = 0;
  private movetext = false;
  private tags = 0;
  private blankAfterTag = false;
  private readonly token = new Uint8Array(7); // first bytes of the current symbol token
  private tokenLen = 0;
  private readonly names = new Int32Array(MAX_NAMES); // hashes of its tag names
  private nameCount = 0;
  private namePhase = 0; // in TAG: 0 before the name, 1 in it, 2 after it
  private nameHash = 0;
  private candidate = -1; // stream offset of a `[` that may start a new game
  private candidateEnd = 0; // lastEnd before that `[`

  // The current game's bytes from earlier chunks: [start, start + pendingLen), at most cap bytes.
  private pending = new Uint8Array(1 << 16);
  private pendingLen = 0;

  constructor(opts: SplitterOptions = {}) {
    this.max = opts.maxGameBytes ?? DEFAULT_MAX_GAME_BYTES;
    this.cap = this.max + SLACK;
  }

  /** Feeds the next chunk of the stream; calls onGame for each game that ends in it. */
  push(chunk: Uint8Array, onGame: (g: RawGame) => void): void {
    this.chunk = chunk;
    this.scan(chunk, onGame);
    if (this.state !== BETWEEN) this.keep(chunk);
    this.base += chunk.length;
    this.chunk = EMPTY;
  }

  /** Ends the stream: emits the last game if one is open. */
  end(onGame: (g: RawGame) => void): void {
    const streamEnd = this.base;
    switch (this.state) {
      case BETWEEN:
        return;
      case GAME:
        if (this.tokenLen > 0) this.lastEnd = streamEnd;
        break;
      case TAG:
      case TAG_STRING:
      case TAG_ESCAPE:
        if (this.namePhase < 2) this.nameDone(onGame);
        this.lastEnd = streamEnd;
        break;
      case COMMENT:
        this.lastEnd = streamEnd;
        break;
      case TO_EOL:
        if (this.eolReturn === BETWEEN) return;
        this.lastEnd = streamEnd;
        break;
      case BOM1:
      case BOM2:
        this.movetext = true;
        this.lastEnd = streamEnd;
        break;
    }
    this.finish(this.lastEnd, onGame);
    this.state = BETWEEN;
  }

  private scan(buf: Uint8Array, onGame: (g: RawGame) => void): void {
    const n = buf.length;
    const base = this.base;
    let i = 0;
    while (i < n) {
      const b = buf[i];
      switch (this.state) {
        case GAME: {
          const k = KIND[b];
          if (k === K_SYMBOL || (k === K_PERCENT && !this.col0)) {
            let len = this.tokenLen;
            let j = i;
            do {
              if (len < 7) this.token[len] = buf[j];
              len++;
              j++;
            } while (j < n && SYMBOL[buf[j]] === 1);
            this.tokenLen = len;
            this.movetext = true;
            this.col0 = this.lineBlank = this.prevCR = false;
            i = j;
            continue;
          }
          if (this.tokenLen > 0) {
            this.lastEnd = base + i;
            const marker = this.depth === 0 && this.isMarker();
            this.tokenLen = 0;
            if (marker) {
              this.finish(base + i, onGame);
              this.state = BETWEEN;
              continue; // this byte again, between games
            }
          }
          i = this.gameByte(k, buf, i, onGame);
          continue;
        }
        case BETWEEN:
          if (b <= 0x20) {
            this.blank(b);
          } else if (b === 0x25 && this.col0) {
            this.eolReturn = BETWEEN;
            this.state = TO_EOL;
          } else {
            this.begin(base + i);
            if (b === 0xef) this.state = BOM1; // a BOM is blank between games, if complete
            else continue;
          }
          i++;
          continue;
        case COMMENT: {
          const j = buf.indexOf(0x7d, i);
          if (j < 0) {
            i = n;
          } else {
            this.state = GAME;
            this.lastEnd = base + j + 1;
            this.col0 = this.lineBlank = this.prevCR = false;
            i = j + 1;
          }
          continue;
        }
        case TAG:
        case TAG_STRING:
        case TAG_ESCAPE:
          i = this.tagByte(b, buf, i, onGame);
          continue;
        case TO_EOL:
          while (i < n && buf[i] !== 0x0a && buf[i] !== 0x0d) i++;
          if (i < n) {
            if (this.eolReturn === GAME) this.lastEnd = base + i;
            this.state = this.eolReturn;
          }
          continue;
        case BOM1:
        case BOM2:
          if (b === (this.state === BOM1 ? 0xbb : 0xbf)) {
            if (this.state === BOM1) {
              this.state = BOM2;
            } else {
              this.state = BETWEEN;
              this.pendingLen = 0;
            }
            i++;
          } else {
            // Not a BOM: the bytes so far begin a (bad) symbol token.
            this.token[0] = 0xef;
            this.token[1] = 0xbb;
            this.tokenLen = this.state === BOM1 ? 1 : 2;
            this.state = GAME;
            this.movetext = true;
            this.lastEnd = base + i;
            this.col0 = this.lineBlank = false;
          }
          continue;
      }
    }
  }

  /** A non-symbol byte at the top level of a game; returns the next index. */
  private gameByte(k: number, buf: Uint8Array, i: number, onGame: (g: RawGame) => void): number {
    if (k === K_BLANK || k === K_CR || k === K_LF) {
      this.blank(buf[i]);
      return i + 1;
    }
    const at = this.base + i;
    const lineStart = this.lineBlank;
    this.col0 = this.lineBlank = this.prevCR = false;
    switch (k) {
      case K_LBRACE:
        this.state = COMMENT;
        break;
      case K_SEMI:
      case K_PERCENT: // in column 0 (otherwise a symbol)
        this.eolReturn = GAME;
        this.state = TO_EOL;
        break;
      case K_LBRACKET:
        if (this.movetext) {
          if (!lineStart) {
            this.lastEnd = at + 1; // a stray `[` inside movetext
            break;
          }
          this.finish(this.lastEnd, onGame);
          this.begin(at);
        } else if (this.tags > 0 && this.blankAfterTag && at - this.start <= this.max) {
          this.candidate = at;
          this.candidateEnd = this.lastEnd;
        }
        this.tags++;
        this.blankAfterTag = false;
        this.state = TAG;
        this.namePhase = 0;
        this.nameHash = 0x811c9dc5;
        break;
      case K_LPAREN:
        this.depth++;
        this.movetext = true;
        this.lastEnd = at + 1;
        break;
      case K_RPAREN:
        if (this.depth > 0) this.depth--;
        this.movetext = true;
        this.lastEnd = at + 1;
        break;
      case K_STAR:
        this.movetext = true;
        this.lastEnd = at + 1;
        if (this.depth === 0) {
          this.finish(at + 1, onGame);
          this.state = BETWEEN;
        }
        break;
      default: // K_PUNCT
        this.movetext = true;
        this.lastEnd = at + 1;
    }
    return i + 1;
  }

  /** A byte inside a tag pair; returns the next index. A line end ends even a malformed tag. */
  private tagByte(b: number, buf: Uint8Array, i: number, onGame: (g: RawGame) => void): number {
    if (b === 0x0a || b === 0x0d) {
      if (this.namePhase < 2) this.nameDone(onGame);
      this.state = GAME;
      this.lastEnd = this.base + i;
      return i; // the line end again, in GAME
    }
    if (this.state === TAG_ESCAPE) {
      this.state = TAG_STRING;
      return i + 1;
    }
    if (this.state === TAG_STRING) {
      let j = i;
      let c = b;
      while (c !== 0x22 && c !== 0x5c && c !== 0x0a && c !== 0x0d) {
        if (++j === buf.length) return j;
        c = buf[j];
      }
      if (c === 0x22) this.state = TAG;
      else if (c === 0x5c) this.state = TAG_ESCAPE;
      else return j; // a line end, handled above
      return j + 1;
    }
    if (this.namePhase < 2) {
      if (this.candidate >= 0 && this.base + i - this.candidate > NAME_WINDOW) this.candidate = -1;
      if (b > 0x20 && b !== 0x22 && b !== 0x5d) {
        this.namePhase = 1;
        this.nameHash = Math.imul(this.nameHash ^ b, 0x01000193);
        return i + 1;
      }
      if (this.namePhase === 0 && b <= 0x20) return i + 1; // blanks before the name
      this.nameDone(onGame);
    }
    if (b === 0x22) {
      this.state = TAG_STRING;
    } else if (b === 0x5d) {
      this.state = GAME;
      this.lastEnd = this.base + i + 1;
      this.col0 = this.lineBlank = this.prevCR = false;
    }
    return i + 1;
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

  private blank(b: number): void {
    if (b === 0x0d || (b === 0x0a && !this.prevCR)) {
      if (this.lineBlank && this.tags > 0 && !this.movetext) this.blankAfterTag = true;
      this.col0 = this.lineBlank = true;
    } else if (b !== 0x0a) {
      this.col0 = false;
    }
    this.prevCR = b === 0x0d;
  }

  private isMarker(): boolean {
    const t = this.token;
    if (this.tokenLen === 3) return t[1] === 0x2d && ((t[0] === 0x31 && t[2] === 0x30) || (t[0] === 0x30 && t[2] === 0x31));
    return (
      this.tokenLen === 7 &&
      t[0] === 0x31 && t[1] === 0x2f && t[2] === 0x32 && t[3] === 0x2d && t[4] === 0x31 && t[5] === 0x2f && t[6] === 0x32
    );
  }

  private begin(at: number): void {
    this.state = GAME;
    this.start = at;
    this.lastEnd = at;
    this.pendingLen = 0;
    this.depth = 0;
    this.movetext = false;
    this.tags = 0;
    this.blankAfterTag = false;
    this.tokenLen = 0;
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

  /** Emits the current game as [start, end), unless it holds neither tags nor movetext. */
  private finish(end: number, onGame: (g: RawGame) => void): void {
    if (this.tags === 0 && !this.movetext) return;
    const len = end - this.start;
    const g: RawGame = { index: this.index++, offset: this.start, bytes: EMPTY };
    if (len > this.max) g.tooLarge = true;
    else g.bytes = this.extract(this.start, end);
    onGame(g);
  }

  /** Copies stream bytes [from, to) of the current game out of the pending bytes and the chunk. */
  private extract(from: number, to: number): Uint8Array {
    const base = this.base;
    if (from >= base) return this.chunk.slice(from - base, to - base);
    const out = new Uint8Array(to - from);
    const split = Math.min(to, base);
    out.set(this.pending.subarray(from - this.start, split - this.start));
    if (to > base) out.set(this.chunk.subarray(0, to - base), split - from);
    return out;
  }

  /** At the end of a chunk inside a game: keeps the game's bytes, at most cap of them. */
  private keep(chunk: Uint8Array): void {
    const from = Math.max(this.start - this.base, 0);
    const have = this.base + from - this.start; // bytes of the game before `from`
    if (have !== this.pendingLen) return; // already capped
    const take = Math.min(chunk.length - from, this.cap - have);
    if (take <= 0) return;
    const need = have + take;
    if (need > this.pending.length) {
      let size = this.pending.length;
      while (size < need) size *= 2;
      const grown = new Uint8Array(Math.min(size, this.cap));
      grown.set(this.pending.subarray(0, have));
      this.pending = grown;
    }
    this.pending.set(chunk.subarray(from, from + take), have);
    this.pendingLen = need;
  }
}
