// The splitter on files of the shared corpus the repository does not hold: pgn-extract's ECO file (GPL)
// and the whole pgnmentor player files, 7 of whose games have two blank lines between tags and movetext.
import { describe, expect, it } from 'vitest';
import { readCorpusBytes } from '../helpers/corpus.js';
import { chunked, split } from '../helpers/split-seen.js';

describe('GameSplitter on the shared corpus', () => {
  it('tricky/pgn-extract-deb/eco.pgn: 2014 games, the same in 4096- and 7-byte chunks', () => {
    const bytes = readCorpusBytes('tricky/pgn-extract-deb/eco.pgn');
    const whole = split([bytes]);
    expect(whole.length).toBe(2014);
    expect(whole.every((g) => !g.tooLarge && g.text.length > 0)).toBe(true);
    expect(split(chunked(bytes, 4096))).toEqual(whole);
    expect(split(chunked(bytes, 7))).toEqual(whole);
  });

  it('counts one game per [Event or [Site tag line in the pgnmentor files', () => {
    for (const name of ['Anand', 'Gaprindashvili', 'Hou', 'Kosteniuk', 'Stefanova']) {
      const path = `games/pgnmentor-style-${name}.pgn${name === 'Gaprindashvili' ? '' : '.zst'}`;
      const bytes = readCorpusBytes(path);
      const events = Buffer.from(bytes)
        .toString('latin1')
        .match(/^\[Event /gm)?.length;
      expect(split([bytes]).length, path).toBe(events);
    }
  });
});
