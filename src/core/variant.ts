// The [Variant] tag: standard chess and Chess960 are played; every other variant is refused by name,
// never replayed under the wrong rules.

export type Variant = 'standard' | 'chess960';

/** A variant this tool does not replay. */
export class UnsupportedVariantError extends Error {
  constructor(readonly variant: string) {
    super(`unsupported variant "${variant}" (only standard chess and Chess960 are analysed)`);
    this.name = 'UnsupportedVariantError';
  }
}

// Spellings seen in real files (lichess, cutechess, ChessBase, pychess, kokopu), compared without case,
// spaces, dashes and underscores.
const STANDARD = new Set(['', 'standard', 'chess', 'normal', 'regular', 'fromposition', 'orthodox', 'classical']);
const CHESS960 = new Set(['chess960', '960', 'fischerandom', 'fischerrandom', 'frc', 'fischerrandomchess', 'freestyle']);

/** Maps a [Variant] tag value (absent = '') to the rules to replay with; throws UnsupportedVariantError. */
export function variantFromTag(value: string): Variant {
  const key = value.toLowerCase().replace(/[\s_-]+/g, '');
  if (STANDARD.has(key)) return 'standard';
  if (CHESS960.has(key)) return 'chess960';
  throw new UnsupportedVariantError(value);
}
