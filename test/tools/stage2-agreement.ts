// node dist/test/tools/stage2-agreement.js [FILE.csv] [COUNT] [NODES] [PROBE_NODES] [PROCS] — stage 2
// against lichess: each puzzle's P (after its setup move) is verified with the real engine, and our
// solution compared with lichess's. Prints the drop reasons, how many solutions are equal, share their
// first move, or are a prefix of one another, and the engine's nodes and CPU seconds.
import { installNewTables } from '../../src/core/attacks.js';
import { EnginePool } from '../../src/puzzles/engine-pool.js';
import { resolveEngine } from '../../src/puzzles/engine-path.js';
import { STAGE2_DEFAULTS, verifyCandidate, type Verdict } from '../../src/puzzles/stage2.js';
import { loadLichessPuzzles, puzzleFen, type LichessPuzzle } from '../helpers/lichess-puzzles.js';

function compare(p: LichessPuzzle, v: Verdict): string {
  if (!v.verified) return `drop:${v.drop}`;
  const ours = v.solution.join(' ');
  const theirs = p.solution.join(' ');
  if (ours === theirs) return 'equal';
  if (theirs.startsWith(ours + ' ')) return 'shorter';
  if (ours.startsWith(theirs + ' ')) return 'longer';
  if (v.solution[0] === p.solution[0]) return 'sameFirst';
  return 'differs';
}

async function main(): Promise<void> {
  const [file = 'akevinm-999.csv', count = '50', nodes = '200000', probe = '20000', procs = '1'] = process.argv.slice(2);
  installNewTables();
  const pool = await EnginePool.start({ path: resolveEngine(undefined)!, procs: Number(procs) });
  const puzzles = loadLichessPuzzles(file).slice(0, Number(count));
  const tally = new Map<string, number>();
  const t0 = process.hrtime.bigint();
  await Promise.all(
    puzzles.map(async (p) => {
      const v = await verifyCandidate(pool, { fen: puzzleFen(p) }, { ...STAGE2_DEFAULTS, nodes: Number(nodes), probeNodes: Number(probe) });
      const k = compare(p, v);
      tally.set(k, (tally.get(k) ?? 0) + 1);
      if (process.env.VERBOSE)
        console.log(
          p.id,
          k,
          p.themes.join(' '),
          '| lichess',
          p.solution.join(' '),
          '| ours',
          v.verified ? `${v.solution.join(' ')} mateIn=${v.mateIn} cp=${v.cp}` : v.detail,
        );
    }),
  );
  const secs = Number(process.hrtime.bigint() - t0) / 1e9;
  const st = pool.stats();
  await pool.close();
  console.log(
    [...tally]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ${n}`)
      .join(', '),
  );
  console.log(
    `${puzzles.length} puzzles, ${st.searches} searches, ${st.nodes} nodes, engine CPU ${st.cpuSeconds?.toFixed(1)} s, wall ${secs.toFixed(1)} s, ${(st.nodes / (st.cpuSeconds ?? NaN)).toFixed(0)} nodes per CPU second`,
  );
}

await main();
