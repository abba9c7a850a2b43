// The lichess puzzle CSV samples of ../shared/corpus (puzzles/lichess-db-puzzle-samples): each puzzle once
// (the first file, by name, that holds its id), columns read by name since the samples differ in their
// extra columns. FEN is the position before the setup move; Moves the setup move then the solution.
import { readdirSync, readFileSync } from 'node:fs';
import { corpusPath } from './corpus.js';
import { readCsv } from './csv.js';

export const SAMPLES_DIR = 'puzzles/lichess-db-puzzle-samples';

export interface LichessPuzzle {
  file: string;
  id: string;
  fen: string;
  moves: string[];
  themes: string[];
  gameUrl: string;
  /** null when the file has no OpeningTags column. */
  openingTags: string | null;
}

/** The header line and rows of one sample file (its LF line ends made CRLF for the RFC 4180 reader). */
export function readSample(file: string): string[][] {
  const text = readFileSync(corpusPath(`${SAMPLES_DIR}/${file}`), 'utf8');
  return readCsv(text.replace(/\r?\n/g, '\r\n'));
}

export function sampleFiles(): string[] {
  return readdirSync(corpusPath(SAMPLES_DIR)).filter((f) => f.endsWith('.csv')).sort();
}

/** Every sample puzzle once, in file order. */
export function loadLichessPuzzles(): LichessPuzzle[] {
  const seen = new Set<string>();
  const out: LichessPuzzle[] = [];
  for (const file of sampleFiles()) {
    const [head, ...rows] = readSample(file);
    const col = (name: string): number => head.indexOf(name);
    const [id, fen, moves, themes, url, opening] = ['PuzzleId', 'FEN', 'Moves', 'Themes', 'GameUrl', 'OpeningTags'].map(col);
    for (const r of rows) {
      if (seen.has(r[id])) continue;
      seen.add(r[id]);
      out.push({
        file, id: r[id], fen: r[fen], moves: r[moves].split(' '), themes: r[themes].split(' ').filter((t) => t !== ''),
        gameUrl: r[url], openingTags: opening >= 0 ? r[opening] : null,
      });
    }
  }
  return out;
}
