// fork and hangingPiece written the slow way on chess.js boards and attack queries, square by square, and
// the check of our puzzle themes against them: for test/puzzles/themes.test.ts and its corpus peer.
import { Chess, type Color, type PieceSymbol, type Square } from 'chess.js';
import { expect } from 'vitest';
import { puzzleThemes } from '../../src/puzzles/puzzle-themes.js';
import type { LichessPuzzle } from './lichess-puzzles.js';
import { mateInByChessJs } from './theme-agreement.js';

/** Our themes of a lichess puzzle, its mate length found by chess.js. */
export function themesOf(p: LichessPuzzle): string[] {
  return puzzleThemes({ fenBefore: p.fen, moves: p.moves, mateIn: mateInByChessJs(p.fen, p.moves), cp: 0 });
}

const VALUE: Record<PieceSymbol, number> = { p: 1, n: 3, b: 3, r: 5, q: 9, k: 100 };
const SQUARES: Square[] = 'abcdefgh'.split('').flatMap((f) => '12345678'.split('').map((r) => (f + r) as Square));

function play(chess: Chess, uci: string): ReturnType<Chess['move']> {
  return chess.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
}

/** Attackers of sq of colour c on the board of fen, the piece on `lift` removed first. */
function attackersLifted(fen: string, sq: Square, c: Color, lift: Square | null): Square[] {
  const board = new Chess(fen, { skipValidation: true });
  if (lift !== null) board.remove(lift);
  return board.attackers(sq, c);
}

export function bruteFork(p: LichessPuzzle): boolean {
  const chess = new Chess(p.fen);
  for (let k = 0; k < p.moves.length; k++) {
    const mv = play(chess, p.moves[k]);
    if (k % 2 === 0 || k + 1 >= p.moves.length || mv.isKingsideCastle() || mv.isQueensideCastle()) continue;
    const t = mv.to;
    const me = chess.get(t)!;
    if (me.type === 'k') continue;
    const them: Color = me.color === 'w' ? 'b' : 'w';
    const takers = chess.attackers(t, them);
    const safe =
      takers.length === 0 ||
      (chess.attackers(t, me.color).length > 0 &&
        takers.every((a) => chess.get(a)!.type === 'k' || VALUE[chess.get(a)!.type] >= VALUE[me.type]));
    if (!safe) continue;
    let forked = 0;
    for (const x of SQUARES) {
      const piece = chess.get(x);
      if (!piece || piece.color !== them || piece.type === 'p' || !chess.attackers(x, me.color).includes(t)) continue;
      if (VALUE[piece.type] > VALUE[me.type] || (attackersLifted(chess.fen(), x, them, t).length === 0 && !takers.includes(x))) forked++;
    }
    if (forked >= 2) return true;
  }
  return false;
}

function material(chess: Chess, c: Color): number {
  let sum = 0;
  for (const row of chess.board()) for (const sq of row) if (sq && sq.type !== 'k') sum += (sq.color === c ? 1 : -1) * VALUE[sq.type];
  return sum;
}

export function bruteHanging(p: LichessPuzzle): boolean {
  const chess = new Chess(p.fen);
  const setup = play(chess, p.moves[0]);
  const atP = chess.fen();
  const s1 = play(chess, p.moves[1]);
  if (s1.captured === undefined || s1.captured === 'p' || s1.isEnPassant()) return false;
  const them: Color = s1.color === 'w' ? 'b' : 'w';
  if (attackersLifted(atP, s1.to, them, s1.from).length > 0) return false;
  if (setup.captured !== undefined && setup.to === s1.to && VALUE[setup.captured] >= VALUE[s1.captured]) return false;
  if (p.moves.length < 4) return true;
  const after1 = material(chess, s1.color);
  play(chess, p.moves[2]);
  play(chess, p.moves[3]);
  return material(chess, s1.color) >= after1;
}

/**
 * Our fork and hangingPiece themes equal the slow definitions on every 16th puzzle and every one lichess
 * tags fork or hangingPiece (the first 1,200 of them); returns how many of each the slow way found.
 */
export function expectForkAndHangingAsBrute(all: readonly LichessPuzzle[]): { forks: number; hanging: number } {
  const tagged = all.filter((p, i) => i % 16 === 0 || p.themes.includes('fork') || p.themes.includes('hangingPiece'));
  let forks = 0;
  let hanging = 0;
  for (const p of tagged.slice(0, 1200)) {
    const ours = themesOf(p);
    const fork = bruteFork(p);
    const hang = bruteHanging(p);
    expect(ours.includes('fork'), `fork ${p.id}`).toBe(fork);
    expect(ours.includes('hangingPiece'), `hangingPiece ${p.id}`).toBe(hang);
    forks += fork ? 1 : 0;
    hanging += hang ? 1 : 0;
  }
  return { forks, hanging };
}
