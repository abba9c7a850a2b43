// The cost of --where (docs/design.md §10): the analysis of the same games in one thread, -f none (counting
// only), without a query and with queries that match few positions, in interleaved rounds; CPU time of
// this process (process.cpuUsage). Each query's speed is its ratio to the run without a query within the
// same round, summarised as median (min–max). Target: positions/s with --where within 10% of it.
import { GameAnalyzer } from '../../src/analysis/game.js';
import { ALL_MOTIFS } from '../../src/motifs/filter.js';
import { compileWhere, type CompiledQuery } from '../../src/query/compile.js';
import { QueryEvaluator } from '../../src/query/evaluate.js';
import { BatchSink } from '../../src/pipeline/sinks.js';
import { interleave, num, ratios, show, spread } from './measure.js';

/** Queries that keep few positions: a motif with conditions, derived fields, a PGN tag, the SAN. */
export const FEW = [
  'skewer.absolute[back=Q]',
  'played.doubleCheck and rating >= 2000',
  'pin.absolute[front=Q] and WhiteElo > 2000',
  'move = "Qxf7#"',
];

/** CPU ms of one analysis of the games; the positions counted and kept. */
function once(games: Uint8Array[], select: CompiledQuery | null): { ms: number; positions: number; kept: number } {
  const analyzer = new GameAnalyzer({
    allPositions: false,
    filter: ALL_MOTIFS,
    moves: false,
    select: select !== null ? new QueryEvaluator(select) : null,
  });
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
  return { ms: (t.user + t.system) / 1000, positions: sink.stats.positions, kept };
}

/** Prints positions/s without and with each query over `rounds` interleaved rounds. */
export function whereFigure(games: Uint8Array[], rounds: number): void {
  const configs: (string | null)[] = [null, ...FEW];
  const queries = configs.map((q) => (q === null ? null : compileWhere(q)));
  const runs = interleave(
    rounds,
    queries.map((q) => () => once(games, q)),
    true,
  );
  const positions = runs[0][0].positions;
  const rates = runs.map((rs) => rs.map((r) => (positions / r.ms) * 1000));
  configs.forEach((q, i) => {
    const label = q === null ? 'no --where (tagged kept)' : `--where '${q}'`;
    const ratio =
      i === 0 ? '' : `${show(spread(ratios(rates[i], rates[0])), (x) => (x * 100).toFixed(1) + '%')} of no --where (target ≥ 90%)`;
    console.log(
      `  ${label.padEnd(50)} ${show(spread(rates[i])).padStart(32)} positions/s CPU, ${num(runs[i][0].kept).padStart(7)} kept   ${ratio}`,
    );
  });
}
