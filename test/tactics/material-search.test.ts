// Stage 1's material search (src/tactics/material-search.ts) against a plain minimax of the same tree written the
// slow way (test/helpers/naive-search.ts: no pruning, no ordering, checks found by making every move), value
// for value, on hand-picked tactics and on real positions: a sample of game positions and the position
// after the setup move of lichess puzzles. The null-window entry and the best move are checked too. The
// plain minimax of many positions has hundreds of thousands of nodes: over its node budget, the oracle is a
// plain alpha-beta over the same tree (no ordering, no other pruning); both are counted.
import { describe, expect, it } from 'vitest';
import { parseFen, toFen } from '../../src/core/fen.js';
import type { Position } from '../../src/core/position.js';
import { moveToUci } from '../../src/core/san.js';
import { materialBalance, MaterialSearch } from '../../src/tactics/material-search.js';
import { moveValue, naiveMaterial, oracleValue } from '../helpers/naive-search.js';
import { replayedGames } from '../helpers/replayed.js';

const TACTICS: [string, string][] = [
  ['hanging queen', 'rnb1kbnr/pppp1ppp/8/4p1q1/4P3/3P4/PPP2PPP/RNBQKBNR w KQkq - 0 1'],
  ['knight fork', 'r3k3/8/8/3N4/8/8/8/4K3 w - - 0 1'],
  ['back-rank mate', '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1'],
  ['mate in 2', 'k7/8/2K5/8/8/8/8/7R w - - 0 1'],
  ["scholar's mate", 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4'],
  ['pin won by a pawn', 'r3k2r/ppp2ppp/2n5/1B6/3P4/8/PPP2PPP/R3K2R w KQkq - 0 1'],
  ['stalemated', 'k7/2Q5/8/8/8/8/8/7K b - - 0 1'],
  ['promotion', '8/4P1k1/8/8/8/8/8/4K3 w - - 0 1'],
  ['en passant', '4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1'],
  ['mated', '6k1/5ppp/8/8/8/8/5PPP/r5K1 w - - 0 1'],
  ['in check', '6k1/5ppp/8/8/8/8/8/R3K2r w - - 0 1'],
  ['skewer', '8/8/4k3/8/8/8/1q6/4K2R w - - 0 1'],
  ['discovered attack', 'r2qk2r/ppp2ppp/2n5/3Nb3/2B5/8/PPP2PPP/R2QR1K1 w kq - 0 1'],
  ['Kiwipete', 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'],
  // a queen checking by a move of the other kind: Qxh7+ up the file gives check on the diagonal to g8
  ['queen check of the other kind', 'rq2r1k1/p2n1ppp/1ppPp3/3n2N1/8/6B1/PPP1QPPP/2KRR3 w - - 0 1'],
];

const search = new MaterialSearch();

const tally = { minimax: 0, alphaBeta: 0 };

/** Checks value, atLeast around it and the best move against the oracle; returns the value. */
function check(pos: Position, budget = 20_000): number {
  const { value: want, by } = oracleValue(pos, budget);
  tally[by]++;
  const got = search.value(pos);
  expect(got, toFen(pos)).toBe(want);
  if (search.best >= 0) expect(moveValue(pos, search.best), `best ${moveToUci(pos, search.best)} in ${toFen(pos)}`).toBe(want);
  expect(search.atLeast(pos, want)).toBe(true);
  expect(search.atLeast(pos, want + 1)).toBe(false);
  expect(materialBalance(pos)).toBe(naiveMaterial(pos));
  return got;
}

describe('MaterialSearch', () => {
  it('finds the hand-picked tactics, as the plain minimax does', () => {
    const values = new Map(TACTICS.map(([name, fen]) => [name, check(parseFen(fen))]));
    expect(values.get('hanging queen')).toBe(9);
    expect(values.get('knight fork')).toBe(3); // a knight against a rook, then the rook won
    expect(values.get('back-rank mate')).toBe(1000);
    expect(values.get('mate in 2')).toBe(1000);
    expect(values.get('stalemated')).toBe(0);
    expect(values.get('mated')).toBe(-1000);
    expect(values.get('queen check of the other kind')).toBe(2);
  });

  it('agrees with the plain minimax on real game positions', () => {
    let n = 0;
    let step = 0;
    const before = { ...tally };
    for (const { reader } of replayedGames('excerpts/lichess-DrNykterstein-DrDrunkenstein-first-400.pgn.zst')) {
      for (let p = 0; p <= reader.plies && n < 100; p++) {
        if (++step % 83 !== 0) continue;
        check(reader.positions[p]);
        n++;
      }
      if (n >= 100) break;
    }
    expect(tally.minimax - before.minimax).toBeGreaterThan(30);
  });

  it('agrees with the plain minimax after the setup move of lichess puzzles', () => {
    let n = 0;
    for (const { reader } of replayedGames('excerpts/lichess-puzzles-42k-themed-first-200.pgn', 60)) {
      check(reader.positions[1]);
      n++;
    }
    expect(n).toBe(60);
  });
});
