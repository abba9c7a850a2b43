// The puzzles command's options (docs/design.md §12), parsed and checked before anything is read.
import { parseArgs } from 'node:util';
import { UsageError } from '../errors.js';
import { DEFAULT_MAX_GAME_BYTES } from '../pgn/splitter.js';
import { defaultThreads } from '../pipeline/run.js';
import { PUZZLE_FORMATS, type PuzzleFormatName } from '../puzzles/puzzle-kinds.js';
import { DEFAULT_GAP } from '../puzzles/stage2.js';
import { cappedCount, MAX_GAME_BYTES_LIMIT, positiveInt, threadCount } from './options.js';

export interface PuzzleCommand {
  inputs: string[];
  output: string | undefined;
  format: PuzzleFormatName;
  /** The UCI engine's path; undefined: the default engine; null: --engine none (stage 1 only, unverified). */
  engine: string | null | undefined;
  /** Engine processes working side by side. */
  engineProcs: number;
  /** Nodes of the verifying search and of the short probe before it. */
  nodes: number;
  probeNodes: number;
  /** Nodes of the engine screen's short search of the positions stage 1 does not send (0: no screen). */
  screenNodes: number;
  /** The only-move gap on the win-chance scale (--gap). */
  gap: number;
  /** Stop after this many puzzles (Infinity: no limit). */
  maxPuzzles: number;
  /** Stage-1 worker threads. */
  threads: number;
  errors: string | undefined;
  /** The run's summary as JSON. */
  summary: string | undefined;
  /** Every candidate with the engine's verdict, as JSON Lines. */
  candidates: string | undefined;
  /** No stage 1: the engine judges every position after a move (slow; shows what stage 1 saves). */
  everyPosition: boolean;
  maxGameBytes: number;
  batchGames: number;
  quiet: boolean;
  progress: boolean;
  warnings: string[];
}

export const OPTIONS = {
  output: { type: 'string', short: 'o' },
  format: { type: 'string', short: 'f', default: 'csv' },
  engine: { type: 'string' },
  'engine-procs': { type: 'string' },
  nodes: { type: 'string' },
  'probe-nodes': { type: 'string' },
  'screen-nodes': { type: 'string' },
  gap: { type: 'string' },
  'max-puzzles': { type: 'string' },
  threads: { type: 'string', short: 'j' },
  errors: { type: 'string' },
  summary: { type: 'string' },
  candidates: { type: 'string' },
  'every-position': { type: 'boolean' },
  'max-game-bytes': { type: 'string' },
  'batch-games': { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
  progress: { type: 'boolean' },
  'no-progress': { type: 'boolean' },
} as const;

/** Default stage-2 search and probe sizes (docs/design.md §12). */
export const DEFAULT_NODES = 1_000_000;
export const DEFAULT_PROBE_NODES = 100_000;
export const DEFAULT_SCREEN_NODES = 5_000;
/** The most nodes a search is asked for: 10 billion, hours of one core (a deadline of 55 hours). */
export const MAX_NODES = 10_000_000_000;
/**
 * The fewest: below, Stockfish may stop before its second line, which stage 2 takes for an engine that
 * fails (at 10 nodes 17 of 748 searches had one line; at 100, none of 9,270 on the bundled sample).
 */
export const MIN_NODES = 100;

export function parsePuzzles(args: string[]): PuzzleCommand {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: OPTIONS });
  if (positionals.length === 0) throw new UsageError('puzzles: no input: give one or more PGN files, or - for stdin');
  const format = values.format as PuzzleFormatName;
  if (!PUZZLE_FORMATS.includes(format)) throw new UsageError(`puzzles: unknown format "${values.format}" (${PUZZLE_FORMATS.join(', ')})`);
  if (values['every-position'] === true && values.engine === 'none')
    throw new UsageError('puzzles: --every-position needs an engine: without stage 1 only the engine can judge');
  const quiet = values.quiet === true;
  const warnings: string[] = [];
  const nodes = positiveInt(values.nodes, '--nodes', DEFAULT_NODES, MAX_NODES, MIN_NODES);
  return {
    inputs: positionals,
    output: values.output,
    format,
    engine: values.engine === 'none' ? null : values.engine,
    engineProcs: cappedCount(values['engine-procs'], '--engine-procs', 'engine processes', defaultThreads(), warnings),
    nodes,
    probeNodes: Math.min(nodes, positiveInt(values['probe-nodes'], '--probe-nodes', DEFAULT_PROBE_NODES, MAX_NODES, MIN_NODES)),
    screenNodes: screenNodesOf(values['screen-nodes']),
    gap: gapOf(values.gap),
    maxPuzzles: positiveInt(values['max-puzzles'], '--max-puzzles', Infinity),
    threads: threadCount(values.threads, warnings),
    errors: values.errors,
    summary: values.summary,
    candidates: values.candidates,
    everyPosition: values['every-position'] === true,
    maxGameBytes: positiveInt(values['max-game-bytes'], '--max-game-bytes', DEFAULT_MAX_GAME_BYTES, MAX_GAME_BYTES_LIMIT),
    batchGames: positiveInt(values['batch-games'], '--batch-games', 64),
    quiet,
    progress: !quiet && values['no-progress'] !== true && (values.progress === true || process.stderr.isTTY === true),
    warnings,
  };
}

/** --screen-nodes: 0 turns the screen off, else a search size as --nodes. */
function screenNodesOf(text: string | undefined): number {
  if (text?.trim() === '0') return 0;
  return positiveInt(text, '--screen-nodes', DEFAULT_SCREEN_NODES, MAX_NODES, MIN_NODES);
}

/** --gap: a win-chance difference, above 0 and below 2 (the scale runs from -1 to 1). */
function gapOf(text: string | undefined): number {
  if (text === undefined) return DEFAULT_GAP;
  const gap = /^\d*\.?\d+$/.test(text) ? Number(text) : NaN;
  if (!(gap > 0 && gap < 2))
    throw new UsageError(`puzzles: --gap must be a number above 0 and below 2 (a win-chance difference), not "${text}"`);
  return gap;
}
