// The annotated-PGN round trip of pgn-readers.test.ts on the shared corpus's annotated world championship
// games: variations, long comments, NAGs, CRLF.
import { describe, it } from 'vitest';
import { annotate, checkReaders } from '../helpers/annotate-reread.js';
import { readCorpusBytes } from '../helpers/corpus.js';

describe('annotated PGN is read by every reader that read the input', () => {
  it('world championship matches (first 250 games: variations, long comments)', () => {
    checkReaders('world_matches', annotate(readCorpusBytes('tricky/pychess-testing/world_matches.pgn'), 250));
  });
});
