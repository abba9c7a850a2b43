// Input sources: files (`.pgn`, `.pgn.gz`, `.pgn.zst`, `.epd`, `.fen`) or stdin (`-`), as a stream of
// decompressed byte chunks. Compression is found by magic bytes (gzip 1f 8b, zstd 28 b5 2f fd), so a
// mis-named file still reads; the extension is only a fallback for input too short to tell.
//
// Backpressure: everything here is a pull. A chunk is read from the file only when the consumer asks
// for the next decompressed chunk, so no input is ever read whole. Progress counts the bytes read
// from the file as stored (compressed bytes for compressed files), ending at the file size.
//
// Errors (XrayError, docs/design.md §7): 'input-io' for a file that cannot be opened or read (the path and the OS reason);
// 'input-corrupt' for compressed data that is cut or damaged (the path and the compressed offset, after
// every byte decoded before it has been yielded) and for text in a wide encoding, UTF-16 or UTF-32
// (before anything is yielded). Binary bytes inside an input are the splitter's to reject.
import { open, type FileHandle } from 'node:fs/promises';
import { statSync } from 'node:fs';
import { gunzip } from './gzip.js';
import { corruptInput, inputIoError } from './input-error.js';
import { firstBinaryByte, SNIFF_BYTES, unreadableText } from './text.js';
import { unzstd } from './zstd.js';

export type Compression = 'none' | 'gzip' | 'zstd';

export interface ReadOptions {
  signal?: AbortSignal;
  /** Called after each read with the total bytes read so far from the input as stored (compressed). */
  onBytes?: (compressedBytesRead: number) => void;
  /** Bytes per file read (default 256 KiB). */
  chunkSize?: number;
}

const DEFAULT_CHUNK = 1 << 18;

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

/**
 * Compression of an input by its first bytes (gzip 1f 8b, zstd 28 b5 2f fd or a zstd skippable
 * frame), else by its name: a file named `.gz`/`.zst` whose bytes read as text is taken as plain.
 */
export function detectCompression(path: string, firstBytes?: Uint8Array): Compression {
  if (firstBytes !== undefined) {
    if (hasMagic(firstBytes, [0x1f, 0x8b])) return 'gzip';
    if (hasMagic(firstBytes, [0x28, 0xb5, 0x2f, 0xfd])) return 'zstd';
    if (firstBytes.length >= 4 && (firstBytes[0] & 0xf0) === 0x50 && hasMagic(firstBytes.subarray(1), [0x2a, 0x4d, 0x18])) return 'zstd';
    if (firstBinaryByte(firstBytes) < 0) return 'none';
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

/** Counts the bytes read from the input as stored, for progress. */
function progress(opts: ReadOptions): (n: number) => void {
  let read = 0;
  return (n) => {
    read += n;
    opts.onBytes?.(read);
  };
}

async function* fileChunks(fh: FileHandle, path: string, opts: ReadOptions): AsyncGenerator<Uint8Array> {
  const size = opts.chunkSize ?? DEFAULT_CHUNK;
  const count = progress(opts);
  try {
    for (;;) {
      opts.signal?.throwIfAborted();
      const buf = Buffer.allocUnsafe(size);
      let n: number;
      try {
        n = (await fh.read(buf, 0, size, null)).bytesRead;
      } catch (e) {
        throw inputIoError(path, e);
      }
      if (n === 0) break;
      count(n);
      yield n === size ? buf : buf.subarray(0, n);
    }
  } finally {
    await fh.close().catch(() => {});
  }
}

async function* streamChunks(stream: NodeJS.ReadableStream, path: string, opts: ReadOptions): AsyncGenerator<Uint8Array> {
  const count = progress(opts);
  try {
    for await (const c of stream as AsyncIterable<Buffer | string>) {
      opts.signal?.throwIfAborted();
      const chunk = typeof c === 'string' ? Buffer.from(c, 'utf8') : c;
      if (chunk.length === 0) continue;
      count(chunk.length);
      yield chunk;
    }
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    throw inputIoError(path, e);
  }
}

interface Peeked {
  /** The chunks taken, to be given again. */
  head: Uint8Array[];
  /** Their bytes, joined. */
  first: Uint8Array;
  /** What the iterator threw while they were taken (failed = true), to be thrown after them. */
  failed: boolean;
  error: unknown;
}

/** Takes chunks until at least `min` bytes, the end, or a failure. */
async function peek(it: AsyncIterator<Uint8Array>, min: number): Promise<Peeked> {
  const head: Uint8Array[] = [];
  let len = 0;
  try {
    while (len < min) {
      const r = await it.next();
      if (r.done) break;
      head.push(r.value);
      len += r.value.length;
    }
  } catch (error) {
    return { head, first: Buffer.concat(head, len), failed: true, error };
  }
  return { head, first: head.length === 1 ? head[0] : Buffer.concat(head, len), failed: false, error: null };
}

/** The peeked chunks, then their failure or the rest of the iterator, which is closed however this ends. */
async function* resume(p: Peeked, rest: AsyncIterator<Uint8Array>): AsyncGenerator<Uint8Array> {
  try {
    yield* p.head;
    if (p.failed) throw p.error;
    yield* { [Symbol.asyncIterator]: () => rest };
  } finally {
    await rest.return?.(undefined);
  }
}

/** The bytes unchanged, once their start has been judged text we read; else an error before any is given. */
async function* textOnly(bytes: AsyncGenerator<Uint8Array>, path: string): AsyncGenerator<Uint8Array> {
  const p = await peek(bytes, SNIFF_BYTES);
  const why = unreadableText(p.first);
  if (why !== null) {
    await bytes.return(undefined);
    throw corruptInput(path, `not PGN text (${why})`);
  }
  yield* resume(p, bytes);
}

async function* decode(src: AsyncGenerator<Uint8Array>, path: string, opts: ReadOptions): AsyncGenerator<Uint8Array> {
  try {
    const p = await peek(src, 4);
    const raw = resume(p, src);
    const compression = detectCompression(path, p.first);
    const out = compression === 'gzip' ? gunzip(raw, path) : compression === 'zstd' ? unzstd(raw, path) : raw;
    for await (const chunk of textOnly(out, path)) {
      opts.signal?.throwIfAborted();
      yield chunk;
    }
  } finally {
    await src.return(undefined);
  }
}

/**
 * The decompressed bytes of an input ('-' = stdin), read only as fast as they are consumed.
 * Throws XrayError: 'input-io' when it cannot be read, 'input-corrupt' on damaged compressed data
 * (after yielding every byte decoded before the damage) or on UTF-16 or UTF-32 text (before yielding any).
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
    throw inputIoError(path, e);
  }
  yield* decode(fileChunks(fh, path, opts), path, opts);
}

/** The decompressed bytes of a byte stream (stdin for '-'); compression is found by magic bytes. */
export async function* readStream(stream: NodeJS.ReadableStream, opts: ReadOptions = {}, path = '-'): AsyncGenerator<Uint8Array> {
  yield* decode(streamChunks(stream, path, opts), path, opts);
}
