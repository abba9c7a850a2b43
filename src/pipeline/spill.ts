// Output a batch hands over before it ends: a game of a million plies writes hundreds of megabytes, more
// than a batch may hold. When a worker's output for its batch passes SPILL_BYTES (SPILL_RECORDS records,
// SPILL_ROWS Parquet rows), it hands what it has over as a part of the batch's output and goes on. A part's
// text is copied into a slot of the batch's mailbox, PARTS_AHEAD slots of shared memory that the main
// thread lends the batch and takes back for another one: fresh shared memory for each part would stay until
// the main thread's next full garbage collection, which a main thread that allocates little never runs.
// Records and Parquet bytes travel in the part's message.
//
// The main thread hands a batch's parts out in order, before its result, once every batch before it is
// out and it is numbered right (it leads). A batch whose slots are all full waits for the main thread to
// write one only when it leads; otherwise it stops (PartsStopped), and runs again, past the parts had, once
// it leads: a worker never waits on a batch whose parts wait on another batch, so nothing can deadlock,
// whatever order the pool runs batches in. Memory holds at most PARTS_AHEAD parts a batch. Nothing spills
// in a batch of ordinary games (the largest write a few MB).
import type { PositionRecord } from '../output/records.js';

/** A batch's text output past this many bytes is handed over as a part. */
export const SPILL_BYTES = 8 << 20;
/** So many records (the library's output: objects of a few KB each, cloned on their way) make a part. */
export const SPILL_RECORDS = 1 << 13;
/** So many Parquet rows make a part. */
export const SPILL_ROWS = 1 << 14;
/** Parts of a batch handed over and not yet written, at most. */
export const PARTS_AHEAD = 2;
/** A mailbox slot: a part's text, and the last record that took it past SPILL_BYTES (more goes in more parts). */
const SLOT_BYTES = SPILL_BYTES + (1 << 20);
// The mailbox's words, then its slots: parts in slots not yet written; 1 while its batch leads.
const COUNT = 0;
const LEADS = 1;
const HEADER_BYTES = 64;

/** What a part carries: the output fields of a batch result. */
export interface PartOutput {
  text: Uint8Array;
  records: PositionRecord[] | null;
  parquet: Uint8Array | null;
}

/** The message a worker posts for each part (a slot's worth of text): its batch's stream, its number in the batch. */
export interface PartMessage {
  stream: number;
  part: number;
  /** The text: `length` bytes of slot part % PARTS_AHEAD of the batch's mailbox. */
  length: number;
  records: PositionRecord[] | null;
  parquet: Uint8Array | null;
}

export function isPartMessage(m: unknown): m is PartMessage {
  return typeof m === 'object' && m !== null && 'stream' in m && 'part' in m && 'length' in m;
}

/** Thrown in the worker when a batch's parts are not wanted, or have no room while it does not lead. */
export class PartsStopped extends Error {
  constructor() {
    super('the batch was stopped');
  }
}

/** Where a try of a batch sends its parts: stream, mailbox, stop word, the parts to skip (had before it), the next part's number. */
export interface PartTarget {
  stream: number;
  mailbox: SharedArrayBuffer;
  stop: Int32Array;
  skip: number;
  next: number;
}

/**
 * The worker's side: hands a batch's output so far over, as parts of a slot each, the first with the
 * records and Parquet bytes. Throws PartsStopped when they are not wanted, or when the slots are full and
 * the batch does not lead.
 */
export function sendPart(to: PartTarget, output: PartOutput, post: (m: PartMessage) => void): void {
  const text = output.text;
  const words = new Int32Array(to.mailbox, 0, 2);
  let at = 0;
  do {
    const piece = text.subarray(at, at + SLOT_BYTES);
    const first = at === 0;
    at += piece.length;
    const part = to.next;
    if (part >= to.skip) {
      waitForSlot(words, to.stop);
      new Uint8Array(to.mailbox, HEADER_BYTES + (part % PARTS_AHEAD) * SLOT_BYTES, piece.length).set(piece);
      Atomics.add(words, COUNT, 1);
      post({
        stream: to.stream,
        part,
        length: piece.length,
        records: first ? output.records : null,
        parquet: first ? output.parquet : null,
      });
    }
    to.next = part + 1;
  } while (at < text.length);
}

/** Returns once a slot is free; waits only while the batch leads (woken when a part is written). */
function waitForSlot(words: Int32Array, stop: Int32Array): void {
  for (let n = Atomics.load(words, COUNT); n >= PARTS_AHEAD; n = Atomics.load(words, COUNT)) {
    if (Atomics.load(stop, 0) !== 0 || Atomics.load(words, LEADS) === 0) throw new PartsStopped();
    Atomics.wait(words, COUNT, n, 100); // the stop word is looked at every so often too
  }
  if (Atomics.load(stop, 0) !== 0) throw new PartsStopped();
}

/** A mailbox: its words and PARTS_AHEAD slots (memory is only used as slots are written). */
export function newMailbox(): SharedArrayBuffer {
  return new SharedArrayBuffer(HEADER_BYTES + PARTS_AHEAD * SLOT_BYTES);
}

/** Whether output memory is a mailbox's (never given to a worker to write its output in). */
export function isMailbox(b: ArrayBufferLike): boolean {
  return b instanceof SharedArrayBuffer && b.byteLength === HEADER_BYTES + PARTS_AHEAD * SLOT_BYTES;
}

/**
 * The main thread's side for one batch: its mailbox, its parts as they come, in order and once each (a
 * retry sends again those the main thread may have had), handed out before its result, which says how many
 * parts come before it (`parts`): they may reach the main thread after it (another port).
 */
export class PartQueue {
  /** Number of the part wanted next: the parts had. */
  received = 0;
  private readonly parts: PartMessage[] = [];
  private readonly words: Int32Array;
  private wake: (() => void) | null = null;
  private stopped = false;
  /** The stop words of the batch's tries. */
  private readonly stops: Int32Array[] = [];

  constructor(
    readonly stream: number,
    readonly mailbox: SharedArrayBuffer,
  ) {
    this.words = new Int32Array(mailbox, 0, 2);
    Atomics.store(this.words, COUNT, 0); // a mailbox lent again: no worker writes in it any more
    Atomics.store(this.words, LEADS, 0);
  }

  /** Where a new try of the batch sends its parts: past those had. */
  target(): PartTarget {
    const stop = new Int32Array(new SharedArrayBuffer(4));
    if (this.stopped) stop[0] = 1;
    this.stops.push(stop);
    return { stream: this.stream, mailbox: this.mailbox, stop, skip: this.received, next: 0 };
  }

  /** The batch leads: its parts are written as they come, so its worker may wait for a slot. */
  lead(): void {
    Atomics.store(this.words, LEADS, 1);
  }

  receive(m: PartMessage): void {
    if (this.stopped || m.part !== this.received) return this.done(); // not wanted, or had from another try
    this.received++;
    this.parts.push(m);
    this.wake?.();
  }

  /** A part is written, or not wanted: its slot is free. */
  private done(): void {
    Atomics.sub(this.words, COUNT, 1);
    Atomics.notify(this.words, COUNT);
  }

  /** The batch's parts in order, each done once the caller has taken the next, then the result (which counts its parts). */
  async *drain<R extends { parts?: number }>(result: Promise<R>): AsyncGenerator<PartOutput, R> {
    const got: { result: R | null } = { result: null };
    void result.then((r) => {
      got.result = r;
      this.wake?.();
    });
    for (;;) {
      const m = this.parts.shift();
      if (m !== undefined) {
        const text = new Uint8Array(this.mailbox, HEADER_BYTES + (m.part % PARTS_AHEAD) * SLOT_BYTES, m.length);
        yield { text, records: m.records, parquet: m.parquet };
        this.done();
        continue;
      }
      const r = got.result;
      if (r !== null && this.received >= (r.parts ?? 0)) return r;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
  }

  /** No part is wanted any more: those had are dropped, a try that sends one stops. */
  stop(): void {
    this.stopped = true;
    const dropped = this.parts.splice(0).length;
    for (let i = 0; i < dropped; i++) this.done();
    for (const stop of this.stops) {
      Atomics.store(stop, 0, 1);
      Atomics.notify(stop, 0);
    }
  }
}
