// Each output kind described once (docs/design.md §6a -f; the library's plain records too): what a worker
// makes of a position, whether it needs a file of its own, whether it has a place for --tags, and the
// header the main thread writes before the first batch. The command line's checks, the CLI's outputs, the
// worker's task and its sinks all read this table; the formatters and the Parquet writer load only where
// they run (the workers, the encoder thread), so this module imports nothing heavy.
import { csvHeader } from './csv-text.js';
import { PARQUET_RESERVED } from './record-schema.js';

export type OutputFormat = 'jsonl' | 'csv' | 'epd' | 'pgn' | 'none' | 'parquet';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['jsonl', 'csv', 'epd', 'pgn', 'none', 'parquet'];
/** What the workers produce: an output format, or plain records for the library. */
export type OutputKind = OutputFormat | 'records';

/** What the header depends on. */
export interface HeaderOptions {
  tags: readonly string[];
  /** Verdicts are on (not --no-tactics). */
  tactics: boolean;
}

export interface OutputKindSpec {
  /** The format's name as its users write it (CSV, Parquet), for messages. */
  title: string;
  /**
   * What a worker makes of the positions it keeps: text in the format (a formatter, formats.ts), Parquet
   * columns (parquet-columns.ts), plain records (records.ts), or nothing (statistics only).
   */
  worker: 'text' | 'columns' | 'records' | 'none';
  /**
   * Reads the move played as SAN and UCI strings from the view; JSONL and Parquet write them from the
   * move's bytes themselves, and -f none writes no move.
   */
  moveStrings: boolean;
  /** Writes records to standard output when no -o is given (-f none writes none). */
  writes: boolean;
  /** Written at file offsets and finished by a footer: needs -o FILE, and is kept only when whole. */
  file: boolean;
  /** Has a place for --tags (a field or column per tag). */
  tags: boolean;
  /** Names a --tags tag may not take: the format's own columns, compared without case. */
  reserved: readonly string[];
  /** The text before the first record. */
  header: (o: HeaderOptions) => string;
}

const NO_HEADER = (): string => '';
const TEXT = { worker: 'text', moveStrings: true, writes: true, file: false, reserved: [], header: NO_HEADER } as const;

export const OUTPUT_KINDS: Readonly<Record<OutputKind, OutputKindSpec>> = {
  jsonl: { ...TEXT, title: 'JSON Lines', moveStrings: false, tags: true },
  csv: { ...TEXT, title: 'CSV', tags: true, header: (o) => csvHeader(o.tags, o.tactics) },
  epd: { ...TEXT, title: 'EPD', tags: false },
  pgn: { ...TEXT, title: 'PGN', tags: false },
  none: {
    title: 'no output',
    worker: 'none',
    moveStrings: false,
    writes: false,
    file: false,
    tags: false,
    reserved: [],
    header: NO_HEADER,
  },
  parquet: {
    title: 'Parquet',
    worker: 'columns',
    moveStrings: false,
    writes: true,
    file: true,
    tags: true,
    reserved: PARQUET_RESERVED,
    header: NO_HEADER,
  },
  records: {
    title: 'records',
    worker: 'records',
    moveStrings: true,
    writes: true,
    file: false,
    tags: true,
    reserved: [],
    header: NO_HEADER,
  },
};

/** The formats with a place for --tags. */
export const TAGGED_FORMATS: readonly OutputFormat[] = OUTPUT_FORMATS.filter((f) => OUTPUT_KINDS[f].tags);
