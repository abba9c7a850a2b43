// merge-stats' core (DESIGN.md §11, §13): statistics files read and checked — a file of another
// statistics version is refused, never half-added — then added key by key. The result carries no `run`:
// run metadata describes one run and is not merged.
import { readFileSync } from 'node:fs';
import { osReason, UsageError, XrayError } from '../errors.js';
import { Stats, STATS_VERSION, type StatsJSON } from '../output/stats.js';

/** A statistics file as written by --stats, its version checked. */
export function readStatsFile(path: string): StatsJSON {
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
  return json as StatsJSON;
}

function checkVersion(path: string, json: unknown): void {
  const o = json as Partial<StatsJSON> | null;
  if (o === null || typeof o !== 'object' || typeof o.games !== 'number') throw new UsageError(`${path} is not a pgn-xray statistics file (no "games" count)`);
  if (o.version === STATS_VERSION) return;
  const was = o.version === undefined ? 'has statistics of version 1 (no "version" field: written before per-dimension statistics)' : `has statistics of version ${JSON.stringify(o.version)}`;
  throw new UsageError(`${path} ${was}; this pgn-xray merges version ${STATS_VERSION} only: run pgn-xray --stats again on its games`);
}

/** The sum of statistics objects (any `run` dropped); a malformed entry names its file. */
export function mergeStats(files: { path: string; stats: StatsJSON }[]): StatsJSON {
  const total = new Stats();
  for (const f of files) {
    try {
      total.merge(f.stats);
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      throw new UsageError(`${f.path} is not a valid statistics file: ${e.message}`);
    }
  }
  return total.toJSON();
}
