// The output formats by name (docs/design.md §6a -f; the names: names.ts): the factory the workers call once.
import { CsvFormatter } from './csv.js';
import { EpdFormatter } from './epd.js';
import { JsonlFormatter } from './jsonl.js';
import { NO_OUTPUT } from './lines.js';
import { OUTPUT_FORMATS, type OutputFormat } from './names.js';
import { PgnFormatter } from './pgn.js';
import type { Formatter, GameInfo, GameText, PositionView } from './view.js';

/** Writes nothing (-f none: statistics only). */
export class NoneFormatter implements Formatter {
  header(): string {
    return '';
  }

  beginGame(_info: GameInfo): void {}

  position(_v: PositionView): void {}

  endGame(_text: GameText): void {}

  take(_outbox: SharedArrayBuffer | null = null): Uint8Array {
    return NO_OUTPUT;
  }

  size(): number {
    return 0;
  }
}

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
export function createFormatter(format: OutputFormat, o: FormatOptions = {}): Formatter {
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
    case 'none':
    case 'parquet': // no text: the worker's sink collects columns (parquet-columns.ts)
      return new NoneFormatter();
    default:
      throw new Error(`unknown output format "${String(format)}" (${OUTPUT_FORMATS.join(', ')})`);
  }
}
