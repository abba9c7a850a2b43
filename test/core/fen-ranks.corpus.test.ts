// writeFen against the slow writer (test/helpers/slow-fen.ts) on every position of the shared corpus's
// double Fischer Random games: a different back rank for each side, castling rooks on other files.
import { describe, expect, it } from 'vitest';
import { replayFile } from '../helpers/slow-fen.js';

describe('writeFen on every position of real games', () => {
  it('writes TCEC Chess960 games (X-FEN castling) as the slow writer does', () => {
    const r = replayFile('games/TCEC_Season_24_-_Dfrc_2_League_1.pgn.zst');
    console.log(`TCEC DFRC: ${r.positions} positions, ${r.chess960} Chess960`);
    expect(r.diffs.slice(0, 5)).toEqual([]);
    expect(r.chess960).toBeGreaterThan(10_000);
  });
});
