// EPD: one line per position, the first four FEN fields then operations, each `opcode operand…;`:
//
//   <placement> <side> <castling> <ep> hmvc N; fmvn N; id "game G ply P"; c0 "…"; c1 "…"; … sm SAN;
//
//   hmvc, fmvn   halfmove clock and fullmove number of the position (the two FEN fields EPD leaves out)
//   id           "game G ply P": 1-based game number in input order, ply 0 = the game's start position
//   c0, c1, …    one per static motif record (in the engine's order), then one per tag of the move played
//                from the position (sorted); numbering goes on past c9 when a position has more records
//                (opcodes are letters, digits and underscores, so `c10` still reads as an opcode):
//                  "pin absolute|relative S slider front back[ partial]"     e.g. "pin absolute w d1 d5 d8 partial"
//                  "skewer absolute|relative S slider front back"
//                  "discoveredCheck|discoveredAttack|xray S slider front back"
//                  "battery S rank|file|diagonal|antiDiagonal sq,sq… -> target[,target]"
//                                                                         e.g. "battery w file d1,d2 -> d5"
//                  "played check|discoveredAttack|discoveredCheck|doubleCheck"   (the move's tags)
//                S is the side whose motif it is (w | b); squares are lower-case, lists ascending.
//   sm           the move played from the position in SAN (supplied move); absent at the end of a game.
// A position without records (--all-positions) has no c operations.
import { BATTERY, PIN_ABSOLUTE, PIN_RELATIVE, SKEWER_ABSOLUTE, SKEWER_RELATIVE, STRIDE } from '../motifs/buffer.js';
import { PLAYED_NAMES } from '../motifs/played.js';
import { LINE_KINDS } from '../motifs/tags.js';
import { squareName } from '../core/squares.js';
import { positionFen } from './jsonl.js';
import type { Formatter, GameText, PositionView } from './view.js';

const SQ: readonly string[] = Array.from({ length: 64 }, (_, sq) => squareName(sq));
const SQ_SP: readonly string[] = SQ.map((s) => ' ' + s);
const SQ_COMMA: readonly string[] = SQ.map((s) => ',' + s);

/** `motif kind S ` by code * 2 + side (the battery's: `battery S `). */
const CODE_HEAD: readonly string[] = (() => {
  const names = ['pin', 'pin', 'skewer', 'skewer', 'battery', 'discoveredCheck', 'discoveredAttack', 'xray'];
  const heads: string[] = [];
  for (let code = 0; code < 8; code++) {
    const kind = code > SKEWER_RELATIVE ? '' : code === PIN_ABSOLUTE || code === SKEWER_ABSOLUTE ? ' absolute' : ' relative';
    heads[code * 2] = names[code] + kind + ' w ';
    heads[code * 2 + 1] = names[code] + kind + ' b ';
  }
  return heads;
})();
const LINE_WORD: readonly string[] = LINE_KINDS.map((l) => l + ' ');
/** ` cN "` for the first opcodes (more are built on demand). */
const C_OPEN: readonly string[] = Array.from({ length: 32 }, (_, i) => ' c' + i + ' "');

/** The text of record i (between the quotes of its c operation). */
export function recordEpd(d: Int32Array, i: number): string {
  const o = i * STRIDE;
  const code = d[o];
  const head = CODE_HEAD[code * 2 + d[o + 1]];
  if (code === BATTERY) {
    let s = head + LINE_WORD[d[o + 2]] + SQ[d[o + 6]];
    for (let k = 1; k < d[o + 5]; k++) s += SQ_COMMA[d[o + 6 + k]];
    s += ' -> ' + SQ[d[o + 3]];
    return d[o + 4] >= 0 ? s + SQ_COMMA[d[o + 4]] : s;
  }
  const s = head + SQ[d[o + 2]] + SQ_SP[d[o + 3]] + SQ_SP[d[o + 4]];
  return (code === PIN_ABSOLUTE || code === PIN_RELATIVE) && d[o + 5] === 1 ? s + ' partial' : s;
}

/** A SAN as an EPD operand: as is when it is one plain symbol (always, for SAN we write), else a string. */
function epdMove(san: string): string {
  for (let i = 0; i < san.length; i++) {
    const c = san.charCodeAt(i);
    if (c <= 0x20 || c >= 0x7f || c === 0x3b || c === 0x22) return epdString(san);
  }
  return san;
}

/** A quoted EPD string: EPD has no escapes, so quotes and control characters become `_`. */
function epdString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out += c < 0x20 || c === 0x22 || c === 0x7f ? '_' : s[i];
  }
  return out + '"';
}

function cOpen(i: number): string {
  return i < C_OPEN.length ? C_OPEN[i] : ' c' + i + ' "';
}

/** The EPD line of one position (with the final "\n"). */
export function positionEpd(v: PositionView): string {
  const pos = v.pos;
  const fen = positionFen(pos);
  // the first four fields: up to the fourth space
  let cut = fen.indexOf(' ');
  cut = fen.indexOf(' ', cut + 1);
  cut = fen.indexOf(' ', cut + 1);
  cut = fen.indexOf(' ', cut + 1);
  let s = fen.substring(0, cut) + ' hmvc ' + pos.halfmove + '; fmvn ' + pos.fullmove + '; id "game ' + v.game + ' ply ' + v.ply + '";';
  const d = v.buf.data;
  const n = v.buf.count;
  for (let i = 0; i < n; i++) s += cOpen(i) + recordEpd(d, i) + '";';
  const played = v.played;
  if (played !== 0) {
    let c = n;
    for (let k = 0; k < PLAYED_NAMES.length; k++) {
      if ((played & PLAYED_NAMES[k][0]) !== 0) s += cOpen(c++) + 'played ' + PLAYED_NAMES[k][1] + '";';
    }
  }
  if (v.san !== null) s += ' sm ' + epdMove(v.san) + ';';
  return s + '\n';
}

export class EpdFormatter implements Formatter {
  header(): string {
    return '';
  }

  position(v: PositionView): string {
    return positionEpd(v);
  }

  endGame(_text: GameText): string {
    return '';
  }
}
