// Annotated PGN: each input game as it was read (tags, movetext, comments, variations, line ends kept),
// with one comment inserted right after the move token of each tagged position's move:
//
//   12. Bb5 { [%xray pin.relative w b5-c6-e8,battery b d7+d8>d2] [%played check,discoveredCheck] } a6
//
// The comment of position p (the position before move p + 1; ply 0 = the start) holds two embedded
// commands in the `[%cmd value,value]` form PGN tools already use (`[%clk …]`, `[%cal Ge2e4,Gd2d4]`):
//   [%xray R,R,…]   its static motif records, in the engine's order, comma-separated, each one of
//        pin.absolute|pin.relative S slider-front-back[ partial]       e.g. pin.absolute w d1-d5-d8 partial
//        skewer.absolute|skewer.relative S slider-front-back
//        discoveredCheck|discoveredAttack|xray S slider-front-back
//        battery S sq+sq…>target[+target]                               e.g. battery w d1+d2>d5
//      S = the side whose motif it is (w | b); squares lower-case, lists ascending;
//   [%played T,…]   the sorted tags of the move played from it (check, discoveredAttack, discoveredCheck,
//                   doubleCheck).
// Either command is left out when empty; a position with neither gets no comment. Records hold no comma,
// so a reader splits the values on commas (pgn-parser does so for a comment holding one command; it
// keeps a comment with two as text). The comment goes after the token of the move played from the
// position; the final position's comment (it has no move) goes just before the game termination marker,
// or at the end of the game when there is none. Games are separated by one blank line; each ends "\n\n".
// A position given as FEN/EPD (endGame() with empty bytes) becomes a game of its own:
//   [SetUp "1"]\n[FEN "<fen>"]\n\n{ <comment> } *
import {
  REC_BACK, REC_CODE, REC_FRONT, REC_LENGTH, REC_PARTIAL, REC_SIDE, REC_SLIDER, REC_SQUARES, REC_TARGET1,
  REC_TARGET2, STRIDE,
} from '../motifs/buffer.js';
import { ALL_PLAYED, byCodeAndPartial, byCodeAndSide, byPlayedBits, isChain } from '../motifs/catalogue.js';
import { squareName } from '../core/squares.js';
import { decodeText, scanGame, type GameSink } from '../pgn/movetext.js';
import { toFen } from '../core/fen.js';
import type { Formatter, GameText, PositionView } from './view.js';

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
export function recordPgn(d: Int32Array, i: number): string {
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

/** The text between the braces of a position's comment ('' when there is nothing to say). */
export function positionComment(v: PositionView): string {
  const d = v.buf.data;
  const n = v.buf.count;
  let s = '';
  if (n > 0) {
    s = '[%xray ' + recordPgn(d, 0);
    for (let i = 1; i < n; i++) s += ',' + recordPgn(d, i);
    s += ']';
  }
  const played = PLAYED_PART[v.played & ALL_PLAYED];
  if (played === '') return s;
  return s === '' ? played : s + ' ' + played;
}

/** Finds the game termination marker; reused for every game. */
class ResultFinder implements GameSink {
  start = -1;
  tag(): void {}
  move(): void {}
  result(start: number): void {
    this.start = start;
  }
}

export class PgnFormatter implements Formatter {
  private game = -1;
  /** Plies with a comment, ascending, and their texts. */
  private plies: number[] = [];
  private texts: string[] = [];
  /** FEN of the game's start when it has no move (a position given as FEN/EPD), else null. */
  private startFen: string | null = null;
  private readonly finder = new ResultFinder();

  header(): string {
    return '';
  }

  position(v: PositionView): string {
    if (v.game !== this.game) this.reset(v.game);
    if (v.ply === 0 && v.san === null) this.startFen = toFen(v.pos);
    const c = positionComment(v);
    if (c !== '') {
      this.plies.push(v.ply);
      this.texts.push(c);
    }
    return '';
  }

  private reset(game: number): void {
    this.game = game;
    this.plies.length = 0;
    this.texts.length = 0;
    this.startFen = null;
  }

  endGame(text: GameText): string {
    const { bytes, moveEnds } = text;
    if (bytes.length === 0) {
      // a position given as FEN/EPD (no game text): a game of its own from that position
      const out = this.startFen === null ? '' :
        `[SetUp "1"]\n[FEN "${this.startFen}"]\n\n${this.texts.length > 0 ? `{ ${this.texts[0]} } ` : ''}*\n\n`;
      this.reset(-1);
      return out;
    }
    const nPlies = moveEnds.length;
    const plies = this.plies;
    const texts = this.texts;
    let out = '';
    let at = 0;
    let final = '';
    for (let k = 0; k < plies.length; k++) {
      const ply = plies[k];
      if (ply < nPlies) {
        const ins = moveEnds[ply];
        out += decodeText(bytes, at, ins) + ' { ' + texts[k] + ' }';
        at = ins;
      } else if (ply === nPlies) {
        final = texts[k];
      }
    }
    if (final !== '') {
      this.finder.start = -1;
      scanGame(bytes, this.finder);
      const r = this.finder.start;
      if (r >= at) {
        out += decodeText(bytes, at, r) + '{ ' + final + ' } ';
        at = r;
        final = '';
      }
    }
    out = (out + decodeText(bytes, at, bytes.length)).trim();
    if (final !== '') {
      // no termination marker: at the end, on a line of its own if the last line is a `;` comment or a `%` escape
      let nl = out.length - 1;
      while (nl >= 0 && out.charCodeAt(nl) !== 0x0a && out.charCodeAt(nl) !== 0x0d) nl--;
      const own = out.indexOf(';', nl + 1) >= 0 || out.charCodeAt(nl + 1) === 0x25;
      out += (own ? '\n{ ' : ' { ') + final + ' }';
    }
    this.reset(-1);
    return out + '\n\n';
  }
}
