// Where a thread's compiled entry module is: the threads run compiled JavaScript, also when the main
// thread runs from sources (tests), so both the tree this module is in and the repository's dist/ are
// looked in.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The compiled module at `path` from the build's root (e.g. 'workers/analyze.js'). */
export function compiledFile(path: string): string {
  // this module is at <root>/src/runtime/, both in dist/ and in the sources
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  for (const candidate of [resolve(root, path), resolve(root, 'dist', path)]) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`compiled module ${path} not found near ${root}: run "npm run build"`);
}

/**
 * The analysis worker's module: its bundle (`npm run build` makes it after tsc, rolldown.config.ts) when
 * that is at least as new as the compiled worker, else the compiled worker itself: the same code as many
 * modules, slower to start, never stale code after a bare `tsc`.
 */
export function analysisWorkerFile(entry: string = compiledFile('workers/analyze.js')): string {
  const bundle = resolve(dirname(entry), '../bundle/analyze.js');
  return existsSync(bundle) && statSync(bundle).mtimeMs >= statSync(entry).mtimeMs ? bundle : entry;
}

/**
 * The exports of a new instance of the compiled WebAssembly module at `path` from the build's root (e.g.
 * 'src/pgn/wasm/movetext.wasm'): one per thread and module, made by its JavaScript side (classify.ts,
 * movetext.ts), which knows the exports' shape.
 */
export function wasmExports<T>(path: string): T {
  return new WebAssembly.Instance(new WebAssembly.Module(readFileSync(compiledFile(path)))).exports as unknown as T;
}
