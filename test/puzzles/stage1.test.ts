// Stage 1's candidate test against its definition computed the slow way: the exact search values of P and
// Q for every position of real games (no null-window prefilter), and [%eval] swings read by a regex.
import { describe, expect, it } from 'vitest';
import { GameReader } from '../../src/analysis/replay.js';
import { legalMoves } from '../../src/core/movegen.js';
import type { Position } from '../../src/core/position.js';
import { scanGame } from '../../src/pgn/movetext.js';
import { evalAfterMove } from '../../src/puzzles/evals.js';
import { MATE, MaterialSearch, materialBalance } from '../../src/tactics/material-search.js';
import { Stage1 } from '../../src/puzzles/stage1.js';
import { readCorpusBytes, splitGames } from '../helpers/corpus.js';

const search = new MaterialSearch();
const moves = new Int32Array(256);

/** The rules by the definition: bits mate 1, material 2, eval 4. */
function slow(P: Position, Q: Position | null, evalP: number, evalQ: number): number {
  let rules = 0;
  if (Q !== null) {
    const vP = search.value(P);
    const before = -search.value(Q);
    const bal = materialBalance(P);
    if (vP >= MATE && before < MATE) rules |= 1;
    else if (vP < MATE && vP - bal >= 2 && vP - before >= 2) rules |= 2;
  }
  const clip = (x: number): number => Math.max(-1000, Math.min(1000, x));
  const sign = P.turn === 0 ? 1 : -1;
  if (!Number.isNaN(evalP) && !Number.isNaN(evalQ) && sign * (clip(evalP) - clip(evalQ)) >= 200) rules |= 4;
  return rules !== 0 && legalMoves(P, moves) < 2 ? 0 : rules;
}

describe('stage 1', () => {
  it('fires exactly where its definition says, on real games with [%eval]', () => {
    const reader = new GameReader();
    const stage1 = new Stage1();
    let positions = 0;
    const fired = [0, 0, 0, 0, 0, 0, 0, 0];
    for (const g of splitGames(readCorpusBytes('excerpts/lichess-DrNykterstein-DrDrunkenstein-first-400.pgn.zst'), 60)) {
      reader.reset(g.bytes);
      if (scanGame(g.bytes, reader) !== null || reader.error !== null) continue;
      const text = { bytes: g.bytes, moveEnds: reader.moveEnds };
      stage1.beginGame();
      let evalQ = NaN;
      for (let p = 0; p <= reader.plies; p++) {
        const evalP = p > 0 ? evalAfterMove(text.bytes, text.moveEnds, p - 1) : NaN;
        const want = slow(reader.positions[p], p > 0 ? reader.positions[p - 1] : null, evalP, evalQ);
        expect(stage1.position(reader.positions[p], evalP), `game ${g.index} ply ${p}`).toBe(want);
        fired[want]++;
        positions++;
        evalQ = evalP;
      }
    }
    expect(positions).toBeGreaterThan(3000);
    expect(fired[2] + fired[6]).toBeGreaterThan(10); // material candidates were met
    expect(fired[4] + fired[5] + fired[6]).toBeGreaterThan(10); // eval swings too
    expect(fired[0] / positions).toBeGreaterThan(0.8); // most positions are no candidate
  });
});
