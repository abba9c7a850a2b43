// The library's public API: the one-position tagger, the bitboard core it stands on, and analyze(), which
// streams PGN/EPD through the same worker pool as the CLI and yields the records of the JSON Lines output
// as plain objects built in the workers.
import { Readable } from 'node:stream';
import { isMainThread } from 'node:worker_threads';
import { buildTablesOnDemand } from './core/attacks.js';
import type { MotifName, PlayedTag } from './motifs/catalogue.js';
import { ALL_MOTIFS, parseMotifFilter } from './motifs/filter.js';
import type { PositionRecord } from './output/records.js';
import { Stats } from './stats/stats.js';
import type { GameError } from './pipeline/batch.js';
import { fileInput, memoryInput, streamInput, type Input } from './input/inputs.js';
import { compileWhere } from './query/compile.js';
import { AnalysisRun, type RunSummary } from './pipeline/run.js';

export { INITIAL_FEN, FenError, parseFen, toFen, type FenOptions } from './core/fen.js';
export { Position } from './core/position.js';
export { WHITE, BLACK, type Colour } from './core/board.js';
export type { Square } from './core/squares.js';
export type { Move } from './core/move.js';
export { legalMoves, isCheckmate, isStalemate } from './core/movegen.js';
export { moveToSan, moveToUci, parseSan, SanError } from './core/san.js';
export { perft } from './core/perft.js';
export { buildTables, openTables, type Tables } from './core/tables.js';
export { installNewTables, installTables, installedTables, tablesInstalled } from './core/attacks.js';
export { variantFromTag, UnsupportedVariantError, type Variant } from './core/variant.js';
export { MotifBuffer } from './motifs/buffer.js';
export { scanMotifs } from './motifs/classify.js';
export { playedFlags } from './motifs/played.js';
export { MOTIF_NAMES } from './motifs/filter.js';
export { MOTIFS, PLAYED, type MotifName, type MotifKey, type Side } from './motifs/catalogue.js';
export { playedTags, tagFen, tagPosition, type MotifRecord, type PlayedTag, type PositionTags } from './motifs/tags.js';
export { XrayError, type ErrorKind, type GameErrorKind, type RunErrorKind } from './errors.js';
export type { GameError } from './pipeline/batch.js';
export type { PositionRecord } from './output/records.js';
export type { Tactic } from './tactics/verdict.js';
export type { RunSummary } from './pipeline/run.js';
export type { StatsJSON } from './stats/stats.js';

// On a main thread the library owns the thread's tables: built and installed the first time something needs
// them (a position made, an analysis started), never on import. A worker that imports the library installs
// the shared buffer it was given instead (installTables(openTables(sab))).
if (isMainThread) buildTablesOnDemand();

/**
 * What analyze() reads: a path ('-' for stdin), several paths, PGN/EPD bytes (compressed or not), a
 * Node Readable stream of them, or `{ pgn: text }`. A string holding a line break or starting with `[`
 * is taken as PGN text rather than a path.
 */
export type AnalyzeSource = string | string[] | Uint8Array | NodeJS.ReadableStream | { pgn: string };

/** The names --motifs and the `motifs` option take: a static motif, or a tag of the move played. */
export type MotifFilterName = MotifName | PlayedTag;

export interface AnalyzeOptions {
  /** Every position, not only tagged ones. */
  allPositions?: boolean;
  /** Keep only these motifs. */
  motifs?: MotifFilterName[];
  /** Exactly the positions matching this --where expression (docs/design.md §10); a syntax error throws. */
  where?: string;
  /** PGN tags copied into every record as `tags` (a tag the game lacks is absent). */
  tags?: string[];
  /**
   * Tactic verdicts (default true): a record's `tactic` (the winning move of the side to move, its gain or
   * mate, its themes) where there is one, and `found` or `missed` in `played`; false: the motifs alone, faster.
   */
  tactics?: boolean;
  threads?: number;
  maxGameBytes?: number;
  /** Called for each rejected game, in input order (default: ignored; they are counted in the summary). */
  onReject?: (e: GameError) => void;
  /** Called once at the end with the statistics. */
  onSummary?: (s: RunSummary) => void;
}

function looksLikePgn(s: string): boolean {
  return s.includes('\n') || s.trimStart().startsWith('[');
}

function inputsOf(source: AnalyzeSource): Input[] {
  if (Array.isArray(source)) return source.map(fileInput);
  if (typeof source === 'string') return [looksLikePgn(source) ? memoryInput('<pgn text>', source) : fileInput(source)];
  if (source instanceof Uint8Array) return [memoryInput('<bytes>', source)];
  if ('pgn' in source && typeof source.pgn === 'string') return [memoryInput('<pgn text>', source.pgn)];
  if (source instanceof Readable || typeof (source as NodeJS.ReadableStream).pipe === 'function')
    return [streamInput('<stream>', source as NodeJS.ReadableStream)];
  throw new TypeError('analyze(): expected a path, paths, bytes, a Readable or { pgn: text }');
}

/**
 * Analyzes PGN/EPD input and yields one record per tagged position (every position with
 * allPositions), in input order. Reading pauses while the consumer does not pull; a consumer that stops
 * early stops the reading. A damaged or unreadable input throws its XrayError after the records before it.
 */
export async function* analyze(source: AnalyzeSource, options: AnalyzeOptions = {}): AsyncGenerator<PositionRecord> {
  const run = new AnalysisRun({
    inputs: inputsOf(source),
    worker: {
      output: 'records',
      allPositions: options.allPositions === true,
      filter: options.motifs ? parseMotifFilter(options.motifs.join(',')) : ALL_MOTIFS,
      verify: false,
      where: options.where === undefined ? null : compileWhere(options.where, options.tactics === false ? 'tactics: false' : null),
      tags: options.tags,
      tactics: options.tactics !== false,
    },
    threads: options.threads,
    maxGameBytes: options.maxGameBytes,
  });
  const stats = new Stats();
  stats.where = options.where ?? null; // with --where the counts are of the matches
  for await (const r of run) {
    for (const e of r.errors) options.onReject?.(e);
    stats.addVector(r.stats);
    if (r.records !== null) yield* r.records;
  }
  options.onSummary?.({ stats: stats.toJSON(), verify: null, seconds: run.seconds });
  if (run.inputErrors.length > 0) throw run.inputErrors[0];
}
