// The library's output kind: each selected position as a plain object (docs/design.md §6's JSON Lines record),
// built in the worker and handed across threads by structured clone, with no JSON text in between.
import { squaresOf } from '../core/bitboard.js';
import { toFen } from '../core/fen.js';
import { squareName } from '../core/squares.js';
import type { PositionView } from '../analysis/view.js';
import { playedNames, type PlayedTag } from '../motifs/catalogue.js';
import { recordAt, type MotifRecord } from '../motifs/tags.js';
import type { Tactic } from '../tactics/verdict.js';

/** One output record: a position with its motifs, the tags of the move played from it and its tactic verdict. */
export interface PositionRecord {
  game: number;
  ply: number;
  fen: string;
  move: string | null;
  uci: string | null;
  checkers: string[];
  motifs: MotifRecord[];
  played: PlayedTag[];
  /** The tactic verdict for the side to move, only where there is one (verdicts on). */
  tactic?: Tactic;
  /** The game's tags asked for (--tags, the `tags` option), as in the file; a tag the game lacks is absent. */
  tags?: Record<string, string>;
}

/** The tags asked for that the game has, in the order asked, as name and value. */
export function askedTags(names: readonly string[], tags: ReadonlyMap<string, string> | null): [string, string][] {
  const out: [string, string][] = [];
  for (const name of names) {
    const value = tags?.get(name);
    if (value !== undefined) out.push([name, value]);
  }
  return out;
}

/**
 * The record of a position view (allocates: one object per selected position); `tags`: the game's
 * asked tags (askedTags()), or null when none are asked for.
 */
export function positionRecord(v: PositionView, tags: [string, string][] | null = null): PositionRecord {
  const motifs: MotifRecord[] = [];
  for (let i = 0; i < v.buf.count; i++) motifs.push(recordAt(v.buf, i, v.pos));
  const rec: PositionRecord = {
    game: v.game,
    ply: v.ply,
    fen: toFen(v.pos),
    move: v.san,
    uci: v.uci,
    checkers: squaresOf(v.pos.checkersLo, v.pos.checkersHi).map(squareName),
    motifs,
    played: playedNames(v.played),
  };
  if (v.tactic !== null) rec.tactic = v.tactic.tactic();
  if (tags !== null) rec.tags = Object.fromEntries(tags);
  return rec;
}
