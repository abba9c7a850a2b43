// readInput on every file of the shared corpus (games and tricky, Latin-1 and CP437 too): each reads
// whole, as fzstd or the file gives it.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusDir, filesUnder } from '../helpers/corpus.js';
import { expectEachReadsWhole } from '../helpers/read-whole.js';

describe('readInput on the shared corpus', () => {
  it('every corpus file (games and tricky, Latin-1 and CP437 too) reads whole, as fzstd or the file gives it', async () => {
    const files = [...filesUnder(join(corpusDir(), 'games')), ...filesUnder(join(corpusDir(), 'tricky'))];
    expect(files.length).toBeGreaterThan(100);
    await expectEachReadsWhole(files);
  });
});
