// node dist/test/tools/worker-cost.js — the cost of a worker's whole job per position (tokenize, SAN,
// make move, motif scan, played tags, statistics: `-f none --stats`), in one thread on real games, for
// speed decisions on a shared, noisy machine:
//   CPU time   process.cpuUsage() around each of `rounds` passes over the games: median and range
//   valgrind   `valgrind --tool=cachegrind --cache-sim=no node --predictable dist/test/tools/worker-cost.js
//              --rounds 3` minus the same with `--rounds 1`, over 2 × positions: instructions per position
//              (reading and splitting the file cancel out; same-build runs spread by about ±80)
// Options: --games N (1500) --rounds R (7) --file corpus path (the largest file).
import { GameAnalyzer } from '../../src/analysis/game.js';
import { installNewTables } from '../../src/core/attacks.js';
import { ALL_MOTIFS } from '../../src/motifs/filter.js';
import { BatchSink } from '../../src/pipeline/sinks.js';
import { readCorpusBytes, splitGames } from '../helpers/corpus.js';
import { cpuMs, option, summary } from './measure.js';

/** Games handed to the sink before it is emptied, as a worker's batch. */
const BATCH_GAMES = 256;

/** One pass over the games as a worker analyses them; returns the positions counted. */
function pass(analyzer: GameAnalyzer, sink: BatchSink, games: readonly Uint8Array[]): number {
  let positions = 0;
  for (let i = 0; i < games.length; i++) {
    analyzer.pgn(games[i], i + 1, sink);
    if ((i + 1) % BATCH_GAMES === 0 || i + 1 === games.length) {
      positions += sink.stats.positions;
      sink.take();
    }
  }
  return positions;
}

function main(): void {
  const args = process.argv.slice(2);
  const file = option(args, '--file', 'games/lichess-jishanshaikh4.pgn.zst');
  const games = splitGames(readCorpusBytes(file), Number(option(args, '--games', '1500'))).map((g) => g.bytes);
  const rounds = Number(option(args, '--rounds', '7'));
  installNewTables();
  const analyzer = new GameAnalyzer({ allPositions: false, filter: ALL_MOTIFS, moves: false });
  const sink = BatchSink.of('none');
  const ms: number[] = [];
  let positions = 0;
  for (let r = 0; r < rounds; r++) {
    const t0 = cpuMs();
    positions = pass(analyzer, sink, games);
    ms.push(cpuMs() - t0);
  }
  console.log(`${positions} positions of ${games.length} games of ${file}, ${rounds} rounds`);
  console.log(`worker job: ns/position ${summary(ms.map((t) => (t * 1e6) / positions))}`);
}

main();
