// fixtures/corpus/ against the shared corpus it was taken from (fixtures/README.md): a copy holds the
// corpus file's bytes once decompressed, and an excerpt's games are the corpus file's games, byte for byte,
// as its row in the README says (its first N, or the ones a rule picks, in file order).
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusDir, filesUnder, FIXTURE_CORPUS, readFileBytes, splitGames } from './helpers/corpus.js';

/** The corpus file a name stands for: the stored file, or the plain one a .zst copy compresses. */
function source(rel: string): string {
  const dir = corpusDir();
  return filesUnder(dir).find((p) => relative(dir, p) === rel) ?? join(dir, rel.replace(/\.zst$/, ''));
}

const text = (b: Uint8Array): string => Buffer.from(b).toString('latin1');
const gamesOf = (path: string): string[] => splitGames(readFileBytes(path)).map((g) => text(g.bytes));

describe('fixtures/corpus is what the shared corpus holds', () => {
  it('each copy has the bytes of its corpus file', () => {
    const copies = filesUnder(FIXTURE_CORPUS).filter((p) => !relative(FIXTURE_CORPUS, p).startsWith('excerpts/'));
    expect(copies.length).toBe(11);
    for (const copy of copies) {
      const from = source(relative(FIXTURE_CORPUS, copy));
      expect(Buffer.from(readFileBytes(copy)).equals(Buffer.from(readFileBytes(from))), `${copy} against ${from}`).toBe(true);
    }
  });

  it('each excerpt holds the games its README row names, byte for byte', () => {
    const excerpt = (name: string): string => join(FIXTURE_CORPUS, 'excerpts', name);
    const corpus = (rel: string): string => join(corpusDir(), rel);
    // the first N games: a prefix of the file
    for (const [name, from, n] of [
      ['lichess-DrNykterstein-DrDrunkenstein-first-400.pgn.zst', 'games/lichess-DrNykterstein-DrDrunkenstein.pgn.zst', 400],
      ['lichess-puzzles-42k-themed-first-200.pgn', 'puzzles/lichess-puzzles-42k-themed.pgn.zst', 200],
    ] as const) {
      const bytes = readFileBytes(excerpt(name));
      const whole = readFileBytes(corpus(from));
      expect(Buffer.from(whole.subarray(0, bytes.length)).equals(Buffer.from(bytes)), name).toBe(true);
      expect(splitGames(bytes).length, name).toBe(n);
      expect(splitGames(whole)[n].offset, name).toBe(bytes.length);
    }
    // games picked by a rule, in file order
    const picked = (from: string[], keep: (game: string, i: number, all: string[]) => boolean): string[] =>
      from.flatMap((f) => gamesOf(corpus(f)).filter(keep));
    const chess960 = picked(['games/lichess-jishanshaikh4.pgn.zst'], (g) => g.includes('[Variant "Chess960"]'));
    expect(gamesOf(excerpt('lichess-jishanshaikh4-chess960.pgn.zst')).map((g) => g.trimEnd())).toEqual(chess960.map((g) => g.trimEnd()));
    const twoBlank = /\]\r\n\r\n\r\n/;
    const near = (g: string, i: number, all: string[]): boolean =>
      [all[i - 1], g, all[i + 1]].some((x) => x !== undefined && twoBlank.test(x));
    const files = ['Anand.pgn.zst', 'Gaprindashvili.pgn', 'Hou.pgn.zst', 'Kosteniuk.pgn.zst', 'Stefanova.pgn.zst'].map(
      (f) => `games/pgnmentor-style-${f}`,
    );
    expect(gamesOf(excerpt('pgnmentor-style-two-blank-lines.pgn')).map((g) => g.trimEnd())).toEqual(
      picked(files, near).map((g) => g.trimEnd()),
    );
    const odd = picked(['games/pgnmentor-style-Kasparov.pgn.zst', 'games/pgnmentor-style-PolgarJ.pgn.zst'], (g) => /[\x82\xe4]/.test(g));
    expect(gamesOf(excerpt('pgnmentor-style-not-utf8.pgn')).map((g) => g.trimEnd())).toEqual(odd.map((g) => g.trimEnd()));
  });
});
