// Where the shared test corpus is, if it is there: $PGN_XRAY_CORPUS, else ../shared/corpus beside the
// repository (or a folder or two above it, as for a git worktree). Apart from test/helpers/corpus.ts so
// that vitest.corpus.config.ts can ask without loading the sources.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ROOT } from './cli.js';

/** The shared corpus folder if it is there: $PGN_XRAY_CORPUS, else ../shared/corpus beside the repository (or a folder or two above it). */
export function sharedCorpusDir(): string | null {
  const given = process.env.PGN_XRAY_CORPUS;
  if (given !== undefined && given !== '') return existsSync(given) ? resolve(given) : null;
  for (const up of ['..', '../..', '../../..']) {
    const dir = resolve(ROOT, up, 'shared/corpus');
    if (existsSync(dir)) return dir;
  }
  return null;
}

/** The message of every test that needs the shared corpus and runs without it. */
export const NO_CORPUS =
  'the shared test corpus is not there (looked for ../shared/corpus beside the repository; ' +
  '$PGN_XRAY_CORPUS names another folder): `npm run test:corpus` needs it, `npm test` does not';
