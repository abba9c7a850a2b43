// Fields derived from a game's tags (docs/design.md §9): time-control speed, mean rating and its band, ECO
// code, result. Pure functions over the tag values' bytes; null where the tags do not give the field.
import { allDigits, isDigit, isResult } from './movetext.js';

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

/**
 * The tags the derived fields come from, in the order deriveFields() reads their value ranges. The game
 * reader keeps these ranges for every game and hands over the bytes: no tag value is decoded to a string,
 * no map of strings made, no regular expression run, per game.
 */
export const DERIVED_TAGS = ['TimeControl', 'WhiteElo', 'BlackElo', 'ECO', 'Result'] as const;

const ZERO = 0x30;
const PLUS = 0x2b;
const MINUS = 0x2d;
/** Digit runs up to this length are summed exactly in a double; longer ones go through Number(). */
const EXACT_DIGITS = 15;

/** The value of the digits b[start, end) (at least one, all digits), as Number() reads them. */
function digitsValue(b: Uint8Array, start: number, end: number): number {
  if (end - start > EXACT_DIGITS) return Number(String.fromCharCode(...b.subarray(start, end)));
  let n = 0;
  for (let i = start; i < end; i++) n = n * 10 + (b[i] - ZERO);
  return n;
}

/** The end of the run of digits from start. */
function digitsEnd(b: Uint8Array, start: number, end: number): number {
  let i = start;
  while (i < end && isDigit(b[i])) i++;
  return i;
}

/**
 * Speed from a `TimeControl` value b[start, end) (start < 0: no tag): "base+increment" in seconds,
 * estimated as base + 40 × increment; "-" is correspondence; any other form gives null.
 */
export function speedOf(b: Uint8Array, start: number, end: number): Speed | null {
  if (start < 0) return null;
  // both tests made for every value, the branch only choosing: made in it, they had no type feedback
  // until the first correspondence game, met late, and deoptimized the reader of the game's tags
  const oneByte = end - start === 1;
  const minus = b[start] === MINUS;
  if (oneByte && minus) return 'correspondence';
  const plus = digitsEnd(b, start, end);
  if (plus === start || plus === end || b[plus] !== PLUS) return null;
  const inc = digitsEnd(b, plus + 1, end);
  if (inc === plus + 1 || inc !== end) return null;
  const estimate = digitsValue(b, start, plus) + 40 * digitsValue(b, plus + 1, end);
  if (estimate < 30) return 'ultraBullet';
  if (estimate < 180) return 'bullet';
  if (estimate < 480) return 'blitz';
  if (estimate < 1500) return 'rapid';
  return 'classical';
}

/** A value made of digits alone and above 0, or null. */
function positiveInt(b: Uint8Array, start: number, end: number): number | null {
  if (start < 0 || start === end || !allDigits(b, start, end)) return null;
  const n = digitsValue(b, start, end);
  return n > 0 ? n : null;
}

/** The mean of the WhiteElo and BlackElo values, rounded down, when both are positive integers. */
export function ratingOf(b: Uint8Array, whiteStart: number, whiteEnd: number, blackStart: number, blackEnd: number): number | null {
  const w = positiveInt(b, whiteStart, whiteEnd);
  const k = positiveInt(b, blackStart, blackEnd);
  return w === null || k === null ? null : Math.floor((w + k) / 2);
}

export function ratingBandOf(rating: number | null): RatingBand | null {
  if (rating === null) return null;
  let i = BAND_FLOORS.length - 1;
  while (rating < BAND_FLOORS[i]) i--;
  return RATING_BANDS[i];
}

/** ECO codes by letter * 100 + number, made on first use: the 500 strings a corpus can hold, shared. */
const ECO_TEXT: (string | undefined)[] = [];

/** An `ECO` value that is a letter A–E and two digits, or null. */
export function ecoOf(b: Uint8Array, start: number, end: number): string | null {
  if (start < 0 || end - start !== 3) return null;
  const letter = b[start] - 0x41;
  if (letter < 0 || letter > 4 || !isDigit(b[start + 1]) || !isDigit(b[start + 2])) return null;
  const i = letter * 100 + (b[start + 1] - ZERO) * 10 + (b[start + 2] - ZERO);
  return (ECO_TEXT[i] ??= String.fromCharCode(b[start], b[start + 1], b[start + 2]));
}

/** A `Result` value that is `1-0`, `0-1` or `1/2-1/2`, or null. */
export function resultOf(b: Uint8Array, start: number, end: number): GameResult | null {
  if (start < 0 || !isResult(b, start, end)) return null;
  return end - start === 7 ? '1/2-1/2' : b[start] === 0x31 ? '1-0' : '0-1';
}

/**
 * All derived fields of a game from the value ranges of DERIVED_TAGS in its bytes: ranges[at + 2k] and
 * ranges[at + 2k + 1] for tag k, start -1 when the game has no such tag (the first of a repeated tag counts).
 */
export function deriveFields(b: Uint8Array, ranges: Int32Array, at: number): DerivedFields {
  const rating = ratingOf(b, ranges[at + 2], ranges[at + 3], ranges[at + 4], ranges[at + 5]);
  // rating starts as null in the literal, its number written after: the field holds either from the first
  // game on. Written at once, it was a small-integer field until the first unrated game, whose null
  // deoptimized the worker's replay ("not a Smi").
  const fields: DerivedFields = {
    speed: speedOf(b, ranges[at], ranges[at + 1]),
    rating: null,
    ratingBand: ratingBandOf(rating),
    eco: ecoOf(b, ranges[at + 6], ranges[at + 7]),
    result: resultOf(b, ranges[at + 8], ranges[at + 9]),
  };
  fields.rating = rating;
  return fields;
}
