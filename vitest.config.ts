import { defineConfig } from 'vitest/config';

// CI asks for a JSON report beside the usual one (VITEST_JSON=path) to print its pass/fail line.
const json = process.env.VITEST_JSON;

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup-tables.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: json ? ['default', 'json'] : ['default'],
    outputFile: json ? { json } : undefined,
  },
});
