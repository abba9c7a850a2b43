// A puzzle from a candidate and the engine's verdict (or stage 1's own line with --engine none): the
// lichess columns — id, FEN before the setup move, moves, the rating and its deviation (src/puzzles/rating.ts),
// themes from our tags over the line, GameUrl, OpeningTags (docs/design.md §12).
import type { PuzzleFormat } from './puzzle-kinds.js';
import { gameUrl, openingTags } from './opening.js';
import type { Verdict } from './stage2.js';
import { puzzleThemes } from './puzzle-themes.js';
import { puzzleRating } from './rating.js';
import type { Candidate, Puzzle } from './types.js';

/** A verdict that made a puzzle. */
export type Solved = Extract<Verdict, { verified: true }>;

/** Marks the puzzles of --engine none in their themes, so no reader takes them for verified ones. */
export const UNVERIFIED_THEME = 'unverified';

/** Stage 1's line as a verdict, for --engine none: its best move, its material gain; no move, no puzzle. */
export function unverifiedVerdict(c: Candidate): Verdict {
  if (c.best === '') return { verified: false, drop: 'noMove', detail: 'stage 1 fired on the [%eval] alone', calls: 0, nodes: 0 };
  const cp = Math.min(c.gain, 99) * 100;
  return {
    verified: true,
    solution: [c.best],
    mateIn: c.gain >= 1000 ? 1 : null,
    cp,
    gap: null,
    settled: null,
    zugzwang: false,
    calls: 0,
    nodes: 0,
  };
}

/**
 * The puzzle and its text in `format`; or why none can be made of this candidate and verdict (a line that
 * does not replay from its FEN, a FEN that does not read): such a candidate is dropped, never the run.
 */
export function makePuzzle(
  c: Candidate,
  v: Solved,
  verified: boolean,
  format: PuzzleFormat,
): { puzzle: Puzzle; text: string } | { error: string } {
  try {
    const puzzle = assemblePuzzle(c, v, verified);
    return { puzzle, text: format.puzzle(puzzle) };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

export function assemblePuzzle(c: Candidate, v: Solved, verified: boolean): Puzzle {
  const moves = [c.setup, ...v.solution];
  const themes = puzzleThemes({ fenBefore: c.fenBefore, moves, mateIn: v.mateIn, cp: v.cp, zugzwang: v.zugzwang });
  const rated = puzzleRating({ ...v, fenBefore: c.fenBefore, moves, chess960: c.chess960, themes, stage1Found: c.best === v.solution[0] });
  return {
    id: `g${c.game}p${c.ply}`,
    game: c.game,
    ply: c.ply,
    fenBefore: c.fenBefore,
    moves,
    mateIn: v.mateIn,
    cp: v.cp,
    rating: rated.rating,
    ratingDeviation: rated.deviation,
    themes: verified ? themes : [...themes, UNVERIFIED_THEME].sort(),
    gameUrl: gameUrl(c.site, c.ply),
    openingTags: openingTags(c.opening),
    verified,
    chess960: c.chess960,
  };
}
