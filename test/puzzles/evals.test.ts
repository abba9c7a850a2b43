// [%eval] reading (src/puzzles/evals.ts) against a regular-expression oracle on the decoded text between
// one move token and the next, on real lichess games (nearly every move of the DrNykterstein games carries
// an eval), and on hand-written movetext with variations, mates and a missing eval.
import { describe, expect, it } from 'vitest';
import type { GameText } from '../../src/analysis/view.js';
import { GameReader } from '../../src/analysis/replay.js';
import { scanGame } from '../../src/pgn/movetext.js';
import { evalAfterMove, MATE_CP, readEvals } from '../../src/puzzles/evals.js';
import { replayedGames } from '../helpers/replayed.js';

/** The oracle: the text after move p up to the next move, variations removed, first [%eval] of a comment. */
function oracle(text: GameText, p: number): number {
  const end = p + 1 < text.moveEnds.length ? text.moveEnds[p + 1] : text.bytes.length;
  let s = new TextDecoder('latin1').decode(text.bytes.subarray(text.moveEnds[p], end));
  for (let prev = ''; prev !== s; ) {
    prev = s;
    s = s.replace(/\([^()]*\)/g, '');
  }
  const m = /\{[^}]*?\[%eval (#?)([+-]?\d+(?:\.\d+)?)/.exec(s);
  if (m === null) return NaN;
  const x = Number(m[2]);
  return m[1] === '#' ? Math.sign(x) * (MATE_CP - Math.abs(x)) : Math.round(x * 100);
}

function gameText(pgn: string): GameText {
  const bytes = new TextEncoder().encode(pgn);
  const r = new GameReader();
  r.reset(bytes);
  expect(scanGame(bytes, r)).toBeNull();
  return { bytes: bytes.subarray(0, r.end), moveEnds: r.moveEnds.subarray(0, r.plies) };
}

describe('evals', () => {
  it('reads hand-written comments: pawns, mates, variations, none', () => {
    const t = gameText(
      '[Event "x"]\n\n1. e4 { [%eval 0.17] [%clk 0:01:00] } 1... e5 { [%clk 0:01:00] } ' +
        '2. Nf3 ( 2. Bc4 { [%eval 9.99] } ) 2... Nc6 { [%eval #-3] } 3. Bb5 { x } { [%eval -1.5] } 3... a6 { [%eval #4] } 1-0',
    );
    expect(Array.from(readEvals(t, 6, new Float64Array(7)))).toEqual([NaN, 17, NaN, NaN, -(MATE_CP - 3), -150, MATE_CP - 4]);
  });

  it('agrees with a regular-expression oracle on real lichess games', () => {
    let moves = 0;
    let evals = 0;
    for (const file of ['games/lichess-DrNykterstein-DrDrunkenstein.pgn.zst', 'games/lichess-jishanshaikh4.pgn.zst']) {
      for (const { reader } of replayedGames(file, 300)) {
        const text: GameText = { bytes: reader.bytes.subarray(0, reader.end), moveEnds: reader.moveEnds.subarray(0, reader.plies) };
        for (let p = 0; p < reader.plies; p++) {
          const want = oracle(text, p);
          expect(evalAfterMove(text, p), `game ${file} ${p}`).toBe(want);
          moves++;
          if (!Number.isNaN(want)) evals++;
        }
      }
    }
    expect(moves).toBeGreaterThan(30_000);
    expect(evals).toBeGreaterThan(15_000);
  });
});
