// OpeningTags and GameUrl (src/puzzles/opening.ts) against lichess on all five samples of the shared
// corpus: the puzzles present in two files (one with readable opening names, one with lichess's tags),
// the shape of every OpeningTags value, and every GameUrl rebuilt (test/helpers/puzzle-opening.ts).
import { describe, expect, it } from 'vitest';
import { openingTags } from '../../src/puzzles/opening.js';
import { loadLichessPuzzles, readSample } from '../helpers/lichess-puzzles.js';
import { expectGameUrls, expectOpeningTagsShape } from '../helpers/puzzle-opening.js';

describe('OpeningTags and GameUrl on every sample', () => {
  it('agrees with lichess on the puzzles one sample names readably and another tags', () => {
    const named = new Map(
      readSample('akevinm-999.csv')
        .slice(1)
        .map((r) => [r[0], r[9]]),
    );
    let both = 0;
    for (const r of readSample('darlinx25-1499-with-dailydate.csv').slice(1)) {
      const name = named.get(r[0]);
      if (name === undefined || name.includes('_') || r[9] === '') continue; // 24 of its rows have tags already
      both++;
      const ours = openingTags(name).split(' ');
      const theirs = r[9].split(' ');
      expect(ours[0], name).toBe(theirs[0]);
      if (name.includes(':')) expect(ours[1], name).toBe(theirs[1]);
    }
    expect(both).toBeGreaterThanOrEqual(40); // 46, all family names alone
  });

  it('has the shape of every OpeningTags value of the samples: two keys, the second extending the first', () => {
    expect(expectOpeningTagsShape(loadLichessPuzzles())).toBeGreaterThan(850); // 898
  });

  it("rebuilds every sample GameUrl from the game's Site and the ply of the puzzle position", () => {
    expect(expectGameUrls(loadLichessPuzzles())).toBeGreaterThan(9000);
  });
});
