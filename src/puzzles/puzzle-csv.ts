// Puzzles as the lichess puzzle CSV (docs/design.md §12): lichess's columns in lichess's order, one row per
// puzzle. FEN is the position before the setup move; Moves the setup move then the solution in UCI,
// space-separated; Themes space-separated; Rating our estimate of the puzzle's difficulty on lichess's scale
// and RatingDeviation that estimate's error, a root-mean-square error measured on lichess's own puzzles
// (src/puzzles/rating.ts); the columns only lichess's players can make (Popularity, NbPlays) empty. Fields are quoted as RFC 4180 asks (csvField) and rows end in CRLF, as our
// other CSV output does; lichess's own file ends rows in LF, and CSV readers take either. GameUrl and
// OpeningTags come from the game's Site and Opening tags: game text, neutralised for spreadsheets (csvText).
import { csvField, csvText } from '../output/csv-text.js';
import type { PuzzleFormat } from './puzzle-kinds.js';
import type { Puzzle } from './types.js';

export const PUZZLE_CSV_COLUMNS = 'PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags';

export const puzzleCsv: PuzzleFormat = {
  header: () => PUZZLE_CSV_COLUMNS + '\r\n',
  puzzle: (p: Puzzle) =>
    `${csvField(p.id)},${csvField(p.fenBefore)},${csvField(p.moves.join(' '))},${p.rating},${p.ratingDeviation},,,${csvField(p.themes.join(' '))},` +
    `${csvText(p.gameUrl)},${csvText(p.openingTags)}\r\n`,
};
