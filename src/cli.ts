#!/usr/bin/env node
// Command line: the subcommands and the one place where failures become exit codes and one-line
// messages (src/errors.ts). Signals stop an analysis cleanly: the first one stops reading and lets the
// output end at a whole record, a second one exits at once.
// The other subcommands load only when asked for: what a process imports is start-up time (bench).
import { describeFailure, EXIT } from './errors.js';
import { runAnalyze, type Interrupt } from './cli/analyze.js';
import { parseAnalyze } from './cli/options.js';
import { usage, version } from './cli/usage.js';

function watchSignals(): Interrupt {
  const interrupt: Interrupt = { signal: null, onSignal: () => undefined };
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      if (interrupt.signal !== null) process.exit(sig === 'SIGINT' ? EXIT.sigint : EXIT.sigterm);
      interrupt.signal = sig;
      interrupt.onSignal();
    });
  }
  return interrupt;
}

async function main(argv: string[]): Promise<number> {
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
    return runPuzzles(parsePuzzles(argv.slice(1)), watchSignals());
  }
  const cmd = parseAnalyze(argv[0] === 'analyze' ? argv.slice(1) : argv);
  return runAnalyze(cmd, watchSignals());
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (e) {
  const { code, message } = describeFailure(e);
  process.stderr.write(`pgn-xray: ${message}\n${code === EXIT.usage ? "Try 'pgn-xray --help'.\n" : ''}`);
  process.exitCode = code;
}
