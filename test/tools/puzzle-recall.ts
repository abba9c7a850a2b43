// npm run puzzles:recall — the generator against the 42,474 lichess puzzles of ../shared/corpus. Each
// lichess puzzle is a game: [FEN] before the opponent's move, that move, then lichess's solution. For each
// lichess theme: the share of puzzles where stage 1 alone sends ply 1 (the position after the opponent's
// move) to the engine, where its own best move is lichess's first solution move, and — with the real
// engine, on every K-th puzzle (the engine costs seconds per candidate) — the share where the generator
// writes a puzzle at ply 1 whose first solution move is lichess's; then what the misses are.
// The puzzles found through the engine screen (rule `screen`) are counted apart. Options after the three
// numbers go to the engine run as they are (e.g. `--screen-nodes 0`).
//   node dist/test/tools/puzzle-recall.js [EVERY=20] [NODES=200000] [PROBE=20000] [OPTION...]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installNewTables } from '../../src/core/attacks.js';
import { parseFen } from '../../src/core/fen.js';
import { moveToUci, parseSan } from '../../src/core/san.js';
import { readHeaders } from '../../src/pgn/headers.js';
import { tokenizeMoves } from '../../src/pgn/movetext.js';
import { CLI } from '../helpers/cli.js';
import { corpusPath, readCorpusBytes, splitGames } from '../helpers/corpus.js';

const FILE = 'puzzles/lichess-puzzles-42k-themed.pgn.zst';
const [EVERY, NODES, PROBE] = [20, 200_000, 20_000].map((d, i) => Number(process.argv[2 + i] ?? d));
const EXTRA = process.argv.slice(5);

interface Lichess {
  themes: string[];
  /** lichess's first solution move in UCI. */
  first: string;
  text: Uint8Array;
}

/** Every lichess puzzle with its themes and first solution move (UCI by our core from its SAN). */
function lichessPuzzles(): Lichess[] {
  return splitGames(readCorpusBytes(FILE)).map((g) => {
    const h = readHeaders(g.bytes);
    const sans = tokenizeMoves(g.bytes);
    const pos = parseFen(h.fen!);
    pos.play(parseSan(pos, sans[0]));
    return {
      themes: (h.tags.get('Themes') ?? '').split(/\s+/).filter((t) => t !== ''),
      first: moveToUci(pos, parseSan(pos, sans[1])),
      text: g.bytes,
    };
  });
}

interface Logged {
  game: number;
  ply: number;
  best: string;
  rules: string[];
  verdict: { verified: boolean; drop?: string; solution?: string[] };
}

/** Runs `pgn-xray puzzles` and reads its --candidates log: ply-1 candidates by game number. */
function run(input: string, args: string[]): Map<number, Logged> {
  const dir = mkdtempSync(join(tmpdir(), 'pgn-xray-recall-'));
  const log = join(dir, 'candidates.jsonl');
  const t0 = performance.now();
  const r = spawnSync(
    process.execPath,
    [CLI, 'puzzles', input, '-o', join(dir, 'puzzles.csv'), '--candidates', log, '--summary', join(dir, 'summary.json'), '-q', ...args],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (r.status !== 0) throw new Error(`pgn-xray puzzles exited ${r.status}`);
  const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as {
    engine: { calls: number; nodes: number; cpuSeconds: number } | null;
    puzzles: number;
    cpuSeconds: number;
  };
  console.log(
    `  ${args.join(' ')}: ${((performance.now() - t0) / 1000).toFixed(0)} s, ${summary.puzzles} puzzles, ${JSON.stringify(summary.engine)}, our CPU ${summary.cpuSeconds.toFixed(1)} s`,
  );
  const out = new Map<number, Logged>();
  for (const line of readFileSync(log, 'utf8').split('\n')) {
    if (line === '') continue;
    const c = JSON.parse(line) as Logged;
    if (c.ply === 1) out.set(c.game, c);
  }
  return out;
}

type Outcome = 'same' | 'otherMove' | 'noCandidate' | string;

/** What became of one lichess puzzle in a run: our puzzle with its first move, a drop, or no candidate. */
function outcome(l: Lichess, c: Logged | undefined, engine: boolean): Outcome {
  if (c === undefined) return 'noCandidate';
  if (!engine) return c.best === l.first ? 'same' : 'otherMove';
  if (!c.verdict.verified) return `dropped:${c.verdict.drop}`;
  return c.verdict.solution![0] === l.first ? 'same' : 'otherMove';
}

function pct(n: number, of: number): string {
  return of === 0 ? '   -  ' : `${((100 * n) / of).toFixed(1).padStart(5)}%`;
}

function main(): void {
  installNewTables();
  const all = lichessPuzzles();
  const path = join(mkdtempSync(join(tmpdir(), 'pgn-xray-recall-')), 'sample.pgn');
  const sample = all.filter((_, i) => i % EVERY === 0);
  writeFileSync(path, Buffer.concat(sample.map((l) => Buffer.concat([Buffer.from(l.text), Buffer.from('\n\n')]))));
  console.log(
    `${all.length} lichess puzzles; stage 1 on all, the engine on every ${EVERY}th (${sample.length}) at --nodes ${NODES} --probe-nodes ${PROBE}`,
  );
  const stage1 = run(corpusPath(FILE), ['--engine', 'none']);
  const full = run(path, ['--nodes', String(NODES), '--probe-nodes', String(PROBE), ...EXTRA]);
  const screened = sample.flatMap((l, j) => {
    const c = full.get(j + 1);
    return c?.rules[0] === 'screen' ? [outcome(l, c, true)] : [];
  });
  const viaScreen = screened.filter((o) => o === 'same').length;
  console.log(`  ${screened.length} of the sample's ${sample.length} went through the engine screen; ${viaScreen} of them found`);
  const rows = new Map<string, { n: number; cand: number; same1: number; m: number; same: number; misses: Map<string, number> }>();
  const row = (t: string) => rows.get(t) ?? rows.set(t, { n: 0, cand: 0, same1: 0, m: 0, same: 0, misses: new Map() }).get(t)!;
  all.forEach((l, i) => {
    const o1 = outcome(l, stage1.get(i + 1), false);
    for (const t of ['(all)', ...l.themes]) {
      const r = row(t);
      r.n++;
      if (o1 !== 'noCandidate') r.cand++;
      if (o1 === 'same') r.same1++;
    }
  });
  sample.forEach((l, j) => {
    const o = outcome(l, full.get(j + 1), true);
    for (const t of ['(all)', ...l.themes]) {
      const r = row(t);
      r.m++;
      if (o === 'same') r.same++;
      else r.misses.set(o, (r.misses.get(o) ?? 0) + 1);
    }
  });
  console.log('\ntheme                 puzzles  stage 1 sends  its move = lichess | sample  puzzle, same 1st move  misses');
  const order = [...rows.entries()].sort((a, b) => (a[0] === '(all)' ? -1 : b[0] === '(all)' ? 1 : b[1].n - a[1].n));
  for (const [t, r] of order) {
    const misses = [...r.misses.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
    console.log(
      `${t.padEnd(20)} ${String(r.n).padStart(8)}  ${pct(r.cand, r.n)}        ${pct(r.same1, r.n)}      | ${String(r.m).padStart(6)}  ${pct(r.same, r.m)}              ${misses}`,
    );
  }
}

main();
