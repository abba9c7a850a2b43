#!/usr/bin/env node
// Command line: argument parsing and wiring only (DESIGN.md §6a, §7). Exit codes: 0 the run finished,
// 1 I/O failure or internal error, 2 bad usage, 3 --strict and some game was rejected.
import { createWriteStream, readFileSync, writeFileSync, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { installNewTables } from './core/attacks.js';
import { parseFen, FenError } from './core/fen.js';
import { perft, divide } from './core/perft.js';
import { ALL_MOTIFS, MOTIF_NAMES, parseMotifFilter } from './motifs/filter.js';
import { OUTPUT_FORMATS, type OutputFormat } from './output/formats.js';
import type { GameError } from './pipeline/game.js';
import { defaultThreads, runAnalysis, type RunSummary } from './pipeline/run.js';
import { summaryTable } from './output/stats.js';

const USAGE = `pgn-xray — tag tactical motifs found by x-ray bitboards in chess games
(pins, skewers, batteries, x-ray defences, discovered attacks and checks, double checks)

Usage:
  pgn-xray [analyze] INPUT... [options]
      INPUT: .pgn | .pgn.gz | .pgn.zst | .epd | .fen | - (stdin)
  pgn-xray perft FEN DEPTH [--divide] [--chess960]
      count the leaf nodes of the legal move tree; the total alone on the last line

Options:
  -o, --output FILE       write here instead of stdout
  -f, --format FMT        jsonl | csv | epd | pgn | none              (default jsonl)
      --all-positions     every position, not only tagged ones
      --motifs LIST       keep only these: ${MOTIF_NAMES.join(',')}
  -j, --threads N         worker threads                               (default ${defaultThreads()})
      --stats FILE        statistics as JSON
      --errors FILE       rejected games as JSON Lines (default: one line each on stderr)
      --max-game-bytes N  reject games longer than N bytes             (default 4194304)
      --strict            exit 3 when any game was rejected
      --verify            audit every game with pgn-parser and chess.js (slow)
      --batch-games N     games per worker task                        (default 256)
  -q, --quiet             no summary table, no progress
      --no-progress       no progress bar (it shows only when stderr is a terminal)
  -h, --help              this help
  -V, --version           the version

Output: one JSON object per tagged position (DESIGN.md §6); rejected games are reported and skipped.
Exit codes: 0 the run finished, 1 I/O failure or internal error, 2 bad usage, 3 --strict and a game was rejected.
`;

class UsageError extends Error {}

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

function runPerft(args: string[]): void {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { divide: { type: 'boolean' }, chess960: { type: 'boolean' } },
  });
  if (positionals.length !== 2) throw new UsageError('perft needs a FEN and a depth, e.g. pgn-xray perft "<FEN>" 5');
  const depth = Number(positionals[1]);
  if (!Number.isInteger(depth) || depth < 0) throw new UsageError(`depth must be a whole number ≥ 0, got "${positionals[1]}"`);
  installNewTables(); // perft runs on this thread, which owns its tables (the core builds none by itself)
  let pos;
  try {
    pos = parseFen(positionals[0], { chess960: values.chess960 === true });
  } catch (e) {
    if (e instanceof FenError) throw new UsageError(e.message);
    throw e;
  }
  const t0 = performance.now();
  let total = 0;
  if (values.divide === true) {
    for (const [uci, n] of divide(pos, depth)) {
      process.stdout.write(`${uci}: ${n}\n`);
      total += n;
    }
    if (depth === 0) total = 1;
  } else {
    total = perft(pos, depth);
  }
  const ms = performance.now() - t0;
  process.stderr.write(`depth ${depth}: ${total} nodes in ${(ms / 1000).toFixed(2)} s (${(total / ms / 1000).toFixed(1)} M nodes/s)\n`);
  process.stdout.write(`${total}\n`);
}

function positiveInt(text: string | undefined, name: string, dflt: number): number {
  if (text === undefined) return dflt;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${name} needs a whole number ≥ 1, got "${text}"`);
  return n;
}

/** A Writable with backpressure: resolves when the stream can take more. */
function writer(stream: NodeJS.WritableStream | WriteStream): (text: string) => Promise<void> | void {
  return (text: string) => (stream.write(text) ? undefined : once(stream, 'drain').then(() => undefined));
}

async function runAnalyze(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      output: { type: 'string', short: 'o' },
      format: { type: 'string', short: 'f', default: 'jsonl' },
      'all-positions': { type: 'boolean' },
      motifs: { type: 'string' },
      threads: { type: 'string', short: 'j' },
      stats: { type: 'string' },
      errors: { type: 'string' },
      'max-game-bytes': { type: 'string' },
      strict: { type: 'boolean' },
      verify: { type: 'boolean' },
      quiet: { type: 'boolean', short: 'q' },
      progress: { type: 'boolean' },
      'no-progress': { type: 'boolean' },
      'batch-games': { type: 'string' },
    },
  });
  if (positionals.length === 0) throw new UsageError('no input: give one or more PGN/EPD files, or - for stdin');
  const format = values.format as OutputFormat;
  if (!OUTPUT_FORMATS.includes(format)) throw new UsageError(`unknown format "${values.format}" (jsonl, csv, epd, pgn, none)`);
  let filter = ALL_MOTIFS;
  if (values.motifs !== undefined) {
    try {
      filter = parseMotifFilter(values.motifs);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
  }
  const threads = positiveInt(values.threads, '--threads', defaultThreads());
  const maxGameBytes = positiveInt(values['max-game-bytes'], '--max-game-bytes', 4 << 20);
  const batchGames = positiveInt(values['batch-games'], '--batch-games', 256);
  const quiet = values.quiet === true;
  const progress = !quiet && values['no-progress'] !== true && (values.progress === true || process.stderr.isTTY === true);

  const out = values.output !== undefined && values.output !== '-' ? createWriteStream(values.output) : process.stdout;
  const errFile = values.errors !== undefined ? createWriteStream(values.errors) : null;
  const writeOut = writer(out);
  const writeErr = errFile ? writer(errFile) : null;
  const reject = (e: GameError): void | Promise<void> => {
    if (writeErr) return writeErr(JSON.stringify(e) + '\n');
    process.stderr.write(`pgn-xray: rejected game ${e.game} (${e.input ?? ''} offset ${e.offset}, ply ${e.ply}): ${e.text ? `"${e.text}": ` : ''}${e.reason}\n`);
  };
  let summary: RunSummary;
  try {
    summary = await runAnalysis({
      inputs: positionals,
      format,
      allPositions: values['all-positions'] === true,
      filter,
      threads,
      maxGameBytes,
      verify: values.verify === true,
      batchGames,
      progress,
      write: writeOut,
      reject,
      testHooks: testHooks(),
    });
  } finally {
    for (const s of [out, errFile]) {
      if (s && s !== process.stdout) {
        (s as WriteStream).end();
        await once(s as WriteStream, 'close');
      }
    }
  }
  if (values.stats !== undefined) writeFileSync(values.stats, JSON.stringify({ ...summary.stats, verify: summary.verify ?? undefined }, null, 2) + '\n');
  if (!quiet) {
    process.stderr.write(summaryTable(summary.stats));
    process.stderr.write(`${summary.seconds.toFixed(1)} s, ${Math.round(summary.stats.positions / summary.seconds).toLocaleString('en')} positions/s, ${threads} threads\n`);
  }
  if (summary.verify) {
    const v = summary.verify;
    process.stderr.write(`verify: ${v.games} games, ${v.agreed} agree, ${v.disagreements.length} disagreements, ${v.pgnParserFailed} not parsed by pgn-parser (counted apart)\n`);
    for (const d of v.disagreements.slice(0, 20)) process.stderr.write(`  game ${d.game} (offset ${d.offset}) ply ${d.ply}: ${d.what}\n`);
  }
  return values.strict === true && summary.stats.rejected > 0 ? 3 : 0;
}

/** Test-only fault injection (PGN_XRAY_TEST_FAIL="seq:attempts[:exit]"), to prove a failing worker loses no other game. */
function testHooks(): { failSeq?: number; failAttempts?: number; failMode?: 'throw' | 'exit' } | undefined {
  const spec = process.env.PGN_XRAY_TEST_FAIL;
  if (!spec) return undefined;
  const [seq, attempts, mode] = spec.split(':');
  return { failSeq: Number(seq), failAttempts: Number(attempts ?? 1), failMode: mode === 'exit' ? 'exit' : 'throw' };
}

async function main(argv: string[]): Promise<number> {
  try {
    if (argv.length === 0) {
      process.stderr.write(USAGE);
      return 2;
    }
    if (argv[0] === '-h' || argv[0] === '--help' || argv.includes('--help') || argv.includes('-h')) {
      process.stdout.write(USAGE);
      return 0;
    }
    if (argv[0] === '-V' || argv[0] === '--version') {
      process.stdout.write(`pgn-xray ${version()}\n`);
      return 0;
    }
    if (argv[0] === 'perft') {
      runPerft(argv.slice(1));
      return 0;
    }
    return await runAnalyze(argv[0] === 'analyze' ? argv.slice(1) : argv);
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (e instanceof UsageError || code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`pgn-xray: ${(e as Error).message}\nTry 'pgn-xray --help'.\n`);
      return 2;
    }
    if (code === 'EPIPE') return 0; // the reader went away (| head): not an error of ours
    if (code !== undefined && /^E[A-Z]+$/.test(code)) {
      process.stderr.write(`pgn-xray: ${(e as Error).message}\n`);
      return 1;
    }
    process.stderr.write(`pgn-xray: internal error: ${(e as Error).stack ?? String(e)}\n`);
    return 1;
  }
}

process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
});
process.exitCode = await main(process.argv.slice(2));
