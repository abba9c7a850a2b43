// The movetext scanner over the shared corpus's files: whole player files that are not UTF-8, engine games,
// and the GPL/LGPL robustness files of python-chess, kokopu, pychess and pgn-extract, which the repository
// does not hold (test/pgn/movetext.test.ts runs the same checks on fixtures).
import { describe, expect, it } from 'vitest';
import { readHeaders } from '../../src/pgn/headers.js';
import { expectMainLineOfPgnParser, expectResultsEndGames, gamesOf, scanErrors } from '../helpers/movetext-files.js';

describe('scanGame on the shared corpus', () => {
  it('falls back to Latin-1 in the corpus files that are not UTF-8', () => {
    const blacks = (path: string): Set<string | undefined> => new Set(gamesOf(path).map((g) => readHeaders(g).tags.get('Black')));
    expect(blacks('games/pgnmentor-style-PolgarJ.pgn.zst').has('Wälbers, W.')).toBe(true);
    // A CP437 é, read as Latin-1: the bytes are kept, not replaced.
    expect(blacks('games/pgnmentor-style-Kasparov.pgn.zst').has('Quadros,Andr\u0082')).toBe(true);
  });

  it('scans every game of these files without error', () => {
    const files = [
      'games/pgnmentor-style-Kasparov.pgn.zst',
      'games/TCEC_Season_24_-_Dfrc_2_League_1.pgn.zst',
      'games/lichess-DrNykterstein-DrDrunkenstein-extra.pgn.zst',
      'tricky/pychess-testing/world_matches.pgn',
      'tricky/pychess-testing/dortmund.pgn',
      'tricky/python-chess/anastasian-lewis.pgn',
      'tricky/kokopu/pgns_linebreak-mac_database.pgn',
      'tricky/pychess-deb-learn/mate_in_3.pgn',
    ];
    for (const path of files) expect(scanErrors(path), path).toEqual([]);
  });

  it('agrees with the splitter: a result is the last thing in its game', () => {
    for (const path of [
      'games/pgnmentor-style-Hou.pgn.zst',
      'tricky/pychess-testing/world_matches.pgn',
      'tricky/kokopu/pgns_syntactic-error-1_database.pgn',
      'tricky/kokopu/pgns_misc_database.pgn',
      'tricky/kokopu/games_long-short-comments-variations-2_database.pgn',
      'tricky/pgn-extract-deb/eco.pgn',
    ])
      expectResultsEndGames(path);
  });

  it('gives the same main line as pgn-parser for the games it parses', () => {
    for (const path of [
      'tricky/pychess-testing/world_matches.pgn',
      'games/lichess-DrNykterstein-DrDrunkenstein-extra.pgn.zst',
      'games/TCEC_Season_13_-_Superfinal.pgn.zst',
    ]) {
      expectMainLineOfPgnParser(path);
    }
  });
});
