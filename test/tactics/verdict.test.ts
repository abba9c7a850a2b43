// The tactic judge (src/tactics/verdict.ts): the baseline (a plain recapture of what was just taken wins
// nothing, winning it back otherwise does), the verdict's fields and themes, found and missed for the move
// played, and the mate distance against a brute-force mate search written with chess.js (apart from our
// core) on lichess's mate-in-1 and mate-in-2 puzzles (mate-distance.ts; more of them in verdict.corpus.test.ts).
import { describe, expect, it } from 'vitest';
import { parseFen } from '../../src/core/fen.js';
import type { Position } from '../../src/core/position.js';
import { moveToUci } from '../../src/core/san.js';
import { uciMove } from '../../src/tactics/line.js';
import { TacticJudge } from '../../src/tactics/verdict.js';
import { readCorpusBytes } from '../helpers/corpus.js';
import { mateDistances } from './mate-distance.js';

const judge = new TacticJudge();

/** The position after UCI move `uci` from fen, and the move. */
function afterMove(fen: string, uci: string): { before: Position; move: number; pos: Position } {
  const before = parseFen(fen);
  const move = uciMove(before, uci);
  const pos = before.clone();
  pos.play(move);
  return { before, move, pos };
}

describe('TacticJudge', () => {
  it('sees no tactic in a plain recapture, but one in the same position judged alone', () => {
    const { before, move, pos } = afterMove('r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 2 3', 'b5c6');
    expect(judge.position(pos, before, move)).toBe(false);
    expect(judge.position(pos, null, -1)).toBe(true);
    expect(judge.gain).toBe(2); // ...dxc6 wins the bishop, Nxe5 a pawn back within the horizon
  });

  it('counts winning back by a fork what cannot simply be retaken', () => {
    // Qxh3 took a knight no black piece retakes; ...Qg3+ forks king and queen
    const { before, move, pos } = afterMove('1k4r1/1b4q1/pR3p2/3PpP2/4P2p/3Q3n/5RPK/8 w - - 0 36', 'd3h3');
    expect(judge.position(pos, before, move)).toBe(true);
    expect(moveToUci(pos, judge.move)).toBe('g7g3');
    expect(judge.gain).toBeGreaterThanOrEqual(2);
    expect(judge.tactic().themes).toContain('fork');
  });

  it('gives a hanging queen as plain data: move, UCI, gain and themes', () => {
    const pos = parseFen('rnb1kbnr/pppp1ppp/8/4p1q1/4P3/3P4/PPP2PPP/RNBQKBNR w KQkq - 0 1');
    expect(judge.position(pos, null, -1)).toBe(true);
    expect(judge.tactic()).toEqual({ move: 'Bxg5', uci: 'c1g5', gain: 9, themes: ['hangingPiece'] });
    expect(
      judge
        .winningLine()
        .map((m) => moveToUci(pos, m))
        .slice(0, 1),
    ).toEqual(['c1g5']);
  });

  it('names a knight fork', () => {
    expect(judge.position(parseFen('r3k3/8/8/3N4/8/8/8/4K3 w - - 0 1'), null, -1)).toBe(true);
    expect(judge.tactic()).toMatchObject({ uci: 'd5c7', gain: 5, themes: ['fork'] }); // from a rook down to a knight up
  });

  it('gives mates by their number of moves, and no verdict to a side without a move', () => {
    expect(judge.position(parseFen('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1'), null, -1)).toBe(true);
    expect(judge.tactic()).toMatchObject({ move: 'Ra8#', mate: 1 });
    expect(judge.tactic().gain).toBeUndefined();
    expect(judge.position(parseFen('k7/8/2K5/8/8/8/8/7R w - - 0 1'), null, -1)).toBe(true);
    expect(judge.mate).toBe(2);
    expect(judge.position(parseFen('R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1'), null, -1)).toBe(false);
    expect(judge.position(parseFen('k7/2Q5/8/8/8/8/8/7K b - - 0 1'), null, -1)).toBe(false);
  });

  it('judges the move played: found when it wins the gain less a pawn, missed otherwise', () => {
    const pos = parseFen('rnb1kbnr/pppp1ppp/8/4p1q1/4P3/3P4/PPP2PPP/RNBQKBNR w KQkq - 0 1');
    expect(judge.position(pos, null, -1)).toBe(true);
    expect(judge.judgePlayed(uciMove(pos, 'c1g5'))).toBe('found');
    expect(judge.judgePlayed(uciMove(pos, 'g1f3'))).toBe('missed');
    // a mate in 2: Kb6 (…Kb8 Rh8#) or Kc7 (…Ka7 Ra1#) keep it; Rh7 and Rh8+ let the king out
    const net = parseFen('k7/8/2K5/8/8/8/8/7R w - - 0 1');
    expect(judge.position(net, null, -1)).toBe(true);
    expect([judge.mate, moveToUci(net, judge.move)]).toEqual([2, 'c6b6']);
    expect(judge.judgePlayed(uciMove(net, 'c6c7'))).toBe('found');
    expect(judge.judgePlayed(uciMove(net, 'h1h7'))).toBe('missed');
    expect(judge.judgePlayed(uciMove(net, 'h1h8'))).toBe('missed');
  });

  it("finds the mate distance a brute-force search finds, on lichess mate-in-1 and mate-in-2 puzzles (the repository's excerpt)", () => {
    expect(mateDistances(readCorpusBytes('excerpts/lichess-puzzles-42k-themed-first-200.pgn'), judge, 15)).toEqual([2, 15]); // all 2 mates in 1 it holds
  });
});
