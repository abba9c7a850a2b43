// The precision check's verdicts on hand-made engine answers (no engine runs here): the first move against
// the engine's best, lichess-puzzler's only-move rule at its edges (a mate in 1 against a second mate in 1
// or 2, a win-chance gap just over and just under 0.5), the one-legal-move case, the winning flag, and the
// report's counts and interval.
import { describe, expect, it } from 'vitest';
import type { EngineAnswer, Score } from '../../src/puzzles/types.js';
import { type Checked, judgePuzzle, precisionReport, validAttack, wilson } from '../helpers/puzzle-precision.js';

/** An answer whose lines play `moves` with `scores`, best first. */
function answer(moves: string[], scores: Score[]): EngineAnswer {
  const lines = scores.map((score, i) => ({ multipv: i + 1, depth: 20, score, pv: [moves[i], 'a7a6'] }));
  return { lines, bestmove: moves[0], nodes: 3_000_000, settled: 10 };
}

/** The cp whose win chance is `w` on the scale 2 / (1 + exp(-0.004 cp)) - 1, solved the slow way. */
function cpFor(w: number): number {
  return Math.log((1 + w) / (1 - w)) / 0.004;
}

describe('validAttack (lichess-puzzler is_valid_attack)', () => {
  it('a mate in 1 holds against a cp line and against mating slower than in 2', () => {
    expect(validAttack({ mate: 1 }, { cp: 900 })).toBe(true);
    expect(validAttack({ mate: 1 }, { mate: 3 })).toBe(true);
    expect(validAttack({ mate: 1 }, { mate: -2 })).toBe(true);
  });

  it('a mate in 1 fails against a second mate in 1 or in 2', () => {
    expect(validAttack({ mate: 1 }, { mate: 1 })).toBe(false);
    expect(validAttack({ mate: 1 }, { mate: 2 })).toBe(false);
  });

  it('the win-chance gap must exceed 0.5', () => {
    const second = 0;
    const over = Math.ceil(cpFor(0.5)) + 1;
    const under = Math.floor(cpFor(0.5)) - 1;
    expect(validAttack({ cp: over }, { cp: second })).toBe(true);
    expect(validAttack({ cp: under }, { cp: second })).toBe(false);
    expect(validAttack({ cp: 700 }, { cp: 400 })).toBe(false); // both winning: 0.88 against 0.66
    expect(validAttack({ mate: 4 }, { cp: 150 })).toBe(true); // a mate counts as 1
    expect(validAttack({ cp: 100 }, { mate: -3 })).toBe(true); // being mated counts as -1
  });
});

describe('judgePuzzle', () => {
  it('holds when the first move is the best and the gap holds', () => {
    const j = judgePuzzle('e2e4', 30, answer(['e2e4', 'd2d4'], [{ cp: 600 }, { cp: -50 }]));
    expect(j).toMatchObject({ outcome: 'holds', best: 'e2e4', second: 'd2d4', winning: true });
  });

  it('another best move is notBest, even when the gap would hold', () => {
    const j = judgePuzzle('d2d4', 30, answer(['e2e4', 'd2d4'], [{ cp: 600 }, { cp: -50 }]));
    expect(j.outcome).toBe('notBest');
  });

  it('a second line too close is gapTooSmall', () => {
    expect(judgePuzzle('e2e4', 30, answer(['e2e4', 'd2d4'], [{ cp: 900 }, { cp: 500 }])).outcome).toBe('gapTooSmall');
    expect(judgePuzzle('e2e4', 30, answer(['e2e4', 'd2d4'], [{ mate: 1 }, { mate: 2 }])).outcome).toBe('gapTooSmall');
  });

  it('one legal move is its own kind, never held', () => {
    const j = judgePuzzle('e2e4', 1, answer(['e2e4'], [{ cp: 700 }]));
    expect(j).toMatchObject({ outcome: 'oneLegal', second: null, secondScore: null });
  });

  it('flags a best line below +200 cp as not winning, whatever the outcome', () => {
    const j = judgePuzzle('e2e4', 30, answer(['e2e4', 'd2d4'], [{ cp: 150 }, { mate: -2 }]));
    expect(j).toMatchObject({ outcome: 'holds', winning: false });
    expect(judgePuzzle('e2e4', 30, answer(['e2e4', 'd2d4'], [{ cp: 200 }, { cp: -400 }])).winning).toBe(true);
  });

  it('an answer missing its second line for several legal moves is an error', () => {
    expect(() => judgePuzzle('e2e4', 30, answer(['e2e4'], [{ cp: 700 }]))).toThrow(/one line for 30 legal moves/);
  });
});

describe('precisionReport and wilson', () => {
  it('counts each kind and gives the interval', () => {
    const c = (id: string, outcome: Checked['outcome']): Checked => ({
      ...judgePuzzle('e2e4', 30, answer(['e2e4', 'd2d4'], [{ cp: 600 }, { cp: 0 }])),
      outcome,
      id,
      fen: 'FEN',
      first: 'e2e4',
    });
    const lines = precisionReport([c('a', 'holds'), c('b', 'holds'), c('c', 'notBest'), c('d', 'gapTooSmall')]);
    expect(lines[0]).toMatch(/^4 puzzles checked: 2 hold \(50\.0%, 95% interval 15\.0%–85\.0%\)$/);
    expect(lines.find((l) => l.startsWith("  first move not the engine's best"))).toMatch(/: 1$/);
    expect(lines.some((l) => l.startsWith('    c FEN'))).toBe(true);
  });

  it('wilson matches the textbook figures', () => {
    const [lo, hi] = wilson(5, 10);
    expect(lo).toBeCloseTo(0.2366, 4);
    expect(hi).toBeCloseTo(0.7634, 4);
    expect(wilson(0, 10)[0]).toBe(0);
    expect(wilson(0, 10)[1]).toBeCloseTo(0.2775, 4);
    expect(wilson(0, 0)).toEqual([0, 1]);
  });
});
