// The output formats by name (DESIGN.md §6a -f): the factory the workers call once.
import { CsvFormatter } from './csv.js';
import { EpdFormatter } from './epd.js';
import { JsonlFormatter } from './jsonl.js';
import { PgnFormatter } from './pgn.js';
import type { Formatter, GameText, PositionView } from './view.js';

export type OutputFormat = 'jsonl' | 'csv' | 'epd' | 'pgn' | 'none';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['jsonl', 'csv', 'epd', 'pgn', 'none'];

export interface FormatterOptions {
  /**
   * --all-positions. Which positions are written is the worker's choice (it calls position() for each);
   * the formats write an untagged position like any other (CSV: one row with an empty motif; PGN: no
   * comment), so the option changes nothing in them today. Kept so that a format may depend on it.
   */
  allPositions?: boolean;
}

/** Writes nothing (-f none: statistics only). */
export class NoneFormatter implements Formatter {
  header(): string {
    return '';
  }

  position(_v: PositionView): string {
    return '';
  }

  endGame(_text: GameText): string {
    return '';
  }
}

/** A new formatter of the format; formatters keep per-game state (PGN), so one per worker. */
export function createFormatter(format: OutputFormat, opts: FormatterOptions = {}): Formatter {
  void opts;
  switch (format) {
    case 'jsonl':
      return new JsonlFormatter();
    case 'csv':
      return new CsvFormatter();
    case 'epd':
      return new EpdFormatter();
    case 'pgn':
      return new PgnFormatter();
    case 'none':
      return new NoneFormatter();
    default:
      throw new Error(`unknown output format "${String(format)}" (${OUTPUT_FORMATS.join(', ')})`);
  }
}
