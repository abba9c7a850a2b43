// OpeningTags and GameUrl (src/puzzles/opening.ts) against lichess: scalachess's own examples of opening
// keys, the sample puzzles present in two files (one with readable opening names, one with lichess's tags),
// the shape of every OpeningTags value in the samples, and every sample GameUrl rebuilt from its game's
// Site and the puzzle's ply.
import { describe, expect, it } from 'vitest';
import { gameUrl, openingKey, openingTags } from '../../src/puzzles/opening.js';
import { loadLichessPuzzles, readSample } from '../helpers/lichess-puzzles.js';

describe('OpeningTags', () => {
  it("makes keys as scalachess's nameToKey (its test's examples)", () => {
    expect(openingKey('Grünfeld Defense')).toBe('Grunfeld_Defense');
    expect(openingKey("King's Pawn Game")).toBe('Kings_Pawn_Game');
    expect(openingKey('Neo-Grünfeld Defense')).toBe('Neo-Grunfeld_Defense');
    expect(openingKey("Bishop's Opening: McDonnell Gambit, La Bourdonnais-Denker Gambit"))
      .toBe('Bishops_Opening_McDonnell_Gambit_La_Bourdonnais-Denker_Gambit');
  });

  it('gives the family, then family and first variation (or Other variations); nothing for no opening', () => {
    expect(openingTags('Sicilian Defense: Najdorf Variation, English Attack')).toBe('Sicilian_Defense Sicilian_Defense_Najdorf_Variation');
    expect(openingTags("King's Pawn Game")).toBe('Kings_Pawn_Game Kings_Pawn_Game_Other_variations');
    for (const none of [null, '', ' ', '?']) expect(openingTags(none)).toBe('');
  });

  it('agrees with lichess on the puzzles one sample names readably and another tags', () => {
    const named = new Map(readSample('akevinm-999.csv').slice(1).map((r) => [r[0], r[9]]));
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
    let n = 0;
    for (const p of loadLichessPuzzles()) {
      if (p.openingTags === null || p.openingTags === '' || p.file === 'akevinm-999.csv') continue;
      const [family, variation] = p.openingTags.split(' ');
      expect(openingKey(family)).toBe(family);
      expect(variation.startsWith(family + '_')).toBe(true);
      expect(openingTags(`${family.replace(/_/g, ' ')}: ${variation.slice(family.length + 1).replace(/_/g, ' ')}`)).toBe(p.openingTags);
      n++;
    }
    expect(n).toBeGreaterThan(850); // 898
  });
});

describe('GameUrl', () => {
  it("rebuilds every sample GameUrl from the game's Site and the ply of the puzzle position", () => {
    let n = 0;
    for (const p of loadLichessPuzzles()) {
      // kagisearch's sample numbers the ply before the setup move: an older export
      if (p.file.startsWith('kagisearch')) continue;
      const site = p.gameUrl.replace(/(\/black)?#\d+$/, '');
      const [, side, , , , full] = p.fen.split(' ');
      const ply = (Number(full) - 1) * 2 + (side === 'b' ? 1 : 0) + 1;
      expect(gameUrl(site, ply), p.id).toBe(p.gameUrl);
      n++;
    }
    expect(n).toBeGreaterThan(9000);
  });

  it('is empty when the Site is no URL, and keeps other sites as they are', () => {
    for (const site of [null, '', '?', 'Berlin GER', 'lichess.org']) expect(gameUrl(site, 12)).toBe('');
    expect(gameUrl('https://www.chess.com/game/live/123', 12)).toBe('https://www.chess.com/game/live/123#12');
    expect(gameUrl('https://lichess.org/abcdefgh#40', 12)).toBe('https://lichess.org/abcdefgh/black#12');
    expect(gameUrl('https://lichess.org/abcdefgh', 13)).toBe('https://lichess.org/abcdefgh#13');
  });
});
