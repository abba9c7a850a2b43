// The lichess puzzle CSV samples of the test corpus (puzzles/lichess-db-puzzle-samples): each puzzle once
// (the first file, by name, that holds its id), columns read by name since the samples differ in their
// extra columns. FEN is the position before the setup move; Moves the setup move then the solution. The
// repository holds two of the five samples (FIXTURE_SAMPLES); all five are in the shared corpus.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Chess } from 'chess.js';
import { corpusDir, corpusPath } from './corpus.js';
import { readCsv } from './csv.js';

export const SAMPLES_DIR = 'puzzles/lichess-db-puzzle-samples';
/** The samples in fixtures/corpus: lichess's column set with readable opening names, and kagisearch's (MIT) with OpeningTags. */
export const FIXTURE_SAMPLES = ['akevinm-999.csv', 'kagisearch-random-1000.csv'] as const;

export interface LichessPuzzle {
  file: string;
  id: string;
  /** Before the setup move. */
  fen: string;
  /** UCI: the setup move, then the solution. */
  moves: string[];
  /** The solution from P (after the setup move), solver first: moves without the setup move. */
  solution: string[];
  themes: string[];
  gameUrl: string;
  /** null when the file has no OpeningTags column. */
  openingTags: string | null;
  rating: number;
}

/** The header line and rows of a puzzle CSV file (LF line ends made CRLF for the RFC 4180 reader). */
function readRows(path: string): string[][] {
  return readCsv(readFileSync(path, 'utf8').replace(/\r?\n/g, '\r\n'));
}

/** The header line and rows of one sample file. */
export function readSample(file: string): string[][] {
  return readRows(corpusPath(`${SAMPLES_DIR}/${file}`));
}

/** The five sample files of the shared corpus. */
export function sampleFiles(): string[] {
  return readdirSync(join(corpusDir(), SAMPLES_DIR))
    .filter((f) => f.endsWith('.csv'))
    .sort();
}

/** The puzzles of one CSV's rows (header first), `file` naming it; ids in `seen` are skipped, and added. */
function puzzlesOf(file: string, [head, ...rows]: string[][], seen: Set<string>): LichessPuzzle[] {
  const out: LichessPuzzle[] = [];
  const col = (name: string): number => head.indexOf(name);
  const [id, fen, moves, themes, url, opening, rating] = ['PuzzleId', 'FEN', 'Moves', 'Themes', 'GameUrl', 'OpeningTags', 'Rating'].map(
    col,
  );
  for (const r of rows) {
    if (r.length < head.length || seen.has(r[id])) continue;
    seen.add(r[id]);
    const m = r[moves].split(' ');
    out.push({
      file,
      id: r[id],
      fen: r[fen],
      moves: m,
      solution: m.slice(1),
      themes: r[themes].split(' ').filter((t) => t !== ''),
      gameUrl: r[url],
      openingTags: opening >= 0 ? r[opening] : null,
      rating: Number(r[rating]),
    });
  }
  return out;
}

/** Every sample puzzle of the shared corpus once, in file order; or the puzzles of these sample files. */
export function loadLichessPuzzles(only?: string | readonly string[]): LichessPuzzle[] {
  const seen = new Set<string>();
  const files = only === undefined ? sampleFiles() : typeof only === 'string' ? [only] : only;
  return files.flatMap((file) => puzzlesOf(file, readSample(file), seen));
}

/** The puzzles of a CSV file in lichess's columns at `path` (a sample, or what `pgn-xray puzzles` wrote). */
export function readPuzzleCsv(path: string): LichessPuzzle[] {
  return puzzlesOf(path, readRows(path), new Set());
}

/** P: the position after the setup move, where the solver is to move (played with chess.js, apart from our core). */
export function puzzleFen(p: Pick<LichessPuzzle, 'fen' | 'moves'>): string {
  const board = new Chess(p.fen);
  board.move({ from: p.moves[0].slice(0, 2), to: p.moves[0].slice(2, 4), promotion: p.moves[0][4] });
  return board.fen();
}
