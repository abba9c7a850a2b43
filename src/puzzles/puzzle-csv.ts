// Puzzles as the lichess puzzle CSV (docs/design.md §12): lichess's columns in lichess's order, one row per
// puzzle. FEN is the position before the setup move; Moves the setup move then the solution in UCI,
// space-separated; Themes space-separated; the columns only lichess can know (Rating, RatingDeviation,
// Popularity, NbPlays) empty. Fields are quoted as RFC 4180 asks (csvField) and rows end in CRLF, as our
// other CSV output does; lichess's own file ends rows in LF, and CSV readers take either. GameUrl and
// OpeningTags come from the game's Site and Opening tags: game text, neutralised for spreadsheets (csvText).
import { csvField, csvText } from '../output/csv-text.js';
import type { PuzzleFormat } from './puzzle-kinds.js';
import type { Puzzle } from './types.js';

export const PUZZLE_CSV_COLUMNS = 'PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags';

export const puzzleCsv: PuzzleFormat = {
  header: () => PUZZLE_CSV_COLUMNS + '\r\n',
  puzzle: (p: Puzzle) =>
    `${csvField(p.id)},${csvField(p.fenBefore)},${csvField(p.moves.join(' '))},,,,,${csvField(p.themes.join(' '))},` +
    `${csvText(p.gameUrl)},${csvText(p.openingTags)}\r\n`,
};
