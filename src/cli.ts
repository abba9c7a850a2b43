#!/usr/bin/env node
// Command line: argument parsing and wiring only (DESIGN.md §6a). Exit codes: 0 done, 1 I/O or internal
// error, 2 bad usage.
import { parseArgs } from 'node:util';
import { readFileSync } from 'node:fs';
import { parseFen, FenError } from './core/fen.js';
import { perft, divide } from './core/perft.js';

const USAGE = `pgn-xray — tag tactical motifs (pins, skewers, batteries, x-rays, discovered attacks) in chess games

Usage:
  pgn-xray perft FEN DEPTH [--divide] [--chess960]
        count the leaf nodes of the legal move tree; the total is printed alone on the last line
  pgn-xray -h | --help
  pgn-xray -V | --version

Exit codes: 0 done, 1 I/O or internal error, 2 bad usage.
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

function main(argv: string[]): number {
  try {
    if (argv.length === 0 || argv[0] === '-h' || argv[0] === '--help') {
      process.stdout.write(USAGE);
      return argv.length === 0 ? 2 : 0;
    }
    if (argv[0] === '-V' || argv[0] === '--version') {
      process.stdout.write(`pgn-xray ${version()}\n`);
      return 0;
    }
    if (argv[0] === 'perft') {
      runPerft(argv.slice(1));
      return 0;
    }
    throw new UsageError(`unknown command "${argv[0]}"`);
  } catch (e) {
    if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`pgn-xray: ${(e as Error).message}\nTry 'pgn-xray --help'.\n`);
      return 2;
    }
    process.stderr.write(`pgn-xray: internal error: ${(e as Error).stack ?? String(e)}\n`);
    return 1;
  }
}

process.exitCode = main(process.argv.slice(2));
