import { defineConfig } from 'vitest/config';
import unit from './vitest.config.js';

// `npm run test:corpus`: the tests that need the shared corpus (../shared/corpus beside the repository, or
// $PGN_XRAY_CORPUS), with the settings of `npm test`. Its first global setup stops the run at once, saying
// so, when the corpus is not there; the second builds, as for `npm test`.
export default defineConfig({
  test: {
    ...unit.test,
    include: ['test/**/*.corpus.test.ts'],
    exclude: ['**/node_modules/**'],
    globalSetup: ['test/corpus-setup.ts', 'test/global-setup.ts'],
  },
});
