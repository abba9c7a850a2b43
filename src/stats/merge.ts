// merge-stats' core (docs/design.md §11, §13): statistics files read, checked and added key by key — a file
// of another statistics version, a count that is no count, a key the format does not have, a run or an
// input counted twice are refused before anything is written (stats-check.ts, provenance.ts). The
// result's `run` lists the runs added up, so that merging merged files still finds an input counted
// twice.
import { readFileSync } from 'node:fs';
import { osReason, UsageError, XrayError } from '../errors.js';
import { specOf, Stats, STATS_VERSION, type MergedRunInfo, type StatsJSON, type StatsSpec } from './stats.js';
import { checkProvenance, type FileRuns } from './provenance.js';
import { checkCounts, runsOf } from './stats-check.js';

/** A statistics file as written by --stats or merge-stats, checked, with the runs it adds up. */
interface StatsFile extends FileRuns {
  stats: StatsJSON;
}

/** Reads and checks a statistics file: its version, every count and key, and its run record. */
function readStatsFile(path: string): StatsFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new XrayError('input-io', `cannot read ${path}: ${osReason(e)}`, path);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${path} is not a statistics file: ${(e as Error).message}`);
  }
  checkVersion(path, json);
  checkCounts(path, json);
  const stats = json as StatsJSON;
  return { path, stats, runs: runsOf(path, stats.run) };
}

/** The --where query a file's counts are the matches of (null: every position), its shape checked. */
function whereOf(path: string, stats: StatsJSON): string | null {
  const w = stats.where;
  if (w === undefined) return null;
  if (typeof w?.query !== 'string') throw new UsageError(`${path}: "where" must hold the query as text`);
  return w.query;
}

function describeWhere(where: string | null): string {
  return where === null ? 'every position' : `the matches of --where ${JSON.stringify(where)}`;
}

/** What a file counts besides the standing figures, its player's names checked: a list of text. */
function spec(path: string, stats: StatsJSON): StatsSpec {
  const names: unknown = stats.player?.names;
  if (stats.player !== undefined && (!Array.isArray(names) || names.length === 0 || !names.every((n) => typeof n === 'string')))
    throw new UsageError(`${path}: player.names must list the player's names as text`);
  return specOf(stats);
}

/** What two files' specs differ in, for a refusal, or null when they add up. */
function specDiffers(a: StatsSpec, b: StatsSpec): string | null {
  const same = (x: readonly string[] = [], y: readonly string[] = []): boolean =>
    x.length === y.length && x.every((v) => y.includes(v)) && y.every((v) => x.includes(v));
  const group = (s: StatsSpec): string => (s.groupBy?.length ? `--group-by ${s.groupBy.join(',')}` : 'no --group-by');
  if (!same(a.groupBy, b.groupBy)) return `${group(a)}, against ${group(b)}: statistics grouped by different fields do not add up`;
  const lower = (s: StatsSpec): string[] => (s.player ?? []).map((n) => n.toLowerCase());
  const player = (s: StatsSpec): string => (s.player?.length ? `--player ${s.player.join(', ')}` : 'every player');
  if (!same(lower(a), lower(b))) return `${player(a)}, against ${player(b)}: statistics of different players do not add up`;
  return null;
}

function checkVersion(path: string, json: unknown): void {
  const o = json as Partial<StatsJSON> | null;
  if (o === null || typeof o !== 'object' || !('games' in o))
    throw new UsageError(`${path} is not a pgn-xray statistics file (no "games" count)`);
  if (o.version === STATS_VERSION) return;
  const was =
    o.version === undefined
      ? 'has statistics of version 1 (no "version" field: written before per-dimension statistics)'
      : `has statistics of version ${JSON.stringify(o.version)}`;
  throw new UsageError(`${path} ${was}; this pgn-xray merges version ${STATS_VERSION} only: run pgn-xray --stats again on its games`);
}

/**
 * A warning for files without picked positions (`what`: example positions, the player's misses) among files
 * with them: the merged ones miss their games.
 */
function pickedWarnings(without: string[], files: number, what: string): string[] {
  if (without.length === 0 || without.length === files) return [];
  return [`${without.join(', ')}: no ${what} (written before they were kept): the merged ${what} are of the other files' games only`];
}

/**
 * The sum of the statistics files at these paths, each read and checked, its `run` listing every run
 * added up (`version`: the merging pgn-xray's); throws a UsageError for a file that does not pass, a
 * run or an input counted twice, or a sum past 2^53 − 1. Each file is added as it is read, so that only
 * the runs of the files stay in memory. The warnings: inputs whose shards do not all come in, runs that
 * cannot be checked, files without example positions among files with them.
 */
export function mergeStatsFiles(paths: string[], version: string): { stats: StatsJSON; warnings: string[] } {
  let total = new Stats();
  const files: FileRuns[] = [];
  let first: { path: string; where: string | null; spec: StatsSpec } | null = null;
  const withoutExamples: string[] = [];
  const withoutMisses: string[] = [];
  for (const path of paths) {
    const f = readStatsFile(path);
    const where = whereOf(path, f.stats);
    const counted = spec(path, f.stats);
    if (first === null) {
      first = { path, where, spec: counted };
      total = new Stats(counted);
    }
    if (where !== first.where)
      throw new UsageError(
        `${path} counts ${describeWhere(where)}, ${first.path} ${describeWhere(first.where)}: statistics of different subsets do not add up`,
      );
    const differs = specDiffers(counted, first.spec);
    if (differs !== null) throw new UsageError(`${path} has ${differs} (${first.path})`);
    total.merge(f.stats);
    files.push({ path, runs: f.runs });
    if (f.stats.examples === undefined) withoutExamples.push(path);
    if (f.stats.player !== undefined && f.stats.player.misses === undefined) withoutMisses.push(path);
  }
  const warnings = [
    ...checkProvenance(files),
    ...total.foldWarnings(),
    ...pickedWarnings(withoutExamples, paths.length, 'example positions'),
    ...pickedWarnings(withoutMisses, paths.length, "player's misses"),
  ];
  const stats = total.toJSON();
  checkCounts('the sum of these files', stats);
  const run: MergedRunInfo = { version, merged: files.flatMap((f) => f.runs) };
  return { stats: { ...stats, run }, warnings };
}
