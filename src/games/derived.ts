// Fields derived from a game's tags (DESIGN.md §9): time-control speed, mean rating and its band, ECO
// code, result. Pure functions over the tag values; null where the tags do not give the field.

export type Speed = 'ultraBullet' | 'bullet' | 'blitz' | 'rapid' | 'classical' | 'correspondence';
export type GameResult = '1-0' | '0-1' | '1/2-1/2';

export const SPEEDS: readonly Speed[] = ['ultraBullet', 'bullet', 'blitz', 'rapid', 'classical', 'correspondence'];
/** Rating bands by their lower bound. */
export const RATING_BANDS = ['0-1599', '1600-1799', '1800-1999', '2000-2199', '2200-2499', '2500-2799', '2800+'] as const;
export type RatingBand = (typeof RATING_BANDS)[number];
const BAND_FLOORS = [0, 1600, 1800, 2000, 2200, 2500, 2800];
export const RESULTS: readonly GameResult[] = ['1-0', '0-1', '1/2-1/2'];

export interface DerivedFields {
  speed: Speed | null;
  rating: number | null;
  ratingBand: RatingBand | null;
  eco: string | null;
  result: GameResult | null;
}

/** Speed from `TimeControl` "base+increment" (seconds), by base + 40 × increment; "-" is correspondence. */
export function speedOf(timeControl: string | undefined): Speed | null {
  if (timeControl === undefined) return null;
  if (timeControl === '-') return 'correspondence';
  const m = /^(\d+)\+(\d+)$/.exec(timeControl);
  if (m === null) return null;
  const estimate = Number(m[1]) + 40 * Number(m[2]);
  if (estimate < 30) return 'ultraBullet';
  if (estimate < 180) return 'bullet';
  if (estimate < 480) return 'blitz';
  if (estimate < 1500) return 'rapid';
  return 'classical';
}

function positiveInt(text: string | undefined): number | null {
  if (text === undefined || !/^\d+$/.test(text)) return null;
  const n = Number(text);
  return n > 0 ? n : null;
}

/** The mean of WhiteElo and BlackElo, rounded down, when both are positive integers. */
export function ratingOf(whiteElo: string | undefined, blackElo: string | undefined): number | null {
  const w = positiveInt(whiteElo);
  const b = positiveInt(blackElo);
  return w === null || b === null ? null : Math.floor((w + b) / 2);
}

export function ratingBandOf(rating: number | null): RatingBand | null {
  if (rating === null) return null;
  let i = BAND_FLOORS.length - 1;
  while (rating < BAND_FLOORS[i]) i--;
  return RATING_BANDS[i];
}

export function ecoOf(eco: string | undefined): string | null {
  return eco !== undefined && /^[A-E]\d\d$/.test(eco) ? eco : null;
}

export function resultOf(result: string | undefined): GameResult | null {
  return RESULTS.includes(result as GameResult) ? (result as GameResult) : null;
}

/** All derived fields of a game from its tags (the first of a repeated tag counts). */
export function deriveFields(tags: ReadonlyMap<string, string>): DerivedFields {
  const rating = ratingOf(tags.get('WhiteElo'), tags.get('BlackElo'));
  // rating starts as null in the literal, its number written after: the field holds either from the first
  // game on. Written at once, it was a small-integer field until the first unrated game, whose null
  // deoptimized the worker's replay ("not a Smi").
  const fields: DerivedFields = {
    speed: speedOf(tags.get('TimeControl')),
    rating: null,
    ratingBand: ratingBandOf(rating),
    eco: ecoOf(tags.get('ECO')),
    result: resultOf(tags.get('Result')),
  };
  fields.rating = rating;
  return fields;
}
