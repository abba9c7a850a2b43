// The candidate queue: verdicts come back in input order whatever order the verifications finish in,
// a position already queued is not verified again, and the memory of positions stays bounded.
import { describe, expect, it } from 'vitest';
import { CandidateQueue, positionKey, RecentSet } from '../../src/puzzles/queue.js';
import type { Candidate } from '../../src/puzzles/types.js';

function candidate(game: number, fen: string): Candidate {
  return {
    game,
    ply: 1,
    fenBefore: fen,
    setup: 'e2e4',
    fen,
    rules: ['material'],
    gain: 3,
    best: 'd1h5',
    site: null,
    opening: null,
    chess960: false,
  };
}

const FENS = [
  '8/8/8/8/8/8/8/K6k w - - 0 1',
  '8/8/8/8/8/8/8/K5k1 w - - 0 1',
  '8/8/8/8/8/8/8/K4k2 w - - 0 1',
  '8/8/8/8/8/8/8/K3k3 w - - 0 1',
];

describe('candidate queue', () => {
  it('hands verdicts back in input order when later ones finish first', async () => {
    const finished: number[] = [];
    const q = new CandidateQueue(async (c: Candidate) => {
      await new Promise((r) => setTimeout(r, (FENS.length - c.game) * 15)); // the last queued finishes first
      finished.push(c.game);
      return c.game;
    }, 10);
    FENS.forEach((f, i) => q.push(candidate(i, f)));
    const got: number[] = [];
    for (let n = await q.next(); n !== undefined; n = await q.next()) got.push(n.verdict);
    expect(got).toEqual([0, 1, 2, 3]);
    expect(finished).toEqual([3, 2, 1, 0]);
  });

  it('verifies a position met again only once, whatever its clocks', async () => {
    let calls = 0;
    const q = new CandidateQueue(async () => ++calls, 10);
    expect(q.push(candidate(1, FENS[0]))).toBe(true);
    expect(q.push(candidate(2, FENS[0].replace(' 0 1', ' 7 40')))).toBe(false);
    expect(q.push(candidate(3, FENS[1]))).toBe(true);
    expect(q.duplicates).toBe(1);
    expect(calls).toBe(2);
  });

  it('is full at its window', () => {
    const q = new CandidateQueue(async () => 0, 2);
    q.push(candidate(1, FENS[0]));
    expect(q.full).toBe(false);
    q.push(candidate(2, FENS[1]));
    expect(q.full).toBe(true);
  });

  it('keys a position by its first four FEN fields', () => {
    expect(positionKey('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1')).toBe(
      'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3',
    );
  });

  it('remembers only the last N positions', () => {
    const s = new RecentSet(3);
    for (const k of ['a', 'b', 'c', 'd']) s.add(k);
    expect(['a', 'b', 'c', 'd'].map((k) => s.has(k))).toEqual([false, true, true, true]);
    s.add('e');
    expect(s.has('b')).toBe(false);
    expect(s.has('e')).toBe(true);
  });
});
