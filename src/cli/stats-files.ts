// The statistics outputs shared by analyze and merge-stats: the --stats JSON and the --report page.
import { randomBytes } from 'node:crypto';
import type { InputIdentity, RunInfo, StatsJSON } from '../stats/stats.js';
import { threadCpu } from '../pipeline/thread-cpu.js';
import { statsText } from '../stats/stats-text.js';
import type { RecordWriter } from './outputs.js';
import { version } from './usage.js';

const ms = (s: number): number => Math.round(s * 1000) / 1000;

/**
 * Run metadata for the statistics file (never added up): a random id, the inputs' identities, the analysis
 * time, the CPU time of the whole process so far, and, where known, that of the main thread and of each
 * worker (`workers`: their last reported figures).
 */
export function runInfo(inputs: InputIdentity[], seconds: number, workers: number[] = []): RunInfo {
  const cpu = process.cpuUsage();
  const main = threadCpu();
  const info: RunInfo = {
    id: randomBytes(16).toString('hex'),
    version: version(),
    inputs,
    seconds: ms(seconds),
    cpu: { user: ms(cpu.user / 1e6), system: ms(cpu.system / 1e6) },
  };
  if (main !== null) info.threads = { main: ms(main.seconds), workers: workers.map(ms) };
  return info;
}

/** Writes the statistics file and the report, each when asked for, and closes them; the report's code loads only then. */
export async function writeStatsFiles(
  stats: StatsJSON & { verify?: unknown },
  statsFile: RecordWriter | null,
  reportFile: RecordWriter | null,
): Promise<void> {
  if (statsFile !== null) {
    await statsFile.write(statsText(stats) + '\n');
    await statsFile.close();
  }
  if (reportFile !== null) {
    const { reportHtml } = await import('../report/html.js');
    await reportFile.write(await reportHtml(stats));
    await reportFile.close();
  }
}
