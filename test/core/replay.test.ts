import { describe, expect, it } from 'vitest';
import { variantFromTag } from '../../src/core/variant.js';
import { loadGames, type CorpusGame } from '../helpers/corpus.js';
import { replayAgainstChessJs as replayTokens } from '../../src/pipeline/verify.js';
import { replayAgainstChessJs, type Disagreement } from '../helpers/replay-oracle.js';

// Real games no one here wrote, from plain files (no decompression cost), then the 2016 lichess dump.
const FILES = [
  'games/pgnmentor-style-Capablanca.pgn',
  'games/pgnmentor-style-Fischer.pgn',
  'games/twic-sample-232games.pgn',
  'games/lichess-db-2017-05-no-event-tag-clocks.pgn',
  'games/mliebelt-32games.pgn',
  'games/lichess-export-mliebelt-2024-01-03.pgn',
  'games/lichess-db-2016-05-no-event-tag.pgn.zst',
];
const GAMES = 2100;

describe('differential replay against chess.js', () => {
  it(`gives the same FEN, SAN and check/mate flags after every ply of ${GAMES} real games`, () => {
    const games: CorpusGame[] = [];
    for (const f of FILES) {
      for (const g of loadGames(f, GAMES - games.length)) {
        if (variantFromTag(g.variant) === 'standard') games.push(g);
      }
      if (games.length >= GAMES) break;
    }
    expect(games.length).toBe(GAMES);
    let plies = 0;
    const disagreements: Disagreement[] = [];
    const rejected: string[] = [];
    for (const g of games) {
      const r = replayAgainstChessJs(g);
      plies += r.plies;
      if (r.disagreement) disagreements.push(r.disagreement);
      if (r.rejected) rejected.push(`${g.file}#${g.index}: ${r.rejected}`);
    }
    console.log(`replayed ${games.length} games, ${plies} plies; ${rejected.length} refused by both`);
    expect(disagreements.slice(0, 5)).toEqual([]);
    expect(plies).toBeGreaterThan(150_000);
    // every game of these files is legal chess: neither side may refuse a move
    expect(rejected).toEqual([]);
  });
});

describe("the oracle's two readings of ours that are no difference (verify.ts)", () => {
  const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

  it("a pawn's letter before its move (Pe4), which chess.js refuses and we read: compared as e4", () => {
    expect(replayTokens(START, ['Pe4', 'e5', 'Nf3'])).toEqual({ plies: 3, difference: null, refused: null });
    // the letter does not excuse a move chess.js refuses anyway: both refuse it
    expect(replayTokens(START, ['Pe5']).refused).toMatch(/Pe5/);
  });

  it('castling rights the start position cannot have: we drop them, chess.js keeps them; the rest is compared', () => {
    // the white king stands on c1 and the black one on g8: neither K nor q can ever be used
    const fen = '1rr3k1/p3ppbp/3pbnp1/7P/qP1BP1P1/5P2/1PPQ4/1NKR1B1R b Kq - 0 1';
    expect(replayTokens(fen, ['Qa2'])).toEqual({ plies: 1, difference: null, refused: null });
    // a right that the position can have is no excuse: here both keep it, and the FEN must agree
    expect(replayTokens('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', ['O-O', 'O-O-O'])).toEqual({ plies: 2, difference: null, refused: null });
  });
});
