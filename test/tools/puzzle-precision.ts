// npm run puzzles:precision -- [generate [N] [GAMES] | csv FILE [N] | lichess [N]] — the share of puzzles
// that hold under an independent Stockfish check (test/helpers/puzzle-precision.ts: Debian's Stockfish,
// 3,000,000 nodes, multipv 2, the first move the engine's best and lichess-puzzler's only-move rule).
//   generate [N=60] [GAMES]  runs `pgn-xray puzzles GAMES --max-puzzles N` at the generator's defaults
//                            (GAMES: the corpus's lichess-db 2016-05 file) and checks what it writes
//   csv FILE [N]             checks the first N puzzles of a puzzle CSV (lichess's columns)
//   lichess [N=60]           the baseline: N of lichess's own puzzles, evenly spread over the random
//                            sample kagisearch-random-1000.csv
// Env: PROCS (engine processes, default 2), NODES (default 3,000,000). About 5–10 s per search per core.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI } from '../helpers/cli.js';
import { corpusPath } from '../helpers/corpus.js';
import { loadLichessPuzzles, readPuzzleCsv, type LichessPuzzle } from '../helpers/lichess-puzzles.js';
import { CHECK_ENGINE, CHECK_NODES, checkPuzzles, evenSample, precisionReport } from '../helpers/puzzle-precision.js';

const GAMES = 'games/lichess-db-2016-05-no-event-tag.pgn.zst';
const LICHESS_SAMPLE = 'kagisearch-random-1000.csv';

/** Runs the generator at its defaults on `games` up to `n` puzzles; the CSV it wrote. */
function generate(n: number, games: string): string {
  const csv = join(mkdtempSync(join(tmpdir(), 'pgn-xray-precision-')), 'puzzles.csv');
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [CLI, 'puzzles', games, '--max-puzzles', String(n), '-o', csv, '-q'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`pgn-xray puzzles exited ${r.status}`);
  console.log(`generated ${csv} from ${games} in ${((performance.now() - t0) / 60_000).toFixed(1)} min`);
  return csv;
}

function chosen(args: string[]): { what: string; puzzles: LichessPuzzle[] } {
  const [mode = 'generate', a, b] = args;
  if (mode === 'generate') {
    const n = Number(a ?? 60);
    const games = b ?? corpusPath(GAMES);
    return { what: `generated from ${games}`, puzzles: readPuzzleCsv(generate(n, games)) };
  }
  if (mode === 'csv' && a !== undefined) return { what: a, puzzles: readPuzzleCsv(a).slice(0, Number(b ?? Infinity)) };
  if (mode === 'lichess')
    return { what: `lichess's ${LICHESS_SAMPLE}`, puzzles: evenSample(loadLichessPuzzles(LICHESS_SAMPLE), Number(a ?? 60)) };
  throw new Error('usage: puzzle-precision.js [generate [N] [GAMES] | csv FILE [N] | lichess [N]]');
}

async function main(): Promise<void> {
  const { what, puzzles } = chosen(process.argv.slice(2));
  const procs = Number(process.env.PROCS ?? 2);
  const nodes = Number(process.env.NODES ?? CHECK_NODES);
  console.log(`checking ${puzzles.length} puzzles (${what}) with ${CHECK_ENGINE}, ${nodes} nodes, multipv 2, ${procs} processes`);
  const t0 = performance.now();
  const checked = await checkPuzzles(puzzles, {
    procs,
    nodes,
    progress: (done) => {
      if (done % 10 === 0) process.stderr.write(`  ${done}/${puzzles.length} in ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
    },
  });
  for (const line of precisionReport(checked)) console.log(line);
  console.log(`check took ${((performance.now() - t0) / 60_000).toFixed(1)} min wall`);
}

await main();
