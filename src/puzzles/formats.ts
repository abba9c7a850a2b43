// The puzzle output formats by name (`pgn-xray puzzles -f …`): the lichess CSV, PGN, EPD.
import { puzzleCsv } from './csv.js';
import { puzzleEpd } from './epd.js';
import type { PuzzleFormat as PuzzleWriter } from './format.js';
import { puzzlePgn } from './pgn.js';

export const PUZZLE_FORMATS = ['csv', 'pgn', 'epd'] as const;
export type PuzzleFormat = (typeof PUZZLE_FORMATS)[number];

const WRITERS: Record<PuzzleFormat, PuzzleWriter> = { csv: puzzleCsv, pgn: puzzlePgn, epd: puzzleEpd };

export function puzzleWriter(f: PuzzleFormat): PuzzleWriter {
  return WRITERS[f];
}
