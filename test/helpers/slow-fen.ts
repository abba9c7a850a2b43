// A FEN written the slow obvious way from the mailbox, square by square counting empties, and the
// comparison of writeFen's fields with it: for test/core/fen-ranks.test.ts and its corpus peer.
import { WHITE } from '../../src/core/board.js';
import { INITIAL_FEN, MAX_FEN_BYTES, parseFen, toFen, writeFen } from '../../src/core/fen.js';
import { SHORT, type Position } from '../../src/core/position.js';
import { parseSan } from '../../src/core/san.js';
import { variantFromTag } from '../../src/core/variant.js';
import { loadGames } from './corpus.js';

const LETTERS = '?PNBRQK??pnbrqk?';

/** The placement field from the mailbox, square by square. */
function slowPlacement(pos: Position): string {
  const ranks: string[] = [];
  for (let rank = 7; rank >= 0; rank--) {
    let text = '';
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const code = pos.board[rank * 8 + file];
      if (code === 0) {
        empty++;
        continue;
      }
      if (empty > 0) text += String(empty);
      text += LETTERS[code];
      empty = 0;
    }
    if (empty > 0) text += String(empty);
    ranks.push(text);
  }
  return ranks.join('/');
}

/** The castling field as X-FEN, looked up the slow way: K/Q for the outermost rook of a wing, else the file. */
function slowCastling(pos: Position): string {
  let text = '';
  for (let slot = 0; slot < 4; slot++) {
    const sq = pos.castleRook[slot];
    if (sq < 0) continue;
    const back = sq & 56;
    const files = (slot & 1) === SHORT ? [7, 6, 5, 4, 3, 2, 1] : [0, 1, 2, 3, 4, 5, 6];
    const outermost = files.find((f) => pos.board[back + f] === pos.board[sq]) === (sq & 7);
    const letter = outermost ? ((slot & 1) === SHORT ? 'K' : 'Q') : 'ABCDEFGH'[sq & 7];
    text += slot < 2 ? letter : letter.toLowerCase();
  }
  return text === '' ? '-' : text;
}

const buf = new Uint8Array(2 * MAX_FEN_BYTES + 16);

/**
 * writeFen at an odd offset in a buffer of garbage: its text, checked to leave the bytes before the offset
 * and past MAX_FEN_BYTES alone and to return the end of what it wrote.
 */
export function written(pos: Position, fields: 4 | 6 = 6): string {
  buf.fill(0xee);
  const at = 13;
  const end = writeFen(pos, buf, at, fields);
  for (let i = 0; i < at; i++) if (buf[i] !== 0xee) throw new Error(`byte ${i} before the FEN written`);
  for (let i = at + MAX_FEN_BYTES; i < buf.length; i++) if (buf[i] !== 0xee) throw new Error(`byte ${i} past MAX_FEN_BYTES written`);
  return String.fromCharCode(...buf.subarray(at, end));
}

/** Compares the fields of pos's FEN with the slow ones; returns a description of the first difference, or ''. */
export function difference(pos: Position): string {
  const fen = written(pos);
  const [placement, turn, castling, ep, half, full] = fen.split(' ');
  if (fen.split(' ').length !== 6) return `${fen}: not six fields`;
  if (placement !== slowPlacement(pos)) return `${fen}: placement, expected ${slowPlacement(pos)}`;
  if (turn !== (pos.turn === WHITE ? 'w' : 'b')) return `${fen}: side to move`;
  if (castling !== slowCastling(pos)) return `${fen}: castling, expected ${slowCastling(pos)}`;
  if (half !== String(pos.halfmove) || full !== String(pos.fullmove)) return `${fen}: clocks`;
  if (written(pos, 4) !== `${placement} ${turn} ${castling} ${ep}`) return `${fen}: EPD four fields ${written(pos, 4)}`;
  if (toFen(pos) !== fen) return `${fen}: toFen ${toFen(pos)}`;
  return '';
}

/** Replays the games of a corpus file and compares every position's FEN; returns positions and differences. */
export function replayFile(file: string, limit = Infinity): { positions: number; ep: number; chess960: number; diffs: string[] } {
  const out = { positions: 0, ep: 0, chess960: 0, diffs: [] as string[] };
  for (const g of loadGames(file, limit)) {
    const pos = parseFen(g.fen ?? INITIAL_FEN, { chess960: variantFromTag(g.variant) === 'chess960' });
    for (let ply = 0; ; ply++) {
      const d = difference(pos);
      if (d !== '') out.diffs.push(`${file}#${g.index} ply ${ply}: ${d}`);
      out.positions++;
      if (written(pos, 4).split(' ')[3] !== '-') out.ep++;
      if (pos.chess960) out.chess960++;
      if (ply === g.sans.length) break;
      pos.play(parseSan(pos, g.sans[ply]));
    }
  }
  return out;
}
