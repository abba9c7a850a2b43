// Puzzles as PGN, one game each, readable by any PGN reader:
//   [Event "Puzzle"]
//   [Site "https://lichess.org/abcdefgh/black#32"]     (the GameUrl; "?" when there is none)
//   [Result "*"]
//   [PuzzleId "g12p32"]
//   [Variant "Chess960"]                                (a Chess960 game's puzzle only)
//   [SetUp "1"]
//   [FEN "<the position before the setup move>"]
//   [Themes "advantage fork middlegame short"]
//
//   16... Bxc5 17. Bxg4 Bxg4 18. Qxg4 *
// The Seven Tag Roster's own tags first, in its order (those we know), then ours. A Chess960 FEN is X-FEN,
// as lichess exports Chess960 games (the Variant tag says which castling rules apply). The movetext is the
// setup move then the solution in SAN, numbered from the FEN (`16...` when Black moves first), lines
// wrapped before 80 characters as PGN export asks; a blank line ends each game.
import { toFen } from '../core/fen.js';
import { moveToSan } from '../core/san.js';
import type { PuzzleFormat } from './puzzle-kinds.js';
import { PuzzleLine } from '../tactics/line.js';
import type { Puzzle } from './types.js';

const LINE_WIDTH = 79;
const line = new PuzzleLine();

/** A tag pair, its value escaped as PGN asks (backslash and quote). */
function tag(name: string, value: string): string {
  return `[${name} "${value.replace(/[\\"]/g, (c) => '\\' + c)}"]\n`;
}

/** The SAN movetext of the loaded line, numbered, wrapped, ending with the result `*`. */
function movetext(l: PuzzleLine): string {
  let out = '';
  let width = 0;
  const put = (token: string): void => {
    if (width > 0 && width + 1 + token.length > LINE_WIDTH) {
      out += '\n';
      width = 0;
    } else if (width > 0) {
      out += ' ';
      width++;
    }
    out += token;
    width += token.length;
  };
  const pos = l.positions;
  for (let k = 0; k < l.count; k++) {
    const p = pos[k];
    if (p.turn === 0) put(`${p.fullmove}.`);
    else if (k === 0) put(`${p.fullmove}...`);
    put(moveToSan(p, l.moves[k], pos[k + 1]));
  }
  put('*');
  return out + '\n';
}

export const puzzlePgn: PuzzleFormat = {
  header: () => '',
  puzzle: (p: Puzzle) => {
    const moves = movetext(line.load(p.fenBefore, p.moves, p.chess960));
    return (
      tag('Event', 'Puzzle') +
      tag('Site', p.gameUrl === '' ? '?' : p.gameUrl) +
      tag('Result', '*') +
      tag('PuzzleId', p.id) +
      (p.chess960 ? tag('Variant', 'Chess960') : '') +
      tag('SetUp', '1') +
      tag('FEN', p.chess960 ? toFen(line.positions[0]) : p.fenBefore) +
      tag('Themes', p.themes.join(' ')) +
      '\n' +
      moves +
      '\n'
    );
  },
};
