// npm run bench — the tactic verdicts' cost: the CLI on the bench file with verdicts (the default) and with
// --no-tactics, rounds interleaved (-f none --stats -j 2): positions/s of each, their ratio within a round
// (target ≥ 0.75) and the workers' CPU per position of each, whose difference is what the verdicts cost a
// position; then one profiled run with verdicts (-j 1), the worker's time by stage: the search (baseline,
// null-window search, value and line on the positions with a verdict, the move played judged), the gate
// (when on) and the themes (only for positions written: none with -f none).
import { printProfile } from './profile.js';
import { interleave, num, ratios, rounds, show, spread, target, timedCli, type CliRun } from './measure.js';

/** Workers' CPU ns per position of a run, where the run knows its threads' CPU (NaN otherwise). */
function workerNs(r: CliRun): number {
  const w = r.stats.run.threads?.workers;
  return w === undefined ? NaN : (w.reduce((a, b) => a + b, 0) * 1e9) / r.stats.positions;
}

/** Measures and prints the verdicts' cost; pushes its target lines into `results`. */
export function tacticsCost(cli: string, file: string, results: (() => void)[]): void {
  const n = rounds(3);
  const args = (tactics: boolean): string[] => [file, '-f', 'none', '-q', '-j', '2', ...(tactics ? [] : ['--no-tactics'])];
  const [on, off] = interleave(n, [() => timedCli(cli, args(true)), () => timedCli(cli, args(false))]);
  const rate = (rs: CliRun[]): number[] => rs.map((r) => r.stats.positions / r.wall);
  const ratio = spread(ratios(rate(on), rate(off)));
  const onRate = spread(rate(on));
  console.log(
    `tactic verdicts: pgn-xray ${file} -f none --stats -j 2, ${n} rounds of (verdicts, --no-tactics); ${num(on[0].stats.positions)} positions`,
  );
  console.log(
    `  verdicts ${show(onRate)} positions/s, --no-tactics ${show(spread(rate(off)))} (wall); ratio within each round ${show(ratio, (x) => x.toFixed(3))}`,
  );
  const [nsOn, nsOff] = [on.map(workerNs), off.map(workerNs)];
  const cost = spread(nsOn.map((x, i) => x - nsOff[i]));
  console.log(
    `  workers' CPU ns/position: verdicts ${show(spread(nsOn))}, --no-tactics ${show(spread(nsOff))}; the verdicts cost ${show(cost)} ns a position`,
  );
  printProfile(cli, file, rounds(1));
  results.push(() => {
    target(
      'verdicts / --no-tactics positions/s (ratio)',
      show(ratio, (x) => x.toFixed(3)),
      '≥ 0.75',
      ratio.median >= 0.75,
    );
    target('positions/s with verdicts, -j 2 (wall)', show(onRate), '≥ 2,000,000', onRate.median >= 2e6);
  });
}
