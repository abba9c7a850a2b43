// The cost of --where (DESIGN.md §10): the analysis of the same games in one thread, -f none (counting
// only), without a query and with queries that match few positions, rounds interleaved so that a busy
// machine weighs on every configuration alike; CPU time of this thread (process.cpuUsage), best round.
// Target: positions/s with --where within 10% of the run without it.
import { GameAnalyzer } from '../../src/analysis/game.js';
import { ALL_MOTIFS } from '../../src/motifs/filter.js';
import { compileWhere, type CompiledQuery } from '../../src/query/compile.js';
import { BatchSink } from '../../src/pipeline/sinks.js';

/** Queries that keep few positions: a motif with conditions, derived fields, a PGN tag, the SAN. */
export const FEW = ['skewer.absolute[back=Q]', 'played.doubleCheck and rating >= 2000', 'pin.absolute[front=Q] and WhiteElo > 2000', 'move = "Qxf7#"'];

/** CPU ms of one analysis of the games; the positions counted and kept. */
function once(games: Uint8Array[], select: CompiledQuery | null): { ms: number; positions: number; kept: number } {
  const analyzer = new GameAnalyzer({ allPositions: false, filter: ALL_MOTIFS, moves: false, select });
  const sink = new BatchSink(null);
  let kept = 0;
  const position = sink.position.bind(sink);
  sink.position = (v, keep) => {
    if (keep) kept++;
    position(v, keep);
  };
  const t0 = process.cpuUsage();
  for (let i = 0; i < games.length; i++) analyzer.pgn(games[i], i + 1, sink);
  const t = process.cpuUsage(t0);
  return { ms: (t.user + t.system) / 1000, positions: sink.take().stats.positions, kept };
}

/** Prints positions/s without and with each query, best of `rounds` interleaved rounds. */
export function whereFigure(games: Uint8Array[], rounds = 5): void {
  const configs: (string | null)[] = [null, ...FEW];
  const best = configs.map(() => Infinity);
  const kept = configs.map(() => 0);
  let positions = 0;
  for (let r = 0; r < rounds; r++) {
    configs.forEach((q, i) => {
      const run = once(games, q === null ? null : compileWhere(q));
      best[i] = Math.min(best[i], run.ms);
      kept[i] = run.kept;
      positions = run.positions;
    });
  }
  const rate = (ms: number): number => (positions / ms) * 1000;
  const f = (n: number): string => Math.round(n).toLocaleString('en');
  configs.forEach((q, i) => {
    const label = q === null ? 'no --where (tagged kept)' : `--where '${q}'`;
    const ratio = i === 0 ? '' : `${((rate(best[i]) / rate(best[0])) * 100).toFixed(1)}% of no --where (target ≥ 90%)`;
    console.log(`${label.padEnd(52)} ${f(rate(best[i])).padStart(10)} positions/s CPU, ${f(kept[i]).padStart(7)} kept   ${ratio}`);
  });
}
