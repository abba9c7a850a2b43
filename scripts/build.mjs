// The build, written once: `npm run build` runs it, and so do `npm run bench` and the tests' global setup
// (with --bench). Steps, in order: tsc; every WebAssembly module (each src/*/wasm/asconfig.json); the
// analysis worker's bundle, and with --bench the bench's too (rolldown.config.ts). A failing step stops it.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The AssemblyScript configs, one per module: src/<layer>/wasm/asconfig.json, in the layers' name order. */
function wasmConfigs() {
  return readdirSync(join(root, 'src'))
    .map((layer) => join('src', layer, 'wasm', 'asconfig.json'))
    .filter((config) => existsSync(join(root, config)))
    .sort();
}

/** The build's steps: a name and the arguments of node running a tool of node_modules. */
function buildSteps(bench = false) {
  const tool = (path) => join(root, 'node_modules', path);
  return [
    ['tsc', [tool('typescript/bin/tsc'), '-p', 'tsconfig.json']],
    ...wasmConfigs().map((config) => [`asc ${config}`, [tool('assemblyscript/bin/asc.js'), '--config', config]]),
    [
      'rolldown',
      [tool('rolldown/bin/cli.mjs'), '-c', 'rolldown.config.ts', '--logLevel', 'warn', ...(bench ? ['--environment', 'BENCH'] : [])],
    ],
  ];
}

function main() {
  const bench = process.argv.includes('--bench');
  for (const [name, args] of buildSteps(bench)) {
    try {
      // rolldown's list of chunks would only fill the log: its output is dropped, its warnings kept
      execFileSync(process.execPath, args, { cwd: root, stdio: ['ignore', name === 'rolldown' ? 'ignore' : 'inherit', 'inherit'] });
    } catch {
      console.error(`build: ${name} failed`);
      process.exit(1);
    }
  }
}

main();
