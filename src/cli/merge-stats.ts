// `pgn-xray merge-stats FILE... [-o FILE] [--report FILE.html]`: the sum of statistics files (of shards,
// of months), equal to the statistics of one run over all their inputs (docs/design.md §11, §13). Every file
// is read and checked before any output is opened, so a refused merge leaves the outputs as they were.
// Warnings (shards missing, runs that cannot be checked) are printed even with -q: they say the sum is
// not what it may seem.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { EXIT, UsageError } from '../errors.js';
import { mergeStatsFiles } from '../stats/merge.js';
import { summaryTable } from '../report/summary.js';
import { checkOutputs } from './output-identity.js';
import { openWriters, STDIO } from './outputs.js';
import { writeStatsFiles } from './stats-files.js';
import { version } from './usage.js';

export const OPTIONS = {
  output: { type: 'string', short: 'o' },
  report: { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
} as const;

/** Refuses a file named twice (under any spelling of its path): its games would count twice. */
function checkDistinct(paths: string[]): void {
  const seen = new Map<string, string>();
  for (const p of paths) {
    const before = seen.get(resolve(p));
    if (before !== undefined)
      throw new UsageError(
        `merge-stats: ${before === p ? `${p} is given twice` : `${before} and ${p} are the same file`}: its games would count twice`,
      );
    seen.set(resolve(p), p);
  }
}

export async function runMergeStats(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: OPTIONS });
  if (positionals.length === 0) throw new UsageError('merge-stats: give one or more statistics files (written by --stats)');
  const outputs = { out: values.output ?? STDIO, report: values.report };
  checkOutputs(positionals, Object.values(outputs));
  checkDistinct(positionals);
  const { stats, warnings } = mergeStatsFiles(positionals, version());
  for (const w of warnings)
    process.stderr.write(`pgn-xray: ${w}
`);
  const { out, report } = await openWriters(positionals, outputs);
  await writeStatsFiles(stats, out, report);
  if (values.quiet !== true) process.stderr.write(summaryTable(stats));
  return EXIT.ok;
}
