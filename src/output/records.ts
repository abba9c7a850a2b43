// The library's output kind: each selected position as a plain object (docs/design.md §6's JSON Lines record),
// built in the worker and handed across threads by structured clone, with no JSON text in between.
import { squaresOf } from '../core/bitboard.js';
import { toFen } from '../core/fen.js';
import { squareName } from '../core/squares.js';
import type { PositionView } from '../analysis/view.js';
import { playedNames, type PlayedTag } from '../motifs/catalogue.js';
import { recordAt, type MotifRecord } from '../motifs/tags.js';
import type { Tactic } from '../tactics/verdict.js';
import { recordFields, type PositionField } from './record-schema.js';

/** One output record: a position with its motifs, the tags of the move played from it and its tactic verdict. */
export interface PositionRecord {
  game: number;
  /** The game's byte offset in its input, under --shard only. */
  offset?: number;
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

/** Each field's value in the record of a view (tags: the game's asked tags). */
const FIELD_VALUE: { [F in PositionField]: (v: PositionView, tags: [string, string][] | null) => PositionRecord[F] } = {
  game: (v) => v.game,
  offset: (v) => v.offset,
  ply: (v) => v.ply,
  fen: (v) => toFen(v.pos),
  move: (v) => v.san,
  uci: (v) => v.uci,
  checkers: (v) => squaresOf(v.pos.checkersLo, v.pos.checkersHi).map(squareName),
  motifs: (v) => Array.from({ length: v.buf.count }, (_, i) => recordAt(v.buf, i, v.pos)),
  played: (v) => playedNames(v.played),
  tactic: (v) => v.tactic?.tactic(),
  tags: (_v, tags) => Object.fromEntries(tags ?? []),
};

/**
 * The record of a position view, its fields those of record-schema.ts in that order (allocates: one object
 * per selected position); `tags`: the game's asked tags (askedTags()), or null when none are asked for.
 */
export function positionRecord(v: PositionView, tags: [string, string][] | null = null): PositionRecord {
  const rec: Record<string, unknown> = {};
  for (const f of recordFields({ shard: v.offset >= 0, verdict: v.tactic !== null, tags: tags !== null })) rec[f] = FIELD_VALUE[f](v, tags);
  return rec as unknown as PositionRecord;
}
