// The run's output files, at the edge: opened before anything is read, never one of the inputs, and
// always ending at a whole record. Every write hands over whole records (a batch's text); when a write
// fails (disk full, device gone) the file is cut back to the end of the last whole write.
import { statSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { outputError, UsageError, XrayError } from '../errors.js';

export interface RecordWriter {
  /** The path as given, or 'stdout'. */
  readonly name: string;
  /**
   * Writes whole records (text, or its UTF-8 bytes); rejects with an output-io XrayError (the file then
   * ends at a whole record). Resolves once the system has the bytes: their memory may then be reused.
   */
  write(data: string | Uint8Array): Promise<void>;
  close(): Promise<void>;
}

/** Refuses an output path that is one of the inputs, or another output, by the file it names (exit 2). */
export function checkOutputs(inputs: string[], outputs: (string | undefined)[]): void {
  const ids = new Map<string, string>();
  const id = (p: string): string | null => {
    try {
      const st = statSync(p);
      return st.isFile() ? `${st.dev}:${st.ino}` : null;
    } catch {
      return null; // does not exist yet: cannot be an input
    }
  };
  for (const p of inputs) {
    const k = p === '-' ? null : id(p);
    if (k !== null) ids.set(k, p);
  }
  for (const p of outputs) {
    if (p === undefined || p === '-') continue;
    const k = id(p);
    if (k === null) continue;
    const same = ids.get(k);
    if (same !== undefined) throw new UsageError(`refusing to write ${p}: it is ${inputs.includes(same) ? 'the input' : 'also the output'} ${same}`);
    ids.set(k, p);
  }
}

export class FileWriter implements RecordWriter {
  private written = 0; // bytes of whole records on disk

  /** `seekable`: a regular file, written at known offsets and cut back on failure (not a pipe or device). */
  constructor(
    readonly name: string,
    private readonly fh: FileHandle,
    private readonly seekable: boolean,
  ) {}

  async write(data: string | Uint8Array): Promise<void> {
    const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    try {
      for (let at = 0; at < buf.length; ) at += (await this.fh.write(buf, at, buf.length - at, this.seekable ? this.written + at : null)).bytesWritten;
      this.written += buf.length;
    } catch (e) {
      if (this.seekable) await this.fh.truncate(this.written).catch(() => undefined);
      throw outputError(this.name, e);
    }
  }

  async close(): Promise<void> {
    try {
      await this.fh.close();
    } catch (e) {
      throw outputError(this.name, e);
    }
  }
}

/** Thrown when stdout's reader went away (`| head`): the run stops, and that is no error of ours. */
export class StdoutClosed extends Error {}

class StdoutWriter implements RecordWriter {
  readonly name = 'stdout';
  private failure: Error | null = null;

  constructor() {
    process.stdout.on('error', (e: NodeJS.ErrnoException) => {
      this.failure = e.code === 'EPIPE' ? new StdoutClosed('stdout closed') : outputError('stdout', e);
    });
  }

  async write(data: string | Uint8Array): Promise<void> {
    if (this.failure !== null) throw this.failure;
    // the write's callback, not 'drain': the stream may hold the bytes (not a copy) until it calls back,
    // and the caller reuses their memory once this resolves (on a failure it calls back with the error)
    await new Promise<void>((done) => process.stdout.write(data, () => done()));
    if (this.failure !== null) throw this.failure;
  }

  async close(): Promise<void> {
    if (this.failure !== null && !(this.failure instanceof StdoutClosed)) throw this.failure;
  }
}

/** Opens an output ('-' or undefined: stdout); a file that cannot be opened is an output-io error. */
export async function openOutput(path: string | undefined): Promise<RecordWriter> {
  if (path === undefined || path === '-') return new StdoutWriter();
  try {
    const fh = await open(path, 'w');
    return new FileWriter(path, fh, (await fh.stat()).isFile());
  } catch (e) {
    throw e instanceof XrayError ? e : outputError(path, e);
  }
}
