// The games table (docs/design.md §9): one JSON line per game of the input, analysed or rejected, in input
// order, with its tags and the fields derived from them.
import type { GameInfo } from '../analysis/view.js';

export interface GameRow {
  game: number;
  input: string;
  offset: number;
  status: 'ok' | 'rejected';
  reason: string | null;
  plies: number;
  variant: string | null;
  tags: Record<string, string>;
  speed: string | null;
  rating: number | null;
  ratingBand: string | null;
  eco: string | null;
  result: string | null;
}

/** The row of a game; `info` null when nothing of the game could be read (e.g. over the size limit). */
export function gameRow(input: string, offset: number, info: GameInfo | null, game: number, reason: string | null): GameRow {
  const d = info?.derived;
  return {
    game,
    input,
    offset,
    status: reason === null ? 'ok' : 'rejected',
    reason,
    plies: reason === null && info !== null ? info.plies : 0,
    variant: info?.variant ?? null,
    tags: info?.tags ? Object.fromEntries(info.tags) : {},
    speed: d?.speed ?? null,
    rating: d?.rating ?? null,
    ratingBand: d?.ratingBand ?? null,
    eco: d?.eco ?? null,
    result: d?.result ?? null,
  };
}

/** The row as its JSON line. */
export function gameLine(row: GameRow): string {
  return JSON.stringify(row) + '\n';
}
