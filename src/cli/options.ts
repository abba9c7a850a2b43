// The analyze command's options, parsed and checked before anything is read (docs/design.md §6a).
import { parseArgs } from 'node:util';
import { UsageError } from '../errors.js';
import { ALL_MOTIFS, parseMotifFilter, type MotifFilter } from '../motifs/filter.js';
import { OUTPUT_FORMATS, OUTPUT_KINDS, TAGGED_FORMATS, type OutputFormat } from '../output/kinds.js';
import { DEFAULT_MAX_GAME_BYTES } from '../pgn/splitter.js';
import { compileWhere, type CompiledQuery } from '../query/compile.js';
import { defaultThreads } from '../pipeline/run.js';
import { checkShardable, parseShard, type Shard } from '../input/shard.js';
import { parseGroupBy } from '../stats/group-by.js';
import { maxThreads } from './threads.js';

export interface AnalyzeCommand {
  inputs: string[];
  output: string | undefined;
  format: OutputFormat;
  allPositions: boolean;
  filter: MotifFilter;
  threads: number;
  stats: string | undefined;
  errors: string | undefined;
  /** The games table: one JSON line per game. */
  games: string | undefined;
  /** --shard I/N: only the I-th of N byte ranges of each input. */
  shard: Shard | null;
  /** The statistics report (HTML). */
  report: string | undefined;
  maxGameBytes: number;
  /** --batch-games as given; absent: the run's default sizes (run.ts). */
  batchGames: number | undefined;
  strict: boolean;
  verify: boolean;
  quiet: boolean;
  progress: boolean;
  /** --where: the compiled query (a syntax error is a UsageError, exit 2), or null. */
  where: CompiledQuery | null;
  /** Said on stderr before the run (e.g. a thread count lowered to the maximum). */
  warnings: string[];
  /** PGN tags copied into every record (--tags); empty when none. */
  tags: string[];
  /** Tactic verdicts and found/missed (on unless --no-tactics). */
  tactics: boolean;
  /** --group-by: the dimensions the statistics add (parseGroupBy); empty when none. */
  groupBy: string[];
  /** --player: a player's names (accounts); only their games are analysed; empty when none. */
  player: string[];
}

export const OPTIONS = {
  output: { type: 'string', short: 'o' },
  format: { type: 'string', short: 'f', default: 'jsonl' },
  'all-positions': { type: 'boolean' },
  motifs: { type: 'string' },
  threads: { type: 'string', short: 'j' },
  stats: { type: 'string' },
  errors: { type: 'string' },
  games: { type: 'string' },
  shard: { type: 'string' },
  report: { type: 'string' },
  'max-game-bytes': { type: 'string' },
  strict: { type: 'boolean' },
  verify: { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' },
  progress: { type: 'boolean' },
  'no-progress': { type: 'boolean' },
  'batch-games': { type: 'string' },
  where: { type: 'string' },
  tags: { type: 'string' },
  'no-tactics': { type: 'boolean' },
  'group-by': { type: 'string', multiple: true },
  player: { type: 'string', multiple: true },
} as const;

/** The most a count option takes when nothing smaller bounds it: past the int32 range, 32-bit code would wrap it. */
export const MAX_COUNT = 2 ** 31 - 1;

/** The most --max-game-bytes takes: 1 GiB, far past any real game, well inside the tokenizer's 32-bit memory. */
export const MAX_GAME_BYTES_LIMIT = 2 ** 30;

/**
 * A whole-number option from `min` to `max`. A fraction, NaN, a negative or a value past `max` (1e12, 2^53 + 1,
 * which Number() would round) is a usage error naming the range: never rounded, clamped or wrapped.
 */
export function positiveInt(text: string | undefined, name: string, dflt: number, max = MAX_COUNT, min = 1): number {
  if (text === undefined) return dflt;
  const n = Number(text);
  if (text.trim() === '' || !Number.isInteger(n) || n < min || n > max) {
    throw new UsageError(`${name} needs a whole number from ${min} to ${max.toLocaleString('en')}, got "${text}"`);
  }
  return n;
}

function motifFilter(list: string | undefined): MotifFilter {
  if (list === undefined) return ALL_MOTIFS;
  try {
    return parseMotifFilter(list);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

/** The worker thread count asked for, lowered to the maximum with a warning. */
export function threadCount(text: string | undefined, warnings: string[]): number {
  return cappedCount(text, '-j', 'threads', defaultThreads(), warnings);
}

/**
 * A count of threads or processes (`what`), at most twice the cores: more only costs memory (-j 1000 once took
 * 11.7 GB; a thousand engines hung the machine), so a larger one is lowered to that with a warning.
 */
export function cappedCount(text: string | undefined, name: string, what: string, dflt: number, warnings: string[]): number {
  const asked = positiveInt(text, name, dflt);
  const max = maxThreads();
  if (asked <= max) return asked;
  warnings.push(`pgn-xray: ${name} ${asked} is more than this machine can use; using ${max} ${what} (twice its ${defaultThreads()} cores)`);
  return max;
}

/** --shard, checked against every input before anything is read. */
function shardOf(text: string | undefined, inputs: string[]): Shard | null {
  if (text === undefined) return null;
  const shard = parseShard(text);
  for (const input of inputs) checkShardable(input);
  return shard;
}

/** The --tags list: PGN tag names (symbols), each once, in the order given. */
function tagList(list: string | undefined, format: OutputFormat): string[] {
  if (list === undefined) return [];
  const names = [...new Set(list.split(',').map((t) => t.trim()))];
  for (const t of names) if (!/^[A-Za-z0-9][A-Za-z0-9_+#=:-]*$/.test(t)) throw new UsageError(`--tags: "${t}" is not a PGN tag name`);
  if (!OUTPUT_KINDS[format].tags) throw new UsageError(`--tags: -f ${format} has no place for tags (${TAGGED_FORMATS.join(', ')})`);
  const clash = names.find((t) => OUTPUT_KINDS[format].reserved.some((c) => c === t.toLowerCase()));
  if (clash !== undefined) throw new UsageError(`--tags: "${clash}" would be a second ${OUTPUT_KINDS[format].title} column of that name`);
  return names;
}

/** --player's names, each as given (a name may hold a comma: "Carlsen, Magnus"); a blank one is a usage error. */
function playerNames(names: readonly string[]): string[] {
  for (const n of names) if (n.trim() === '') throw new UsageError('--player needs a name (the White or Black tag of their games)');
  return [...names];
}

/** A format written at file offsets and finished by its footer (Parquet) needs a file, not stdout. */
function checkFile(format: OutputFormat, output: string | undefined): void {
  if (OUTPUT_KINDS[format].file && (output === undefined || output === '-'))
    throw new UsageError(`-f ${format} needs -o FILE (a ${OUTPUT_KINDS[format].title} file cannot go to stdout)`);
}

export function parseAnalyze(args: string[]): AnalyzeCommand {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: OPTIONS });
  if (positionals.length === 0) throw new UsageError('no input: give one or more PGN/EPD files, or - for stdin');
  const format = values.format as OutputFormat;
  if (!OUTPUT_FORMATS.includes(format)) throw new UsageError(`unknown format "${values.format}" (${OUTPUT_FORMATS.join(', ')})`);
  checkFile(format, values.output);
  const quiet = values.quiet === true;
  const warnings: string[] = [];
  return {
    inputs: positionals,
    output: values.output,
    format,
    allPositions: values['all-positions'] === true,
    filter: motifFilter(values.motifs),
    threads: threadCount(values.threads, warnings),
    stats: values.stats,
    errors: values.errors,
    games: values.games,
    shard: shardOf(values.shard, positionals),
    report: values.report,
    maxGameBytes: positiveInt(values['max-game-bytes'], '--max-game-bytes', DEFAULT_MAX_GAME_BYTES, MAX_GAME_BYTES_LIMIT),
    batchGames: values['batch-games'] === undefined ? undefined : positiveInt(values['batch-games'], '--batch-games', 1),
    strict: values.strict === true,
    verify: values.verify === true,
    quiet,
    progress: !quiet && values['no-progress'] !== true && (values.progress === true || process.stderr.isTTY === true),
    where: values.where === undefined ? null : compileWhere(values.where, values['no-tactics'] === true ? '--no-tactics' : null),
    warnings,
    tags: tagList(values.tags, format),
    tactics: values['no-tactics'] !== true,
    groupBy: parseGroupBy(values['group-by'] ?? []),
    player: playerNames(values.player ?? []),
  };
}
