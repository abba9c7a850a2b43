// The puzzle output formats' names, and what every one of them (puzzle-csv.ts, puzzle-pgn.ts, puzzle-epd.ts) offers the writer:
// its text before the first puzzle, then each puzzle's text, line ends included. The names apart from the
// writers (puzzle-writers.ts), so that the command line checks them without loading the writers.
import type { Puzzle } from './types.js';

export const PUZZLE_FORMATS = ['csv', 'pgn', 'epd'] as const;
export type PuzzleFormatName = (typeof PUZZLE_FORMATS)[number];

export interface PuzzleFormat {
  /** Text before the first puzzle ('' when the format has none). */
  header(): string;
  /** One puzzle's text, ending with a line end. */
  puzzle(p: Puzzle): string;
}
