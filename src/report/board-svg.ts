// A chess board as inline SVG for the report: the squares, the pieces of a FEN as Unicode chess glyphs in
// <text> (no font or image is fetched: the reader's own fonts draw them), file and rank letters on its
// edges, tinted squares and arrows, seen from either side. Of the FEN only piece letters, checked one by
// one, reach the SVG; the title is the caller's, escaped by it.
import { squareName } from '../core/squares.js';

/** An arrow from the centre of one square to another (0 = a1 … 63 = h8), in a colour. */
export interface Arrow {
  from: number;
  to: number;
  colour: string;
}

export interface BoardOptions {
  /** Black at the bottom. */
  flipped: boolean;
  /** Squares tinted (the motif's). */
  marked: readonly number[];
  arrows: readonly Arrow[];
  /** The board's description, shown on hover (escaped by the caller). */
  title: string;
}

const SQ = 36;
const EDGE = 14;
const SIZE = EDGE + 8 * SQ;
const LIGHT = '#f0d9b5';
const DARK = '#b58863';
const MARK = 'rgba(255, 214, 10, 0.55)';
const FONT = "'DejaVu Sans', 'Segoe UI Symbol', 'Noto Sans Symbols 2', 'Apple Symbols', sans-serif";
/** The glyphs by FEN letter: white's outlined, black's filled; a black pawn asks for its text form (not an emoji). */
const GLYPHS: Readonly<Record<string, string>> = {
  K: '\u2654',
  Q: '\u2655',
  R: '\u2656',
  B: '\u2657',
  N: '\u2658',
  P: '\u2659',
  k: '\u265a',
  q: '\u265b',
  r: '\u265c',
  b: '\u265d',
  n: '\u265e',
  p: '\u265f\ufe0e',
};
/** A white piece's filled glyph, drawn white under its outline so the piece reads white on a dark square. */
const BODY: Readonly<Record<string, string>> = { K: '\u265a', Q: '\u265b', R: '\u265c', B: '\u265d', N: '\u265e', P: '\u265f\ufe0e' };

/** The pieces of a FEN's placement field by square (0 = a1), '' where none; null when it is not eight ranks of eight. */
export function placement(fen: string): string[] | null {
  const ranks = fen.split(' ')[0].split('/');
  if (ranks.length !== 8) return null;
  const squares = new Array<string>(64).fill('');
  for (let r = 0; r < 8; r++) {
    let file = 0;
    for (const c of ranks[r]) {
      if (c >= '1' && c <= '8') file += Number(c);
      else if (c in GLYPHS && file < 8) squares[(7 - r) * 8 + file++] = c;
      else return null;
    }
    if (file !== 8) return null;
  }
  return squares;
}

/** A square's number from its name, or -1. */
export function squareOf(name: string): number {
  return /^[a-h][1-8]$/.test(name) ? (name.charCodeAt(1) - 49) * 8 + name.charCodeAt(0) - 97 : -1;
}

/** The top-left corner of a square on the drawn board. */
function corner(sq: number, flipped: boolean): [number, number] {
  const file = sq & 7;
  const rank = sq >> 3;
  const col = flipped ? 7 - file : file;
  const row = flipped ? rank : 7 - rank;
  return [EDGE + col * SQ, row * SQ];
}

function centre(sq: number, flipped: boolean): [number, number] {
  const [x, y] = corner(sq, flipped);
  return [x + SQ / 2, y + SQ / 2];
}

/** An arrow, drawn under the pieces: a thick line from centre to centre under a head whose tip stops short of the target's centre. */
function arrowSvg(a: Arrow, flipped: boolean): string {
  const [x1, y1] = centre(a.from, flipped);
  const [x2, y2] = centre(a.to, flipped);
  const len = Math.hypot(x2 - x1, y2 - y1);
  const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
  const tip: [number, number] = [x2 - ux * 8, y2 - uy * 8];
  const base: [number, number] = [tip[0] - ux * 15, tip[1] - uy * 15];
  const side = (k: number): string => `${r(base[0] - uy * k)},${r(base[1] + ux * k)}`;
  const head = `${r(tip[0])},${r(tip[1])} ${side(9)} ${side(-9)}`;
  return (
    `<g class="arrow" opacity="0.75" data-from="${squareName(a.from)}" data-to="${squareName(a.to)}">` +
    `<line x1="${r(x1)}" y1="${r(y1)}" x2="${r(base[0])}" y2="${r(base[1])}" stroke="${a.colour}" stroke-width="7" stroke-linecap="round"/>` +
    `<polygon points="${head}" fill="${a.colour}"/></g>`
  );
}

const r = (x: number): string => String(Math.round(x * 10) / 10);

/** The pieces as glyphs centred on their squares. */
function piecesSvg(squares: string[], flipped: boolean): string {
  let out = '';
  squares.forEach((p, sq) => {
    if (p === '') return;
    const [x, y] = centre(sq, flipped);
    const at = `x="${x}" y="${y + 1}"`;
    if (p in BODY) out += `<text class="body" ${at} fill="#fff">${BODY[p]}</text>`;
    out += `<text class="piece" ${at} fill="#000">${GLYPHS[p]}</text>`;
  });
  return out;
}

/** The squares, the marked ones tinted, and the file and rank letters on the bottom and left edges. */
function squaresSvg(o: BoardOptions): string {
  let out = '';
  for (let sq = 0; sq < 64; sq++) {
    const [x, y] = corner(sq, o.flipped);
    const light = ((sq >> 3) + (sq & 7)) % 2 === 1;
    out += `<rect x="${x}" y="${y}" width="${SQ}" height="${SQ}" fill="${light ? LIGHT : DARK}"/>`;
    if (o.marked.includes(sq)) out += `<rect class="mark" x="${x}" y="${y}" width="${SQ}" height="${SQ}" fill="${MARK}"/>`;
  }
  for (let i = 0; i < 8; i++) {
    const file = o.flipped ? 7 - i : i;
    const rank = o.flipped ? i : 7 - i;
    const look = 'font-size="10" fill="#666"';
    out += `<text class="coord file" ${look} x="${EDGE + i * SQ + SQ / 2}" y="${8 * SQ + EDGE / 2 + 1}">${'abcdefgh'[file]}</text>`;
    out += `<text class="coord rank" ${look} x="${EDGE / 2}" y="${i * SQ + SQ / 2 + 1}">${rank + 1}</text>`;
  }
  return out;
}

/** The board of a FEN as an <svg> element, or null when the FEN's placement is not a board. */
export function boardSvg(fen: string, o: BoardOptions): string | null {
  const squares = placement(fen);
  if (squares === null) return null;
  return (
    `<svg class="board" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}" role="img">` +
    `<title>${o.title}</title>` +
    `<g font-family="${FONT}" text-anchor="middle" dominant-baseline="central">` +
    `${squaresSvg(o)}${o.arrows.map((a) => arrowSvg(a, o.flipped)).join('')}` +
    `<g font-size="31">${piecesSvg(squares, o.flipped)}</g></g></svg>`
  );
}
