// The themes of a verdict: the motifs its winning line uses, by the puzzles' rules and names (the rules are
// in src/puzzles/themes.ts's header): the line is read as a puzzle whose setup move is the opponent's last
// move and whose solution is the search's principal variation, cut to end on a move of the side that wins
// (as a puzzle's solution ends). The mate and length themes of a puzzle are not motifs: a verdict says its
// mate apart.
import { encodeMove, FLAG_NULL, moveFrom, moveTo } from '../core/move.js';
import type { Position } from '../core/position.js';
import { PuzzleLine } from '../puzzles/line.js';
import { motifThemes } from '../puzzles/motif-themes.js';
import { forkAfter, hangingCapture } from '../puzzles/threats.js';

/** Reads a winning line as a puzzle; one per worker (its positions are reused). */
export class LineThemes {
  private readonly line = new PuzzleLine();
  private readonly found = new Set<string>();

  /**
   * The themes of `moves[0 … n)` played from pos (the winning side to move), sorted by name. `before`: the
   * position before the opponent's last move `lastMove` (null at a game's start: no recapture then).
   */
  themes(before: Position | null, lastMove: number, pos: Position, moves: Int32Array, n: number): string[] {
    const l = this.line;
    const count = 1 + (n % 2 === 1 ? n : n - 1);
    if (l.moves.length < count) l.moves = new Int32Array(count * 2);
    while (l.positions.length <= count) l.positions.push(pos.clone());
    // with no last move, a null move from the first move's square: it took nothing there
    l.positions[0].copyFrom(before ?? pos);
    l.moves[0] = before !== null ? lastMove : encodeMove(moveFrom(moves[0]), moveFrom(moves[0]), 0, FLAG_NULL);
    l.positions[1].copyFrom(pos);
    for (let k = 1; k < count; k++) {
      l.moves[k] = moves[k - 1];
      l.positions[k + 1].copyFrom(l.positions[k]);
      l.positions[k + 1].play(moves[k - 1]);
    }
    l.count = count;
    const out = this.found;
    out.clear();
    motifThemes(l, out);
    for (let k = 1; k + 1 < count; k += 2) if (forkAfter(l.positions[k + 1], moveTo(l.moves[k]))) out.add('fork');
    if (hangingCapture(l)) out.add('hangingPiece');
    return [...out].sort();
  }
}
