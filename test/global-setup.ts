// The worker pool runs compiled JavaScript (piscina workers bypass vite's transform, DESIGN.md §8):
// build once before the suite (tsc, the WebAssembly of the motif scan, the tokenizer and the tactic search, then the worker's bundle, and the bench's as `npm run bench` makes it) so
// pipeline tests and the CLI run what the sources say. A type error fails the run.
import { execFileSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  execFileSync(process.execPath, [resolve(root, 'node_modules/typescript/bin/tsc'), '-p', resolve(root, 'tsconfig.json')], {
    cwd: root,
    stdio: 'inherit',
  });
  for (const config of ['src/motifs/wasm/asconfig.json', 'src/pgn/wasm/asconfig.json', 'src/tactics/wasm/asconfig.json']) {
    execFileSync(process.execPath, [resolve(root, 'node_modules/assemblyscript/bin/asc.js'), '--config', resolve(root, config)], { cwd: root, stdio: 'inherit' });
  }
  execFileSync(process.execPath, [resolve(root, 'node_modules/rolldown/bin/cli.mjs'), '-c', resolve(root, 'rolldown.config.ts'), '--environment', 'BENCH', '--logLevel', 'warn'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'], // its list of chunks would only fill the test log
  });
}
