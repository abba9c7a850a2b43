// Zstandard decoding of a compressed byte stream in a thread of its own (zstd-decoder.ts), paced by the
// consumer: at most INPUTS_AHEAD compressed chunks wait in the thread and at most BLOCKS_AHEAD decoded
// blocks are made before the consumer asks for them. Blocks come back as transferred buffers (no copy
// between the threads), so the main thread only splits games, dispatches and writes.
//
// A consumer done with a block (it copied what it keeps) may give its memory back (giveBack): the thread
// decodes a later block into it instead of into new memory (zstd-decoder.ts says what that saves).
//
// Damage: every byte decoded before it is yielded, then the error; a failure to read the input comes
// after every byte decoded from the chunks read before it.
import { Worker } from 'node:worker_threads';
import { compiledFile } from '../runtime/compiled.js';
import { damagedData } from './input-error.js';
import type { FromDecoder, ToDecoder } from './zstd-decoder.js';

/** Compressed chunks sent ahead of the one being decoded (a file chunk is 256 KiB). */
export const INPUTS_AHEAD = 2;

/** Decoded blocks (at most 1 MiB each) made ahead of the consumer. */
export const BLOCKS_AHEAD = 2;

/** The decoder each block came from, while it runs: where giveBack sends the block's memory. */
const decoderOf = new WeakMap<ArrayBuffer, Decoder>();

/**
 * Gives the memory of a decoded block back to its decoder, for a later block; the caller must not read
 * the bytes again (their buffer is transferred: detached here). Any other bytes are left alone.
 */
export function giveBack(bytes: Uint8Array): void {
  const memory = bytes.buffer;
  if (!(memory instanceof ArrayBuffer)) return;
  const decoder = decoderOf.get(memory);
  if (decoder === undefined) return;
  decoderOf.delete(memory);
  decoder.spare(memory);
}

/** The decoder thread, its messages as a queue, and the compressed chunks it has not taken yet. */
class Decoder {
  private readonly thread = new Worker(compiledFile('workers/unzstd.js'));
  private readonly inbox: FromDecoder[] = [];
  private wakeConsumer: (() => void) | null = null;
  private wakeFeeder: (() => void) | null = null;
  private waiting = 0; // chunks sent, not yet taken
  private closed = false;
  /** The thread failed (not the data): an internal error. */
  private failure: Error | null = null;

  constructor() {
    this.thread.on('message', (m: FromDecoder) => {
      if (m.kind === 'taken') {
        this.waiting--;
        this.wake('feeder');
      } else {
        if (m.kind === 'block') decoderOf.set(m.bytes.buffer as ArrayBuffer, this);
        this.inbox.push(m);
        this.wake('consumer');
      }
    });
    this.thread.on('error', (e) => this.fail(e));
    this.thread.on('exit', () => this.fail(new Error('the zstd decoder thread exited')));
    this.send({ kind: 'credit', blocks: BLOCKS_AHEAD });
  }

  private fail(e: Error): void {
    if (this.closed) return;
    this.failure ??= e;
    this.wake('consumer');
    this.wake('feeder');
  }

  private wake(who: 'consumer' | 'feeder'): void {
    const w = who === 'consumer' ? this.wakeConsumer : this.wakeFeeder;
    if (who === 'consumer') this.wakeConsumer = null;
    else this.wakeFeeder = null;
    w?.();
  }

  send(m: ToDecoder): void {
    this.thread.postMessage(m);
  }

  spare(memory: ArrayBuffer): void {
    if (!this.closed) this.thread.postMessage({ kind: 'spare', memory } satisfies ToDecoder, [memory]);
  }

  /** Sends the input's chunks as the thread takes them, then the end; returns what reading threw, if anything. */
  async feed(src: AsyncIterable<Uint8Array>): Promise<unknown> {
    let readError: unknown = null;
    try {
      for await (const bytes of src) {
        while (this.waiting >= INPUTS_AHEAD && !this.stopped) await new Promise<void>((r) => (this.wakeFeeder = r));
        if (this.stopped) break;
        this.waiting++;
        this.send({ kind: 'input', bytes });
      }
    } catch (e) {
      readError = e; // what was sent before is still decoded and yielded first
    }
    if (!this.stopped) this.send({ kind: 'end' });
    return readError;
  }

  private get stopped(): boolean {
    return this.closed || this.failure !== null;
  }

  /** The thread's next message (not 'taken'); throws when the thread itself failed. */
  async next(): Promise<FromDecoder> {
    while (this.inbox.length === 0 && this.failure === null) await new Promise<void>((r) => (this.wakeConsumer = r));
    const m = this.inbox.shift();
    if (m !== undefined) return m;
    throw this.failure!;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wake('feeder');
    await this.thread.terminate();
  }
}

/** The decompressed bytes of a zstd stream (several frames and skippable frames too). */
export async function* unzstd(src: AsyncIterable<Uint8Array>, path: string): AsyncGenerator<Uint8Array> {
  const decoder = new Decoder();
  const fed = decoder.feed(src);
  try {
    for (;;) {
      const m = await decoder.next();
      if (m.kind === 'block') {
        yield m.bytes;
        decoder.send({ kind: 'credit', blocks: 1 });
      } else if (m.kind === 'damage') throw damagedData(path, 'zstd', m.fed, m.reason);
      else if (m.kind === 'done') {
        const readError = await fed;
        if (readError !== null) throw readError;
        if (m.inFrame) throw damagedData(path, 'zstd', m.fed, 'the data ends inside a frame');
        return;
      }
    }
  } finally {
    await decoder.close();
    await fed; // the feeder stops at its next chunk and closes the source
  }
}
