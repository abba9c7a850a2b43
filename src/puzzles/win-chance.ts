// Engine scores on the win-chance scale of lichess's puzzle generator (docs/design.md §12, lichess-puzzler's
// generator/util.py): 2 / (1 + exp(-0.004 × cp)) - 1, from -1 (lost) to +1 (won), a mate counting as ±1.
// Two moves are told apart by their distance on this scale, which shrinks as the advantage grows: +600
// against +900 is no choice, +0 against +300 is one.
import type { Score } from './types.js';

/** The puzzle generator's constant (lichess-puzzler's generator win_chances). */
export const WIN_CHANCE_K = 0.004;
/** lila's own (WinPercent), which lichess's tagger uses for zugzwang. */
export const LILA_WIN_CHANCE_K = 0.00368208;

/** The score on the win-chance scale [-1, 1], from the side to move's view (k: the scale's constant). */
export function winChance(s: Score, k = WIN_CHANCE_K): number {
  if (s.mate !== undefined) return s.mate > 0 ? 1 : -1; // `mate 0`: the side to move is mated
  return 2 / (1 + Math.exp(-k * s.cp)) - 1;
}

/** The score from the other side's view. */
export function negated(s: Score): Score {
  return s.mate !== undefined ? { mate: -s.mate } : { cp: -s.cp };
}

/** True when the side to move mates (a positive mate score). */
export function mates(s: Score): boolean {
  return s.mate !== undefined && s.mate > 0;
}

/** The score in centipawns, a mate in n counting as 10,000 − n (negative when mated): the Puzzle's cp. */
export function scoreCp(s: Score): number {
  if (s.mate === undefined) return s.cp;
  return s.mate > 0 ? 10_000 - s.mate : -10_000 - s.mate;
}

/** For messages: `+45 cp`, `-120 cp`, `mate in 3`, `mated in 2`. */
export function formatScore(s: Score): string {
  if (s.mate !== undefined) return s.mate > 0 ? `mate in ${s.mate}` : `mated in ${-s.mate}`;
  return `${s.cp >= 0 ? '+' : ''}${s.cp} cp`;
}
