// CSV (RFC 4180: CRLF line ends, fields quoted when they hold a comma, a quote or a line break, quotes
// doubled). Columns:
//   game,ply,fen,move,uci,motif,kind,side,slider,front,back,partial,line,squares,targets,pieces,targetPieces,checkers
// One row per static motif record of the position, then one row per tag of the move played from it
// (motif = check | discoveredAttack | discoveredCheck | doubleCheck, kind = played, side = the mover).
// A position with neither (written with --all-positions) gets one row with an empty motif.
// Empty fields for what does not apply: kind only for pins and skewers (absolute | relative) and played
// tags; slider/front/back for line records; partial (true | false) for pins; line, squares, targets,
// targetPieces for batteries; move and uci are empty at the end of a game. pieces: the FEN letters of
// the record's pieces (upper case white), of slider front back for line records, of the squares for
// batteries; targetPieces those of the targets. Lists (squares, targets, the letters, checkers: the
// pieces checking the side to move) are space-separated, squares ascending, letters aligned with them.
// With verdicts on (not --no-tactics), five columns follow the checkers on every row of the position:
//   tactic,tacticUci,gain,mate,themes
// the winning move of the side to move (SAN, UCI), the pawns it wins or the moves to the mate (the other
// one empty), its themes space-separated; all five empty where the position has no verdict. Without
// verdicts the columns are not there: the output is the motifs' alone.
// With --tags, one column per tag follows, named as the tag: its value in the game, empty when absent.
// Game text (those tag values) goes through csvText: a spreadsheet would run a cell starting with
// = + - @ (or a tab or CR before one) as a formula, so such a value gets a leading '. Every other cell is
// ours and starts with a digit, a letter or nothing (FEN, SAN, UCI, names, numbers never negative).
import { REC_BACK, REC_CODE, REC_FRONT, REC_SLIDER, STRIDE } from '../motifs/buffer.js';
import { LINE_KINDS, PLAYED_SORTED, byCodeAndPartial, byCodeAndSide, isChain } from '../motifs/catalogue.js';
import { LETTER_BYTES } from '../core/board.js';
import {
  type AsciiWriter,
  LineFormatter,
  ascii,
  writeChainLetters,
  writeFen,
  writeRecordText,
  writeSquareSet,
  writeTargetLetters,
  type RecordStyle,
} from './lines.js';
import { csvField, csvText } from './csv-text.js';
import type { GameInfo, PositionView } from './formatter.js';

/**
 * Record fields motif … targets: `,motif,kind,side,` then slider,front,back,partial (empty but for pins)
 * and three empty fields, or four empty fields and line,squares,targets (the letters follow: writeLetters).
 */
const RECORD: RecordStyle = {
  head: byCodeAndSide((m, side) => ascii(',' + m.name + ',' + (m.kind ?? '') + ',' + side + ',')),
  line: LINE_KINDS.map((l) => ascii(',,,,' + l + ',')),
  chainSep: ascii(' '),
  targets: ascii(','),
  sep: 0x2c,
  tail: byCodeAndPartial((m, partial) => ascii(m.partial ? ',' + String(partial) + ',,,' : ',,,,')),
  mark: 0,
};
const SPACE = ascii(' ');
/** `,tag,played,w,,,,,,,,,` by PLAYED_SORTED index * 2 + mover: up to (not including) the checkers separator. */
const PLAYED_HEAD: readonly Uint8Array[] = PLAYED_SORTED.flatMap((p) =>
  ['w', 'b'].map((mover) => ascii(',' + p.name + ',played,' + mover + ','.repeat(9))),
);
/** motif … targetPieces, all empty: twelve separators (the thirteenth comes before the checkers). */
const EMPTY_MIDDLE = ascii(','.repeat(12));
const CRLF = ascii('\r\n');
const NO_BYTES = new Uint8Array(0);

/**
 * Writes a field from outside the board (SAN, UCI) with RFC 4180 quoting. The line buffer holds bytes, so
 * a character outside ASCII would be written as `?` (SAN and UCI as we write them are plain ASCII).
 */
function writeField(w: AsciiWriter, s: string): void {
  w.ensure(s.length * 2 + 2);
  const b = w.buf;
  const quote = csvField(s) !== s;
  if (quote) b[w.n++] = 0x22;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22) {
      b[w.n++] = 0x22;
      b[w.n++] = 0x22;
    } else b[w.n++] = c > 0x7f ? 0x3f : c;
  }
  if (quote) b[w.n++] = 0x22;
}

/** Writes game,ply,fen,move,uci: the start of every row of the position. */
function writeRowPrefix(w: AsciiWriter, v: PositionView): void {
  w.uint(v.game);
  w.ensure(1);
  w.buf[w.n++] = 0x2c;
  w.uint(v.ply);
  w.ensure(1);
  w.buf[w.n++] = 0x2c;
  writeFen(w, v.pos); // the FEN holds no comma, quote or line break
  w.ensure(1);
  w.buf[w.n++] = 0x2c;
  if (v.san !== null) writeField(w, v.san);
  w.ensure(1);
  w.buf[w.n++] = 0x2c;
  if (v.uci !== null) writeField(w, v.uci);
}

/** Writes `,tactic,tacticUci,gain,mate,themes`: the position's verdict, or five empty fields. */
function writeTactic(w: AsciiWriter, v: PositionView): void {
  if (v.tactic === null) {
    w.ensure(5);
    w.put(NO_TACTIC);
    return;
  }
  const t = v.tactic.tactic(); // its themes read here, for the rows written
  w.plain(',');
  writeField(w, t.move);
  w.plain(',' + t.uci + ',' + (t.gain ?? '') + ',' + (t.mate ?? '') + ',' + t.themes.join(' '));
}
const NO_TACTIC = ascii(',,,,,');

/**
 * Writes the rows of one position; `tags`: the game's `,value,…` of the --tags columns (UTF-8), or nothing;
 * `tactics`: the verdict's columns are written (verdicts on).
 */
export function writePositionCsv(w: AsciiWriter, v: PositionView, tags: Uint8Array = NO_BYTES, tactics = false): void {
  const pos = v.pos;
  // game,ply,fen,move,uci and `,checkers[,tactic…] CRLF` written once, then copied into every row
  const rowStart = w.n;
  writeRowPrefix(w, v);
  const prefixEnd = w.n;
  w.ensure(1);
  w.buf[w.n++] = 0x2c;
  writeSquareSet(w, pos.checkersLo, pos.checkersHi, 0x20, false); // the checkers
  if (tactics) writeTactic(w, v);
  w.ensure(2 + tags.length);
  w.put(tags);
  w.put(CRLF);
  const tailEnd = w.n;
  const prefixLen = prefixEnd - rowStart;
  const tailLen = tailEnd - prefixEnd;
  const d = v.buf.data;
  const n = v.buf.count;
  const played = v.played;
  if (n === 0 && played === 0) {
    // one row with an empty motif: move the tail right by the ten empty fields, write them in between
    w.ensure(EMPTY_MIDDLE.length);
    w.buf.copyWithin(prefixEnd + EMPTY_MIDDLE.length, prefixEnd, tailEnd);
    w.buf.set(EMPTY_MIDDLE, prefixEnd);
    w.n = tailEnd + EMPTY_MIDDLE.length;
    return;
  }
  // the first row is written after the saved prefix and tail, then the saved pieces are dropped
  const tailCopy = tailEnd;
  for (let i = 0; i < n; i++) {
    w.ensure(prefixLen + tailLen + 192); // writeRecordText writes at most 160 bytes, writeLetters 20
    copy(w, rowStart, prefixLen);
    writeRecordText(w, d, i * STRIDE, RECORD, pos.board);
    writeLetters(w, d, i * STRIDE, pos.board);
    copy(w, prefixEnd, tailLen);
  }
  if (played !== 0) {
    const mover = pos.turn;
    for (let k = 0; k < PLAYED_SORTED.length; k++) {
      if ((played & PLAYED_SORTED[k].bit) === 0) continue;
      w.ensure(prefixLen + tailLen + 64);
      copy(w, rowStart, prefixLen);
      w.put(PLAYED_HEAD[k * 2 + mover]);
      copy(w, prefixEnd, tailLen);
    }
  }
  // drop the saved prefix and tail: the rows move down to where the prefix began
  w.buf.copyWithin(rowStart, tailCopy, w.n);
  w.n -= tailCopy - rowStart;
}

/** Writes `,pieces,targetPieces` of the record at o: its pieces' letters, space-separated (room ensured by the caller). */
function writeLetters(w: AsciiWriter, d: Int32Array, o: number, board: Int8Array): void {
  w.buf[w.n++] = 0x2c;
  if (isChain(d[o + REC_CODE])) {
    writeChainLetters(w, d, o, board, SPACE);
    w.buf[w.n++] = 0x2c;
    writeTargetLetters(w, d, o, board, SPACE);
    return;
  }
  const b = w.buf;
  let n = w.n;
  b[n++] = LETTER_BYTES[board[d[o + REC_SLIDER]]];
  b[n++] = 0x20;
  b[n++] = LETTER_BYTES[board[d[o + REC_FRONT]]];
  b[n++] = 0x20;
  b[n++] = LETTER_BYTES[board[d[o + REC_BACK]]];
  b[n++] = 0x2c; // no target pieces
  w.n = n;
}

/** Appends bytes already in the writer (from `start`, `len` of them; room ensured by the caller). */
function copy(w: AsciiWriter, start: number, len: number): void {
  w.buf.copyWithin(w.n, start, start + len);
  w.n += len;
}

export class CsvFormatter extends LineFormatter {
  /** The game's --tags fields, `,value,…` as UTF-8. */
  private tagFields = NO_BYTES;

  constructor(
    private readonly tags: readonly string[] = [],
    private readonly tactics = false,
  ) {
    super();
  }

  override beginGame(info: GameInfo): void {
    if (this.tags.length === 0) return;
    this.tagFields = utf8.encode(this.tags.map((t) => ',' + csvText(info.tags?.get(t) ?? '')).join(''));
  }

  protected write(w: AsciiWriter, v: PositionView): void {
    writePositionCsv(w, v, this.tagFields, this.tactics);
  }
}

const utf8 = new TextEncoder();
