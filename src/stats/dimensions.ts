// The dimensions the statistics are cut by (docs/design.md §11): four of the game (speed, rating band, ECO
// letter, result; §9's derived fields) and one of the position (phase). Each lists its values in the
// order the JSON and the report show them, with "unknown" last where a game may not give the field.
import { PHASES } from '../core/phase.js';
import { RATING_BANDS, RESULTS, SPEEDS, type DerivedFields } from '../pgn/derived.js';

export const UNKNOWN = 'unknown';
export const ECO_LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;

export const DIMENSIONS = {
  speed: [...SPEEDS, UNKNOWN],
  ratingBand: [...RATING_BANDS, UNKNOWN],
  phase: [...PHASES],
  eco: [...ECO_LETTERS, UNKNOWN],
  result: [...RESULTS, UNKNOWN],
} as const satisfies Record<string, readonly string[]>;
export type Dimension = keyof typeof DIMENSIONS;
/** The JSON's order of the dimensions under "by". */
export const DIMENSION_NAMES = Object.keys(DIMENSIONS) as Dimension[];
/** Dimensions whose value is the game's (phase is the position's). */
export const GAME_DIMENSIONS = ['speed', 'ratingBand', 'eco', 'result'] as const satisfies readonly Dimension[];

/** Index of a value in its dimension's list, the "unknown" one for null. */
function indexOf(values: readonly string[], value: string | null): number {
  const i = value === null ? -1 : values.indexOf(value);
  return i >= 0 ? i : values.length - 1;
}

/** The game's value of each GAME_DIMENSIONS entry, as indices into its DIMENSIONS list (once per game). */
export function gameValues(d: DerivedFields, out: Int32Array): void {
  out[0] = indexOf(DIMENSIONS.speed, d.speed);
  out[1] = indexOf(DIMENSIONS.ratingBand, d.ratingBand);
  out[2] = indexOf(DIMENSIONS.eco, d.eco === null ? null : d.eco[0]);
  out[3] = indexOf(DIMENSIONS.result, d.result);
}

/** Where gameValues puts the result, and the indices of its values. */
export const RESULT_AT = GAME_DIMENSIONS.indexOf('result');
export const WHITE_WINS = DIMENSIONS.result.indexOf('1-0');
export const BLACK_WINS = DIMENSIONS.result.indexOf('0-1');
export const DRAW = DIMENSIONS.result.indexOf('1/2-1/2');
