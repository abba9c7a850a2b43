// npm run tactics:check [-- --only S,…] [--nodes N] [--procs P] [--verdicts N] [--played N] [--share-games G]
// — the tactic verdicts against Stockfish (/usr/games/stockfish or stockfish on the PATH) and lichess:
// - verdicts: real-game verdicts with a gain of 2 or more, spread over several corpus files: the verdict's
//   move within 100 cp of the engine's best, and the material at the end of the engine's line after it at
//   least the gain less one pawn above the material now (also: above the search's value less one), for at
//   least 95%; the misses by kind;
// - puzzles: lichess's tactical, non-mate puzzles (puzzle-check.ts): the verdict's move is lichess's first
//   move for at least 80%, per theme, the misses by kind;
// - played: for a sample of moves judged missed, the engine scores the move played at least 150 cp below its
//   best; for found, within 100 cp: each for at least 90%;
// - share: the share of winning tactics found by rating band and by speed on lichess-jishanshaikh4 (its
//   first G games), with the n behind each figure.
// Sections: verdicts, puzzles, played, share (default all). Exits 1 when a target is missed.
import { installNewTables } from '../../src/core/attacks.js';
import { resolveEngine } from '../../src/puzzles/engine-path.js';
import { EnginePool } from '../../src/puzzles/engine-pool.js';
import { TacticJudge } from '../../src/tactics/verdict.js';
import { readCorpusBytes } from '../helpers/corpus.js';
import { loadLichessPuzzles } from '../helpers/lichess-puzzles.js';
import { bestScore, moveOpinion } from '../tactics/engine-judge.js';
import { csvPuzzles, pgnPuzzles, PuzzleChecker, TACTICAL, type PuzzleResult } from '../tactics/puzzle-check.js';
import { eachVerdict, type SampledVerdict } from '../tactics/verdict-sample.js';
import { option } from './measure.js';

const GAME_FILES = [
  'games/lichess-jishanshaikh4.pgn.zst',
  'games/lichess-DrNykterstein-DrDrunkenstein.pgn.zst',
  'games/lichess-db-2016-05-no-event-tag.pgn.zst',
  'games/pgnmentor-style-Carlsen.pgn.zst',
];

/** Scores at least this are mates (engine-judge.ts's scale); beyond DECIDED the game is decided either way. */
const MATING = 9_000;
const DECIDED = 1_000;
const pct = (k: number, n: number): string => `${((100 * k) / Math.max(n, 1)).toFixed(1)}% (${k}/${n})`;
let failed = false;
function target(name: string, k: number, n: number, goal: number): void {
  const ok = n > 0 && k / n >= goal;
  if (!ok) failed = true;
  console.log(`  ${ok ? 'PASS' : 'MISS'} ${name}: ${pct(k, n)}, goal ${(goal * 100).toFixed(0)}%`);
}

/** Every `step`-th verdict of each file that `keep` accepts, up to `per` per file. */
function sample(per: number, step: number, keep: (v: SampledVerdict) => boolean): SampledVerdict[] {
  const out: SampledVerdict[] = [];
  for (const file of GAME_FILES) {
    let seen = 0;
    let taken = 0;
    eachVerdict(readCorpusBytes(file), new TacticJudge(), (v) => {
      if (keep(v) && seen++ % step === 0) {
        out.push(v);
        taken++;
      }
      return taken < per;
    });
  }
  return out;
}

async function verdicts(pool: EnginePool, n: number, nodes: number): Promise<void> {
  const vs = sample(Math.ceil(n / GAME_FILES.length), 7, (v) => v.mate === 0 && v.gain >= 2);
  const misses = new Map<string, string[]>();
  let good = 0;
  let strict = 0;
  let mating = 0;
  await Promise.all(
    vs.map(async (v) => {
      const [best, op] = await Promise.all([bestScore(pool, v.fen, nodes), moveOpinion(pool, v.fen, v.uci, nodes)]);
      const moveOk = best - op.cp <= 100;
      const materialOk = op.endMaterial >= v.balance + v.gain - 1;
      if (moveOk && op.endMaterial >= v.value - 1) strict++;
      if (moveOk && !materialOk && op.cp >= MATING) mating++;
      if (moveOk && materialOk) good++;
      else {
        const kind =
          !moveOk && !materialOk
            ? 'both'
            : !moveOk
              ? `move over 100 cp below best${best >= MATING ? ' (the engine mates)' : ''}`
              : `material short at the line end${op.cp >= MATING ? ' (the line mates)' : ''}`;
        const l = misses.get(kind) ?? [];
        l.push(`${v.fen} ${v.uci} gain ${v.gain}: best ${best} cp, move ${op.cp} cp, material ${v.balance} -> ${op.endMaterial}`);
        misses.set(kind, l);
      }
    }),
  );
  console.log(`verdicts (gain >= 2, ${nodes} nodes a search): ${vs.length} sampled`);
  target('move within 100 cp of the best and material at the line end >= now + gain - 1', good, vs.length, 0.95);
  console.log(
    `  also with material >= the search's value - 1: ${pct(strict, vs.length)}; counting a line that mates as won: ${pct(good + mating, vs.length)}`,
  );
  for (const [kind, l] of misses) {
    console.log(`  miss: ${kind}: ${l.length}`);
    for (const e of l.slice(0, 5)) console.log(`    ${e}`);
  }
}

function puzzles(): void {
  const checker = new PuzzleChecker();
  const report = (name: string, results: Iterable<PuzzleResult>): void => {
    const all = [...results];
    console.log(`puzzles: ${name}: ${all.length} tactical non-mate puzzles`);
    target("verdict's move is lichess's first move", all.filter((r) => r.outcome === 'same').length, all.length, 0.8);
    const kinds = new Map<string, number>();
    for (const r of all) kinds.set(r.outcome, (kinds.get(r.outcome) ?? 0) + 1);
    console.log(`  outcomes: ${[...kinds].map(([k, c]) => `${k} ${c}`).join(', ')}`);
    for (const t of TACTICAL) {
      const of = all.filter((r) => r.themes.includes(t));
      const by = new Map<string, number>();
      for (const r of of) if (r.outcome !== 'same') by.set(r.outcome, (by.get(r.outcome) ?? 0) + 1);
      console.log(
        `  ${t}: same ${pct(of.filter((r) => r.outcome === 'same').length, of.length)}; misses ${[...by].map(([k, c]) => `${k} ${c}`).join(', ') || 'none'}`,
      );
    }
    for (const r of all.filter((x) => x.outcome === 'noVerdict').slice(0, 3))
      console.log(`    noVerdict ${r.id} ${r.fen} lichess ${r.lichess}`);
    for (const r of all.filter((x) => x.outcome === 'searchPrefersOurs').slice(0, 3))
      console.log(`    searchPrefersOurs ${r.id} ${r.fen} lichess ${r.lichess} ours ${r.ours}`);
  };
  report('lichess-puzzles-42k-themed.pgn.zst', pgnPuzzles(readCorpusBytes('puzzles/lichess-puzzles-42k-themed.pgn.zst'), checker));
  report('lichess-db-puzzle-samples (CSV)', csvPuzzles(loadLichessPuzzles(), checker));
}

async function played(pool: EnginePool, n: number, nodes: number): Promise<void> {
  for (const kind of ['found', 'missed'] as const) {
    const vs = sample(Math.ceil(n / GAME_FILES.length), 5, (v) => v.judged === kind);
    let good = 0;
    const bad = new Map<string, string[]>();
    await Promise.all(
      vs.map(async (v) => {
        const [best, op] = await Promise.all([bestScore(pool, v.fen, nodes), moveOpinion(pool, v.fen, v.played, nodes)]);
        const loss = best - op.cp;
        if (kind === 'found' ? loss <= 100 : loss >= 150) {
          good++;
          return;
        }
        const why =
          v.mate > 0
            ? op.cp >= MATING
              ? 'mate verdict, the move played mates too'
              : 'mate verdict'
            : op.cp >= MATING || Math.abs(best) >= DECIDED
              ? `decided (best ${best >= 0 ? '≥' : '≤'} ${DECIDED} cp)`
              : 'other';
        const l = bad.get(why) ?? [];
        l.push(
          `${v.fen} verdict ${v.uci} ${v.mate > 0 ? `mate ${v.mate}` : `gain ${v.gain}`}, played ${v.played}: best ${best}, played ${op.cp}`,
        );
        bad.set(why, l);
      }),
    );
    console.log(`played, judged ${kind}: ${vs.length} sampled`);
    target(kind === 'found' ? 'within 100 cp of the best' : 'at least 150 cp below the best', good, vs.length, 0.9);
    for (const [why, l] of bad) {
      console.log(`  not confirmed: ${why}: ${l.length}`);
      for (const e of l.slice(0, 3)) console.log(`    ${e}`);
    }
  }
}

function share(games: number): void {
  const byBand = new Map<string, [number, number]>();
  const bySpeed = new Map<string, [number, number]>();
  const count = (m: Map<string, [number, number]>, key: string, found: boolean): void => {
    const e = m.get(key) ?? [0, 0];
    e[0] += found ? 1 : 0;
    e[1]++;
    m.set(key, e);
  };
  eachVerdict(
    readCorpusBytes('games/lichess-jishanshaikh4.pgn.zst'),
    new TacticJudge(),
    (v) => {
      if (v.judged !== null) {
        count(byBand, v.derived.ratingBand ?? 'unrated', v.judged === 'found');
        count(bySpeed, v.derived.speed ?? 'unknown', v.judged === 'found');
      }
      return true;
    },
    games,
  );
  console.log(`share of tactics found, lichess-jishanshaikh4, its first ${games} standard games (n: verdicts with a move played):`);
  for (const [name, m] of [
    ['rating band', byBand],
    ['speed', bySpeed],
  ] as const) {
    console.log(
      `  by ${name}: ${[...m]
        .sort()
        .map(([k, [f, t]]) => `${k} ${((100 * f) / t).toFixed(1)}% (n ${t})`)
        .join(', ')}`,
    );
  }
}

async function main(): Promise<void> {
  installNewTables();
  const args = process.argv.slice(2);
  const only = option(args, '--only', 'verdicts,puzzles,played,share').split(',');
  const nodes = Number(option(args, '--nodes', '150000'));
  const procs = Number(option(args, '--procs', '2'));
  const nVerdicts = Number(option(args, '--verdicts', '520'));
  const nPlayed = Number(option(args, '--played', '200'));
  const shareGames = Number(option(args, '--share-games', '6000'));
  if (only.includes('puzzles')) puzzles();
  if (only.includes('verdicts') || only.includes('played')) {
    // the engines at the lowest priority: the machine is shared
    const pool = await EnginePool.start({ path: 'nice', args: ['-n', '19', resolveEngine(undefined)!], procs });
    try {
      if (only.includes('verdicts')) await verdicts(pool, nVerdicts, nodes);
      if (only.includes('played')) await played(pool, nPlayed, nodes);
    } finally {
      await pool.close();
    }
  }
  if (only.includes('share')) share(shareGames);
  if (failed) process.exitCode = 1;
}

await main();
