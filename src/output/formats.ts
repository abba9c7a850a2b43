// The text formats' formatters by name (what each kind is: kinds.ts): the factory the workers call once.
import { CsvFormatter } from './csv.js';
import { EpdFormatter } from './epd.js';
import { JsonlFormatter } from './jsonl.js';
import { OUTPUT_FORMATS, OUTPUT_KINDS, type OutputFormat } from './kinds.js';
import { PgnFormatter } from './pgn.js';
import type { Formatter } from './formatter.js';

/** The formats a worker writes as text (OUTPUT_KINDS[f].worker === 'text'). */
export type TextFormat = Extract<OutputFormat, 'jsonl' | 'csv' | 'epd' | 'pgn'>;
const TEXT_FORMATS = OUTPUT_FORMATS.filter((f) => OUTPUT_KINDS[f].worker === 'text');

/** What a formatter is made with besides its format. */
export interface FormatOptions {
  /** The PGN tags copied into every line (--tags; JSONL and CSV have a place for them). */
  tags?: readonly string[];
  /** Verdicts are on (not --no-tactics): CSV has their columns then; the other formats write a verdict where a position has one. */
  tactics?: boolean;
}

/**
 * A new formatter of the format; formatters keep per-game state (PGN), so one per worker. Which positions
 * are written (--all-positions) is the worker's choice: an untagged position is formatted like any other.
 */
export function createFormatter(format: TextFormat, o: FormatOptions = {}): Formatter {
  const tags = o.tags ?? [];
  switch (format) {
    case 'jsonl':
      return new JsonlFormatter(tags);
    case 'csv':
      return new CsvFormatter(tags, o.tactics === true);
    case 'epd':
      return new EpdFormatter();
    case 'pgn':
      return new PgnFormatter();
    default:
      throw new Error(`not a text format: "${String(format)}" (${TEXT_FORMATS.join(', ')})`);
  }
}
