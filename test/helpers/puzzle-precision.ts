// The independent precision check of puzzles (issue "Puzzle sets", puzzles v2): Debian's Stockfish at
// 3,000,000 nodes, multipv 2, from each puzzle's position P (lichess's FEN is before the setup move, so P
// is FEN + Moves[0]). A puzzle holds when its first solution move is the engine's best move and the
// only-move rule of lichess-puzzler's generator (generator/util.py, NextMovePair.is_valid_attack) holds
// between the engine's first and second lines: the best a mate in 1 and the second no mate in 1 or 2
// (`second < Mate(2)`), or a win-chance gap over 0.5 (win-chance.ts's scale, lichess-puzzler's 0.004).
// Written from that definition, apart from stage 2's judge, so that it checks the generator rather than
// repeating it. A position with one legal move has no second line: is_valid_attack accepts it, but a
// puzzle whose answer is forced asks nothing, so it is its own kind and never counts as held.
// Used by `npm run puzzles:precision` (test/tools/puzzle-precision.ts) and `npm run puzzles:bench`.
import { Chess } from 'chess.js';
import { EnginePool } from '../../src/puzzles/engine-pool.js';
import { FALLBACK_ENGINE } from '../../src/puzzles/engine-path.js';
import { DEFAULT_GAP, WINNING_CP } from '../../src/puzzles/stage2.js';
import type { EngineAnswer, Score } from '../../src/puzzles/types.js';
import { formatScore, mates, winChance } from '../../src/puzzles/win-chance.js';
import { type LichessPuzzle, puzzleFen } from './lichess-puzzles.js';

/** The check's engine: Debian's Stockfish, whatever `stockfish` the PATH holds. */
export const CHECK_ENGINE = FALLBACK_ENGINE;
export const CHECK_NODES = 3_000_000;

/** How one puzzle fared: it holds, or why not. */
export type Outcome = 'holds' | 'notBest' | 'gapTooSmall' | 'oneLegal';

export const OUTCOMES: readonly Outcome[] = ['holds', 'notBest', 'gapTooSmall', 'oneLegal'];

export const OUTCOME_TITLES: Record<Outcome, string> = {
  holds: 'holds',
  notBest: "first move not the engine's best",
  gapTooSmall: 'only-move gap too small (second line within 0.5, or a second mate in 1 or 2)',
  oneLegal: 'one legal move (no second line; not counted as held)',
};

export interface Judged {
  outcome: Outcome;
  /** The engine's best move at P. */
  best: string;
  bestScore: Score;
  /** The second line's move and score; null with one legal move. */
  second: string | null;
  secondScore: Score | null;
  /** The engine's best mates or is at least stage 2's winning bar (+200 cp) for the solver. */
  winning: boolean;
}

/** lichess-puzzler's is_valid_attack between the best and second lines (both from the solver's view). */
export function validAttack(best: Score, second: Score): boolean {
  const secondMatesSoon = second.mate !== undefined && second.mate > 0 && second.mate <= 2;
  if (best.mate === 1 && !secondMatesSoon) return true;
  return winChance(best) - winChance(second) > DEFAULT_GAP;
}

/** Judges a puzzle whose first solution move is `first`, from the engine's multipv-2 answer at P. */
export function judgePuzzle(first: string, legal: number, a: EngineAnswer): Judged {
  const [top, next] = a.lines;
  if (top === undefined) throw new Error(`the engine gave no line (bestmove ${a.bestmove || '(none)'})`);
  if (legal >= 2 && next === undefined) throw new Error(`the engine gave one line for ${legal} legal moves`);
  const bestScore = top.score;
  const secondScore = legal >= 2 ? next.score : null;
  const winning = mates(bestScore) || (bestScore.cp !== undefined && bestScore.cp >= WINNING_CP);
  const best = top.pv[0];
  let outcome: Outcome;
  if (secondScore === null) outcome = 'oneLegal';
  else if (best !== first) outcome = 'notBest';
  else outcome = validAttack(bestScore, secondScore) ? 'holds' : 'gapTooSmall';
  return { outcome, best, bestScore, second: legal >= 2 ? next.pv[0] : null, secondScore, winning };
}

export interface Checked extends Judged {
  id: string;
  /** P, where the solver is to move. */
  fen: string;
  first: string;
}

/** The legal moves at `fen` (chess.js: apart from our core). */
function legalCount(fen: string): number {
  return new Chess(fen).moves().length;
}

/** Checks every puzzle on `procs` Stockfish processes; `progress` is called after each. */
export async function checkPuzzles(
  puzzles: readonly Pick<LichessPuzzle, 'id' | 'fen' | 'moves'>[],
  o: { procs: number; nodes?: number; progress?: (done: number) => void },
): Promise<Checked[]> {
  const pool = await EnginePool.start({ path: CHECK_ENGINE, procs: o.procs });
  let done = 0;
  try {
    return await Promise.all(
      puzzles.map(async (p) => {
        const fen = puzzleFen(p);
        const a = await pool.analyse(p.fen, [p.moves[0]], { nodes: o.nodes ?? CHECK_NODES, multipv: 2 });
        const judged = judgePuzzle(p.moves[1], legalCount(fen), a);
        o.progress?.(++done);
        return { ...judged, id: p.id, fen, first: p.moves[1] };
      }),
    );
  } finally {
    await pool.close();
  }
}

/** `n` items spread evenly over `all` (all of them when there are no more). */
export function evenSample<T>(all: readonly T[], n: number): T[] {
  if (n >= all.length) return [...all];
  return Array.from({ length: n }, (_, i) => all[Math.floor((i * all.length) / n)]);
}

/** Wilson's 95% interval for `k` successes in `n`, as shares. */
export function wilson(k: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.959964;
  const p = k / n;
  const d = 1 + (z * z) / n;
  const mid = (p + (z * z) / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, mid - half), Math.min(1, mid + half)];
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

function describe(c: Checked): string {
  const second = c.secondScore === null ? '' : `, second ${c.second} ${formatScore(c.secondScore)}`;
  return `${c.id} ${c.fen} | puzzle ${c.first}, engine ${c.best} ${formatScore(c.bestScore)}${second}`;
}

/** The report's lines: checked, the share held with its interval, each failure kind with `examples` cases. */
export function precisionReport(checked: readonly Checked[], examples = 3): string[] {
  const n = checked.length;
  const held = checked.filter((c) => c.outcome === 'holds').length;
  const [lo, hi] = wilson(held, n);
  const out = [`${n} puzzles checked: ${held} hold (${pct(held / Math.max(1, n))}, 95% interval ${pct(lo)}–${pct(hi)})`];
  for (const kind of OUTCOMES.slice(1)) {
    const of = checked.filter((c) => c.outcome === kind);
    out.push(`  ${OUTCOME_TITLES[kind]}: ${of.length}`);
    for (const c of of.slice(0, examples)) out.push(`    ${describe(c)}`);
  }
  const losing = checked.filter((c) => !c.winning);
  const losingHeld = losing.filter((c) => c.outcome === 'holds').length;
  out.push(`  engine's best not winning (below +${WINNING_CP} cp, no mate): ${losing.length}, of which ${losingHeld} hold`);
  for (const c of losing.slice(0, examples)) out.push(`    ${describe(c)}`);
  return out;
}
