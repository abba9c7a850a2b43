// -f parquet's output on the main thread: a driver of the encoder thread (parquet-encoder.ts), which
// encodes into the file it is handed (opened by the command line's outputs, cli/outputs.ts) and closes it.
// Encoding on the main thread took most of its time, and the main thread's own work (reading, splitting,
// dispatch, order) bounds every run. At most BATCHES_AHEAD batches wait in the thread: memory stays
// bounded and the run waits for a slow encoder.
// The batches' bytes come from the workers in shared memory and go on to the encoder without a copy; each
// is given back (add's `read`) once the encoder has read it into its own memory.
import type { FileHandle } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import type { RecordWriter } from './writer.js';
import { XrayError } from '../errors.js';
import { compiledFile } from '../runtime/compiled.js';
import type { ParquetLayout } from './parquet-arrow.js';
import type { EncoderFailure, EncoderInit, FromEncoder, ToEncoder } from './parquet-encoder.js';

/** Batches sent and not yet encoded, at most: the encoder holds one row group and these. */
const BATCHES_AHEAD = 2;

/**
 * The file written: open and empty, handed over to the encoder thread; a file that only reads back whole,
 * given its name once whole (finish(true)), or removed (finish(false), which returns a note saying so;
 * abandon()).
 */
export interface ParquetTarget {
  readonly name: string;
  readonly handle: FileHandle | null;
  finish(whole: boolean): Promise<string | null>;
  abandon(): Promise<void>;
}

function errorOf(f: EncoderFailure): Error {
  return f.kind === null ? new Error(`Parquet encoder: ${f.message}`) : new XrayError(f.kind, f.message, f.path);
}

/** The failure, its one line saying what became of the file; printed apart for an internal error (a stack). */
function withNote(e: Error, name: string, note: string): Error {
  if (e instanceof XrayError) return new XrayError(e.kind, `${e.message}; ${note}`, e.path);
  process.stderr.write(`pgn-xray: ${name}: ${note}\n`);
  return e;
}

export class ParquetOutput implements RecordWriter {
  /** What to call when the encoder has read each batch sent, in order: one per batch on its way. */
  private readonly onRead: (() => void)[] = [];
  private failure: Error | null = null;
  private closed = false;
  /** Called at the encoder's next message. */
  private wake: (() => void) | null = null;
  private readonly exited: Promise<void>;

  private constructor(
    private readonly target: ParquetTarget,
    private readonly thread: Worker,
  ) {
    thread.on('message', (m: FromEncoder) => {
      if (m.kind === 'added') this.onRead.shift()?.();
      else if (m.kind === 'closed') this.closed = true;
      else if (m.kind === 'failure') this.failure ??= errorOf(m.failure);
      this.wakeUp();
    });
    thread.on('error', (e) => {
      this.failure ??= new Error(`Parquet encoder: ${String(e)}`);
      this.wakeUp();
    });
    this.exited = new Promise((done) =>
      thread.once('exit', () => {
        if (!this.closed) this.failure ??= new Error('Parquet encoder: the thread ended before the file was closed');
        this.wakeUp();
        done();
      }),
    );
  }

  /** Starts the encoder thread on the file, which it is handed (the thread closes it). */
  static async start(target: ParquetTarget, layout: ParquetLayout): Promise<ParquetOutput> {
    const handle = target.handle!;
    const init: EncoderInit = { name: target.name, handle, layout: { tags: [...layout.tags], shard: layout.shard } };
    const thread = new Worker(compiledFile('workers/parquet.js'), { workerData: init, transferList: [handle] });
    const out = new ParquetOutput(target, thread);
    // its first message, or its end when it dies before one (a module that fails to load)
    const ready = await Promise.race([new Promise<FromEncoder>((done) => thread.once('message', done)), out.exited.then(() => null)]);
    if (ready?.kind !== 'ready') {
      await out.exited;
      await target.abandon();
      throw out.failure ?? new Error('Parquet encoder: it did not start');
    }
    // the thread holds the process only while this thread waits for it: a run that ends without closing
    // the file (a failure before the run) still exits, as it would with the file in this thread
    thread.unref();
    return out;
  }

  /** Parquet takes no text (its header is empty): rows come through add(). */
  async write(text: string): Promise<void> {
    if (text !== '') throw new Error('internal error: text written to a Parquet file');
  }

  /**
   * Hands one batch (Arrow IPC bytes) to the encoder; waits while it is behind. `read` is called once the
   * encoder has read the bytes (in shared memory, they are the encoder's until then); never after a failure.
   */
  async add(ipc: Uint8Array, read: () => void = () => undefined): Promise<void> {
    this.check();
    this.thread.postMessage({ kind: 'batch', ipc } satisfies ToEncoder);
    this.onRead.push(read);
    while (this.onRead.length > BATCHES_AHEAD && this.failure === null) await this.next();
    this.check();
  }

  get name(): string {
    return this.target.name;
  }

  /**
   * Ends the stream: the encoder writes the last row group and the footer and closes the file, which then
   * takes its name; a file cut short by a failure is removed.
   */
  async close(): Promise<void> {
    this.thread.postMessage({ kind: 'close' } satisfies ToEncoder);
    this.thread.ref();
    await this.exited; // the encoder ends once the file is closed (or could not be)
    const note = await this.target.finish(this.failure === null);
    if (note !== null) this.failure = withNote(this.failure!, this.name, note);
    this.check();
  }

  /** The encoder's next message (the thread holds the process meanwhile). */
  private async next(): Promise<void> {
    this.thread.ref();
    await new Promise<void>((r) => (this.wake = r));
    this.thread.unref();
  }

  private wakeUp(): void {
    const w = this.wake;
    this.wake = null;
    w?.();
  }

  private check(): void {
    if (this.failure !== null) throw this.failure;
  }
}
