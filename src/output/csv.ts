// CSV (RFC 4180: CRLF line ends, fields quoted when they hold a comma, a quote or a line break, quotes
// doubled). Columns:
//   game,ply,fen,move,uci,motif,kind,side,slider,front,back,partial,line,squares,targets,checkers
// One row per static motif record of the position, then one row per tag of the move played from it
// (motif = check | discoveredAttack | discoveredCheck | doubleCheck, kind = played, side = the mover).
// A position with neither (written with --all-positions) gets one row with an empty motif.
// Empty fields for what does not apply: kind only for pins and skewers (absolute | relative) and played
// tags; slider/front/back for line records; partial (true | false) for pins; line, squares, targets for
// batteries; move and uci are empty at the end of a game. Lists (squares, targets, checkers: the pieces
// checking the side to move) are space-separated, ascending.
import { BATTERY, PIN_ABSOLUTE, PIN_RELATIVE, SKEWER_ABSOLUTE, SKEWER_RELATIVE, STRIDE } from '../motifs/buffer.js';
import { PLAYED_NAMES } from '../motifs/played.js';
import { LINE_KINDS } from '../motifs/tags.js';
import { squareName } from '../core/squares.js';
import type { Position } from '../core/position.js';
import { positionFen } from './jsonl.js';
import type { Formatter, GameText, PositionView } from './view.js';

export const CSV_COLUMNS = 'game,ply,fen,move,uci,motif,kind,side,slider,front,back,partial,line,squares,targets,checkers';
const EOL = '\r\n';

/** A field as RFC 4180 writes it: quoted (quotes doubled) only when it holds `,` `"` CR or LF. */
export function csvField(s: string): string {
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x2c || c === 0x22 || c === 0x0a || c === 0x0d) return csvQuoted(s);
  }
  return s;
}

function csvQuoted(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) out += s.charCodeAt(i) === 0x22 ? '""' : s[i];
  return out + '"';
}

const SQ: readonly string[] = Array.from({ length: 64 }, (_, sq) => squareName(sq));
const SQ_NEXT: readonly string[] = SQ.map((s) => ' ' + s);

/** `,motif,kind,side,` by code * 2 + side. */
const CODE_HEAD: readonly string[] = (() => {
  const names = ['pin', 'pin', 'skewer', 'skewer', 'battery', 'discoveredCheck', 'discoveredAttack', 'xray'];
  const heads: string[] = [];
  for (let code = 0; code < 8; code++) {
    const kind = code > SKEWER_RELATIVE ? '' : code === PIN_ABSOLUTE || code === SKEWER_ABSOLUTE ? 'absolute' : 'relative';
    heads[code * 2] = ',' + names[code] + ',' + kind + ',w,';
    heads[code * 2 + 1] = ',' + names[code] + ',' + kind + ',b,';
  }
  return heads;
})();
/** `,line,` by line kind (the battery's: the preceding slider/front/back/partial are empty). */
const BATTERY_LINE: readonly string[] = LINE_KINDS.map((l) => ',,,,' + l + ',');
/** `,tag,played,w,,,,,,,` by bit index * 2 + mover: everything up to the checkers field. */
const PLAYED_HEAD: readonly string[] = (() => {
  const heads: string[] = [];
  for (let k = 0; k < PLAYED_NAMES.length; k++) {
    heads[k * 2] = ',' + PLAYED_NAMES[k][1] + ',played,w' + ','.repeat(7);
    heads[k * 2 + 1] = ',' + PLAYED_NAMES[k][1] + ',played,b' + ','.repeat(7);
  }
  return heads;
})();
/** motif … targets, all empty: ten separators, the tail adds the eleventh before checkers. */
const EMPTY_ROW_MIDDLE = ','.repeat(10);

function checkersField(pos: Position): string {
  let lo = pos.checkersLo;
  let hi = pos.checkersHi;
  let s = '';
  while (lo !== 0) {
    const sq = 31 - Math.clz32(lo & -lo);
    s += s === '' ? SQ[sq] : SQ_NEXT[sq];
    lo &= lo - 1;
  }
  while (hi !== 0) {
    const sq = 63 - Math.clz32(hi & -hi);
    s += s === '' ? SQ[sq] : SQ_NEXT[sq];
    hi &= hi - 1;
  }
  return s;
}

/** The rows of one position. */
export function positionCsv(v: PositionView): string {
  const pos = v.pos;
  const prefix = v.game + ',' + v.ply + ',' + csvField(positionFen(pos)) + ',' +
    (v.san === null ? '' : csvField(v.san)) + ',' + (v.uci === null ? '' : csvField(v.uci));
  const tail = ',' + checkersField(pos) + EOL;
  const d = v.buf.data;
  const n = v.buf.count;
  const played = v.played;
  if (n === 0 && played === 0) return prefix + EMPTY_ROW_MIDDLE + tail;
  let out = '';
  for (let i = 0; i < n; i++) {
    const o = i * STRIDE;
    const code = d[o];
    out += prefix + CODE_HEAD[code * 2 + d[o + 1]];
    if (code === BATTERY) {
      // slider,front,back,partial empty; line; squares; targets
      let sq = SQ[d[o + 6]];
      for (let k = 1; k < d[o + 5]; k++) sq += SQ_NEXT[d[o + 6 + k]];
      out += BATTERY_LINE[d[o + 2]] + sq + ',' + SQ[d[o + 3]] + (d[o + 4] >= 0 ? SQ_NEXT[d[o + 4]] : '') + tail;
    } else {
      out += SQ[d[o + 2]] + ',' + SQ[d[o + 3]] + ',' + SQ[d[o + 4]] +
        (code === PIN_ABSOLUTE || code === PIN_RELATIVE ? (d[o + 5] === 1 ? ',true,,,' : ',false,,,') : ',,,,') + tail;
    }
  }
  if (played !== 0) {
    const mover = pos.turn;
    for (let k = 0; k < PLAYED_NAMES.length; k++) {
      if ((played & PLAYED_NAMES[k][0]) !== 0) out += prefix + PLAYED_HEAD[k * 2 + mover] + tail;
    }
  }
  return out;
}

export class CsvFormatter implements Formatter {
  header(): string {
    return CSV_COLUMNS + EOL;
  }

  position(v: PositionView): string {
    return positionCsv(v);
  }

  endGame(_text: GameText): string {
    return '';
  }
}
