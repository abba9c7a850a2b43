// OpeningTags and GameUrl (src/puzzles/opening.ts) against lichess: scalachess's own examples of opening
// keys, the shape of every OpeningTags value in the samples the repository holds, and every sample GameUrl
// rebuilt from its game's Site and the puzzle's ply (test/helpers/puzzle-opening.ts). The same over all
// five samples, and the puzzles present in two of them: opening.corpus.test.ts.
import { describe, expect, it } from 'vitest';
import { gameUrl, openingKey, openingTags } from '../../src/puzzles/opening.js';
import { FIXTURE_SAMPLES, loadLichessPuzzles } from '../helpers/lichess-puzzles.js';
import { expectGameUrls, expectOpeningTagsShape } from '../helpers/puzzle-opening.js';

const ALL = loadLichessPuzzles(FIXTURE_SAMPLES);

describe('OpeningTags', () => {
  it("makes keys as scalachess's nameToKey (its test's examples)", () => {
    expect(openingKey('Grünfeld Defense')).toBe('Grunfeld_Defense');
    expect(openingKey("King's Pawn Game")).toBe('Kings_Pawn_Game');
    expect(openingKey('Neo-Grünfeld Defense')).toBe('Neo-Grunfeld_Defense');
    expect(openingKey("Bishop's Opening: McDonnell Gambit, La Bourdonnais-Denker Gambit")).toBe(
      'Bishops_Opening_McDonnell_Gambit_La_Bourdonnais-Denker_Gambit',
    );
  });

  it('gives the family, then family and first variation (or Other variations); nothing for no opening', () => {
    expect(openingTags('Sicilian Defense: Najdorf Variation, English Attack')).toBe('Sicilian_Defense Sicilian_Defense_Najdorf_Variation');
    expect(openingTags("King's Pawn Game")).toBe('Kings_Pawn_Game Kings_Pawn_Game_Other_variations');
    for (const none of [null, '', ' ', '?']) expect(openingTags(none)).toBe('');
  });

  it('has the shape of every OpeningTags value of the samples: two keys, the second extending the first', () => {
    expect(expectOpeningTagsShape(ALL)).toBeGreaterThan(200); // 233, all kagisearch's
  });
});

describe('GameUrl', () => {
  it("rebuilds every sample GameUrl from the game's Site and the ply of the puzzle position", () => {
    expect(expectGameUrls(ALL)).toBeGreaterThan(990); // 999, all akevinm's
  });

  it('is empty when the Site is no URL, and keeps other sites as they are', () => {
    for (const site of [null, '', '?', 'Berlin GER', 'lichess.org']) expect(gameUrl(site, 12)).toBe('');
    expect(gameUrl('https://www.chess.com/game/live/123', 12)).toBe('https://www.chess.com/game/live/123#12');
    expect(gameUrl('https://lichess.org/abcdefgh#40', 12)).toBe('https://lichess.org/abcdefgh/black#12');
    expect(gameUrl('https://lichess.org/abcdefgh', 13)).toBe('https://lichess.org/abcdefgh#13');
  });
});
