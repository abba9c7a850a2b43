// The worker pool: piscina, with the one SharedArrayBuffer of tables in workerData (shared, not copied:
// docs/design.md §8). A batch whose worker throws or dies is tried once more; if it fails again its games are
// reported as rejected and the run goes on.
import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { Piscina } from 'piscina';
import type { Batch, BatchResult, GameError } from './batch.js';
import { isPartMessage, newMailbox, PartQueue } from './spill.js';
import type { WorkerInit } from './task.js';
import { analysisWorkerFile, compiledFile } from '../runtime/compiled.js';
import { gameLine, gameRow } from '../output/games.js';
import { Stats, type StatsSpec } from '../stats/stats.js';

/** What each worker gets: the task's init, and the module its entry loads (workers/entry.cts). */
interface PoolData extends WorkerInit {
  entry: string;
}

/** A batch on its way: its result, and the parts of its output that come before it. */
export interface BatchRun {
  batch: Batch;
  result: Promise<BatchResult>;
  parts: PartQueue;
}

export class AnalysisPool {
  private readonly pool: Piscina;
  private readonly games: boolean;
  /** What the statistics count: a failed batch's counts take the same layout. */
  private readonly stats: StatsSpec | undefined;
  /** The part queues of the batches on their way, by stream. */
  private readonly streams = new Map<number, PartQueue>();
  private nextStream = 1;
  /** Mailboxes (spill.ts) taken back from finished batches, to lend again. */
  private readonly mailboxes: SharedArrayBuffer[] = [];

  /**
   * `start`: the workers started at once, those the input will surely keep busy; the others start with
   * the batches (`AnalysisRun` says how many). `filename`: the worker module (its bundle when built); tests pass
   * one that injects faults.
   */
  constructor(threads: number, init: WorkerInit, filename: string = analysisWorkerFile(), start = 0) {
    this.games = init.options.games === true;
    this.stats = init.options.stats;
    this.pool = new Piscina({
      // a CommonJS entry that import()s the worker module: never Node's synchronous require() of an ES
      // module, which a worker terminated while still loading turned into an abort of the process (entry.cts)
      filename: compiledFile('workers/entry.cjs'),
      workerData: { ...init, entry: filename } satisfies PoolData,
      // a worker takes a tenth of a second or more to start: those started at once do it while
      // this thread still loads, builds the tables and reads the first bytes, the others start only when
      // batches queue (a small file of one batch starts one worker, not N); all are kept to the end
      minThreads: Math.min(start, threads),
      maxThreads: threads,
      idleTimeout: Infinity,
      // no queue limit here: the main thread bounds the batches in flight itself (reorder.ts); piscina's
      // 'auto' limit would refuse a batch as an error
    });
    this.pool.on('message', (m: unknown) => {
      if (isPartMessage(m)) this.streams.get(m.stream)?.receive(m);
    });
  }

  /** Starts a batch (`outbox` as for run), its output parts into a queue and a mailbox of their own: see finish(). */
  start(batch: Batch, outbox: SharedArrayBuffer | null = null): BatchRun {
    const parts = new PartQueue(this.nextStream++, this.mailboxes.pop() ?? newMailbox());
    this.streams.set(parts.stream, parts);
    return { batch, result: this.run(batch, outbox, parts), parts };
  }

  /** Runs a batch that stopped again, past the parts had (it stopped without room for more: now it leads). */
  resume(run: BatchRun): BatchRun {
    return { ...run, result: this.run(run.batch, null, run.parts) };
  }

  /** Once every try of the batch has ended: its parts are out or not wanted, its mailbox is taken back. */
  finish(parts: PartQueue): void {
    parts.stop();
    if (this.streams.delete(parts.stream)) this.mailboxes.push(parts.mailbox);
  }

  /**
   * Runs a batch; on a worker failure retries once, skipping the parts of its output already had, then
   * returns its games as rejected (the parts written stay written). `outbox`: memory for the worker's next
   * output (Batch.outbox), sent with the first try only: a retry or a second run of the batch must never
   * hand out memory a worker may already be writing in.
   */
  private async run(batch: Batch, outbox: SharedArrayBuffer | null, parts: PartQueue): Promise<BatchResult> {
    const tried: Batch = { ...batch, parts: parts.target() };
    try {
      return (await this.pool.run(outbox === null ? tried : { ...tried, outbox })) as BatchResult;
    } catch (first) {
      try {
        return (await this.pool.run({ ...batch, attempt: 1, parts: parts.target() })) as BatchResult;
      } catch (second) {
        return failedBatch(batch, second as Error, first as Error, this.games, this.stats);
      }
    }
  }

  async close(): Promise<void> {
    for (const parts of this.streams.values()) this.finish(parts);
    await this.pool.destroy();
  }
}

/**
 * Whether the workers started at once fill every core. V8 compiles optimized code on background threads;
 * with a worker on every core those jobs wait for a core while the workers run slower code, so there each
 * worker had better compile in its own thread (with a core free, compiling in the background still wins).
 */
export function workersFillCores(start: number, threads: number, cores: number = availableParallelism()): boolean {
  return Math.min(start, threads) >= cores;
}

/**
 * Makes the workers started from now on compile in their own threads. V8 reads the flag when it creates an
 * isolate (its optimizing compile dispatcher), so this thread's isolate keeps its background compiler. A
 * process-wide setting: only for a caller that owns the process (the CLI), never for a library's caller.
 */
export function compileInWorkerThreads(): void {
  setFlagsFromString('--no-concurrent-recompilation');
}

/** Every game of a batch that failed twice, as rejected games. */
function failedBatch(batch: Batch, error: Error, firstError: Error, games: boolean, spec: StatsSpec | undefined): BatchResult {
  const stats = new Stats(spec);
  const errors: GameError[] = [];
  let gamesText = games ? '' : null;
  const reason = `internal error: the worker failed twice on this batch (${firstError.message}; then ${error.message})`;
  for (let i = 0; i < batch.offsets.length; i++) {
    const game = batch.firstGame + i;
    errors.push({ game, offset: batch.offsets[i], ply: 0, text: '', reason, kind: 'worker', input: batch.input });
    if (gamesText !== null) gamesText += gameLine(gameRow(batch.input, batch.offsets[i], null, game, reason));
    stats.addRejected();
  }
  return {
    seq: batch.seq,
    games: batch.offsets.length,
    text: new Uint8Array(0),
    gamesText,
    records: null,
    stats: stats.vector(),
    errors,
    verify: null,
  };
}
