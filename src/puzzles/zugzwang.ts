// The zugzwang theme, decided with the engine as lichess's tagger decides it (tagger/zugzwang.py): at some
// position of the solution where the opponent is to move — after a solver move, the last one included —
// not in check and with at most 15 legal moves, the opponent's win chance is more than 0.3 below what it
// would be if they could pass: the same position with the solver to move (no en-passant square), searched
// from the solver's side and turned round. Win chances on lila's scale (0.00368208 per cp), as the tagger
// uses. The other themes need no engine (puzzle-themes.ts); this one is asked of stage 2 once a line is
// verified, and only at the few positions that qualify (most middlegame positions have more moves).
import { toFen } from '../core/fen.js';
import { legalMoves } from '../core/movegen.js';
import type { Position } from '../core/position.js';
import { PuzzleLine } from '../tactics/line.js';
import type { EngineAnswer } from './types.js';
import { LILA_WIN_CHANCE_K, negated, winChance } from './win-chance.js';

/** More legal moves than this: no zugzwang looked for (the tagger's bound). */
export const ZUGZWANG_MAX_LEGAL = 15;
/** How much passing must be worth to the opponent, on the win-chance scale [-1, 1]. */
export const ZUGZWANG_DROP = 0.3;
/**
 * Nodes of each search (at most --nodes): lichess's tagger spends up to 12 M; at 200,000 ours agrees with
 * its tag on lichess's puzzles (test/tools/zugzwang-agreement.ts; docs/benchmarks.md has the figures).
 */
export const ZUGZWANG_NODES = 200_000;

/** One engine search of `fen` after `moves` (UCI), best line only. */
export type Ask = (fen: string, moves: readonly string[], nodes: number) => Promise<EngineAnswer>;

const scratch = new Int32Array(256);
const line = new PuzzleLine();

/** The position with the other side to move and no en-passant square: the side to move passes. */
export function passFen(pos: Position): string {
  const f = toFen(pos).split(' ');
  f[1] = f[1] === 'w' ? 'b' : 'w';
  f[3] = '-';
  return f.join(' ');
}

/** Whether the opponent to move in `pos` would rather pass (both searches at `nodes`). */
async function opponentInZugzwang(ask: Ask, fen: string, moves: readonly string[], pos: Position, nodes: number): Promise<boolean> {
  if (pos.isCheck()) return false;
  const legal = legalMoves(pos, scratch);
  if (legal === 0 || legal > ZUGZWANG_MAX_LEGAL) return false;
  const passed = passFen(pos);
  const stay = await ask(fen, moves, nodes);
  const pass = await ask(passed, [], nodes);
  if (stay.lines.length === 0 || pass.lines.length === 0) return false; // the solver has no move after a pass
  const k = LILA_WIN_CHANCE_K;
  return winChance(stay.lines[0].score, k) < winChance(negated(pass.lines[0].score), k) - ZUGZWANG_DROP;
}

/**
 * Whether a solution (UCI, from `fen`, the solver to move) has the theme: some position after a solver move
 * where the opponent is in zugzwang. The positions are copied before the first search: stage 2 judges
 * several candidates at once.
 */
export async function isZugzwang(ask: Ask, fen: string, solution: readonly string[], nodes: number, chess960 = false): Promise<boolean> {
  line.load(fen, solution, chess960);
  const positions = line.positions.slice(0, line.count + 1).map((p) => p.clone());
  for (let k = 1; k <= solution.length; k += 2) {
    if (await opponentInZugzwang(ask, fen, solution.slice(0, k), positions[k], nodes)) return true;
  }
  return false;
}
