import { defineConfig } from 'vitest/config';

// `npm test`: every test that runs on the repository alone (fixtures/ holds its real games). The tests that
// need the shared corpus are *.corpus.test.ts, run by `npm run test:corpus` (vitest.corpus.config.ts).
// CI asks for a JSON report beside the usual one (VITEST_JSON=path) to print its pass/fail line.
const json = process.env.VITEST_JSON;

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/**/*.corpus.test.ts', '**/node_modules/**'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup-tables.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: json ? ['default', 'json'] : ['default'],
    outputFile: json ? { json } : undefined,
  },
});
