// Results back in input order with a bounded number in flight: batches are awaited oldest first, so the
// output order is the dispatch order whatever the worker that finishes first, and a full queue makes the
// producer wait (backpressure up to the source, which is not read while we wait).

export class InOrder<T> {
  private readonly queue: Promise<T>[] = [];

  constructor(private readonly maxInFlight: number) {}

  /** Adds a task; when the queue is full, waits for and returns the oldest result. */
  async push(task: Promise<T>): Promise<T | undefined> {
    // a rejection is handled when the task is taken, not reported as unhandled meanwhile
    task.catch(() => undefined);
    this.queue.push(task);
    return this.queue.length >= this.maxInFlight ? this.take() : undefined;
  }

  /** The oldest result, or undefined when nothing is in flight. */
  async take(): Promise<T | undefined> {
    const next = this.queue.shift();
    return next === undefined ? undefined : next;
  }

  get size(): number {
    return this.queue.length;
  }
}
