// The verdict against lichess's puzzles: on the tactical, non-mate ones (a theme of TACTICAL, `advantage`
// or `crushing`, no `mate`), after the setup move, is the verdict's move lichess's first move? And when it
// is not, why: no verdict (nothing wins two pawns within the search's horizon), a mate found instead, or a
// different move the search values as much as lichess's (an equal win) or more (lichess's move wins more
// further on than the horizon sees). Read from the PGN of lichess's themed puzzles or its CSV samples.
import { parseFen, toFen } from '../../src/core/fen.js';
import type { Position } from '../../src/core/position.js';
import { moveToUci } from '../../src/core/san.js';
import { MotifBuffer } from '../../src/motifs/buffer.js';
import { scanMotifs } from '../../src/motifs/classify.js';
import { uciMove } from '../../src/tactics/line.js';
import { TacticSearch } from '../../src/tactics/search.js';
import { TacticJudge } from '../../src/tactics/verdict.js';
import type { LichessPuzzle } from '../helpers/lichess-puzzles.js';
import { replay } from './sample-games.js';

export const TACTICAL = [
  'hangingPiece',
  'fork',
  'pin',
  'skewer',
  'discoveredAttack',
  'xRayAttack',
  'trappedPiece',
  'capturingDefender',
] as const;

/** Whether a puzzle's themes make it one of those checked. */
export function checkedPuzzle(themes: readonly string[]): boolean {
  return (
    themes.some((t) => (TACTICAL as readonly string[]).includes(t)) &&
    (themes.includes('advantage') || themes.includes('crushing')) &&
    !themes.includes('mate')
  );
}

export type PuzzleOutcome = 'same' | 'noVerdict' | 'mateInstead' | 'equalAlternative' | 'searchPrefersOurs';

export interface PuzzleResult {
  id: string;
  themes: string[];
  outcome: PuzzleOutcome;
  fen: string;
  lichess: string;
  ours: string;
}

/** Judges puzzles one at a time; one judge and search reused. */
export class PuzzleChecker {
  private readonly judge = new TacticJudge();
  private readonly search = new TacticSearch();
  private readonly buf = new MotifBuffer();

  /** The outcome at P (after `setup` from `before`), lichess's first solution move `first` (UCI). */
  check(id: string, themes: string[], before: Position, setup: number, pos: Position, first: string): PuzzleResult {
    scanMotifs(pos, this.buf);
    const j = this.judge;
    const base = { id, themes, fen: toFen(pos), lichess: first };
    if (!j.position(pos, before, setup, this.buf)) return { ...base, outcome: 'noVerdict', ours: '' };
    const ours = moveToUci(pos, j.move);
    if (ours === first) return { ...base, outcome: 'same', ours };
    if (j.mate > 0) return { ...base, outcome: 'mateInstead', ours };
    const theirs = uciMove(pos, first);
    const outcome = theirs >= 0 && this.search.moveValue(pos, theirs) >= j.value ? 'equalAlternative' : 'searchPrefersOurs';
    return { ...base, outcome, ours };
  }
}

/** The checked puzzles of a lichess puzzle PGN (its Themes tag), each with its outcome. */
export function* pgnPuzzles(bytes: Uint8Array, checker: PuzzleChecker): Generator<PuzzleResult> {
  for (const { reader } of replay(bytes, Infinity, true)) {
    const themes = (reader.tagText('Themes') ?? '').split(' ').filter((t) => t !== '');
    if (!checkedPuzzle(themes) || reader.plies < 2) continue;
    const id = (reader.tagText('Site') ?? '').split('/').pop() ?? '';
    const first = moveToUci(reader.positions[1], reader.moves[1]);
    yield checker.check(id, themes, reader.positions[0], reader.moves[0], reader.positions[1], first);
  }
}

/** The checked puzzles of lichess's CSV samples, each with its outcome. */
export function* csvPuzzles(puzzles: LichessPuzzle[], checker: PuzzleChecker): Generator<PuzzleResult> {
  for (const p of puzzles) {
    if (!checkedPuzzle(p.themes) || p.moves.length < 2) continue;
    const before = parseFen(p.fen);
    const setup = uciMove(before, p.moves[0]);
    const pos = before.clone();
    pos.play(setup);
    yield checker.check(p.id, p.themes, before, setup, pos, p.moves[1]);
  }
}
