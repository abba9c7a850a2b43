// The judge's mate distance against a brute-force mate search written with chess.js (apart from our core),
// on lichess's mate-in-1 and mate-in-2 puzzles: shared by verdict.test.ts (the repository's excerpt) and
// verdict.corpus.test.ts (the whole puzzle file of the shared corpus).
import { Chess } from 'chess.js';
import { expect } from 'vitest';
import { moveToUci } from '../../src/core/san.js';
import type { TacticJudge } from '../../src/tactics/verdict.js';
import { replay } from './sample-games.js';

/** Whether the side to move at fen mates in n moves (n ≤ 2), by trying every move with chess.js. */
export function matesIn(fen: string, n: number): boolean {
  const board = new Chess(fen);
  for (const m of board.moves({ verbose: true })) {
    board.move(m);
    const mates =
      n === 1
        ? board.isCheckmate()
        : !board.isGameOver() &&
          board.moves({ verbose: true }).every((r) => {
            board.move(r);
            const ok = matesIn(board.fen(), n - 1);
            board.undo();
            return ok;
          });
    board.undo();
    if (mates) return true;
  }
  return false;
}

/**
 * Checks up to `most` puzzles of each theme mateIn1 and mateIn2 of the PGN puzzle bytes (after the setup
 * move: the brute force agrees with the theme, the judge has a verdict of that mate distance); returns how
 * many of each it checked.
 */
export function mateDistances(bytes: Uint8Array, judge: TacticJudge, most: number): number[] {
  const want = new Map([
    ['mateIn1', 1],
    ['mateIn2', 2],
  ]);
  const seen = new Map([
    ['mateIn1', 0],
    ['mateIn2', 0],
  ]);
  for (const { reader } of replay(bytes, Infinity, true)) {
    const theme = (reader.tagText('Themes') ?? '').split(' ').find((t) => want.has(t));
    if (theme === undefined || seen.get(theme)! >= most) continue;
    seen.set(theme, seen.get(theme)! + 1);
    const pos = reader.positions[1];
    const fen = new Chess(reader.tagText('FEN')!);
    const setup = moveToUci(reader.positions[0], reader.moves[0]);
    fen.move({ from: setup.slice(0, 2), to: setup.slice(2, 4), promotion: setup[4] });
    const brute = matesIn(fen.fen(), 1) ? 1 : matesIn(fen.fen(), 2) ? 2 : 0;
    expect(brute, `${fen.fen()} (${theme})`).toBe(want.get(theme));
    expect(judge.position(pos, reader.positions[0], reader.moves[0]), fen.fen()).toBe(true);
    expect(judge.mate, fen.fen()).toBe(brute);
    if ([...seen.values()].every((k) => k >= most)) break;
  }
  return [...seen.values()];
}
