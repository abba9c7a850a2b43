// What the positions the statistics pick share — the example positions of each motif key (examples.ts) and a
// player's costliest misses (misses.ts): the game fields each keeps (read from the game's tags only when a
// position of the game is kept), and how a list is kept so that merging is exact: the first N of a total
// order, one per distinct FEN (its first). Union and keep the first N: a run's list is then a function of the
// set of its positions, not of how the games were split, so a merge of shards equals one run over them all.
import type { GameText } from '../analysis/view.js';
import { readHeaders } from '../pgn/headers.js';

/** The game a picked position comes from: its tags, null where it has none (Site links the position). */
export interface PickedGame {
  site: string | null;
  white: string | null;
  black: string | null;
  date: string | null;
}

/** The names of PickedGame's fields, in the order the files write them. */
export const PICKED_GAME_FIELDS = ['site', 'white', 'black', 'date'] as const;

/**
 * The first n of `kept` and `more` together (both any order) by `compare`, a total order, keeping of the
 * items of one FEN only the first; sorted.
 */
export function keepFirst<T extends { fen: string }>(
  kept: readonly T[],
  more: readonly T[],
  compare: (a: T, b: T) => number,
  n: number,
): T[] {
  const byFen = new Map<string, T>();
  for (const e of [...kept, ...more]) {
    const had = byFen.get(e.fen);
    if (had === undefined || compare(e, had) < 0) byFen.set(e.fen, e);
  }
  return [...byFen.values()].sort(compare).slice(0, n);
}

/** Text order of two tie-breaking texts: -1, 0 or 1. */
export function textOrder(x: string, y: string): number {
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The game of the positions offered next: its tags decoded at the first position kept, then remembered. */
export class PickedGames {
  private game: GameText | null = null;
  private tags: ReadonlyMap<string, string> | null = null;

  /** The game the next positions belong to. */
  beginGame(text: GameText | null): void {
    this.game = text;
    this.tags = null;
  }

  /** The game's fields (its tags read now if not yet). */
  fields(): PickedGame {
    const g = this.game;
    if (g !== null && g.bytes.length > 0) this.tags ??= readHeaders(g.bytes).tags;
    const tag = (name: string): string | null => this.tags?.get(name) ?? null;
    return { site: tag('Site'), white: tag('White'), black: tag('Black'), date: tag('Date') };
  }
}
