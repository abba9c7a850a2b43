// The library's public API: the one-position tagger, the bitboard core it stands on, and analyze(), which
// streams files through the same worker pool as the CLI and yields the records of DESIGN.md §6.
import { isMainThread } from 'node:worker_threads';
import { installNewTables, tablesInstalled } from './core/attacks.js';
import { ALL_MOTIFS, parseMotifFilter } from './motifs/filter.js';
import type { MotifRecord, PlayedTag } from './motifs/tags.js';
import type { GameError } from './pipeline/game.js';
import { runAnalysis, type RunSummary } from './pipeline/run.js';

export { INITIAL_FEN, FenError, parseFen, toFen, type FenOptions } from './core/fen.js';
export { Position } from './core/position.js';
export { legalMoves, isCheckmate, isStalemate } from './core/movegen.js';
export { moveToSan, moveToUci, parseSan, SanError } from './core/san.js';
export { perft } from './core/perft.js';
export { buildTables, openTables, type Tables } from './core/tables.js';
export { installNewTables, installTables, installedTables, tablesInstalled } from './core/attacks.js';
export { variantFromTag, UnsupportedVariantError, type Variant } from './core/variant.js';
export { MotifBuffer } from './motifs/buffer.js';
export { scanMotifs } from './motifs/classify.js';
export { playedFlags } from './motifs/played.js';
export { playedTags, tagFen, tagPosition, type MotifRecord, type PlayedTag, type PositionTags } from './motifs/tags.js';
export type { GameError } from './pipeline/game.js';

// On a main thread the library owns the thread's tables: built and installed once, here. A worker that
// imports the library installs the shared buffer it was given instead (installTables(openTables(sab))).
if (isMainThread && !tablesInstalled()) installNewTables();

/** One output record: a position with its motifs and the tags of the move played from it. */
export interface PositionRecord {
  game: number;
  ply: number;
  fen: string;
  move: string | null;
  uci: string | null;
  checkers: string[];
  motifs: MotifRecord[];
  played: PlayedTag[];
}

export interface AnalyzeOptions {
  /** Every position, not only tagged ones. */
  allPositions?: boolean;
  /** Keep only these motifs (pin, skewer, battery, discoveredCheck, discoveredAttack, xray, check, doubleCheck). */
  motifs?: string[];
  threads?: number;
  maxGameBytes?: number;
  /** Called for each rejected game, in input order (default: ignored; they are counted in the summary). */
  onReject?: (e: GameError) => void;
  /** Called once at the end with the statistics. */
  onSummary?: (s: RunSummary) => void;
}

/**
 * Analyzes PGN/EPD files (paths, or '-' for stdin) and yields one record per tagged position, in input
 * order. Reading pauses while the consumer does not pull (backpressure through the pool).
 */
export async function* analyze(source: string | string[], options: AnalyzeOptions = {}): AsyncGenerator<PositionRecord> {
  const lines: string[] = [];
  let wake: (() => void) | null = null;
  let pull: (() => void) | null = null;
  let done = false;
  let failure: unknown = null;
  let abandoned = false;
  const signal = (): void => {
    wake?.();
    wake = null;
  };
  const run = runAnalysis({
    inputs: Array.isArray(source) ? source : [source],
    format: 'jsonl',
    allPositions: options.allPositions === true,
    filter: options.motifs ? parseMotifFilter(options.motifs.join(',')) : ALL_MOTIFS,
    threads: options.threads,
    maxGameBytes: options.maxGameBytes,
    stop: () => abandoned,
    write: (text) => {
      if (abandoned) return;
      let at = 0;
      for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', at)) {
        lines.push(text.slice(at, nl));
        at = nl + 1;
      }
      signal();
      // wait until the consumer has taken these lines
      return new Promise<void>((resolve) => {
        pull = resolve;
      });
    },
    reject: (e) => options.onReject?.(e),
  }).then(
    (summary) => {
      options.onSummary?.(summary);
    },
    (e: unknown) => {
      failure = e;
    },
  ).finally(() => {
    done = true;
    signal();
  });
  try {
    for (;;) {
      while (lines.length > 0) yield JSON.parse(lines.shift()!) as PositionRecord;
      if (pull) {
        const p: () => void = pull;
        pull = null;
        p();
        continue;
      }
      if (done) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    // a consumer that stops early: let the run drain without waiting for it, and stop reading input
    abandoned = true;
    (pull as (() => void) | null)?.();
    await run;
  }
  if (failure !== null) throw failure;
}
