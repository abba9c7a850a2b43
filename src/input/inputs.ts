// The inputs of a run: files by path ('-' for stdin), or, for the library, a stream or bytes in memory.
// Each one opens as a stream of decompressed chunks (src/input/source.ts).
import { statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { readShard, type Shard } from './shard.js';
import { readInput, readStream, type ReadOptions } from './source.js';

export interface Input {
  /** As named on the command line ('-' for stdin), or a label for data in memory. */
  name: string;
  /** The path of a file the run reads, for the output-is-an-input check; null for stdin and memory. */
  path: string | null;
  open(opts: ReadOptions): AsyncGenerator<Uint8Array>;
  /** Byte offset in the file of the first byte open() yields (a shard's start; 0 otherwise), set by open(). */
  base: number;
  /** Bytes as stored (compressed or not) that open() will read, when known beforehand; null for streams. */
  size: number | null;
}

/** A file, or stdin for '-'. */
export function fileInput(path: string): Input {
  return {
    name: path,
    path: path === '-' ? null : path,
    open: (opts) => readInput(path, opts),
    base: 0,
    size: path === '-' ? null : storedSize(path),
  };
}

/** A regular file's size; null for anything else (a pipe, a missing file: reported when it is read). */
function storedSize(path: string): number | null {
  try {
    const st = statSync(path);
    return st.isFile() ? st.size : null;
  } catch {
    return null;
  }
}

/** Shard I/N of an uncompressed file (src/input/shard.ts). */
export function shardInput(path: string, shard: Shard): Input {
  const input: Input = {
    name: path,
    path,
    base: 0,
    open: (opts) => readShard(path, shard, (start) => (input.base = start), opts.onBytes),
    size: sizeOfShard(storedSize(path), shard),
  };
  return input;
}

/** About the bytes of one shard's range: the file's size over N (the ranges move to game starts). */
function sizeOfShard(size: number | null, shard: Shard): number | null {
  return size === null ? null : Math.floor(size / shard.count);
}

/** A Node stream of PGN/EPD bytes (compressed or not). */
export function streamInput(name: string, stream: NodeJS.ReadableStream): Input {
  return { name, path: null, open: (opts) => readStream(stream, opts, name), base: 0, size: null };
}

/** PGN/EPD bytes or text in memory. */
export function memoryInput(name: string, data: Uint8Array | string): Input {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  return { name, path: null, open: (opts) => readStream(Readable.from([bytes]), opts, name), base: 0, size: bytes.length };
}
