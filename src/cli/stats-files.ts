// The statistics output of analyze: the --stats JSON with the run's metadata.
import type { RunInfo, StatsJSON } from '../output/stats.js';
import { statsText } from '../report/stats-text.js';
import type { RecordWriter } from './outputs.js';
import { version } from './usage.js';

/** Run metadata for the statistics file (never merged). */
export function runInfo(inputs: string[], seconds: number): RunInfo {
  return { version: version(), inputs, seconds: Math.round(seconds * 1000) / 1000 };
}

/** Writes the statistics file when asked for, and closes it. */
export async function writeStatsFile(stats: StatsJSON & { verify?: unknown }, statsFile: RecordWriter | null): Promise<void> {
  if (statsFile === null) return;
  await statsFile.write(statsText(stats) + '\n');
  await statsFile.close();
}
