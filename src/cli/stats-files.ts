// The statistics outputs shared by analyze and merge-stats: the --stats JSON and the --report page.
import type { RunInfo, StatsJSON } from '../output/stats.js';
import { reportHtml } from '../report/html.js';
import { statsText } from '../report/stats-text.js';
import type { RecordWriter } from './outputs.js';
import { version } from './usage.js';

/** Run metadata for the statistics file (never merged). */
export function runInfo(inputs: string[], seconds: number): RunInfo {
  return { version: version(), inputs, seconds: Math.round(seconds * 1000) / 1000 };
}

/** Writes the statistics file and the report, each when asked for, and closes them. */
export async function writeStatsFiles(stats: StatsJSON & { verify?: unknown }, statsFile: RecordWriter | null, reportFile: RecordWriter | null): Promise<void> {
  if (statsFile !== null) {
    await statsFile.write(statsText(stats) + '\n');
    await statsFile.close();
  }
  if (reportFile !== null) {
    await reportFile.write(await reportHtml(stats));
    await reportFile.close();
  }
}
