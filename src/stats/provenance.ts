// What merge-stats adds up, checked from the runs the files list (stats-check.ts runsOf): a run merged
// twice (the same file given twice, or a file and a merge that holds it) and an input counted twice (the
// same shard of the same input, or the whole input twice, under any path) are refused; an input whose
// shards do not all come in (7 of 8) is a warning. An input is known by its size and fingerprint, so
// shards made on other machines, under other paths, still meet; inputs without them (stdin, a pipe) are
// known by their run's id alone. Shards of one input with different counts N are refused too: their
// byte ranges are cut at different game starts, so they overlap or leave gaps.
import { UsageError } from '../errors.js';
import type { InputIdentity, RunRecord } from './stats.js';
import { shardParts } from './stats-check.js';

/** A statistics file's runs, as merge-stats read them. */
export interface FileRuns {
  path: string;
  runs: RunRecord[];
}

/** One input of one run, where it was found. */
interface Seen {
  file: string;
  input: InputIdentity;
  index: number;
  count: number;
}

/** How a message names an input read by a run: its path and part, and the statistics file. */
function where(s: Seen): string {
  return `${s.input.path} (${s.count === 1 ? 'whole' : `shard ${s.index}/${s.count}`}) in ${s.file}`;
}

/** Runs with ids: the same id twice is refused. */
function checkRunIds(files: FileRuns[]): void {
  const seen = new Map<string, string>();
  for (const f of files) {
    for (const r of f.runs) {
      if (r.id === null) continue;
      const before = seen.get(r.id);
      if (before === f.path) throw new UsageError(`merge-stats: ${f.path} lists run ${r.id} twice: its games would count twice`);
      if (before !== undefined)
        throw new UsageError(`merge-stats: ${before} and ${f.path} both hold run ${r.id}: its games would count twice`);
      seen.set(r.id, f.path);
    }
  }
}

/** Identified inputs by identity (size and fingerprint): each run's input with its shard. */
function byIdentity(files: FileRuns[]): Map<string, Seen[]> {
  const out = new Map<string, Seen[]>();
  for (const f of files) {
    for (const r of f.runs) {
      for (const input of r.inputs) {
        const parts = input.shard === null ? null : shardParts(input.shard);
        if (input.fingerprint === null || parts === null) continue;
        const key = `${input.size}:${input.fingerprint}`;
        const list = out.get(key) ?? [];
        list.push({ file: f.path, input, index: parts[0], count: parts[1] });
        out.set(key, list);
      }
    }
  }
  return out;
}

/** The shards of one input: refused when two are the same or of different counts; a warning when some are missing. */
function checkShards(seen: Seen[]): string | null {
  const first = seen[0];
  const have = new Map<number, Seen>();
  for (const s of seen) {
    if (s.count !== first.count && (s.count === 1 || first.count === 1)) {
      throw new UsageError(`merge-stats: the same input twice: ${where(first)} and ${where(s)}: the shard's games would count twice`);
    }
    if (s.count !== first.count) {
      throw new UsageError(
        `merge-stats: ${where(first)} and ${where(s)} come from different --shard counts: their games overlap or leave gaps; merge the shards of one count`,
      );
    }
    const same = have.get(s.index);
    if (same !== undefined)
      throw new UsageError(`merge-stats: the same input twice: ${where(same)} and ${where(s)}: its games would count twice`);
    have.set(s.index, s);
  }
  if (have.size === first.count) return null;
  const missing: string[] = [];
  for (let i = 1; i <= first.count && missing.length <= 10; i++) if (!have.has(i)) missing.push(`${i}/${first.count}`);
  const list = missing.length > 10 ? `${missing.slice(0, 10).join(', ')}, …` : missing.join(', ');
  return `${first.input.path}: ${have.size} of its ${first.count} shards merged (missing ${list}): these statistics do not cover the whole input`;
}

/**
 * Checks what the files add up: throws a UsageError for a run or an input counted twice; returns the
 * warnings (inputs not wholly covered, runs that cannot be checked), one line each.
 */
export function checkProvenance(files: FileRuns[]): string[] {
  checkRunIds(files);
  const warnings: string[] = [];
  for (const seen of byIdentity(files).values()) {
    const w = checkShards(seen);
    if (w !== null) warnings.push(w);
  }
  for (const f of files) {
    const unknown = f.runs.filter((r) => r.id === null).length;
    if (unknown > 0)
      warnings.push(
        `${f.path}: ${unknown === 1 ? 'a run' : `${unknown} runs`} written before pgn-xray recorded what a run read: not checked for games counted twice`,
      );
  }
  return warnings;
}
