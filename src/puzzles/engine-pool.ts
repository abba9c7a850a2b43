// N engine processes behind one queue (`--engine-procs`, default: the cores): each search runs on a free
// process, the low-priority searches (the screen's) only when no other waits. A process that dies or hangs
// is replaced by a fresh one and its search retried once; a second failure rejects that search only (the
// caller reports the position and goes on). The pool fails every
// waiting search, and every later one, when no process can be started any more, or when N + 2 searches
// in a row failed with no answer between: every process and the replacements failed, so the engine does
// not work (it hangs on every `go`, crashes on every search) and waiting for the next deadline, candidate
// after candidate, would only lose time. A single position that crashes the engine costs two failures.
import { availableParallelism } from 'node:os';
import type { EngineAnswer } from './types.js';
import { EngineError, UciEngine, type Analyser, type EngineConfig, type SearchLimits } from './engine.js';

export interface PoolConfig extends EngineConfig {
  /** Engine processes (default: available cores). */
  procs?: number;
}

/** What the pool's engines spent, for the run summary. */
export interface PoolStats {
  /** CPU seconds of every process the pool ran (null where /proc is not readable). */
  cpuSeconds: number | null;
  /** Nodes the engines reported, summed over searches. */
  nodes: number;
  searches: number;
  /** Processes started to replace dead or hung ones. */
  restarts: number;
}

interface Job {
  fen: string;
  moves: readonly string[];
  o: SearchLimits;
  retried: boolean;
  resolve: (a: EngineAnswer) => void;
  reject: (e: unknown) => void;
}

export class EnginePool implements Analyser {
  private readonly idle: UciEngine[] = [];
  /** Live processes, busy or idle. */
  private readonly engines = new Set<UciEngine>();
  private readonly queue: Job[] = [];
  /** Searches asked with `low`, run when `queue` is empty. */
  private readonly lowQueue: Job[] = [];
  /** Processes being started (replacements). */
  private starting = 0;
  private closing = false;
  /** Why the last replacement could not start: the pool is dead once no process is left. */
  private startError: unknown = null;
  /** Searches failed since the last answer; at `giveUpAfter`, the pool gives up for good (`gaveUp`). */
  private failedInARow = 0;
  private readonly giveUpAfter: number;
  private gaveUp: EngineError | null = null;
  /** CPU seconds of processes already gone; null once one could not be read. */
  private cpuGone: number | null = 0;
  private readonly counts = { nodes: 0, searches: 0, restarts: 0 };

  private constructor(
    private readonly cfg: PoolConfig,
    procs: number,
  ) {
    this.giveUpAfter = procs + 2;
  }

  /** Starts all processes; when one cannot start, the others are closed and its error thrown. */
  static async start(cfg: PoolConfig): Promise<EnginePool> {
    const procs = Math.max(1, cfg.procs ?? availableParallelism());
    const pool = new EnginePool(cfg, procs);
    const started = await Promise.allSettled(Array.from({ length: procs }, () => UciEngine.start(cfg)));
    for (const s of started) if (s.status === 'fulfilled') pool.add(s.value);
    const failed = started.find((s) => s.status === 'rejected');
    if (failed !== undefined) {
      await pool.close();
      throw (failed as PromiseRejectedResult).reason;
    }
    return pool;
  }

  analyse(fen: string, moves: readonly string[], o: SearchLimits): Promise<EngineAnswer> {
    if (this.closing) return Promise.reject(new EngineError('closed', 'the engine pool is closed'));
    if (this.gaveUp !== null) return Promise.reject(this.gaveUp);
    return new Promise((resolve, reject) => {
      (o.low === true ? this.lowQueue : this.queue).push({ fen, moves, o, retried: false, resolve, reject });
      this.pump();
    });
  }

  /** Process ids of the live engines (for tests and diagnostics). */
  pids(): number[] {
    return [...this.engines].map((e) => e.pid).filter((p): p is number => p !== null);
  }

  stats(): PoolStats {
    let cpu = this.cpuGone;
    for (const e of this.engines) {
      const c = e.cpuSeconds();
      cpu = cpu === null || c === null ? null : cpu + c;
    }
    return { cpuSeconds: cpu, ...this.counts };
  }

  /** Quits every process (`quit`, killed after `graceMs`); waiting searches are rejected. */
  async close(graceMs = 1000): Promise<void> {
    this.closing = true;
    for (const job of this.waiting()) job.reject(new EngineError('closed', 'the engine pool was closed'));
    await Promise.all([...this.engines].map((e) => this.retire(e, graceMs)));
  }

  private add(engine: UciEngine): void {
    this.engines.add(engine);
    this.idle.push(engine);
  }

  private pump(): void {
    const dead = this.gaveUp ?? (this.engines.size === 0 && this.starting === 0 ? this.startError : null);
    if (dead !== null) for (const job of this.waiting()) job.reject(dead);
    while (this.idle.length > 0 && this.queue.length + this.lowQueue.length > 0)
      void this.run(this.idle.pop()!, this.queue.shift() ?? this.lowQueue.shift()!);
  }

  /** Every waiting search, taken off the queues. */
  private waiting(): Job[] {
    return [...this.queue.splice(0), ...this.lowQueue.splice(0)];
  }

  private async run(engine: UciEngine, job: Job): Promise<void> {
    try {
      const answer = await engine.analyse(job.fen, job.moves, job.o);
      this.counts.nodes += answer.nodes;
      this.counts.searches++;
      this.failedInARow = 0;
      this.idle.push(engine);
      job.resolve(answer);
    } catch (e) {
      await this.retire(engine, 0);
      if (this.closing) return job.reject(e);
      this.failed(job, e);
    }
    this.pump();
  }

  /** A failed search: tried again once on a fresh process; rejected with all others once the engine is given up. */
  private failed(job: Job, e: unknown): void {
    if (e instanceof EngineError && this.gaveUp === null && ++this.failedInARow >= this.giveUpAfter) {
      this.gaveUp = new EngineError('gaveUp', `gave up the engine after ${this.failedInARow} failed searches in a row: ${e.message}`);
    }
    if (this.gaveUp !== null) return job.reject(this.gaveUp);
    if (e instanceof EngineError && !job.retried) {
      job.retried = true;
      this.queue.unshift(job);
    } else job.reject(e);
    this.replace();
  }

  /** Ends one process and keeps its CPU seconds. */
  private async retire(engine: UciEngine, graceMs: number): Promise<void> {
    if (!this.engines.delete(engine)) return;
    const i = this.idle.indexOf(engine);
    if (i >= 0) this.idle.splice(i, 1);
    await engine.quit(graceMs);
    const c = engine.cpuSeconds();
    this.cpuGone = this.cpuGone === null || c === null ? null : this.cpuGone + c;
  }

  /** Starts a process in place of a dead one (when none can start and none is left, pump() fails the queue). */
  private replace(): void {
    this.starting++;
    this.counts.restarts++;
    UciEngine.start(this.cfg).then(
      (engine) => {
        this.starting--;
        if (this.closing) void engine.quit();
        else {
          this.add(engine);
          this.pump();
        }
      },
      (e: unknown) => {
        this.starting--;
        this.startError = e;
        this.pump();
      },
    );
  }
}
