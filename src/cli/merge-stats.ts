// `pgn-xray merge-stats FILE... [-o FILE] [--report FILE.html]`: the sum of statistics files (of shards,
// of months), equal to the statistics of one run over all their inputs (DESIGN.md §11, §13). Every file
// is read and checked before any output is opened, so a refused merge leaves the outputs as they were.
import { parseArgs } from 'node:util';
import { EXIT, UsageError } from '../errors.js';
import { mergeStats, readStatsFile } from '../report/merge.js';
import { summaryTable } from '../report/summary.js';
import { checkOutputs, openOutput } from './outputs.js';
import { writeStatsFiles } from './stats-files.js';

export const OPTIONS = {
  output: { type: 'string', short: 'o' },
  report: { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
} as const;

export async function runMergeStats(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: OPTIONS });
  if (positionals.length === 0) throw new UsageError('merge-stats: give one or more statistics files (written by --stats)');
  checkOutputs(positionals, [values.output, values.report]);
  const merged = mergeStats(positionals.map((path) => ({ path, stats: readStatsFile(path) })));
  const out = await openOutput(values.output);
  const report = values.report !== undefined ? await openOutput(values.report) : null;
  await writeStatsFiles(merged, out, report);
  if (values.quiet !== true) process.stderr.write(summaryTable(merged));
  return EXIT.ok;
}
