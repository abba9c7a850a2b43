// The puzzle CSV's header against the headers of all five lichess puzzle samples of the shared corpus.
import { describe, expect, it } from 'vitest';
import { PUZZLE_CSV_COLUMNS } from '../../src/puzzles/puzzle-csv.js';
import { readSample, sampleFiles } from '../helpers/lichess-puzzles.js';

describe('puzzle CSV', () => {
  it("has lichess's columns: the header of the lichess sample files", () => {
    const lichess = sampleFiles().map((f) => readSample(f)[0].join(','));
    expect(lichess.filter((h) => h === PUZZLE_CSV_COLUMNS).length).toBe(2); // akevinm, vnthanhdng
    for (const h of lichess) if (!h.startsWith(',')) expect(h.startsWith(PUZZLE_CSV_COLUMNS)).toBe(true);
  });
});
