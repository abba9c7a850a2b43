// The worker pool runs compiled JavaScript (piscina workers bypass vite's transform, docs/design.md §8):
// build once before the suite, as `npm run bench` builds (scripts/build.mjs --bench: the build and the
// bench's bundle), so pipeline tests and the CLI run what the sources say. A type error fails the run.
import { execFileSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  execFileSync(process.execPath, [resolve(root, 'scripts/build.mjs'), '--bench'], { cwd: root, stdio: 'inherit' });
}
