// What the statistics file records of each input (its `run.inputs`), so that merge-stats can refuse the
// same input counted twice and see shards missing, wherever and under whatever path the shards ran: the
// path as given, the size and a fingerprint of the bytes as stored, and the shard read. The fingerprint
// is SHA-256 over the first 64 KiB and the last 64 KiB (the whole file up to 128 KiB): two reads however
// large the file, and with the size it tells apart any two real game files (a monthly dump, its
// shards' source, another month). A file rewritten in its middle to the same size keeps its identity.
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';
import type { InputIdentity } from '../stats/stats.js';
import type { Shard } from '../input/shard.js';

const EDGE = 1 << 16;

/** The SHA-256 (hex) of a file's first and last EDGE bytes (ranges not overlapping), given its size. */
function fingerprint(fd: number, size: number): string {
  const hash = createHash('sha256');
  const buf = Buffer.allocUnsafe(EDGE);
  for (const [from, to] of [
    [0, Math.min(size, EDGE)],
    [Math.max(EDGE, size - EDGE), size],
  ]) {
    for (let at = from; at < to; ) {
      const n = readSync(fd, buf, 0, to - at, at);
      if (n === 0) throw new Error(`the file ended at byte ${at} of ${size}`);
      hash.update(buf.subarray(0, n));
      at += n;
    }
  }
  return hash.digest('hex');
}

/** The identity of one input: size and fingerprint for a regular file that reads, null for anything else. */
export function inputIdentity(path: string, shard: Shard | null): InputIdentity {
  const part = shard === null ? '1/1' : `${shard.index}/${shard.count}`;
  const id: InputIdentity = { path, size: null, fingerprint: null, shard: part };
  if (path === '-') return id;
  let fd = -1;
  try {
    if (!statSync(path).isFile()) return id; // a pipe or a FIFO is not opened here: that could block or take its bytes
    fd = openSync(path, 'r');
    const size = fstatSync(fd).size;
    return { ...id, size, fingerprint: fingerprint(fd, size) };
  } catch {
    // unreadable: the run reports it as the input's failure
  } finally {
    if (fd >= 0) closeSync(fd);
  }
  return id;
}
