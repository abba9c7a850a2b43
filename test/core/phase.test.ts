// phaseOf and nonPawnMaterial (docs/design.md §9) against material counted from the FEN's letters, on hand
// positions that reach the sign bits of both halves (h4 = 31, h8 = 63) and hold promoted pieces.
import { describe, expect, it } from 'vitest';
import { parseFen } from '../../src/core/fen.js';
import { ENDGAME, GamePhase, MIDDLEGAME, nonPawnMaterial, OPENING, phaseOf } from '../../src/core/phase.js';
import { INITIAL_FEN } from '../../src/core/fen.js';
import { parseSan } from '../../src/core/san.js';
import { variantFromTag } from '../../src/core/variant.js';
import { loadGames } from '../helpers/corpus.js';

function letters(fen: string, side: 'w' | 'b'): number {
  const points: Record<string, number> = { n: 3, b: 3, r: 5, q: 9 };
  let n = 0;
  for (const c of fen.split(' ')[0]) if ((c === c.toUpperCase()) === (side === 'w')) n += points[c.toLowerCase()] ?? 0;
  return n;
}

const FENS = [
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', // 31 each
  '7Q/8/1k6/8/7Q/8/8/K7 w - - 0 1', // queens on h8 and h4: the sign bits
  '7q/8/1K6/8/7q/8/8/k7 b - - 0 1',
  '4k3/8/8/8/7N/8/8/4K2R w - - 0 1', // 8 against 0: an endgame
  '3qk3/8/8/8/8/8/8/R2QK2R w - - 0 1', // 19 against 9
  'QQQQQ3/8/7k/8/8/8/8/4K3 w - - 0 1', // five promoted queens: 45
  'r1b1k1n1/8/8/8/8/8/8/4K3 b - - 0 1', // 11: an endgame for black's part
  '4k3/8/8/8/8/8/8/RR2K3 w - - 0 1', // exactly 10
  '4k3/8/8/8/8/8/8/RNB1K3 w - - 0 1', // 11
  '2b1k3/8/8/8/8/8/8/R1BQK3 w - - 0 1', // 17 against 3
  '4k3/8/8/8/8/8/8/1NB1KBN1 w - - 0 1', // four minor pieces: 12, still an endgame
  '4k3/8/8/8/8/8/8/1NBQKBN1 w - - 0 1', // five pieces: 21
];

describe('phase', () => {
  it('nonPawnMaterial counts what the FEN holds', () => {
    for (const fen of FENS) {
      const pos = parseFen(fen);
      expect(nonPawnMaterial(pos, 0), fen).toBe(letters(fen, 'w'));
      expect(nonPawnMaterial(pos, 1), fen).toBe(letters(fen, 'b'));
    }
  });

  it('phaseOf: endgame at most 13 points each, else opening before ply 20', () => {
    for (const fen of FENS) {
      const pos = parseFen(fen);
      const end = letters(fen, 'w') <= 13 && letters(fen, 'b') <= 13;
      expect(phaseOf(pos, 0), fen).toBe(end ? ENDGAME : OPENING);
      expect(phaseOf(pos, 19), fen).toBe(end ? ENDGAME : OPENING);
      expect(phaseOf(pos, 20), fen).toBe(end ? ENDGAME : MIDDLEGAME);
    }
    expect(FENS.filter((f) => letters(f, 'w') <= 13 && letters(f, 'b') <= 13).length).toBeGreaterThanOrEqual(3);
  });

  it('GamePhase, which counts material again only after captures and pawn moves, agrees with phaseOf on real games', () => {
    let positions = 0;
    let endgames = 0;
    const files = ['games/lichess-db-2016-05-no-event-tag.pgn.zst', 'excerpts/lichess-jishanshaikh4-chess960.pgn.zst'];
    for (const file of files) {
      for (const g of loadGames(file, 400)) {
        const pos = parseFen(g.fen ?? INITIAL_FEN, { chess960: variantFromTag(g.variant) === 'chess960' });
        const tracker = new GamePhase();
        for (let ply = 0; ; ply++) {
          const want = phaseOf(pos, ply);
          expect(tracker.of(pos, ply), `${file} game ${g.index} ply ${ply}`).toBe(want);
          positions++;
          if (want === ENDGAME) endgames++;
          if (ply === g.sans.length) break;
          pos.play(parseSan(pos, g.sans[ply]));
        }
      }
    }
    console.log(`GamePhase: ${positions} positions, ${endgames} endgame positions, all as phaseOf`);
    expect(endgames).toBeGreaterThan(1000);
  });
});
