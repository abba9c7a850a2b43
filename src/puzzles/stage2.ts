// Stage 2 of the puzzle generator (docs/design.md §12): a real engine verifies one candidate position P (the
// solver to move) and finds its solution line, as lichess-puzzler does.
//
// 1. P with fewer than two legal moves never starts a puzzle ('oneLegal'; no engine call).
// 2. Probe: multipv 2 at probeNodes. "No chance" = the best move neither mates nor reaches +100 cp for
//    the solver: half the winning bar, as the short search may undervalue a tactic; or it does not mate and
//    the second best is within the gap less PROBE_MARGIN of it on the win-chance scale ('probe'): the longer
//    search widened a probe's gap by 0.40 at most on 354 candidates of the sample and 200 lichess puzzles
//    (probe 100,000 against 1,000,000 nodes), so a probe that close can never become an only move.
// 3. Multipv 2 at nodes. The best move must win: a mate, or at least +200 cp ('notWinning'); and be the
//    only move, by lichess-puzzler's rule (generator/util.py is_valid_attack): every other move worse by
//    more than `gap` (--gap, 0.5) on the win-chance scale (a mate counts as ±1), or a mate in 1 where the
//    second best is no mate in 1 or 2; later in the line a mate in 1 beside other mates in 1 is fine, as
//    lichess accepts any mate ('notOnly').
// 4. The line goes on: the opponent's best reply (multipv 1 at nodes), then the solver's next move, judged
//    as in 3 ('strict'), or forced (one legal move), or, when the best is a mate, the only move that keeps
//    a mate ('mateOnly'). It stops at the first solver move that is not one of these, at checkmate or
//    stalemate, or at maxPlies (default 15: 8 solver moves, a mate in 8 at most).
// 5. The end: a line that ends in checkmate is kept whole: mateIn = its solver moves (any length; the
//    themes name mateIn1…mateIn5 only). Otherwise mateIn is null and the line is cut before its first
//    'mateOnly' move (another move won as well; only a mate in view made it the one) and trailing forced
//    solver moves are dropped (lichess does the same): it always ends on a judged solver move (odd length).
// 6. Zugzwang (zugzwang.ts): where the opponent to move in the line has 15 legal moves or fewer and is not
//    in check, a search of that position and of it with the solver to move (200,000 nodes, at most nodes).
import { parseFen } from '../core/fen.js';
import { isCheckmate, legalMoves } from '../core/movegen.js';
import type { Position } from '../core/position.js';
import { moveToUci } from '../core/san.js';
import { EngineError, type Analyser } from './engine.js';
import type { Candidate, EngineAnswer, EngineLine, Score } from './types.js';
import { formatScore, mates, scoreCp, winChance } from './win-chance.js';
import { ZUGZWANG_NODES, isZugzwang } from './zugzwang.js';

export interface Stage2Options {
  /** Nodes of the probe that drops hopeless candidates (`--probe-nodes`). */
  probeNodes: number;
  /** Nodes of every other search (`--nodes`). */
  nodes: number;
  /** Longest solution in plies (odd). */
  maxPlies: number;
  /** The only-move gap on the win-chance scale (`--gap`). */
  gap: number;
}

/** lichess-puzzler's only-move gap on its win-chance scale. */
export const DEFAULT_GAP = 0.5;

export const STAGE2_DEFAULTS: Stage2Options = { probeNodes: 100_000, nodes: 1_000_000, maxPlies: 15, gap: DEFAULT_GAP };

/** A probe score below this (and no mate) means no chance. */
export const CHANCE_CP = 100;
/** How much the long search may widen a probe's gap: a probe within the gap less this is no chance. */
export const PROBE_MARGIN = 0.4;
/** A best move below this (and no mate) does not win. */
export const WINNING_CP = 200;

/** Why a candidate is not a puzzle, for the run summary's counts. */
export type DropReason = 'badPosition' | 'oneLegal' | 'screen' | 'probe' | 'notWinning' | 'notOnly' | 'engineError' | 'noMove';

/** Engine work spent on one candidate. */
export interface EngineUse {
  calls: number;
  nodes: number;
}

export type Verdict =
  | (EngineUse & {
      verified: true;
      /** UCI moves from P, solver first, ending on a solver move. */
      solution: string[];
      /** Solver moves to checkmate when the solution ends in mate, else null. */
      mateIn: number | null;
      /** The engine's score for the solver at P (scoreCp: a mate in n is 10,000 − n). */
      cp: number;
      /**
       * At P: the best move's win-chance lead over the second, and the depth it settled at (for the rating);
       * null for stage 1's own line (--engine none).
       */
      gap: number | null;
      settled: number | null;
      /** The opponent is in zugzwang somewhere in the line (zugzwang.ts; false for stage 1's own line). */
      zugzwang: boolean;
    })
  | (EngineUse & { verified: false; drop: DropReason; detail: string });

/** How a solver move passed: clearly best, the sole legal move, or the only one that keeps a mate. */
type Pass = 'strict' | 'forced' | 'mateOnly';

const scratch = new Int32Array(256);

/** The legal move written `uci` in `pos`, or -1 (the engine's strings must be our canonical UCI). */
function legalUci(pos: Position, uci: string): number {
  const n = legalMoves(pos, scratch);
  for (let i = 0; i < n; i++) if (moveToUci(pos, scratch[i]) === uci) return scratch[i];
  return -1;
}

/** Plays the engine's move on `pos`; an illegal one is the engine's fault. */
function playUci(pos: Position, uci: string): void {
  const m = legalUci(pos, uci);
  if (m < 0) throw new EngineError('protocol', `the engine's move ${uci || '(none)'} is not legal here`);
  pos.play(m);
}

/** The best line and, when there are two legal moves or more, the second. */
function topLines(a: EngineAnswer, legal: number): [EngineLine, EngineLine | null] {
  if (a.lines.length === 0) throw new EngineError('protocol', `the engine gave no line (bestmove ${a.bestmove || '(none)'})`);
  if (legal >= 2 && a.lines.length < 2) throw new EngineError('protocol', `the engine gave one line for ${legal} legal moves`);
  return [a.lines[0], legal >= 2 ? a.lines[1] : null];
}

/** How far the best move is ahead of the second on lichess's win-chance scale. */
function winGap(best: Score, second: Score): number {
  return winChance(best) - winChance(second);
}

/** The solver mates in `n` moves or fewer. */
function matesWithin(s: Score, n: number): boolean {
  return s.mate !== undefined && s.mate > 0 && s.mate <= n;
}

/** The solver mates, or is at least `cp` up. */
export function atLeast(s: Score, cp: number): boolean {
  return mates(s) || (s.cp !== undefined && s.cp >= cp);
}

/** How the best move passes against the second best (`gap`: --gap), or null when it is not the only move. */
function judge(best: Score, second: Score | null, atStart: boolean, gap: number): Pass | null {
  if (second === null) return 'forced';
  if (winGap(best, second) > gap) return 'strict';
  if (best.mate === 1 && !matesWithin(second, 2)) return 'strict'; // lichess-puzzler: Mate(1) against less than Mate(2)
  if (best.mate === 1 && second.mate === 1) return 'mateOnly'; // lichess accepts any mate in 1
  if (!atStart && mates(best) && !mates(second)) return 'mateOnly';
  return null;
}

/** The line kept when it does not end in mate: up to the last solver move that passed strictly. */
function strictPrefix(passes: Pass[]): number {
  let keep = passes.indexOf('mateOnly');
  if (keep < 0) keep = passes.length;
  while (keep > 0 && passes[keep - 1] === 'forced') keep--;
  return keep;
}

/** The engine searches of one candidate, counted. */
class Searcher {
  readonly use: EngineUse = { calls: 0, nodes: 0 };

  constructor(
    private readonly engine: Analyser,
    readonly fen: string,
    readonly chess960: boolean,
  ) {}

  /** A search of P (or of `fen`) after `moves`. */
  async ask(moves: readonly string[], nodes: number, multipv: number, fen = this.fen): Promise<EngineAnswer> {
    this.use.calls++;
    const a = await this.engine.analyse(fen, moves, { nodes, multipv, chess960: this.chess960 });
    this.use.nodes += a.nodes;
    return a;
  }
}

/**
 * Verifies the candidate at `c.fen` (Chess960 when `c.chess960`, or when its castling rights are rook files)
 * and finds its solution. Engine failures become an 'engineError' drop.
 */
export async function verifyCandidate(
  engine: Analyser,
  c: Pick<Candidate, 'fen'> & Partial<Pick<Candidate, 'chess960'>>,
  o: Stage2Options = STAGE2_DEFAULTS,
): Promise<Verdict> {
  let pos: Position;
  try {
    pos = parseFen(c.fen, { chess960: c.chess960 === true });
  } catch (e) {
    return { verified: false, drop: 'badPosition', detail: (e as Error).message, calls: 0, nodes: 0 };
  }
  const s = new Searcher(engine, c.fen, pos.chess960);
  try {
    return await verifyAt(s, pos, o);
  } catch (e) {
    if (!(e instanceof EngineError)) throw e;
    return { verified: false, drop: 'engineError', detail: e.message, ...s.use };
  }
}

async function verifyAt(s: Searcher, pos: Position, o: Stage2Options): Promise<Verdict> {
  const drop = (reason: DropReason, detail: string): Verdict => ({ verified: false, drop: reason, detail, ...s.use });
  const legal = legalMoves(pos, scratch);
  if (legal < 2) return drop('oneLegal', legal === 0 ? 'no legal move' : 'a single legal move');
  const [probe, runnerUp] = topLines(await s.ask([], o.probeNodes, 2), legal);
  if (!atLeast(probe.score, CHANCE_CP)) {
    return drop('probe', `best ${formatScore(probe.score)} at ${o.probeNodes} nodes`);
  }
  if (!mates(probe.score) && winGap(probe.score, runnerUp!.score) <= o.gap - PROBE_MARGIN) {
    return drop('probe', `best ${formatScore(probe.score)}, second ${formatScore(runnerUp!.score)} at ${o.probeNodes} nodes`);
  }
  const main = await s.ask([], o.nodes, 2);
  const [best, second] = topLines(main, legal);
  if (!atLeast(best.score, WINNING_CP)) return drop('notWinning', `best ${formatScore(best.score)}`);
  const pass = judge(best.score, second!.score, true, o.gap);
  if (pass === null) return drop('notOnly', `best ${formatScore(best.score)}, second ${formatScore(second!.score)}`);
  const solution = [best.pv[0]];
  playUci(pos, solution[0]);
  const passes = await extendLine(s, pos, solution, [pass], o);
  const mated = isCheckmate(pos);
  const keep = mated ? passes.length : strictPrefix(passes);
  if (keep === 0) return drop('notOnly', `best ${formatScore(best.score)} is one of several mates in 1`);
  const line = solution.slice(0, 2 * keep - 1);
  const gap = winGap(best.score, second!.score);
  const zugzwang = await isZugzwang(
    (fen, moves, nodes) => s.ask(moves, nodes, 1, fen),
    s.fen,
    line,
    Math.min(o.nodes, ZUGZWANG_NODES),
    s.chess960,
  );
  const cp = scoreCp(best.score);
  return { verified: true, solution: line, mateIn: mated ? keep : null, cp, gap, settled: main.settled, zugzwang, ...s.use };
}

/**
 * Extends `solution` (moves from P, played on `pos`) by reply and solver move while the solver's move
 * passes; returns how each solver move passed. `pos` ends after the last move of the solution.
 */
async function extendLine(s: Searcher, pos: Position, solution: string[], passes: Pass[], o: Stage2Options): Promise<Pass[]> {
  const next = pos.clone();
  while (solution.length + 2 <= o.maxPlies && legalMoves(pos, scratch) > 0) {
    const [reply] = topLines(await s.ask(solution, o.nodes, 1), 1);
    next.copyFrom(pos);
    playUci(next, reply.pv[0]);
    const legal = legalMoves(next, scratch);
    if (legal === 0) break;
    const moves = [...solution, reply.pv[0]];
    const [best, second] = topLines(await s.ask(moves, o.nodes, 2), legal);
    const pass = atLeast(best.score, WINNING_CP) ? judge(best.score, second?.score ?? null, false, o.gap) : null;
    if (pass === null) break;
    playUci(next, best.pv[0]);
    pos.copyFrom(next);
    solution.push(reply.pv[0], best.pv[0]);
    passes.push(pass);
  }
  return passes;
}
