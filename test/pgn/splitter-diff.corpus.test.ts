// Differential test of the game splitter (test/helpers/splitter-diff.ts) on every file of the shared
// corpus, whole and in random chunks, and on random mutations and truncations of their excerpts.
import { corpusDir, filesUnder } from '../helpers/corpus.js';
import { splitterOnFiles } from '../helpers/splitter-diff.js';

splitterOnFiles('the shared corpus', corpusDir(), filesUnder(corpusDir()), 150_000);
