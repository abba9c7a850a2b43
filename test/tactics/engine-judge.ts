// Stockfish's opinion of a tactic verdict and of a move played, for the Stockfish checks: the engine's best
// score at the position, the score of a given move (the position after it, searched, from the mover's
// view), and the material balance at the end of the engine's line after that move. Chess.js replays the
// engine's lines, apart from our core.
import { Chess } from 'chess.js';
import type { Analyser } from '../../src/puzzles/engine.js';
import type { Score } from '../../src/puzzles/types.js';

const VALUES: Record<string, number> = { p: 1, n: 3, b: 3, r: 5, q: 9, k: 0 };

/** A score in centipawns: a mate in n is 10,000 - n (being mated: the negative). */
export function centipawns(s: Score): number {
  if (s.mate === undefined) return s.cp;
  return s.mate > 0 ? 10_000 - s.mate : -10_000 - s.mate;
}

/** The material balance of `side` ('w' or 'b') on a chess.js board (P 1, N 3, B 3, R 5, Q 9). */
export function material(board: Chess, side: 'w' | 'b'): number {
  let bal = 0;
  for (const row of board.board()) for (const sq of row) if (sq !== null) bal += (sq.color === side ? 1 : -1) * VALUES[sq.type];
  return bal;
}

/** What the engine says of a move: its score (the mover's view, cp) and the material after the line it expects. */
export interface MoveOpinion {
  cp: number;
  /** The mover's material balance at the end of the engine's line after the move. */
  endMaterial: number;
}

/** The engine's best score at fen (the side to move's view, cp). */
export async function bestScore(engine: Analyser, fen: string, nodes: number): Promise<number> {
  const a = await engine.analyse(fen, [], { nodes, multipv: 1 });
  return centipawns(a.lines[0].score);
}

/** The engine's opinion of UCI move `uci` at fen. */
export async function moveOpinion(engine: Analyser, fen: string, uci: string, nodes: number): Promise<MoveOpinion> {
  const board = new Chess(fen);
  const side = board.turn();
  board.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
  if (board.isGameOver()) return { cp: board.isCheckmate() ? 10_000 - 1 : 0, endMaterial: material(board, side) };
  const a = await engine.analyse(board.fen(), [], { nodes, multipv: 1 });
  const line = a.lines[0];
  for (const m of line.pv) {
    try {
      board.move({ from: m.slice(0, 2), to: m.slice(2, 4), promotion: m[4] });
    } catch {
      break;
    }
  }
  return { cp: -centipawns(line.score), endMaterial: material(board, side) };
}
