#!/usr/bin/env node
// Command line: the subcommands and the one place where failures become exit codes and one-line
// messages (src/errors.ts). Signals stop an analysis cleanly: the first one stops reading and lets the
// output end at a whole record, a second one exits at once. Closed pipes are not errors: a closed stderr
// stops a run as quietly as a closed stdout (exit 0), and neither ever ends the process with a trace.
// The other subcommands load only when asked for: what a process imports is start-up time (bench).
import { describeFailure, EXIT } from './errors.js';
import { runAnalyze, type Interrupt } from './cli/analyze.js';
import { parseAnalyze } from './cli/options.js';
import { usage, version } from './cli/usage.js';

/**
 * Calls `watch` on a standard stream as the process first uses it: made at start, the stream would cost a
 * run that never writes there (-q -o FILE) milliseconds of start-up.
 */
function whenUsed(name: 'stdout' | 'stderr', watch: (stream: NodeJS.WriteStream) => void): void {
  const own = Object.getOwnPropertyDescriptor(process, name)!;
  Object.defineProperty(process, name, {
    configurable: true,
    enumerable: own.enumerable,
    get() {
      Object.defineProperty(process, name, own);
      const stream = process[name];
      watch(stream);
      return stream;
    },
  });
}

/** Watches the standard streams, for every subcommand: a failing stderr stops a run (Interrupt.onStop). */
function watchPipes(): Interrupt {
  const interrupt: Interrupt = { signal: null, stderrClosed: false, onStop: () => undefined };
  // whatever fails on stderr, nothing can be said there any more: the run stops, its files whole
  whenUsed('stderr', (stderr) =>
    stderr.on('error', () => {
      if (interrupt.stderrClosed) return;
      interrupt.stderrClosed = true;
      interrupt.onStop();
    }),
  );
  // stdout's records writer (cli/outputs.ts) turns its failures into errors of the run; other writes to
  // it (--help, perft) have nothing to add after a closed pipe
  whenUsed('stdout', (stdout) => stdout.on('error', () => undefined));
  return interrupt;
}

/** Signals stop a run (Interrupt.onStop); a second one ends the process at once. */
function watchSignals(interrupt: Interrupt): Interrupt {
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      if (interrupt.signal !== null) process.exit(sig === 'SIGINT' ? EXIT.sigint : EXIT.sigterm);
      interrupt.signal = sig;
      interrupt.onStop();
    });
  }
  return interrupt;
}

async function main(argv: string[], interrupt: Interrupt): Promise<number> {
  if (argv.length === 0) {
    process.stderr.write(usage());
    return EXIT.usage;
  }
  if (argv[0] === '-h' || argv[0] === '--help' || argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(usage());
    return EXIT.ok;
  }
  if (argv[0] === '-V' || argv[0] === '--version') {
    process.stdout.write(`pgn-xray ${version()}\n`);
    return EXIT.ok;
  }
  if (argv[0] === 'perft') {
    (await import('./cli/perft.js')).runPerft(argv.slice(1));
    return EXIT.ok;
  }
  if (argv[0] === 'merge-stats') return (await import('./cli/merge-stats.js')).runMergeStats(argv.slice(1));
  if (argv[0] === 'puzzles') {
    const [{ parsePuzzles }, { runPuzzles }] = await Promise.all([import('./cli/puzzle-options.js'), import('./cli/puzzles.js')]);
    return runPuzzles(parsePuzzles(argv.slice(1)), watchSignals(interrupt));
  }
  const cmd = parseAnalyze(argv[0] === 'analyze' ? argv.slice(1) : argv);
  return runAnalyze(cmd, watchSignals(interrupt));
}

try {
  process.exitCode = await main(process.argv.slice(2), watchPipes());
} catch (e) {
  const { code, message } = describeFailure(e);
  if (message !== null) process.stderr.write(`pgn-xray: ${message}\n${code === EXIT.usage ? "Try 'pgn-xray --help'.\n" : ''}`);
  process.exitCode = code;
}
