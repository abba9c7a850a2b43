// Puzzles as EPD, one line each: the puzzle position P (after the setup move; the four FEN fields, castling
// rights of Chess960 as Shredder-FEN's rook files, which say Chess960 with no variant field) and
//   bm <SAN of the solver's first move>; pv <the solution in SAN>; id "<PuzzleId>"; hmvc N; fmvn N; c0 "<themes>";
// bm (best move), pv (predicted variation), id, hmvc and fmvn (P's clocks, which EPD leaves out of its
// fields) and c0 (a comment) are standard EPD opcodes; our EPD reader (src/input/epd-lines.ts) reads the clocks.
import { toShredderFen } from '../core/fen.js';
import { moveToSan } from '../core/san.js';
import type { PuzzleFormat } from './puzzle-kinds.js';
import { PuzzleLine } from '../tactics/line.js';
import type { Puzzle } from './types.js';

const line = new PuzzleLine();

/** The first four FEN fields of P. */
function epdFields(fen: string): string {
  let spaces = 0;
  for (let i = 0; i < fen.length; i++) if (fen.charCodeAt(i) === 0x20 && ++spaces === 4) return fen.slice(0, i);
  return fen;
}

export const puzzleEpd: PuzzleFormat = {
  header: () => '',
  puzzle: (p: Puzzle) => {
    line.load(p.fenBefore, p.moves, p.chess960);
    if (line.count < 2) throw new Error(`puzzle ${p.id} has no solution move`);
    const pos = line.positions;
    const bm = moveToSan(pos[1], line.moves[1], pos[2]);
    let pv = bm;
    for (let k = 2; k < line.count; k++) pv += ' ' + moveToSan(pos[k], line.moves[k], pos[k + 1]);
    const P = line.puzzle;
    return `${epdFields(toShredderFen(P))} bm ${bm}; pv ${pv}; id "${p.id}"; hmvc ${P.halfmove}; fmvn ${P.fullmove}; c0 "${p.themes.join(' ')}";\n`;
  },
};
