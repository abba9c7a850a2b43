// The puzzle output formats by name (`pgn-xray puzzles -f …`): the lichess CSV, PGN, EPD.
import { puzzleCsv } from './csv.js';
import { puzzleEpd } from './epd.js';
import type { PuzzleFormat as PuzzleWriter, PuzzleFormatName } from './format.js';
import { puzzlePgn } from './pgn.js';

const WRITERS: Record<PuzzleFormatName, PuzzleWriter> = { csv: puzzleCsv, pgn: puzzlePgn, epd: puzzleEpd };

export function puzzleWriter(f: PuzzleFormatName): PuzzleWriter {
  return WRITERS[f];
}
