// A puzzle's line replayed on our core: the position before the opponent's setup move, then one position
// after each move (the setup, then the solution), with the moves as ints. The themes and the PGN and EPD
// writers read it; one PuzzleLine per reader keeps its positions from puzzle to puzzle.
import { parseFen } from '../core/fen.js';
import { legalMoves } from '../core/movegen.js';
import { moveFrom } from '../core/move.js';
import { Position } from '../core/position.js';
import { moveToUci } from '../core/san.js';
import { parseSquare } from '../core/squares.js';

const legal = new Int32Array(256);

/** The legal move of `pos` that UCI `uci` names, or -1 when none does. */
export function uciMove(pos: Position, uci: string): number {
  const from = parseSquare(uci.slice(0, 2));
  const n = legalMoves(pos, legal);
  for (let i = 0; i < n; i++) {
    const m = legal[i];
    if (moveFrom(m) === from && moveToUci(pos, m) === uci) return m;
  }
  return -1;
}

export class PuzzleLine {
  /** positions[0]: before the setup move; positions[k + 1]: after moves[k] (positions[1] is P). */
  readonly positions: Position[] = [];
  /** The moves: moves[0] the setup, then the solution; the solver's are those at odd k. */
  moves = new Int32Array(16);
  /** Number of moves. */
  count = 0;

  /**
   * Replays fenBefore and the UCI moves (Chess960 when told, or when the FEN's castling rights are rook
   * files); throws when the FEN is bad or a move is not legal.
   */
  load(fenBefore: string, uci: readonly string[], chess960 = false): this {
    if (this.moves.length < uci.length) this.moves = new Int32Array(uci.length * 2);
    while (this.positions.length <= uci.length) this.positions.push(new Position());
    const pos = this.positions;
    pos[0].copyFrom(parseFen(fenBefore, { chess960 }));
    for (let k = 0; k < uci.length; k++) {
      const m = uciMove(pos[k], uci[k]);
      if (m < 0) throw new Error(`puzzle move ${k + 1} "${uci[k]}" is not legal after ${fenBefore} ${uci.slice(0, k).join(' ')}`.trimEnd());
      this.moves[k] = m;
      pos[k + 1].copyFrom(pos[k]);
      pos[k + 1].play(m);
    }
    this.count = uci.length;
    return this;
  }

  /** P: the position after the setup move, the solver to move. */
  get puzzle(): Position {
    return this.positions[1];
  }

  /** The solver's moves (ceil((count - 1) / 2)). */
  get solverMoves(): number {
    return this.count >> 1;
  }
}
