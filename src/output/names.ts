// The output's names that the command line checks before the analysis starts: the formats (docs/design.md
// §6a -f) and Parquet's own columns (§6). Apart from the formatters and the Parquet writer, which load
// only where they run (the workers, the encoder thread), so that the main thread starts its threads sooner.

export type OutputFormat = 'jsonl' | 'csv' | 'epd' | 'pgn' | 'none' | 'parquet';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['jsonl', 'csv', 'epd', 'pgn', 'none', 'parquet'];
/** What the workers produce: text in a format, or plain records for the library. */
export type OutputKind = OutputFormat | 'records';

/** The columns every Parquet row has (parquet-arrow.ts gives their types); --tags columns follow, named as the tags. */
export const PARQUET_COLUMNS = ['game', 'ply', 'fen', 'move', 'uci', 'checkers', 'motifs', 'played', 'tactic'] as const;
