// Where a thread's compiled entry module is: the threads run compiled JavaScript, also when the main
// thread runs from sources (tests), so both the tree this module is in and the repository's dist/ are
// looked in.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The compiled module at `path` from the build's root (e.g. 'workers/analyze.js'). */
export function compiledFile(path: string): string {
  // this module is at <root>/src/pipeline/, both in dist/ and in the sources
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  for (const candidate of [resolve(root, path), resolve(root, 'dist', path)]) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`compiled module ${path} not found near ${root}: run "npm run build"`);
}
