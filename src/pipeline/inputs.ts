// The inputs of a run: files by path ('-' for stdin), or, for the library, a stream or bytes in memory.
// Each one opens as a stream of decompressed chunks (src/pipeline/source.ts).
import { Readable } from 'node:stream';
import { readInput, readStream, type ReadOptions } from './source.js';

export interface Input {
  /** As named on the command line ('-' for stdin), or a label for data in memory. */
  name: string;
  /** The path of a file the run reads, for the output-is-an-input check; null for stdin and memory. */
  path: string | null;
  open(opts: ReadOptions): AsyncGenerator<Uint8Array>;
}

/** A file, or stdin for '-'. */
export function fileInput(path: string): Input {
  return { name: path, path: path === '-' ? null : path, open: (opts) => readInput(path, opts) };
}

/** A Node stream of PGN/EPD bytes (compressed or not). */
export function streamInput(name: string, stream: NodeJS.ReadableStream): Input {
  return { name, path: null, open: (opts) => readStream(stream, opts, name) };
}

/** PGN/EPD bytes or text in memory. */
export function memoryInput(name: string, data: Uint8Array | string): Input {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  return { name, path: null, open: (opts) => readStream(Readable.from([bytes]), opts, name) };
}
