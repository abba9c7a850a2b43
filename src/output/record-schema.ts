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

/**
 * `nullable`: the value may be null where the field stands — move and uci at the end of a game; a tactic
 * column (Parquet's) in the rows without a verdict.
 */
export const POSITION_FIELDS = [
  { name: 'game', when: 'always', nullable: false },
  { name: 'offset', when: 'shard', nullable: false },
  { name: 'ply', when: 'always', nullable: false },
  { name: 'fen', when: 'always', nullable: false },
  { name: 'move', when: 'always', nullable: true },
  { name: 'uci', when: 'always', nullable: true },
  { name: 'checkers', when: 'always', nullable: false },
  { name: 'motifs', when: 'always', nullable: false },
  { name: 'played', when: 'always', nullable: false },
  { name: 'tactic', when: 'verdict', nullable: true },
  { name: 'tags', when: 'tags', nullable: false },
] as const satisfies readonly { name: string; when: Presence; nullable: boolean }[];

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

/** Whether a field's value may be null where it stands. */
export function isNullable(f: PositionField): boolean {
  return POSITION_FIELDS.some((p) => p.name === f && p.nullable);
}

/** Names a --tags tag may not take in Parquet: its columns in any run. */
export const PARQUET_RESERVED: readonly string[] = parquetColumns(true);

/** `"name":`, the JSON key of a field. */
export function jsonKey(f: PositionField): string {
  return '"' + f + '":';
}
