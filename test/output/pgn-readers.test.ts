// DESIGN.md §6: every game that chess.js loadPgn, pgn-parser and python-chess read before annotation they
// still read after it, with the same moves. Checked on real games: lichess games with NAGs and `?!`
// glyphs (the sample), lichess games with a `{ [%clk …] }` comment after every move, and hand-annotated
// games with variations two deep and long comments (fixtures/pgn/annotated.pgn); annotated world
// championship games in pgn-readers.corpus.test.ts.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { decompress } from 'fzstd';
import { describe, it } from 'vitest';
import { annotate, checkReaders } from '../helpers/annotate-reread.js';
import { ROOT } from '../helpers/cli.js';
import { readCorpusBytes } from '../helpers/corpus.js';

describe('annotated PGN is read by every reader that read the input', () => {
  it('the lichess sample (first 600 games: NAGs, glyphs)', () => {
    const sample = new Uint8Array(decompress(readFileSync(resolve(ROOT, 'fixtures/sample/lichess-2016-05-3000.pgn.zst'))));
    checkReaders('sample', annotate(sample, 600));
  });

  it('lichess games with a [%clk] comment after every move', () => {
    checkReaders('clocks', annotate(readCorpusBytes('games/lichess-db-2017-05-no-event-tag-clocks.pgn'), Infinity));
  });

  it('hand-annotated games: variations two deep, long comments, NAGs, a blank line inside a comment', () => {
    checkReaders('annotated', annotate(readFileSync(resolve(ROOT, 'fixtures/pgn/annotated.pgn')), Infinity));
  });
});
