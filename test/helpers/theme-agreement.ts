// Our puzzle themes against lichess's Themes column on the sample puzzles, theme by theme: for each, how
// often both say it (tp), only we do (fp), only lichess does (fn), neither (tn). The mate length is read
// with chess.js (the line ends in checkmate), not from lichess's tags; the score is unknown, so advantage
// and crushing are not compared. A theme lichess tags in none of a file's puzzles (discoveredCheck is
// newer than most samples) is compared only on the files that have it. A puzzle whose lichess themes have
// no length theme (oneMove … veryLong) has lost some of its tags (1% of the samples, e.g. `endgame` alone):
// it is left out.
import { Chess } from 'chess.js';
import { puzzleThemes } from '../../src/puzzles/puzzle-themes.js';
import type { LichessPuzzle } from './lichess-puzzles.js';

/** The themes lichess's tagger reads from the line's moves, material and mating patterns (move-themes.ts, mate-patterns.ts). */
export const LINE_THEMES = [
  'promotion',
  'underPromotion',
  'enPassant',
  'castling',
  'attackingF2F7',
  'advancedPawn',
  'sacrifice',
  'quietMove',
  'defensiveMove',
  'exposedKing',
  'kingsideAttack',
  'queensideAttack',
  'smotheredMate',
  'backRankMate',
  'anastasiaMate',
  'hookMate',
  'arabianMate',
  'bodenMate',
  'doubleBishopMate',
  'dovetailMate',
  'pawnEndgame',
  'queenEndgame',
  'rookEndgame',
  'bishopEndgame',
  'knightEndgame',
  'queenRookEndgame',
  'attraction',
  'deflection',
  'clearance',
  'interference',
  'intermezzo',
  'capturingDefender',
  'trappedPiece',
] as const;

export const COMPARED = [
  'pin',
  'skewer',
  'xRayAttack',
  'discoveredAttack',
  'discoveredCheck',
  'doubleCheck',
  'fork',
  'hangingPiece',
  'mate',
  'mateIn1',
  'mateIn2',
  'mateIn3',
  'mateIn4',
  'mateIn5',
  'oneMove',
  'short',
  'long',
  'veryLong',
  'opening',
  'middlegame',
  'endgame',
  ...LINE_THEMES,
] as const;
const LENGTHS = new Set(['oneMove', 'short', 'long', 'veryLong']);
export type Compared = (typeof COMPARED)[number];

export interface Agreement {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  /** Puzzle ids where we and lichess disagree, first few of each kind. */
  onlyOurs: string[];
  onlyTheirs: string[];
}

/** Mate in n for the solver when the line ends in checkmate (n = the solver's moves), else null; by chess.js. */
export function mateInByChessJs(fen: string, moves: readonly string[]): number | null {
  const chess = new Chess(fen);
  for (const u of moves) chess.move({ from: u.slice(0, 2), to: u.slice(2, 4), promotion: u[4] });
  return chess.isCheckmate() ? moves.length >> 1 : null;
}

export function measureAgreement(puzzles: readonly LichessPuzzle[], keep = 5): Map<Compared, Agreement> {
  const filesWith = new Map<string, Set<string>>();
  for (const p of puzzles) for (const t of p.themes) (filesWith.get(t) ?? filesWith.set(t, new Set()).get(t)!).add(p.file);
  const out = new Map<Compared, Agreement>(COMPARED.map((t) => [t, { tp: 0, fp: 0, fn: 0, tn: 0, onlyOurs: [], onlyTheirs: [] }]));
  for (const p of puzzles) {
    if (!p.themes.some((t) => LENGTHS.has(t))) continue;
    const ours = new Set(puzzleThemes({ fenBefore: p.fen, moves: p.moves, mateIn: mateInByChessJs(p.fen, p.moves), cp: 0 }));
    const theirs = new Set(p.themes);
    for (const t of COMPARED) {
      if (!filesWith.get(t)?.has(p.file)) continue;
      const a = out.get(t)!;
      const o = ours.has(t);
      const l = theirs.has(t);
      if (o && l) a.tp++;
      else if (o) {
        a.fp++;
        if (a.onlyOurs.length < keep) a.onlyOurs.push(p.id);
      } else if (l) {
        a.fn++;
        if (a.onlyTheirs.length < keep) a.onlyTheirs.push(p.id);
      } else a.tn++;
    }
  }
  return out;
}

/** Share of the compared puzzles on which we and lichess agree, in percent (NaN when none was compared). */
export function agreeRate(a: Agreement): number {
  return (100 * (a.tp + a.tn)) / (a.tp + a.fp + a.fn + a.tn);
}
