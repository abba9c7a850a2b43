// Input sources: files (`.pgn`, `.pgn.gz`, `.pgn.zst`, `.epd`, `.fen`) or stdin (`-`), as a stream of
// decompressed byte chunks. Compression is found by magic bytes (gzip 1f 8b, zstd 28 b5 2f fd), so a
// mis-named file still reads; the extension is only a fallback for input too short to tell.
//
// Backpressure: everything here is a pull. A chunk is read from the file only when the consumer asks
// for the next decompressed chunk (through bounded stream buffers for gzip and the system zstd), so no
// input is ever read whole. Progress counts the bytes read from the file as stored (compressed bytes
// for compressed files), ending at the file size.
//
// Errors: a file that cannot be opened or read throws InputError (the path and the OS reason);
// corrupt or truncated compressed data throws CorruptInputError (the path and the offset reached).
import { open, type FileHandle } from 'node:fs/promises';
import { statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { CorruptInputError, decodeZstd, type ByteCounter, type ZstdMode } from './zstd.js';

export { readPositions, lineToFen, type PositionLine } from './epd.js';
export { CorruptInputError, findSystemZstd, resolveZstdMode, type ZstdMode } from './zstd.js';

export type Compression = 'none' | 'gzip' | 'zstd';

export interface ReadOptions {
  signal?: AbortSignal;
  /** Called after each read with the total bytes read so far from the input as stored (compressed). */
  onBytes?: (compressedBytesRead: number) => void;
  /** Zstandard decoder: 'auto' (the system binary when on PATH, else JS), 'system' or 'js'. */
  zstd?: ZstdMode;
  /** Bytes per file read (default 256 KiB). */
  chunkSize?: number;
}

/** A file that cannot be opened or read: names the path and the OS reason. */
export class InputError extends Error {
  constructor(
    readonly path: string,
    readonly code: string | undefined,
    reason: string,
  ) {
    super(`cannot read ${path}: ${reason}`);
    this.name = 'InputError';
  }
}

const DEFAULT_CHUNK = 1 << 18;

function inputName(path: string): string {
  return path === '-' ? 'stdin' : path;
}

function ioError(path: string, e: unknown): InputError {
  if (e instanceof InputError) return e;
  const err = e as NodeJS.ErrnoException;
  const code = typeof err?.code === 'string' ? err.code : undefined;
  const msg = err instanceof Error ? err.message : String(e);
  // Node writes "ENOENT: no such file or directory, open 'x.pgn'": keep the reason and the code
  const m = /^([A-Z0-9_]+): ([^,]+)/.exec(msg);
  const reason = m !== null ? `${m[2]} (${m[1]})` : msg;
  return new InputError(inputName(path), code, reason);
}

const COMPRESSED_EXT = /\.(gz|gzip|zst|zstd)$/i;

function compressionByName(path: string): Compression {
  if (/\.(gz|gzip)$/i.test(path)) return 'gzip';
  if (/\.(zst|zstd)$/i.test(path)) return 'zstd';
  return 'none';
}

function hasMagic(b: Uint8Array, magic: number[]): boolean {
  if (b.length < magic.length) return false;
  for (let i = 0; i < magic.length; i++) if (b[i] !== magic[i]) return false;
  return true;
}

/** Control bytes that text (UTF-8, Latin-1, CP437 with CR/LF/tab/FF/ESC) does not hold. */
function looksBinary(b: Uint8Array): boolean {
  const n = Math.min(b.length, 512);
  for (let i = 0; i < n; i++) {
    const c = b[i];
    if (c < 0x09 || (c > 0x0d && c < 0x20 && c !== 0x1b) || c === 0x7f) return true;
  }
  return false;
}

/**
 * Compression of an input by its first bytes (gzip 1f 8b, zstd 28 b5 2f fd or a zstd skippable
 * frame), else by its name: a file named `.gz`/`.zst` whose bytes read as text is taken as plain.
 */
export function detectCompression(path: string, firstBytes?: Uint8Array): Compression {
  if (firstBytes !== undefined) {
    if (hasMagic(firstBytes, [0x1f, 0x8b])) return 'gzip';
    if (hasMagic(firstBytes, [0x28, 0xb5, 0x2f, 0xfd])) return 'zstd';
    if (firstBytes.length >= 4 && (firstBytes[0] & 0xf0) === 0x50 && hasMagic(firstBytes.subarray(1), [0x2a, 0x4d, 0x18])) return 'zstd';
    if (!looksBinary(firstBytes)) return 'none';
  }
  return compressionByName(path);
}

const PLACEMENT = /^[1-8pnbrqkPNBRQK]+(\/[1-8pnbrqkPNBRQK]+){7}\s+[wbWB](\s|$)/;

/**
 * Whether an input holds games ('pgn') or one position per line ('epd', for `.epd` and `.fen`).
 * By name first (a compression suffix is looked through); a name that says neither (stdin, `.txt`)
 * is decided by the first non-blank, non-`#` line of the decompressed bytes: a FEN placement makes it 'epd'.
 */
export function detectKind(path: string, firstBytes?: Uint8Array): 'pgn' | 'epd' {
  const base = path.replace(COMPRESSED_EXT, '');
  if (/\.(epd|fen)$/i.test(base)) return 'epd';
  if (/\.pgn$/i.test(base)) return 'pgn';
  if (firstBytes === undefined) return 'pgn';
  const head = Buffer.from(firstBytes.buffer, firstBytes.byteOffset, Math.min(firstBytes.byteLength, 4096)).toString('latin1');
  for (const raw of head.replace(/^\u00ef\u00bb\u00bf/, '').split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    return PLACEMENT.test(line) ? 'epd' : 'pgn';
  }
  return 'pgn';
}

/** Sum of the input files' sizes, for progress; null when stdin or a pipe (no size) is among them. */
export function totalBytes(paths: string[]): number | null {
  let sum = 0;
  for (const p of paths) {
    if (p === '-') return null;
    try {
      const st = statSync(p);
      if (!st.isFile()) return null;
      sum += st.size;
    } catch {
      // a missing file is reported when it is read
    }
  }
  return sum;
}

async function* fileChunks(
  fh: FileHandle,
  path: string,
  counter: ByteCounter,
  opts: ReadOptions,
): AsyncGenerator<Uint8Array> {
  const size = opts.chunkSize ?? DEFAULT_CHUNK;
  try {
    for (;;) {
      opts.signal?.throwIfAborted();
      const buf = Buffer.allocUnsafe(size);
      let n: number;
      try {
        n = (await fh.read(buf, 0, size, null)).bytesRead;
      } catch (e) {
        throw ioError(path, e);
      }
      if (n === 0) break;
      counter.bytes += n;
      opts.onBytes?.(counter.bytes);
      yield n === size ? buf : buf.subarray(0, n);
    }
  } finally {
    await fh.close().catch(() => {});
  }
}

async function* streamChunks(
  stream: NodeJS.ReadableStream,
  name: string,
  counter: ByteCounter,
  opts: ReadOptions,
): AsyncGenerator<Uint8Array> {
  try {
    for await (const c of stream as AsyncIterable<Buffer | string>) {
      opts.signal?.throwIfAborted();
      const chunk = typeof c === 'string' ? Buffer.from(c, 'utf8') : c;
      if (chunk.length === 0) continue;
      counter.bytes += chunk.length;
      opts.onBytes?.(counter.bytes);
      yield chunk;
    }
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    throw ioError(name, e);
  }
}

/** Gunzip (concatenated members too) through zlib's stream, which pauses the reader when its buffer is full. */
async function* gunzip(src: AsyncIterable<Uint8Array>, name: string, counter: ByteCounter): AsyncGenerator<Uint8Array> {
  const gz = createGunzip();
  const feeder = Readable.from(src, { objectMode: false, highWaterMark: 1 << 16 });
  let readError: unknown = null;
  feeder.on('error', (e) => {
    readError = e;
    gz.destroy(e);
  });
  feeder.pipe(gz);
  let produced = 0;
  try {
    for await (const out of gz as AsyncIterable<Buffer>) {
      produced += out.length;
      yield out;
    }
  } catch (e) {
    if (readError !== null) throw readError;
    throw new CorruptInputError(name, 'gzip', counter.bytes, produced, (e as Error)?.message ?? String(e));
  } finally {
    feeder.unpipe(gz);
    gz.destroy();
    feeder.destroy();
  }
}

/** Reads the first bytes (at least 4 unless the input is shorter) without losing them. */
async function peek(it: AsyncIterator<Uint8Array>): Promise<{ head: Uint8Array[]; first: Uint8Array; done: boolean }> {
  const head: Uint8Array[] = [];
  let len = 0;
  while (len < 4) {
    const r = await it.next();
    if (r.done) break;
    head.push(r.value);
    len += r.value.length;
  }
  const first = head.length === 1 ? head[0] : Buffer.concat(head);
  return { head, first, done: len < 4 };
}

async function* decode(src: AsyncGenerator<Uint8Array>, path: string, counter: ByteCounter, opts: ReadOptions): AsyncGenerator<Uint8Array> {
  const name = inputName(path);
  try {
    const { head, first } = await peek(src);
    const raw = (async function* () {
      yield* head;
      yield* { [Symbol.asyncIterator]: () => src };
    })();
    const compression = detectCompression(path, first);
    const out =
      compression === 'gzip' ? gunzip(raw, name, counter) : compression === 'zstd' ? decodeZstd(raw, name, counter, opts.zstd) : raw;
    for await (const chunk of out) {
      opts.signal?.throwIfAborted();
      yield chunk;
    }
  } finally {
    await src.return(undefined);
  }
}

/**
 * The decompressed bytes of an input ('-' = stdin), read only as fast as they are consumed.
 * Throws InputError when the file cannot be read, CorruptInputError on bad compressed data.
 */
export async function* readInput(path: string, opts: ReadOptions = {}): AsyncGenerator<Uint8Array> {
  if (path === '-') {
    yield* readStream(process.stdin, opts, '-');
    return;
  }
  let fh: FileHandle;
  try {
    fh = await open(path, 'r');
  } catch (e) {
    throw ioError(path, e);
  }
  const counter: ByteCounter = { bytes: 0 };
  yield* decode(fileChunks(fh, path, counter, opts), path, counter, opts);
}

/** The decompressed bytes of a byte stream (stdin for '-'); compression is found by magic bytes. */
export async function* readStream(stream: NodeJS.ReadableStream, opts: ReadOptions = {}, path = '-'): AsyncGenerator<Uint8Array> {
  const counter: ByteCounter = { bytes: 0 };
  yield* decode(streamChunks(stream, inputName(path), counter, opts), path, counter, opts);
}
