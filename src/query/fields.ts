// The fields a --where comparison may name (docs/design.md §10), what kind of value each holds, and the
// fields the query language derives from tags itself: the opening family, the year and the outcome for the
// side to move. Any other name is a PGN tag.
import type { GameResult } from '../pgn/derived.js';

/** Fields of the position, read per position. */
export const POSITION_FIELDS = ['ply', 'moveNumber', 'move', 'turn', 'phase'] as const;
/** Fields derived from the game's tags (docs/design.md §9). */
export const DERIVED_FIELDS = ['speed', 'rating', 'ratingBand', 'eco', 'result'] as const;
/** Fields of the game the query derives from its tags and result. */
export const QUERY_FIELDS = ['opening', 'year', 'outcome'] as const;
/** Named fields whose values are numbers: the string operators (^=, *=) do not apply to them. */
export const NUMERIC_FIELDS: readonly string[] = ['ply', 'moveNumber', 'rating', 'year'];
/** The tags `opening` and `year` read. */
export const OPENING_TAG = 'Opening';
export const DATE_TAGS = ['UTCDate', 'Date'] as const;

export type Outcome = 'win' | 'draw' | 'loss';

export function isPositionField(name: string): boolean {
  return (POSITION_FIELDS as readonly string[]).includes(name);
}

/** Whether a name is a field of the language rather than a PGN tag. */
export function isNamedField(name: string): boolean {
  return (
    isPositionField(name) || (DERIVED_FIELDS as readonly string[]).includes(name) || (QUERY_FIELDS as readonly string[]).includes(name)
  );
}

/** The opening family: the `Opening` tag up to its first `:` or `,`, trimmed; null without the tag. */
export function openingOf(tag: string | null): string | null {
  if (tag === null) return null;
  let end = tag.length;
  const colon = tag.indexOf(':');
  const comma = tag.indexOf(',');
  if (colon >= 0) end = colon;
  if (comma >= 0 && comma < end) end = comma;
  return tag.slice(0, end).trim();
}

/** The year a PGN date holds (`2016.05.31`, `1972.??.??`, `1972`): four digits first, not followed by a fifth. */
function yearIn(date: string | null): number | null {
  if (date === null || date.length < 4) return null;
  for (let i = 0; i < 4; i++) if (date[i] < '0' || date[i] > '9') return null;
  if (date.length > 4 && date[4] >= '0' && date[4] <= '9') return null;
  return Number(date.slice(0, 4));
}

/** The year of the game: from `UTCDate` when it holds one, else from `Date`; null when neither does. */
export function yearOf(utcDate: string | null, date: string | null): number | null {
  return yearIn(utcDate) ?? yearIn(date);
}

/** The game's result seen from a side (0 white, 1 black); null when the result is unknown. */
export function outcomeOf(result: GameResult | null, side: number): Outcome | null {
  if (result === null) return null;
  if (result === '1/2-1/2') return 'draw';
  return (result === '1-0') === (side === 0) ? 'win' : 'loss';
}
