// What the split tools (split-bench, split-cost) share: an input read whole (zstd-decompressed when
// .zst) and cut into the decoder's chunks, this process's CPU time, and medians with their ranges.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decompress } from 'fzstd';

/** The largest corpus file (dist/test/tools -> the repository -> ../shared/corpus). */
export const BIG_FILE = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpus/games/lichess-jishanshaikh4.pgn.zst');

/** The zstd decoder hands out one block (128 KiB) at a time. */
export const CHUNK = 1 << 17;

/** The file's bytes, decompressed if .zst, in CHUNK-byte chunks. */
export function readChunks(path: string): { bytes: Uint8Array; chunks: Uint8Array[] } {
  const raw = readFileSync(path);
  const bytes = path.endsWith('.zst') ? decompress(raw) : new Uint8Array(raw);
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += CHUNK) chunks.push(bytes.subarray(i, i + CHUNK));
  return { bytes, chunks };
}

export { cpuMs } from '../bench/measure.js';

/** "median M (min–max)" of the values, rounded. */
export function summary(xs: number[]): string {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${s[s.length >> 1].toFixed(0)} (${s[0].toFixed(0)}–${s[s.length - 1].toFixed(0)})`;
}

/** The value following a `--name` argument (taken out of args), or the fallback. */
export function option(args: string[], name: string, fallback: string): string {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : fallback;
}
