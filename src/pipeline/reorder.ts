// Results back in input order with a bounded number in flight: entries are taken oldest first, so the
// output order is the dispatch order whatever the worker that finishes first, and a full queue makes the
// producer wait (backpressure up to the source, which is not read while we wait).

export class InOrder<T> {
  private readonly queue: T[] = [];

  constructor(private readonly maxInFlight: number) {}

  /** Adds an entry; when the queue is full, returns the oldest, which the caller must await first. */
  push(entry: T): T | undefined {
    this.queue.push(entry);
    return this.queue.length >= this.maxInFlight ? this.queue.shift() : undefined;
  }

  /** The oldest entry, or undefined when nothing is in flight. */
  take(): T | undefined {
    return this.queue.shift();
  }

  get size(): number {
    return this.queue.length;
  }
}
