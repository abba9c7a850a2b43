// CPU time of the calling thread, for the run figures of the statistics file. Node 20 has no per-thread
// figure (process.cpuUsage() and process.resourceUsage() count the whole process; process.threadCpuUsage()
// comes with Node 23.9; performance.eventLoopUtilization() is wall-clock time busy, which a loaded
// machine inflates), so on Linux it is read from /proc/thread-self/schedstat: nanoseconds on a CPU.
import { readFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';

/** A thread's CPU seconds so far; `thread`: its worker_threads id (0 for the main thread). */
export interface ThreadCpu {
  thread: number;
  seconds: number;
}

let readable = true; // false once the file is missing (not Linux): no exception per call after that

/** This thread's CPU time so far, or null where the system does not tell it. */
export function threadCpu(): ThreadCpu | null {
  if (!readable) return null;
  try {
    const ns = Number(readFileSync('/proc/thread-self/schedstat', 'latin1').split(' ', 1)[0]);
    return Number.isFinite(ns) ? { thread: threadId, seconds: ns / 1e9 } : null;
  } catch {
    readable = false;
    return null;
  }
}

/** The last CPU figure each worker reported (they only grow), for the run's per-thread totals. */
export class WorkerCpu {
  private readonly last = new Map<number, number>();

  add(c: ThreadCpu | null | undefined): void {
    if (c != null) this.last.set(c.thread, Math.max(c.seconds, this.last.get(c.thread) ?? 0));
  }

  /** Seconds per worker, in the order they first reported. */
  seconds(): number[] {
    return [...this.last.values()];
  }
}
