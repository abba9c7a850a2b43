// The fields --group-by may name (docs/design.md §11): the query language's fields of the game and of the
// position (§10), `ecoCode` (the full ECO code: the standing `eco` dimension is its letter), and any PGN tag
// by its name. A field of the game has one value per game, read once when the game begins; a field of the
// position has a small whole number per position (its code), named once per batch.
import { UsageError } from '../errors.js';
import type { DerivedFields } from '../pgn/derived.js';
import type { TagLookup } from '../analysis/view.js';
import { DATE_TAGS, OPENING_TAG, openingOf, yearOf } from '../query/fields.js';
import { DIMENSION_NAMES } from './dimensions.js';

/** Where the game does not give the field. */
export const UNKNOWN = 'unknown';

/** Fields of the game, besides the standing dimensions (speed, ratingBand, eco, result). */
export const GAME_FIELDS = ['rating', 'ecoCode', 'opening', 'year'] as const;
/** Fields of the position, besides the standing phase. */
export const POSITION_FIELDS = ['ply', 'moveNumber', 'turn', 'outcome'] as const;
export type PositionField = (typeof POSITION_FIELDS)[number];

/**
 * ply and moveNumber from this value on count as one value, `10000+`: no game reaches it, and a made-up one
 * that does cannot fill memory with a row of counts per ply.
 */
export const NUMBER_BOUND = 10_000;

/** A PGN tag name: a capital letter first, then letters, digits and `_` (the PGN standard's symbol). */
const TAG_NAME = /^[A-Z][A-Za-z0-9_]*$/;

export function isTagField(name: string): boolean {
  return TAG_NAME.test(name);
}

/** Whether --group-by takes the name: a standing dimension, a field above, or a PGN tag. */
export function isGroupField(name: string): boolean {
  return (
    (DIMENSION_NAMES as readonly string[]).includes(name) ||
    (GAME_FIELDS as readonly string[]).includes(name) ||
    (POSITION_FIELDS as readonly string[]).includes(name) ||
    isTagField(name)
  );
}

export function isPositionField(name: string): name is PositionField {
  return (POSITION_FIELDS as readonly string[]).includes(name);
}

const KNOWN = [...DIMENSION_NAMES, ...GAME_FIELDS, ...POSITION_FIELDS].join(', ');

/**
 * The dimensions --group-by adds, from its values (each a list, comma-separated): each field once, in the
 * order given, the standing dimensions left out (they are always there). An unknown name, or `move`
 * (a value per SAN would be a string per position), is a usage error.
 */
export function parseGroupBy(lists: readonly string[]): string[] {
  const out: string[] = [];
  for (const list of lists) {
    for (const item of list.split(',')) {
      const name = item.trim();
      if (name === 'move') throw new UsageError('--group-by: "move" is not a dimension (use --where "move = SAN" to count one move)');
      if (!isGroupField(name))
        throw new UsageError(`--group-by: unknown field "${name}" (fields: ${KNOWN}; or a PGN tag by its name, e.g. Opening, White)`);
      if (!(DIMENSION_NAMES as readonly string[]).includes(name) && !out.includes(name)) out.push(name);
    }
  }
  return out;
}

/** Whether counting these fields reads the game's tags (beyond those the derived fields come from). */
export function readsTags(fields: readonly string[]): boolean {
  return fields.some((f) => f === 'opening' || f === 'year' || isTagField(f));
}

/** A game field's value as a label; null where the game does not give it (UNKNOWN then). */
export function gameLabel(field: string, d: DerivedFields, tagText: TagLookup): string | null {
  switch (field) {
    case 'rating':
      return d.rating === null ? null : String(d.rating);
    case 'ecoCode':
      return d.eco;
    case 'opening':
      return openingOf(tagText(OPENING_TAG));
    case 'year': {
      const y = yearOf(tagText(DATE_TAGS[0]), tagText(DATE_TAGS[1]));
      return y === null ? null : String(y);
    }
    default:
      return tagText(field);
  }
}

/** The labels of the codes of `turn` (the side to move) and of `outcome` (the result for it; 3: unknown). */
const TURNS = ['w', 'b'];
export const OUTCOMES = ['win', 'draw', 'loss', UNKNOWN];

/** The label of a position field's code (positionCode in stats.ts). */
export function positionLabel(field: PositionField, code: number): string {
  if (field === 'turn') return TURNS[code];
  if (field === 'outcome') return OUTCOMES[code];
  return code >= NUMBER_BOUND ? `${NUMBER_BOUND}+` : String(code);
}
