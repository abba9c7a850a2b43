// The outputs of a run, at the edge: one mechanism for every subcommand that writes files. Before anything
// is read, every output is checked against the inputs and the other outputs (output-identity.ts), then all
// are opened without emptying any; only once every one is open are the existing files emptied, so a run
// that cannot open one of its outputs leaves every existing file as it was (and removes those it created).
// A file that only reads back whole (Parquet, whose footer comes last) is written under a temporary name
// beside its own and given its name once whole; cut short, it is removed and the file of that name is left
// as it was. Every write hands over whole records; when a write fails (disk full, device gone) the file
// is cut back to the end of the last whole write. A reader that went away (a closed pipe) is PipeClosed.
import { randomBytes } from 'node:crypto';
import { constants, statSync, unlinkSync, type Stats } from 'node:fs';
import { access, open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { outputError, PipeClosed, XrayError } from '../errors.js';
import type { RecordWriter } from '../output/writer.js';
import { checkOutputs, creationPath, STDIO } from './output-identity.js';

export { STDIO } from './output-identity.js';
export type { RecordWriter } from '../output/writer.js';

/** An output asked for: a path (STDIO: standard output); `whole`: a file that only reads back whole. */
export interface OutputSpec {
  path: string;
  whole?: boolean;
}

/** A write's failure: a closed pipe, or an output-io error naming the file. */
function writeFailure(name: string, e: unknown): Error {
  return (e as NodeJS.ErrnoException).code === 'EPIPE' ? new PipeClosed(name) : outputError(name, e);
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
      for (let at = 0; at < buf.length; )
        at += (await this.fh.write(buf, at, buf.length - at, this.seekable ? this.written + at : null)).bytesWritten;
      this.written += buf.length;
    } catch (e) {
      if (this.seekable) await this.fh.truncate(this.written).catch(() => undefined);
      throw writeFailure(this.name, e);
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

class StdoutWriter implements RecordWriter {
  readonly name = 'stdout';
  private failure: Error | null = null;

  constructor() {
    process.stdout.on('error', (e: NodeJS.ErrnoException) => {
      this.failure = writeFailure('stdout', e);
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
    if (this.failure !== null && !(this.failure instanceof PipeClosed)) throw this.failure;
  }
}

/** Temporary files not yet given their names: removed when the process exits, however it exits. */
const unfinished = new Set<string>();
let removeAtExit = false;

function track(temp: string): void {
  unfinished.add(temp);
  if (removeAtExit) return;
  removeAtExit = true;
  process.once('exit', () => {
    for (const t of unfinished) {
      try {
        unlinkSync(t);
      } catch {
        // already gone
      }
    }
  });
}

/** How an output file came to be open, which decides what undoing or finishing it means. */
type Origin = 'stdout' | 'existing' | 'created' | 'temporary';

/** One opened output: standard output, or a file (its handle). */
export class Output {
  constructor(
    /** The path as given, or 'stdout'. */
    readonly name: string,
    /** The file (null: standard output); for a whole-only file, the temporary one. */
    readonly handle: FileHandle | null,
    private readonly origin: Origin,
    /** The path it was opened at, to remove it; for a whole-only file, the temporary one. */
    private readonly path: string,
    /** A temporary file's final path, which it takes once whole. */
    private readonly target: string | null = null,
  ) {}

  /** Its records writer. */
  async writer(): Promise<RecordWriter> {
    if (this.handle === null) return new StdoutWriter();
    return new FileWriter(this.name, this.handle, (await this.handle.stat()).isFile());
  }

  /** Empties a regular file that existed before the run, once every output is open. */
  async start(): Promise<void> {
    if (this.origin !== 'existing') return;
    try {
      if ((await this.handle!.stat()).isFile()) await this.handle!.truncate(0);
    } catch (e) {
      throw outputError(this.name, e);
    }
  }

  /** Undoes the opening (another output could not be opened): closed, and removed if the run created it. */
  async abandon(): Promise<void> {
    await this.handle?.close().catch(() => undefined);
    if (this.origin === 'created' || this.origin === 'temporary') await this.remove();
  }

  /**
   * A whole-only file, closed by its writer: given its name when `whole`; else removed, and the note that
   * says so returned (the file of that name, if any, is left as it was). Null when there is nothing to say.
   */
  async finish(whole: boolean): Promise<string | null> {
    if (this.origin !== 'temporary') return null;
    if (whole) {
      try {
        await rename(this.path, this.target!);
      } catch (e) {
        await this.remove();
        throw outputError(this.name, e);
      }
      unfinished.delete(this.path);
      return null;
    }
    await this.remove();
    return `nothing written under that name: the file was cut short and would not read back${exists(this.target!) ? ' (the file there before is left as it was)' : ''}`;
  }

  private async remove(): Promise<void> {
    await unlink(this.path).catch(() => undefined);
    unfinished.delete(this.path);
  }
}

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

function exists(path: string): boolean {
  return statOrNull(path) !== null;
}

/** A file beside `target` for its content until it is whole, with the mode of the file it will replace. */
async function openTemporary(name: string, target: string, before: Stats | null): Promise<Output> {
  if (before !== null) await access(target, constants.W_OK); // a file we may not write we may not replace
  for (;;) {
    const temp = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.part`);
    let fh: FileHandle;
    try {
      fh = await open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o666);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw e;
    }
    track(temp);
    const out = new Output(name, fh, 'temporary', temp, target);
    try {
      if (before !== null) await fh.chmod(before.mode & 0o7777);
    } catch (e) {
      await out.abandon();
      throw e;
    }
    return out;
  }
}

/** Opens one output without emptying it: a new file is created, an existing one only opened. */
async function openOne(spec: OutputSpec): Promise<Output> {
  if (spec.path === STDIO) return new Output('stdout', null, 'stdout', '');
  const name = spec.path;
  try {
    const before = statOrNull(name);
    if (spec.whole === true && (before === null || before.isFile())) return await openTemporary(name, creationPath(name), before);
    if (before === null) {
      const path = creationPath(name);
      try {
        return new Output(name, await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o666), 'created', path);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e; // made meanwhile: opened as existing
      }
    }
    // the path as given: the system follows its links, /dev/stdout's included
    return new Output(name, await open(name, constants.O_WRONLY), 'existing', name);
  } catch (e) {
    throw e instanceof XrayError ? e : outputError(name, e);
  }
}

/**
 * Checks and opens a run's outputs (undefined: not asked for), before anything is read: refused (a
 * UsageError) when one would destroy an input or another output; when one cannot be opened, those opened
 * are closed, those created removed, and nothing else touched (an output-io error). Then the existing
 * files are emptied, and the outputs handed out, each under its key.
 */
export async function openOutputs<K extends string>(
  inputs: readonly string[],
  specs: Record<K, OutputSpec | string | undefined>,
): Promise<Record<K, Output | null>> {
  const asked = (Object.entries(specs) as [K, OutputSpec | string | undefined][]).map(([k, s]): [K, OutputSpec | null] => [
    k,
    s === undefined ? null : typeof s === 'string' ? { path: s } : s,
  ]);
  checkOutputs(
    inputs,
    asked.map(([, s]) => s?.path),
  );
  const opened: Output[] = [];
  const result = {} as Record<K, Output | null>;
  try {
    for (const [k, s] of asked) {
      result[k] = s === null ? null : await openOne(s);
      if (result[k] !== null) opened.push(result[k]);
    }
    for (const o of opened) await o.start();
  } catch (e) {
    for (const o of opened) await o.abandon();
    throw e;
  }
  return result;
}

/** Opens the outputs as records writers (see openOutputs). */
export async function openWriters<K extends string>(
  inputs: readonly string[],
  specs: Record<K, string | undefined>,
): Promise<Record<K, RecordWriter | null>> {
  const outputs = await openOutputs(inputs, specs);
  const writers = {} as Record<K, RecordWriter | null>;
  for (const k of Object.keys(outputs) as K[]) writers[k] = outputs[k] === null ? null : await outputs[k].writer();
  return writers;
}
