// Checks of the movetext scanner over whole files of real games (corpus names, test/helpers/corpus.ts),
// for test/pgn/movetext.test.ts and its corpus peer: no scan error, a result last in its game, and the main
// line pgn-parser reads.
import { createRequire } from 'node:module';
import { expect } from 'vitest';
import { scanGame, tokenizeMoves, type ScanError } from '../../src/pgn/movetext.js';
import { readCorpusBytes, splitGames } from './corpus.js';

const NO_SINK = { tag() {}, move() {}, result() {} };
const parser = createRequire(import.meta.url)('pgn-parser') as { parse(text: string): Array<{ moves: Array<{ move: string }> }> };

/** The bytes of each game of a corpus file, as the splitter cuts them. */
export function gamesOf(path: string): Uint8Array[] {
  return splitGames(readCorpusBytes(path)).map((g) => g.bytes);
}

/** The scan errors of a file's games (none expected of well-formed files). */
export function scanErrors(path: string): ScanError[] {
  return gamesOf(path)
    .map((g) => scanGame(g, NO_SINK))
    .filter((e) => e !== null);
}

/** Where the scanner finds a result, it is the last thing in the game the splitter cut. */
export function expectResultsEndGames(path: string): void {
  for (const g of gamesOf(path)) {
    let end = -1;
    scanGame(g, { tag() {}, move() {}, result: (_s, e) => (end = e) });
    if (end >= 0) expect(end, path).toBe(g.length);
  }
}

/** The first 60 games' main lines equal pgn-parser's, and pgn-parser parses more than 90% of them. */
export function expectMainLineOfPgnParser(path: string): void {
  const games = gamesOf(path).slice(0, 60);
  let parsed = 0;
  for (const g of games) {
    let expected: string[];
    try {
      expected = parser.parse(Buffer.from(g).toString('utf8'))[0].moves.map((m) => m.move);
    } catch {
      continue; // pgn-parser rejects some valid PGN (a comment right after a variation)
    }
    parsed++;
    expect(tokenizeMoves(g)).toEqual(expected);
  }
  expect(parsed, path).toBeGreaterThan(games.length * 0.9);
}
