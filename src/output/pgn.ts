// Annotated PGN: each input game as it was read (tags, movetext, comments, variations, NAGs, line ends
// kept), with our tags in comments that follow PGN convention (docs/design.md §6):
//
//   12. Bb5+ $1 { [%clk 0:01:02] [%played check] [%xray pin.absolute w b5-c6-e8,battery b d7+d8>d2] } a6
//
// The comment after move s describes the position after it: `[%played T,…]`, the sorted tags of move s
// (check, discoveredAttack, discoveredCheck, doubleCheck, found, missed), then `[%xray R,R,…]`, the static motif records
// of the position move s leads to, in the engine's order, comma-separated, each one of
//        pin.absolute|pin.relative S slider-front-back[ partial]       e.g. pin.absolute w d1-d5-d8 partial
//        skewer.absolute|skewer.relative S slider-front-back
//        discoveredCheck|discoveredAttack|xray S slider-front-back
//        battery S sq+sq…>target[+target]                               e.g. battery w d1+d2>d5
// S = the side whose motif it is (w | b); squares lower-case, lists ascending. Where the position has a
// tactic verdict, `[%tactic SAN +N THEME,…]` (N pawns won) or `[%tactic SAN mate N THEME,…]` follows: the
// winning move of the side to move, in the comment before the move played from there (which `[%played]`
// of the next comment says found or missed). The records of the initial position go in a comment before
// the first move. Each command is left out when empty, and so is a
// comment with none. The text goes after the move's NAGs and glyphs, into the comment that follows them
// when there is one (`{ … }` or `; …`, appended at its end), else into a new `{ … }` there: a move keeps at
// most the one comment it had, which is all chess.js reads. Games are separated by one blank line; each
// ends "\n\n". A position given as FEN/EPD (endGame() with empty bytes) becomes a game of its own:
//   [SetUp "1"]\n[FEN "<fen>"]\n\n{ <comment> } *
import {
  REC_BACK,
  REC_CODE,
  REC_FRONT,
  REC_LENGTH,
  REC_PARTIAL,
  REC_SIDE,
  REC_SLIDER,
  REC_SQUARES,
  REC_TARGET1,
  REC_TARGET2,
  STRIDE,
} from '../motifs/buffer.js';
import { ALL_PLAYED, byCodeAndPartial, byCodeAndSide, byPlayedBits, isChain } from '../motifs/catalogue.js';
import { squareName } from '../core/squares.js';
import { SYMBOL, decodeText, epMarkEnd, scanGame, type GameSink } from '../pgn/movetext.js';
import { toFen } from '../core/fen.js';
import { AsciiWriter } from './lines.js';
import type { Formatter, GameInfo, GameText, PositionView } from './formatter.js';

const NO_TEXT: GameText = { bytes: new Uint8Array(0), moveEnds: new Int32Array(0), moves: new Int32Array(0) };

const SQ: readonly string[] = Array.from({ length: 64 }, (_, sq) => squareName(sq));
const SQ_DASH: readonly string[] = SQ.map((s) => '-' + s);
const SQ_PLUS: readonly string[] = SQ.map((s) => '+' + s);

/** `motif.kind S ` (the statistics key) by code * 2 + side. */
const CODE_HEAD: readonly string[] = byCodeAndSide((m, side) => m.key + ' ' + side + ' ');
/** ` partial` after a partial pin, by code * 2 + partial. */
const PARTIAL: readonly string[] = byCodeAndPartial((_m, partial) => (partial ? ' partial' : ''));
/** `[%played …]` by PLAYED_* bits ('' for none). */
const PLAYED_PART: readonly string[] = byPlayedBits((names) => (names.length === 0 ? '' : '[%played ' + names.join(',') + ']'));

/** Record i as it reads inside `[%xray …]`. */
function recordPgn(d: Int32Array, i: number): string {
  const o = i * STRIDE;
  const code = d[o + REC_CODE];
  const head = CODE_HEAD[code * 2 + d[o + REC_SIDE]];
  if (isChain(code)) {
    let s = head + SQ[d[o + REC_SQUARES + 0]];
    for (let k = 1; k < d[o + REC_LENGTH]; k++) s += SQ_PLUS[d[o + REC_SQUARES + k]];
    s += '>' + SQ[d[o + REC_TARGET1]];
    return d[o + REC_TARGET2] >= 0 ? s + SQ_PLUS[d[o + REC_TARGET2]] : s;
  }
  const s = head + SQ[d[o + REC_SLIDER]] + SQ_DASH[d[o + REC_FRONT]] + SQ_DASH[d[o + REC_BACK]];
  return s + PARTIAL[code * 2 + (d[o + REC_PARTIAL] & 1)];
}

/** `[%xray …]` of the position's records ('' when it has none). */
export function motifsCommand(v: PositionView): string {
  const d = v.buf.data;
  const n = v.buf.count;
  if (n === 0) return '';
  let s = '[%xray ' + recordPgn(d, 0);
  for (let i = 1; i < n; i++) s += ',' + recordPgn(d, i);
  return s + ']';
}

/** `[%tactic …]` of the position's verdict ('' when it has none; its themes read here, for the games written). */
export function tacticCommand(v: PositionView): string {
  if (v.tactic === null) return '';
  const t = v.tactic.tactic();
  const value = t.mate !== undefined ? ` mate ${t.mate}` : ` +${t.gain}`;
  return '[%tactic ' + t.move + value + (t.themes.length > 0 ? ' ' + t.themes.join(',') : '') + ']';
}

/** Finds where the movetext starts: after the last tag pair; reused for every game. */
class TagSectionEnd implements GameSink {
  end = 0;
  tag(_ns: number, _ne: number, _vs: number, valueEnd: number): void {
    this.end = valueEnd;
  }
  move(): boolean {
    return false; // the tags are over
  }
  result(): void {}
}

/**
 * Where text for the comment after offset `from` goes (the end of a move token, or of the tag section):
 * past blanks, then (after a move) its NAGs and glyphs, and (before the first move) `%` escape lines. At
 * a comment found there, the offset after its last non-blank character: the text is merged into it;
 * otherwise -1 - the offset for a new comment (after the last NAG or glyph, or at the first movetext byte).
 */
function commentPlace(bytes: Uint8Array, from: number, afterMove: boolean): number {
  const n = bytes.length;
  let i = from;
  let at = from;
  for (;;) {
    while (i < n && bytes[i] <= 0x20) i++;
    if (!afterMove) at = i;
    if (i >= n) return -1 - at;
    const b = bytes[i];
    if (b === 0x7b) return lastNonBlank(bytes, i + 1, bytes.indexOf(0x7d, i + 1)); // { … }
    const escapeLine = b === 0x25 && !afterMove && i > 0 && (bytes[i - 1] === 0x0a || bytes[i - 1] === 0x0d);
    if (b === 0x3b || escapeLine) {
      // ; … and % … run to the line end
      let end = i;
      while (end < n && bytes[end] !== 0x0a && bytes[end] !== 0x0d) end++;
      if (b === 0x3b) return lastNonBlank(bytes, i + 1, end);
      i = end;
      continue;
    }
    const mark = afterMove ? epMarkEnd(bytes, i) : -1;
    if (mark >= 0) {
      // the move's en passant mark (`exd6 e.p.`) stays with it
      i = at = mark;
      continue;
    }
    if (!afterMove || (b !== 0x24 && b !== 0x21 && b !== 0x3f)) return -1 - at; // not $n ! ?
    let j = i + 1;
    while (j < n && SYMBOL[bytes[j]] === 1) j++;
    if (b !== 0x24 && !glyphs(bytes, i, j)) return -1 - at;
    i = at = j;
  }
}

function lastNonBlank(bytes: Uint8Array, start: number, end: number): number {
  while (end > start && bytes[end - 1] <= 0x20) end--;
  return end;
}

/** A detached annotation glyph such as `!?`. */
function glyphs(bytes: Uint8Array, start: number, end: number): boolean {
  for (let k = start; k < end; k++) if (bytes[k] !== 0x21 && bytes[k] !== 0x3f) return false;
  return true;
}

export class PgnFormatter implements Formatter {
  /** The game's text (empty bytes: a position given as FEN/EPD, written whole at its end). */
  private text: GameText = NO_TEXT;
  /**
   * Comments not written yet, ascending (slot 0 before the first move, slot s after move s), and their
   * texts: a slot is whole once its position is seen, and written then with the game text before it, so a
   * game's output never waits whole in memory. At most the position's slot and the next one wait.
   */
  private readonly slots: number[] = [];
  private readonly texts: string[] = [];
  /** FEN of the game's start when it has no move (a position given as FEN/EPD), else null. */
  private startFen: string | null = null;
  /** Bytes of the game's text written; whether anything but blanks has been (the game's output is trimmed). */
  private copied = 0;
  private begun = false;
  private readonly tags = new TagSectionEnd();
  /** The batch's games, written. */
  private readonly w = new AsciiWriter(true);

  beginGame(_info: GameInfo, text: GameText): void {
    this.clear();
    this.text = text;
  }

  /** Nothing of a game left: after it, or before the next (a game that was not ended). */
  private clear(): void {
    this.text = NO_TEXT;
    this.slots.length = 0;
    this.texts.length = 0;
    this.startFen = null;
    this.copied = 0;
    this.begun = false;
  }

  position(v: PositionView): void {
    if (v.ply === 0 && v.san === null) this.startFen = toFen(v.pos);
    // the position's records describe it: after the move that led to it; the tags of its move, after that move
    const motifs = motifsCommand(v);
    if (motifs !== '') this.add(v.ply, motifs);
    const tactic = tacticCommand(v);
    if (tactic !== '') this.add(v.ply, tactic);
    const played = PLAYED_PART[v.played & ALL_PLAYED];
    if (played !== '') this.add(v.ply + 1, played);
    if (this.text.bytes.length > 0) this.flush(v.ply);
  }

  /** Adds text to a slot: views come in ply order, so a slot is new or the last one. */
  private add(slot: number, text: string): void {
    const last = this.slots.length - 1;
    if (last >= 0 && this.slots[last] === slot) {
      this.texts[last] += ' ' + text;
      return;
    }
    this.slots.push(slot);
    this.texts.push(text);
  }

  endGame(text: GameText): void {
    const bytes = text.bytes;
    if (bytes.length === 0) this.w.text(this.fenGame());
    else {
      this.text = text;
      this.flush(Infinity);
      this.put(decodeText(bytes, this.copied, bytes.length).trimEnd());
      this.w.text('\n\n');
    }
    this.clear();
  }

  take(outbox: SharedArrayBuffer | null = null): Uint8Array {
    return this.w.handOver(outbox);
  }

  size(): number {
    return this.w.n;
  }

  /** A position given as FEN/EPD (no game text): a game of its own from that position. */
  private fenGame(): string {
    if (this.startFen === null) return '';
    const comment = this.texts.length > 0 ? `{ ${this.texts[0]} } ` : '';
    return `[SetUp "1"]\n[FEN "${this.startFen}"]\n\n${comment}*\n\n`;
  }

  /** Writes the comments of the slots up to `last`, each with the game's text before its place. */
  private flush(last: number): void {
    const { bytes, moveEnds } = this.text;
    while (this.slots.length > 0 && this.slots[0] <= last) {
      const slot = this.slots.shift()!;
      const text = this.texts.shift()!;
      const place = slot === 0 ? commentPlace(bytes, this.movetextStart(bytes), false) : commentPlace(bytes, moveEnds[slot - 1], true);
      const at = place >= 0 ? place : -1 - place;
      let out = decodeText(bytes, this.copied, at);
      if (place >= 0) out += ' ' + text;
      else out += slot === 0 ? `{ ${text} }` + (at < bytes.length ? ' ' : '') : ` { ${text} }`;
      this.put(out);
      this.copied = at;
    }
  }

  /** Writes a piece of the game's output; the blanks it would start with are left out. */
  private put(s: string): void {
    if (!this.begun) {
      s = s.trimStart();
      if (s === '') return;
      this.begun = true;
    }
    this.w.text(s);
  }

  /** The offset after the game's last tag pair (0 without tags). */
  private movetextStart(bytes: Uint8Array): number {
    this.tags.end = -1;
    scanGame(bytes, this.tags);
    return this.tags.end < 0 ? 0 : bytes.indexOf(0x5d, this.tags.end) + 1;
  }
}
