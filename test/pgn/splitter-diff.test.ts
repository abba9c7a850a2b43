// Differential test of the game splitter (test/helpers/splitter-diff.ts): on every game file of the
// repository (fixtures: real games, hand-written odd ones), whole and in random chunks, on random mutations
// and truncations of their excerpts, and on random streams of its constructs, with the default and with
// small --max-game-bytes limits. splitter-diff.corpus.test.ts runs the same on the shared corpus.
import { describe, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';
import { fixtureGameFiles } from '../helpers/corpus.js';
import { mulberry32 } from '../helpers/random.js';
import { check, randomChunks, splitterOnFiles } from '../helpers/splitter-diff.js';

splitterOnFiles('the repository', ROOT, fixtureGameFiles(), 10_000);

const utf8 = new TextEncoder();

describe('the fast splitter gives what the reference state machine gives', () => {
  // Dense streams of the constructs themselves: escaped quotes, tags glued on a line, tag names
  // repeated after a blank line (tag-only games), results touching other symbols.
  const PIECES = [
    '[Event "x"]',
    '[Site "y"]',
    '[Event "a\\"b"]',
    '[Site "q\\"] [Event "r"]',
    '[A "\\\\"]',
    '[ Site',
    '[',
    ']',
    '"',
    '\\',
    '{',
    '}',
    '(',
    ')',
    ';',
    '%',
    '1-0',
    '0-1',
    '1/2-1/2',
    '*',
    ' ',
    '\n',
    '\n',
    '\n\n',
    '\r\n',
    '\r',
    '\uFEFF',
    'e4',
    '12.',
    '1...',
    '-',
    '1',
    '0',
    '/',
    '2',
    '\x00',
    '\x02',
    '\x7f',
    '\t',
  ];

  it('on random streams of its constructs', () => {
    const next = mulberry32(99);
    for (let round = 0; round < 3000; round++) {
      let text = '';
      for (let k = next() % 200; k > 0; k--) text += PIECES[next() % PIECES.length];
      const bytes = utf8.encode(text);
      const opts = [{}, { maxGameBytes: 40 }][round % 2];
      check(bytes, opts, [[bytes], randomChunks(bytes, next)], text);
    }
  }, 60_000);
});
