// The puzzle output formats by name (`pgn-xray puzzles -f …`): the lichess CSV, PGN, EPD.
import { puzzleCsv } from './puzzle-csv.js';
import { puzzleEpd } from './puzzle-epd.js';
import type { PuzzleFormat as PuzzleWriter, PuzzleFormatName } from './puzzle-kinds.js';
import { puzzlePgn } from './puzzle-pgn.js';

const WRITERS: Record<PuzzleFormatName, PuzzleWriter> = { csv: puzzleCsv, pgn: puzzlePgn, epd: puzzleEpd };

export function puzzleWriter(f: PuzzleFormatName): PuzzleWriter {
  return WRITERS[f];
}
