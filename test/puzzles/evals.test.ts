// [%eval] read by bytes after each move, against a regular expression over the game's text between one
// move and the next, on real lichess games that carry an evaluation after nearly every move.
import { describe, expect, it } from 'vitest';
import { GameReader } from '../../src/analysis/replay.js';
import { scanGame } from '../../src/pgn/movetext.js';
import { evalAfterMove, MATE_CP } from '../../src/puzzles/evals.js';
import { splitGames, readCorpusBytes } from '../helpers/corpus.js';

const latin1 = new TextDecoder('latin1');

/** The oracle: the first [%eval …] in the text from the end of move p to the end of move p + 1. */
function oracle(bytes: Uint8Array, moveEnds: Int32Array, plies: number, end: number, p: number): number {
  const text = latin1.decode(bytes.subarray(moveEnds[p], p + 1 < plies ? moveEnds[p + 1] : end));
  const m = /\[%eval\s+(#)?([+-]?)(\d+(?:\.\d+)?)\]/.exec(text);
  if (m === null) return NaN;
  const sign = m[2] === '-' ? -1 : 1;
  return m[1] ? sign * (MATE_CP - Number(m[3])) : sign * Math.round(Number(m[3]) * 100);
}

describe('[%eval] after a move', () => {
  it('agrees with a regular expression on every move of 300 real games', () => {
    const reader = new GameReader();
    let evals = 0;
    let mates = 0;
    let moves = 0;
    for (const g of splitGames(readCorpusBytes('excerpts/lichess-DrNykterstein-DrDrunkenstein-first-400.pgn.zst'), 300)) {
      reader.reset(g.bytes);
      if (scanGame(g.bytes, reader) !== null || reader.error !== null) continue;
      for (let p = 0; p < reader.plies; p++) {
        const want = oracle(g.bytes, reader.moveEnds, reader.plies, reader.end, p);
        expect(
          evalAfterMove(g.bytes, reader.moveEnds, p),
          `${latin1.decode(g.bytes.subarray(reader.moveEnds[p], reader.moveEnds[p] + 40))}`,
        ).toBe(want);
        moves++;
        if (!Number.isNaN(want)) evals++;
        if (Math.abs(want) > 5000) mates++;
      }
    }
    expect(moves).toBeGreaterThan(10_000);
    expect(evals / moves).toBeGreaterThan(0.8); // the file has evaluations: the test reads them
    expect(mates).toBeGreaterThan(10);
  });

  it('reads mates, signs, NAGs before the comment, and finds none before the next move', () => {
    const game = new TextEncoder().encode(
      '1. e4 $1 { [%clk 0:03:00] [%eval -0.5] } 1... e5?! { [%eval #-3] } 2. Nf3 { no eval } 2... Nc6 { [%eval +1.234] } *',
    );
    const reader = new GameReader();
    reader.reset(game);
    expect(scanGame(game, reader)).toBeNull();
    expect([0, 1, 2, 3].map((p) => evalAfterMove(game, reader.moveEnds, p))).toEqual([-50, -(MATE_CP - 3), NaN, 123]);
  });
});
