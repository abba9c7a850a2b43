// The tactic judge's mate distance on more of lichess's mate-in-1 and mate-in-2 puzzles than the
// repository's excerpt holds (the shared corpus's puzzle file; mate-distance.ts).
import { describe, expect, it } from 'vitest';
import { TacticJudge } from '../../src/tactics/verdict.js';
import { readCorpusBytes } from '../helpers/corpus.js';
import { mateDistances } from './mate-distance.js';

describe('TacticJudge on the shared corpus', () => {
  it('finds the mate distance a brute-force search finds, on 15 lichess mate-in-1 and 15 mate-in-2 puzzles', () => {
    expect(mateDistances(readCorpusBytes('puzzles/lichess-puzzles-42k-themed.pgn.zst'), new TacticJudge(), 15)).toEqual([15, 15]);
  });
});
