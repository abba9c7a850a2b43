// Progress on stderr, only when it is a TTY (or when asked): bytes read of the total (compressed bytes
// for compressed inputs), what the run counts (games, positions/s; candidates and puzzles) and the ETA
// that cli-progress derives from the bytes. cli-progress (a CommonJS package of some fifteen modules) is
// required only when a bar is shown: `-q`, `--no-progress` and a redirected stderr do not pay for loading it.
import type cliProgress from 'cli-progress';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The analysis's figures after the bytes: `{name}` fields filled by update() or show(). */
const ANALYSIS_FIELDS = '{games} games | {pps} positions/s';

export class Progress {
  private readonly bar: cliProgress.SingleBar | null;
  private readonly t0 = performance.now();

  constructor(enabled: boolean, totalBytes: number | null, fields = ANALYSIS_FIELDS) {
    if (!enabled) {
      this.bar = null;
      return;
    }
    const known = totalBytes !== null && totalBytes > 0;
    const bars = require('cli-progress') as typeof cliProgress;
    this.bar = new bars.SingleBar(
      {
        stream: process.stderr,
        format: known ? `{bar} {percentage}% | {mb}/{totalMb} MB | ${fields} | ETA {eta_formatted}` : `{mb} MB | ${fields}`,
        hideCursor: true,
        etaBuffer: 50,
        fps: 5,
        noTTYOutput: !process.stderr.isTTY,
      },
      bars.Presets.shades_classic,
    );
    const zeros = Object.fromEntries([...fields.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], 0]));
    this.bar.start(known ? totalBytes : 1, 0, { mb: '0.0', totalMb: known ? (totalBytes / 1e6).toFixed(1) : '?', ...zeros });
  }

  update(bytes: number, games: number, positions: number): void {
    this.show(bytes, { games, pps: this.perSecond(positions) });
  }

  /** Draws the bar at `bytes` with these values of its fields. */
  show(bytes: number, values: Record<string, string | number>): void {
    this.bar?.update(bytes, { mb: (bytes / 1e6).toFixed(1), ...values });
  }

  /**
   * A count since the start as a rate per second, for the bar; '' without a bar, where nothing shows it
   * (the first toLocaleString loads ICU's number formats: start-up time for nothing).
   */
  perSecond(n: number): string {
    if (this.bar === null) return '';
    return Math.round(n / Math.max((performance.now() - this.t0) / 1000, 1e-3)).toLocaleString('en');
  }

  /** Prints a line above the bar (which the next update draws again), or just the line without a bar. */
  log(line: string): void {
    process.stderr.write(this.bar === null ? `${line}\n` : `\r\x1b[2K${line}\n`);
  }

  stop(): void {
    this.bar?.stop();
  }
}

/** The bytes read over all inputs, for the progress bar. */
export function byteCounter(): { onBytes: (input: number, bytes: number) => void; total: () => number } {
  let before = 0;
  let current = -1;
  let now = 0;
  return {
    onBytes: (input, bytes) => {
      if (input !== current) {
        before += now;
        current = input;
      }
      now = bytes;
    },
    total: () => before + now,
  };
}
