// What every puzzle output format (csv.ts, pgn.ts, epd.ts) offers the writer: its text before the first
// puzzle, then each puzzle's text, line ends included.
import type { Puzzle } from './types.js';

export interface PuzzleFormat {
  /** Text before the first puzzle ('' when the format has none). */
  header(): string;
  /** One puzzle's text, ending with a line end. */
  puzzle(p: Puzzle): string;
}
