// writeFen's piece placement comes from a table of half-ranks keyed by piece sets (src/core/fen-ranks.ts).
// Checked here against a FEN written the slow obvious way from the mailbox, square by square counting
// empties: every half-rank there can be, random boards, and every position of real games, standard and
// Chess960, en passant squares included.
import { describe, expect, it } from 'vitest';
import { BLACK, KING, PAWN, ROOK, WHITE } from '../../src/core/board.js';
import { INITIAL_FEN, MAX_FEN_BYTES, parseFen, toFen, writeFen } from '../../src/core/fen.js';
import { Position, SHORT } from '../../src/core/position.js';
import { parseSan } from '../../src/core/san.js';
import { variantFromTag } from '../../src/core/variant.js';
import { loadGames } from '../helpers/corpus.js';
import { mulberry32 } from '../helpers/random.js';

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
function written(pos: Position, fields: 4 | 6 = 6): string {
  buf.fill(0xee);
  const at = 13;
  const end = writeFen(pos, buf, at, fields);
  for (let i = 0; i < at; i++) if (buf[i] !== 0xee) throw new Error(`byte ${i} before the FEN written`);
  for (let i = at + MAX_FEN_BYTES; i < buf.length; i++) if (buf[i] !== 0xee) throw new Error(`byte ${i} past MAX_FEN_BYTES written`);
  return String.fromCharCode(...buf.subarray(at, end));
}

/** Compares the fields of pos's FEN with the slow ones; returns a description of the first difference, or ''. */
function difference(pos: Position): string {
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

describe('writeFen piece placement', () => {
  it('writes every half-rank there can be, in either half of every rank', () => {
    // 13 codes on each of four squares: 28,561 half-ranks, each put on the left and the right of one rank
    const codes = [0, 1, 2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 14];
    const diffs: string[] = [];
    let n = 0;
    for (let k = 0; k < 13 ** 4; k++) {
      const rank = k % 8;
      for (const half of [0, 4]) {
        const pos = new Position();
        for (let i = 0, c = k; i < 4; i++, c = Math.floor(c / 13)) {
          const code = codes[c % 13];
          if (code !== 0) pos.put(code >> 3, (code & 7) - 1, rank * 8 + half + i);
        }
        // a piece on the other half of the rank at every third key, so that both the empty and the full join are seen
        if (k % 3 === 0) pos.put(BLACK, ROOK, rank * 8 + (half === 0 ? 4 + (k % 4) : k % 4));
        const d = difference(pos);
        if (d !== '') diffs.push(d);
        n++;
      }
    }
    expect(n).toBe(2 * 28_561);
    expect(diffs.slice(0, 5)).toEqual([]);
  });

  it('writes random boards: every square occupied with a chance from none to all', () => {
    const next = mulberry32(0x5eed);
    const diffs: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const pos = new Position();
      const density = (i % 17) / 16;
      for (let sq = 0; sq < 64; sq++) {
        if (next() / 2 ** 32 >= density) continue;
        const type = next() % 6;
        pos.put(next() & 1, type === PAWN && (sq < 8 || sq >= 56) ? KING : type, sq);
      }
      pos.turn = next() & 1;
      pos.halfmove = next() % 150;
      pos.fullmove = 1 + (next() % 300);
      const d = difference(pos);
      if (d !== '') diffs.push(d);
    }
    expect(diffs.slice(0, 5)).toEqual([]);
  });

  it('writes every set of castling rights, standard and Chess960', () => {
    const corners = [7, 0, 63, 56]; // by slot: white short, white long, black short, black long
    for (let gone = 0; gone < 16; gone++) {
      const pos = parseFen(INITIAL_FEN);
      for (let slot = 0; slot < 4; slot++) if ((gone >> slot) & 1) pos.castleRook[slot] = -1;
      expect(difference(pos)).toBe('');
      expect(written(pos).split(' ')[2]).toBe([...'KQkq'].filter((_, slot) => pos.castleRook[slot] === corners[slot]).join('') || '-');
      // Chess960 with rooks inside the outermost ones: file letters where the right's rook is not the outermost
      const frc = parseFen('rr2k1rr/8/8/8/8/8/8/RR2K1RR w GBgb - 0 1');
      for (let slot = 0; slot < 4; slot++) if ((gone >> slot) & 1) frc.castleRook[slot] = -1;
      expect(difference(frc)).toBe('');
    }
    expect(written(parseFen('rr2k1rr/8/8/8/8/8/8/RR2K1RR w GBgb - 0 1')).split(' ')[2]).toBe('GBgb');
  });

  it('writes en passant squares where a capture is legal, and the initial position', () => {
    expect(toFen(parseFen(INITIAL_FEN))).toBe(INITIAL_FEN);
    for (const [fen, expected] of [
      ['rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3', 'same'],
      ['rnbqkbnr/pppp1ppp/8/8/3Pp3/4P3/PPP2PPP/RNBQKBNR b KQkq d3 0 3', 'same'],
      ['7k/8/8/8/pP6/8/8/K7 b - b3 0 40', 'same'],
      // the capture would leave the king to the queen: no square written
      ['8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1', '8/8/8/8/k2Pp2Q/8/8/3K4 b - - 0 1'],
    ]) {
      const pos = parseFen(fen);
      expect(difference(pos)).toBe('');
      expect(toFen(pos)).toBe(expected === 'same' ? fen : expected);
    }
  });
});

/** Replays the games of a corpus file and compares every position's FEN; returns positions and differences. */
function replayFile(file: string, limit = Infinity): { positions: number; ep: number; chess960: number; diffs: string[] } {
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

describe('writeFen on every position of real games', () => {
  it('writes the lichess 2016 file as the slow writer does', () => {
    const r = replayFile('games/lichess-db-2016-05-no-event-tag.pgn.zst');
    console.log(`lichess 2016: ${r.positions} positions, ${r.ep} with an en passant square`);
    expect(r.diffs.slice(0, 5)).toEqual([]);
    expect(r.positions).toBeGreaterThan(200_000);
    expect(r.ep).toBeGreaterThan(100);
  });

  it('writes TCEC Chess960 games (X-FEN castling) as the slow writer does', () => {
    const r = replayFile('games/TCEC_Season_24_-_Dfrc_2_League_1.pgn.zst');
    console.log(`TCEC DFRC: ${r.positions} positions, ${r.chess960} Chess960`);
    expect(r.diffs.slice(0, 5)).toEqual([]);
    expect(r.chess960).toBeGreaterThan(10_000);
  });
});
