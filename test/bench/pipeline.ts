// npm run bench:pipeline — end to end on real corpus games (decompression, split, parse, legal replay,
// every motif, statistics; -f none): positions/s of the CLI with 1 and 2 threads, and in the same run the
// baseline a user would otherwise write — pgn-parser + chess.js replay, single thread — with the ratio.
// Then the JSONL writer alone: tagged positions/s formatted in one thread.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Chess } from 'chess.js';
import { installNewTables } from '../../src/core/attacks.js';
import { ALL_MOTIFS } from '../../src/motifs/filter.js';
import { createFormatter } from '../../src/output/formats.js';
import { Stats } from '../../src/output/stats.js';
import { FormattingAnalyzer as GameAnalyzer } from '../helpers/game-text.js';
import { decodeText } from '../../src/pgn/movetext.js';
import { corpusPath, readCorpusBytes, splitGames } from '../helpers/corpus.js';
import { CLI } from '../helpers/cli.js';
import { whereFigure } from './where.js';

// the largest corpus file: 2.8 M positions, so start-up (~0.3 s) weighs little
const FILE = process.env.BENCH_FILE ?? 'games/lichess-jishanshaikh4.pgn.zst';

function cli(threads: number): { positions: number; seconds: number } {
  const stats = join(mkdtempSync(join(tmpdir(), 'pgn-xray-bench-')), 'stats.json');
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [CLI, corpusPath(FILE), '-f', 'none', '-q', '-j', String(threads), '--stats', stats]);
  const seconds = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`pgn-xray failed: ${r.stderr.toString()}`);
  return { positions: (JSON.parse(readFileSync(stats, 'utf8')) as { positions: number }).positions, seconds };
}

function baseline(games: Uint8Array[]): number {
  const parse = (createRequire(import.meta.url)('pgn-parser') as { parse: (t: string) => { moves: { move: string }[] }[] }).parse;
  let positions = 0;
  const t0 = performance.now();
  for (const g of games) {
    let moves: { move: string }[];
    try {
      moves = parse(decodeText(g, 0, g.length))[0].moves;
    } catch {
      continue;
    }
    const chess = new Chess();
    positions++;
    for (const m of moves) {
      chess.move(m.move);
      positions++;
    }
  }
  return (positions / (performance.now() - t0)) * 1000;
}

function jsonlWriter(games: Uint8Array[]): { rate: number; tagged: number } {
  installNewTables();
  const run = (format: 'jsonl' | 'none'): { ms: number; stats: Stats } => {
    const analyzer = new GameAnalyzer({ formatter: format === 'none' ? null : createFormatter(format), allPositions: false, filter: ALL_MOTIFS });
    const stats = new Stats();
    let chars = 0;
    const t0 = performance.now();
    for (const g of games) {
      const r = analyzer.pgn(g, 1, 0, stats);
      if (typeof r === 'string') chars += r.length;
    }
    if (chars < 0) throw new Error('unreachable');
    return { ms: performance.now() - t0, stats };
  };
  run('jsonl');
  run('none');
  const a = run('jsonl');
  const b = run('none');
  const tagged = a.stats.toJSON().taggedPositions;
  // the writer's own cost: the same analysis with and without JSONL, per tagged position written
  return { rate: (tagged / Math.max(a.ms - b.ms, 1e-3)) * 1000, tagged };
}

function main(): void {
  console.log(`pgn-xray end-to-end bench on ${FILE} — node ${process.version}`);
  const one = cli(1);
  const two = cli(2);
  const games = splitGames(readCorpusBytes(FILE)).map((g) => g.bytes);
  const base = baseline(games.slice(0, 400));
  const r1 = one.positions / one.seconds;
  const r2 = two.positions / two.seconds;
  const f = (n: number): string => Math.round(n).toLocaleString('en');
  console.log(`positions: ${f(one.positions)} (wall clock, process start to exit)`);
  console.log(`pgn-xray -j 1              ${f(r1).padStart(12)} positions/s   ${(r1 / base).toFixed(0)}× the baseline`);
  console.log(`pgn-xray -j 2              ${f(r2).padStart(12)} positions/s   ${(r2 / base).toFixed(0)}× the baseline; 1→2 threads ${(r2 / r1).toFixed(2)}×   (target ≥ 2,000,000 and ≥ 1.8×)`);
  console.log(`pgn-parser + chess.js      ${f(base).padStart(12)} positions/s   (single thread, first 400 games)`);
  const w = jsonlWriter(games);
  console.log(`JSONL writer               ${f(w.rate).padStart(12)} tagged positions/s formatted (${f(w.tagged)} of them; target ≥ 1,000,000)`);
  console.log(`--where, one thread, -f none, first 4000 games (${games.length} in the file):`);
  whereFigure(games.slice(0, 4000));
}

main();
