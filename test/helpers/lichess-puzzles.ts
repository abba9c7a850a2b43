// lichess puzzle CSV samples from ../shared/corpus/puzzles/lichess-db-puzzle-samples: FEN is the position
// before the opponent's setup move, Moves starts with that move, then the solution in UCI. The fields hold
// no commas or quotes, so a plain split reads them; columns are found by the header (files differ).
import { readFileSync } from 'node:fs';
import { Chess } from 'chess.js';
import { corpusPath } from './corpus.js';

export interface LichessPuzzle {
  id: string;
  /** Before the setup move. */
  fenBefore: string;
  setup: string;
  /** The solution from P (after the setup move), solver first. */
  solution: string[];
  themes: string[];
  rating: number;
}

export function loadLichessPuzzles(file: string): LichessPuzzle[] {
  const lines = readFileSync(corpusPath(`puzzles/lichess-db-puzzle-samples/${file}`), 'utf8').split(/\r?\n/);
  const head = lines[0].split(',');
  const col = (name: string): number => head.indexOf(name);
  const [id, fen, moves, themes, rating] = ['PuzzleId', 'FEN', 'Moves', 'Themes', 'Rating'].map(col);
  return lines.slice(1).filter((l) => l !== '').map((l) => {
    const f = l.split(',');
    const m = f[moves].split(' ');
    return { id: f[id], fenBefore: f[fen], setup: m[0], solution: m.slice(1), themes: f[themes].split(' '), rating: Number(f[rating]) };
  });
}

/** P: the position after the setup move, where the solver is to move (played with chess.js, apart from our core). */
export function puzzleFen(p: LichessPuzzle): string {
  const board = new Chess(p.fenBefore);
  board.move({ from: p.setup.slice(0, 2), to: p.setup.slice(2, 4), promotion: p.setup[4] });
  return board.fen();
}
