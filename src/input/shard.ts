// --shard I/N (docs/design.md §13): the I-th of N byte ranges of an uncompressed, seekable input, cut at game
// starts that every shard finds the same way, so that the N shards together analyse every game once.
//
// A range starts at byte X = ⌊size × (I − 1) / N⌋, which may fall anywhere: inside a tag section, a
// comment (perhaps one quoting a whole game), a move. The splitter itself, started at X as if between
// games, reads fragments until it has passed two games in a row that it saw end at their termination
// markers (one is not enough: a comment may quote a game with its result); from the next game start on
// it is in step with a splitter that read from the beginning. That start is the
// range's sync point S(X); shard I reads [S(X_I), S(X_I+1)), and the previous shard reads on to the same
// S(X_I). Sync points are made non-decreasing (each is at least the one before) so ranges never overlap.
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { UsageError } from '../errors.js';
import { GameSplitter, type RawGame } from '../pgn/splitter.js';
import { inputIoError } from './input-error.js';
import { detectCompression } from './source.js';

export interface Shard {
  /** 1-based. */
  index: number;
  count: number;
}

/**
 * The most shards an input is cut into: far past any cluster, while finding shard I's range costs I sync
 * points (2147483647/2147483647 once ran for hours, and a signal did not stop it).
 */
export const MAX_SHARDS = 10_000;

/** Reads "I/N" (1 ≤ I ≤ N). */
export function parseShard(text: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(text);
  const index = m ? Number(m[1]) : 0;
  const count = m ? Number(m[2]) : 0;
  if (!m || index < 1 || count < 1 || index > count || count > MAX_SHARDS) {
    throw new UsageError(`--shard needs I/N with 1 ≤ I ≤ N ≤ ${MAX_SHARDS.toLocaleString('en')}, got "${text}"`);
  }
  return { index, count };
}

const CHUNK = 1 << 16;

const PIPE_HINT = 'e.g. zstd -dc big.pgn.zst | parallel --pipe --recstart "[Event " pgn-xray - (see the README)';

/** Refuses (exit 2) an input --shard cannot cut: stdin, a pipe, a compressed file. */
export function checkShardable(path: string): void {
  if (path === '-') throw new UsageError(`--shard needs a seekable uncompressed file, not stdin; ${PIPE_HINT}`);
  let fd: number;
  try {
    if (!statSync(path).isFile())
      throw new UsageError(`--shard needs a seekable uncompressed file: ${path} is not a regular file; ${PIPE_HINT}`);
    fd = openSync(path, 'r');
  } catch (e) {
    if (e instanceof UsageError) throw e;
    return; // unreadable: reported as the input's failure when it is read
  }
  const head = new Uint8Array(4096);
  const n = readSync(fd, head, 0, head.length, 0);
  closeSync(fd);
  const compression = detectCompression(path, head.subarray(0, n));
  if (compression !== 'none')
    throw new UsageError(`--shard needs a seekable uncompressed file: ${path} is ${compression}-compressed; ${PIPE_HINT}`);
}

/** Games in a row seen ending at their termination markers before the splitter is trusted. */
const SYNC_GAMES = 2;

/** The first game start after SYNC_GAMES games in a row ended at their markers, reading from x; size if none. */
export async function syncPoint(fh: FileHandle, x: number, size: number): Promise<number> {
  const splitter = new GameSplitter();
  let run = 0;
  let found = -1;
  const onGame = (g: RawGame): void => {
    if (found >= 0) return;
    if (run >= SYNC_GAMES) found = x + g.offset;
    else run = g.terminated === true ? run + 1 : 0;
  };
  const buf = new Uint8Array(CHUNK);
  for (let at = x; at < size && found < 0; ) {
    const { bytesRead } = await fh.read(buf, 0, Math.min(CHUNK, size - at), at);
    if (bytesRead === 0) break;
    splitter.push(buf.subarray(0, bytesRead), onGame);
    at += bytesRead;
  }
  if (found < 0) splitter.end(onGame);
  return found >= 0 ? found : size;
}

/** The byte range [start, end) of a file that shard I/N analyses. */
export async function shardRange(fh: FileHandle, size: number, shard: Shard): Promise<[number, number]> {
  let start = 0;
  let end = 0;
  // every sync point up to this shard's end, each at least the one before: the same in every shard
  for (let k = 1; k <= shard.index; k++) {
    const x = Math.floor((size * k) / shard.count);
    end = k === shard.count ? size : Math.max(end, await syncPoint(fh, x, size));
    if (k === shard.index - 1) start = end;
  }
  return [Math.min(start, end), end];
}

/**
 * The bytes of shard I/N of a file, in chunks; `onStart` is told the range's first byte before any chunk. A
 * file that cannot be opened or read is the input's failure (input-io), as for a whole file.
 */
export async function* readShard(
  path: string,
  shard: Shard,
  onStart: (offset: number) => void,
  onBytes?: (n: number) => void,
): AsyncGenerator<Uint8Array> {
  let fh: FileHandle;
  try {
    fh = await open(path, 'r');
  } catch (e) {
    throw inputIoError(path, e);
  }
  try {
    const size = (await fh.stat()).size;
    const [start, end] = await shardRange(fh, size, shard);
    onStart(start);
    for (let at = start; at < end; ) {
      const buf = new Uint8Array(Math.min(1 << 18, end - at));
      const { bytesRead } = await fh.read(buf, 0, buf.length, at);
      if (bytesRead === 0) break;
      at += bytesRead;
      onBytes?.(at - start);
      yield buf.subarray(0, bytesRead);
    }
  } catch (e) {
    throw inputIoError(path, e);
  } finally {
    await fh.close().catch(() => {});
  }
}
