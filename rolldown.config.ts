// The analysis worker as one module (npm run build, after tsc): every worker loads and links one file
// instead of about a hundred, and V8 optimizes the code as one module (docs/benchmarks.md has the figures).
// Bundled from tsc's output, not from the sources: tsc has already written the const enums in as numbers.
// The packages stay outside (loaded from node_modules, as before); the lazily loaded parts (--verify's
// oracles, Arrow for -f parquet) stay lazy, as chunks of their own.
import { defineConfig, type RolldownOptions } from 'rolldown';

/** Both bundles: for Node, the packages and built-ins (bare specifiers) left outside. */
const node = { platform: 'node', external: [/^[^./]/] } satisfies RolldownOptions;

const worker: RolldownOptions = {
  ...node,
  input: 'dist/workers/analyze.js',
  output: {
    dir: 'dist/bundle',
    format: 'esm',
    sourcemap: true,
    cleanDir: true, // no chunk of an earlier build left beside the new ones
    // the worker's whole static graph in one chunk: left alone, the modules that the lazy parts share with it
    // went to four chunks of their own, and the worker was four modules again
    codeSplitting: {
      groups: [{ name: 'worker', test: /dist[\\/](src|workers)[\\/](?!pipeline[\\/]verify\.js|output[\\/]parquet-arrow\.js)/ }],
    },
  },
};

// `npm run bench` (rolldown --environment BENCH) also bundles its in-process part, where the motif scan,
// JSONL formatting and our analysis against the oracles are timed, so that they time the code as the
// workers run it: from one module, which V8 runs in fewer instructions than the same code as modules.
const bench: RolldownOptions = {
  ...node,
  input: 'dist/test/bench/pipeline.js',
  output: { dir: 'dist/test/bundled', format: 'esm', cleanDir: true }, // the depth of dist/test/bench: paths found above it still are
};

export default defineConfig(process.env.BENCH === undefined ? worker : [worker, bench]);
