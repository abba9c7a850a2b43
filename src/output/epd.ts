// EPD: one line per position, the first four FEN fields then operations, each `opcode operand…;`:
//
//   <placement> <side> <castling> <ep> hmvc N; fmvn N; id "game G ply P"; c0 "…"; c1 "…"; … sm SAN;
//
//   hmvc, fmvn   halfmove clock and fullmove number of the position (the two FEN fields EPD leaves out)
//   id           "game G ply P": 1-based game number in input order, ply 0 = the game's start position
//   c0, c1, …    one per static motif record (in the engine's order), then one per tag of the move played
//                from the position (sorted); numbering goes on past c9 when a position has more records
//                (opcodes are letters, digits and underscores, so `c10` still reads as an opcode):
//                  "pin absolute|relative S slider front back[ partial]"   e.g. "pin absolute w d1=R d5=n d8=k partial"
//                  "skewer absolute|relative S slider front back"
//                  "discoveredCheck|discoveredAttack|xray S slider front back"
//                  "battery S rank|file|diagonal|antiDiagonal sq,sq… -> target[,target]"
//                                                                       e.g. "battery w file d1=R,d2=Q -> d5=q"
//                  "played check|discoveredAttack|discoveredCheck|doubleCheck|found|missed"   (the move's tags)
//                S is the side whose motif it is (w | b); every square is written `square=letter`, the FEN
//                letter of the piece on it (upper case white); squares are lower-case, lists ascending.
//   bm           where the side to move has a tactic verdict: its winning move in SAN (best move)
//   dm           with bm, when the verdict is a forced mate: its number of moves (direct mate)
//   tactic       with bm, the verdict: "gain N THEME…" (N pawns won) or "mate N THEME…", its themes
//                space-separated (none: nothing after N)        e.g. bm Bxf6; tactic "gain 3 pin";
//   sm           the move played from the position in SAN (supplied move); absent at the end of a game.
// A position without records (--all-positions) has no c operations; without a verdict (or with
// --no-tactics), no bm, dm or tactic.
import { STRIDE } from '../motifs/buffer.js';
import { LINE_KINDS, PLAYED_SORTED, byCodeAndPartial, byCodeAndSide } from '../motifs/catalogue.js';
import { type AsciiWriter, LineFormatter, ascii, piece, writeFen, writeLabelled, writeRecordText, type RecordStyle } from './lines.js';
import type { PositionView } from './formatter.js';

/** A record's text: `motif[ kind] S ` then `slider front back[ partial]` or `line sq,sq… -> target[,target]`, each square `sq=L`. */
const RECORD: RecordStyle = {
  head: byCodeAndSide((m, side) => ascii(m.name + (m.kind === null ? '' : ' ' + m.kind) + ' ' + side + ' ')),
  line: LINE_KINDS.map((l) => ascii(l + ' ')),
  chainSep: ascii(','),
  targets: ascii(' -> '),
  sep: 0x20,
  tail: byCodeAndPartial((_m, partial) => ascii(partial ? ' partial' : '')),
  mark: 0x3d, // =
};
/** `played tag";` by PLAYED_SORTED index. */
const PLAYED_OP: readonly Uint8Array[] = PLAYED_SORTED.map((p) => ascii('played ' + p.name + '";'));
/** The labels of the numbers before the comments: ` hmvc 0; fmvn 1; id "game 1 ply 0` (then `";`). */
const [HMVC, FMVN, ID_GAME, ID_PLY] = [' hmvc ', '; fmvn ', '; id "game ', ' ply '].map(piece);
const ID_END = ascii('";');
const SM = ascii(' sm ');
const BM = ascii(' bm ');

/** Writes the verdict's operations: ` bm SAN;[ dm N;] tactic "gain|mate N THEME…";` (its themes read here, for the lines written). */
function writeTactic(w: AsciiWriter, v: PositionView): void {
  const t = v.tactic!.tactic();
  w.ensure(4);
  w.put(BM);
  writeMove(w, t.move);
  const value = t.mate !== undefined ? `; dm ${t.mate}; tactic "mate ${t.mate}` : `; tactic "gain ${t.gain}`;
  w.plain(value + t.themes.map((name) => ' ' + name).join('') + '";');
}

/** Writes ` cN "`: the opening of comment operation N (c0 … c9, then c10 … as needed). */
function writeCOpen(w: AsciiWriter, i: number): void {
  w.ensure(4);
  w.buf[w.n++] = 0x20;
  w.buf[w.n++] = 0x63; // c
  w.uint(i);
  w.ensure(2);
  w.buf[w.n++] = 0x20;
  w.buf[w.n++] = 0x22;
}

/**
 * Writes a SAN as an EPD operand: as is when it is one plain symbol (always, for SAN we write), else as a
 * string, where EPD has no escapes: quotes, control and non-ASCII characters become `_`.
 */
function writeMove(w: AsciiWriter, san: string): void {
  w.ensure(san.length + 2);
  let plain = san.length > 0;
  for (let i = 0; i < san.length && plain; i++) {
    const c = san.charCodeAt(i);
    if (c <= 0x20 || c >= 0x7f || c === 0x3b || c === 0x22) plain = false;
  }
  const b = w.buf;
  if (plain) {
    for (let i = 0; i < san.length; i++) b[w.n++] = san.charCodeAt(i);
    return;
  }
  b[w.n++] = 0x22;
  for (let i = 0; i < san.length; i++) {
    const c = san.charCodeAt(i);
    b[w.n++] = c < 0x20 || c >= 0x7f || c === 0x22 ? 0x5f : c;
  }
  b[w.n++] = 0x22;
}

/** Writes the EPD line of one position (with the final "\n"). */
export function writePositionEpd(w: AsciiWriter, v: PositionView): void {
  const pos = v.pos;
  writeFen(w, pos, 4);
  writeLabelled(w, HMVC, pos.halfmove);
  writeLabelled(w, FMVN, pos.fullmove);
  writeLabelled(w, ID_GAME, v.game);
  writeLabelled(w, ID_PLY, v.ply);
  w.ensure(2);
  w.put(ID_END);
  const d = v.buf.data;
  const n = v.buf.count;
  for (let i = 0; i < n; i++) {
    writeCOpen(w, i);
    w.ensure(160);
    writeRecordText(w, d, i * STRIDE, RECORD, pos.board);
    w.ensure(2);
    w.put(ID_END);
  }
  const played = v.played;
  if (played !== 0) {
    let c = n;
    for (let k = 0; k < PLAYED_SORTED.length; k++) {
      if ((played & PLAYED_SORTED[k].bit) === 0) continue;
      writeCOpen(w, c++);
      w.ensure(32);
      w.put(PLAYED_OP[k]);
    }
  }
  if (v.tactic !== null) writeTactic(w, v);
  if (v.san !== null) {
    w.ensure(4);
    w.put(SM);
    writeMove(w, v.san);
    w.ensure(1);
    w.buf[w.n++] = 0x3b;
  }
  w.ensure(1);
  w.buf[w.n++] = 0x0a;
}

export class EpdFormatter extends LineFormatter {
  protected write(w: AsciiWriter, v: PositionView): void {
    writePositionEpd(w, v);
  }
}
