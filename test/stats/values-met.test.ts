// Memory stays bounded under --group-by on a field with a value per game (Site): past `valuesMet` values
// told apart, the main thread adds new values up under "(other)" as they come, and says so; below it
// nothing changes. Worker vectors built here the way a worker builds them, one game per Site.
import { describe, expect, it } from 'vitest';
import type { DerivedFields } from '../../src/pgn/derived.js';
import { Stats } from '../../src/stats/stats.js';

const NONE: DerivedFields = { speed: null, rating: null, ratingBand: null, eco: null, result: null };

/** A worker's vector of `n` games, game i with Site s<i>. */
function vectorOfSites(n: number, from = 0) {
  const worker = new Stats({ groupBy: ['Site'] });
  for (let i = from; i < from + n; i++) {
    worker.beginGame(NONE, { tagText: (name) => (name === 'Site' ? `s${i}` : null), player: 0 });
    worker.endGame(0);
  }
  return worker.vector();
}

const gamesBySite = (s: Stats): Record<string, number> =>
  Object.fromEntries(
    Object.entries((s.toJSON().by as Record<string, Record<string, { games: number }>>).Site).map(([k, v]) => [k, v.games]),
  );

describe('--group-by values told apart while counting', () => {
  it('past the limit, new values go to "(other)" and the run says so', () => {
    const main = new Stats({ groupBy: ['Site'] });
    main.valuesMet = 4;
    main.addVector(vectorOfSites(3));
    main.addVector(vectorOfSites(7, 3));
    expect(gamesBySite(main)).toEqual({ s0: 1, s1: 1, s2: 1, s3: 1, '(other)': 6 });
    expect(main.games).toBe(10);
    expect(main.foldWarnings().join('\n')).toMatch(/--group-by Site: over 4 values/);
  });

  it('below it, every value is told apart and no warning is given', () => {
    const main = new Stats({ groupBy: ['Site'] });
    main.addVector(vectorOfSites(10));
    expect(Object.keys(gamesBySite(main))).toHaveLength(10);
    expect(main.foldWarnings()).toEqual([]);
  });

  it('a merge of shard files keeps the same bound: values first met past it go to "(other)"', () => {
    // shard files list every value (valuesKept = Infinity), so a merge of many can meet more than a run
    const shard = (from: number, n: number) => {
      const s = new Stats({ groupBy: ['Site'] });
      s.valuesKept = Infinity;
      s.addVector(vectorOfSites(n, from));
      return s.toJSON();
    };
    const merged = new Stats({ groupBy: ['Site'] });
    merged.valuesMet = 4;
    merged.merge(shard(0, 3));
    merged.merge(shard(3, 7));
    expect(gamesBySite(merged)).toEqual({ s0: 1, s1: 1, s2: 1, s3: 1, '(other)': 6 });
    expect(merged.games).toBe(10);
    expect(merged.foldWarnings().join('\n')).toMatch(/--group-by Site: over 4 values/);
  });
});
