// OpeningTags and GameUrl checked on lichess's own puzzles: for test/puzzles/opening.test.ts and its corpus
// peer. Each returns how many puzzles it checked.
import { expect } from 'vitest';
import { gameUrl, openingKey, openingTags } from '../../src/puzzles/opening.js';
import type { LichessPuzzle } from './lichess-puzzles.js';

/** Every OpeningTags value (but akevinm's readable names) is two keys, the second extending the first, as openingTags makes them. */
export function expectOpeningTagsShape(puzzles: readonly LichessPuzzle[]): number {
  let n = 0;
  for (const p of puzzles) {
    if (p.openingTags === null || p.openingTags === '' || p.file === 'akevinm-999.csv') continue;
    const [family, variation] = p.openingTags.split(' ');
    expect(openingKey(family)).toBe(family);
    expect(variation.startsWith(family + '_')).toBe(true);
    expect(openingTags(`${family.replace(/_/g, ' ')}: ${variation.slice(family.length + 1).replace(/_/g, ' ')}`)).toBe(p.openingTags);
    n++;
  }
  return n;
}

/** Every GameUrl (but kagisearch's) rebuilt from the game's Site and the ply of the puzzle position. */
export function expectGameUrls(puzzles: readonly LichessPuzzle[]): number {
  let n = 0;
  for (const p of puzzles) {
    // kagisearch's sample numbers the ply before the setup move: an older export
    if (p.file.startsWith('kagisearch')) continue;
    const site = p.gameUrl.replace(/(\/black)?#\d+$/, '');
    const [, side, , , , full] = p.fen.split(' ');
    const ply = (Number(full) - 1) * 2 + (side === 'b' ? 1 : 0) + 1;
    expect(gameUrl(site, ply), p.id).toBe(p.gameUrl);
    n++;
  }
  return n;
}
