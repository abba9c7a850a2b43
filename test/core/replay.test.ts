import { describe, expect, it } from 'vitest';
import { variantFromTag } from '../../src/core/variant.js';
import { loadGames, type CorpusGame } from '../helpers/corpus.js';
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
