// `pgn-xray perft FEN DEPTH [--divide] [--chess960]`: leaf counts of the legal move tree.
import { parseArgs } from 'node:util';
import { installNewTables } from '../core/attacks.js';
import { FenError, parseFen } from '../core/fen.js';
import { divide, MAX_PERFT_DEPTH, perft } from '../core/perft.js';
import { UsageError } from '../errors.js';

export function runPerft(args: string[]): void {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { divide: { type: 'boolean' }, chess960: { type: 'boolean' } },
  });
  if (positionals.length !== 2) throw new UsageError('perft needs a FEN and a depth, e.g. pgn-xray perft "<FEN>" 5');
  const depth = Number(positionals[1]);
  if (positionals[1].trim() === '' || !Number.isInteger(depth) || depth < 0 || depth > MAX_PERFT_DEPTH) {
    throw new UsageError(`depth must be a whole number from 0 to ${MAX_PERFT_DEPTH}, got "${positionals[1]}"`);
  }
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
