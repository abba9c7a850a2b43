// writeFen's piece placement comes from a table of half-ranks keyed by piece sets (src/core/fen-ranks.ts).
// Checked here against a FEN written the slow obvious way from the mailbox, square by square counting
// empties (test/helpers/slow-fen.ts): every half-rank there can be, random boards, and every position of
// real games, standard and Chess960, en passant squares included (double Fischer Random in
// fen-ranks.corpus.test.ts).
import { describe, expect, it } from 'vitest';
import { BLACK, KING, PAWN, ROOK, type Colour } from '../../src/core/board.js';
import { INITIAL_FEN, parseFen, toFen } from '../../src/core/fen.js';
import { Position } from '../../src/core/position.js';
import { mulberry32 } from '../helpers/random.js';
import { difference, replayFile, written } from '../helpers/slow-fen.js';

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
          if (code !== 0) pos.put((code >> 3) as Colour, (code & 7) - 1, rank * 8 + half + i);
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
        pos.put((next() & 1) as Colour, type === PAWN && (sq < 8 || sq >= 56) ? KING : type, sq);
      }
      pos.turn = (next() & 1) as Colour;
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

describe('writeFen on every position of real games', () => {
  it('writes the lichess 2016 file as the slow writer does', () => {
    const r = replayFile('games/lichess-db-2016-05-no-event-tag.pgn.zst');
    console.log(`lichess 2016: ${r.positions} positions, ${r.ep} with an en passant square`);
    expect(r.diffs.slice(0, 5)).toEqual([]);
    expect(r.positions).toBeGreaterThan(200_000);
    expect(r.ep).toBeGreaterThan(100);
  });

  it('writes lichess Chess960 games (X-FEN castling) as the slow writer does', () => {
    const r = replayFile('excerpts/lichess-jishanshaikh4-chess960.pgn.zst');
    console.log(`lichess Chess960: ${r.positions} positions, ${r.chess960} Chess960`);
    expect(r.diffs.slice(0, 5)).toEqual([]);
    expect(r.chess960).toBeGreaterThan(10_000);
  });
});
