import { defineConfig } from 'vitest/config';
import { NO_CORPUS, sharedCorpusDir } from './test/helpers/corpus-dir.js';
import unit from './vitest.config.js';

// `npm run test:corpus`: the tests that need the shared corpus (../shared/corpus beside the repository, or
// $PGN_XRAY_CORPUS), with the settings of `npm test`. Asked for explicitly, it stops at once, saying so,
// when the corpus is not there.
if (sharedCorpusDir() === null) {
  console.error(`npm run test:corpus: ${NO_CORPUS}`);
  process.exit(1);
}

export default defineConfig({
  test: {
    ...unit.test,
    include: ['test/**/*.corpus.test.ts'],
    exclude: ['**/node_modules/**'],
  },
});
