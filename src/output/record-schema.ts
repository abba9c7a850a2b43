// The position record, described once: its fields in the order every writer gives them and when a record
// has each. The library's records are built by walking this list (records.ts), the JSON Lines writer
// takes its keys from it (and is tested to give them in this order), and Parquet has one column per
// field (parquet-arrow.ts types them), each asked tag a column of its own after them. A motif record's
// fields are motifs/record-fields.ts's.
import type { Tactic } from '../tactics/verdict.js';

/**
 * When a record has a field: `always`; `shard` under --shard (the game's byte offset in its input, with
 * which (input, offset, ply) is the same key in every sharding); `verdict` where the side to move has a
 * tactic (verdicts on); `tags` when tags are asked for (--tags).
 */
export type Presence = 'always' | 'shard' | 'verdict' | 'tags';

export const POSITION_FIELDS = [
  { name: 'game', when: 'always' },
  { name: 'offset', when: 'shard' },
  { name: 'ply', when: 'always' },
  { name: 'fen', when: 'always' },
  /** move and uci are null at the end of a game. */
  { name: 'move', when: 'always' },
  { name: 'uci', when: 'always' },
  { name: 'checkers', when: 'always' },
  { name: 'motifs', when: 'always' },
  { name: 'played', when: 'always' },
  { name: 'tactic', when: 'verdict' },
  { name: 'tags', when: 'tags' },
] as const satisfies readonly { name: string; when: Presence }[];

export type PositionField = (typeof POSITION_FIELDS)[number]['name'];

/** A verdict's fields in the order every writer gives them (tactic() builds it so; one of gain and mate). */
export const TACTIC_FIELDS = ['move', 'uci', 'gain', 'mate', 'themes'] as const satisfies readonly (keyof Tactic)[];

/** What a record's fields depend on. */
export interface RecordShape {
  shard: boolean;
  verdict: boolean;
  tags: boolean;
}

/** The fields of a record, in order. */
export function recordFields(shape: RecordShape): PositionField[] {
  return POSITION_FIELDS.filter((f) => f.when === 'always' || shape[f.when]).map((f) => f.name);
}

/**
 * Parquet's columns, in order: every field but `tags` (each asked tag is a column after these) and, but
 * under --shard, `offset`; `tactic` is a column in every row, null where there is no verdict.
 */
export function parquetColumns(shard: boolean): PositionField[] {
  return recordFields({ shard, verdict: true, tags: false });
}

/** Names a --tags tag may not take in Parquet: its columns in any run. */
export const PARQUET_RESERVED: readonly string[] = parquetColumns(true);

/** `"name":`, the JSON key of a field. */
export function jsonKey(f: PositionField): string {
  return '"' + f + '":';
}
