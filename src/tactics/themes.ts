// The themes of a verdict: the motifs its winning line uses, by the puzzles' rules and names (the rules are
// in src/puzzles/puzzle-themes.ts's header): the line is read as a puzzle whose setup move is the opponent's last
// move and whose solution is the search's principal variation, cut to end on a move of the side that wins
// (as a puzzle's solution ends). The mate and length themes of a puzzle are not motifs: a verdict says its
// mate apart.
import { encodeMove, FLAG_NULL, moveFrom, moveTo } from '../core/move.js';
import type { Position } from '../core/position.js';
import { PuzzleLine } from './line.js';
import { MOTIFS, PARTIAL_PIN_THEME, PLAYED } from '../motifs/catalogue.js';
import { motifThemes } from './motif-themes.js';
import { FORK_THEME, forkAfter, HANGING_PIECE_THEME, hangingCapture } from './threats.js';

/**
 * Every theme a verdict's line may use, sorted by name: those of the motif catalogue (static and played),
 * the partial pin, fork and hangingPiece. A theme's bit in a verdict's themeBits() is 1 << its index here.
 */
export const TACTIC_THEMES: readonly string[] = [
  ...new Set([
    ...MOTIFS.map((m) => m.theme),
    PARTIAL_PIN_THEME,
    ...PLAYED.flatMap((p) => (p.theme === null ? [] : [p.theme])),
    FORK_THEME,
    HANGING_PIECE_THEME,
  ]),
].sort();
const THEME_BIT = new Map(TACTIC_THEMES.map((t, i) => [t, 1 << i]));

/** The name a person reads for each theme (the report); a theme without one reads as its own name. */
const THEME_TITLES: Readonly<Record<string, string>> = {
  battery: 'Battery',
  discoveredAttack: 'Discovered attack',
  discoveredCheck: 'Discovered check',
  doubleCheck: 'Double check',
  fork: 'Fork',
  hangingPiece: 'Hanging piece',
  partialPin: 'Partial pin',
  pin: 'Absolute pin',
  relativePin: 'Relative pin',
  skewer: 'Skewer',
  xRayAttack: 'X-ray defence',
};

/** The name a person reads for a theme of TACTIC_THEMES. */
export function themeTitle(theme: string): string {
  return THEME_TITLES[theme] ?? theme;
}

/** The bits (1 << index in TACTIC_THEMES) of a list of themes. */
export function themeBitsOf(themes: readonly string[]): number {
  let bits = 0;
  for (const t of themes) bits |= THEME_BIT.get(t)!;
  return bits;
}

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
    for (let k = 1; k + 1 < count; k += 2) if (forkAfter(l.positions[k + 1], moveTo(l.moves[k]))) out.add(FORK_THEME);
    if (hangingCapture(l)) out.add(HANGING_PIECE_THEME);
    return [...out].sort();
  }
}
