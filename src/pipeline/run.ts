// The analysis run on the main thread, as one ordered async iterable of batch results: inputs ->
// splitter -> batches -> pool -> in order. The CLI and the library consume it with `for await`.
// Memory stays bounded: at most maxInFlight batches exist at once and no input is read while the queue
// is full or the consumer does not pull.
//
// Game numbers: a batch is numbered when dispatched, assuming no broken game in the batches before it
// hides another. When a worker recovers games from inside a broken one (docs/design.md §7), every later
// game moves up; a batch found numbered from the wrong game is analysed again with the right number before it is
// handed out (rare: only after a recovery, and only the batches in flight then). A batch whose output outgrows
// it hands it out in parts before its result (spill.ts), only once it is next in order and numbered right.
import { availableParallelism } from 'node:os';
import { installedTables, installNewTables, tablesInstalled } from '../core/attacks.js';
import { XrayError } from '../errors.js';
import { Stats, type StatsJSON, type StatsVector } from '../stats/stats.js';
import { DEFAULT_MAX_GAME_BYTES } from '../pgn/splitter.js';
import { BatchBuffers, type Batch, type BatchResult, type VerifyReport } from './batch.js';
import { inputBatches } from './batches.js';
import type { Input } from '../input/inputs.js';
import { AnalysisPool, compileInWorkerThreads, workersFillCores, type BatchRun } from './pool.js';
import { InOrder } from './reorder.js';
import { isMailbox, type PartOutput } from './spill.js';
import type { WorkerOptions } from './task.js';

export interface RunOptions {
  inputs: Input[];
  worker: WorkerOptions;
  threads?: number;
  maxGameBytes?: number;
  /**
   * Games per batch (at most) and bytes per batch (about). Given, every batch keeps to them; by default,
   * each input's first batches (one per thread) hold BATCH_GAMES games or BATCH_BYTES bytes and the
   * later ones twice as many.
   */
  batchGames?: number;
  batchBytes?: number;
  /** The compiled worker module (tests pass one that injects faults). */
  workerFile?: string;
  /**
   * The run owns its process (the CLI): when the workers started at once fill the cores, they compile their
   * optimized code in their own threads (a process-wide V8 flag: pool.ts).
   */
  ownsProcess?: boolean;
  /** Told the bytes read so far of the input being read (compressed bytes as stored). */
  onBytes?: (input: number, bytes: number) => void;
}

/**
 * Games and bytes per batch, by default, of each input's first batches, one per thread: hundreds of games,
 * a few milliseconds of a worker's time, so that every worker starts soon and an input of a few batches
 * still spreads over the workers. The later batches are twice the size: half the tasks, each costing the
 * pool's round trip and two threads' wake-ups.
 */
const BATCH_GAMES = 256;
const BATCH_BYTES = 1 << 19;

/** Output memory given back and kept for the workers' next outputs, at most: a batch's output is a few MB. */
const KEPT_OUTBOX_BYTES = 64 << 20;

interface InFlight {
  batch: Batch;
  run: BatchRun;
}

/** What a run did, for the summary and the statistics file. */
export interface RunSummary {
  stats: StatsJSON;
  verify: VerifyReport | null;
  seconds: number;
}

/** Default worker threads: the machine's available parallelism (piscina's own default overshoots). */
export function defaultThreads(): number {
  return Math.max(1, availableParallelism());
}

export class AnalysisRun implements AsyncIterable<BatchResult> {
  verify: VerifyReport | null;
  /** Failures of whole inputs (unreadable, damaged, not PGN), in the order met; the run went on. */
  readonly inputErrors: XrayError[] = [];
  /** Where reading stopped: the last input and byte offset handed out. */
  position = { input: '', offset: 0 };
  private stopped = false;
  private readonly t0 = performance.now();
  private nextGame = 1; // the number of the next game handed out
  private shift = 0; // games recovered so far, beyond those the splitter found
  private readonly threads: number;
  private readonly batchBytes: number;
  /** The default sizes: they double after each input's first batches (BatchOptions.firstBatches). */
  private readonly grows: boolean;
  private readonly buffers: BatchBuffers;
  /** Output memory given back (recycle), each sent with a batch for the worker's next output. */
  private readonly outboxes: SharedArrayBuffer[] = [];
  /** Statistics of zero: a part's. */
  private noCounts: StatsVector | null = null;

  constructor(private readonly o: RunOptions) {
    this.verify = o.worker.verify ? { games: 0, agreed: 0, pgnParserFailed: 0, disagreements: [] } : null;
    this.threads = o.threads ?? defaultThreads();
    this.batchBytes = o.batchBytes ?? BATCH_BYTES;
    this.grows = o.batchGames === undefined && o.batchBytes === undefined;
    this.buffers = new BatchBuffers(this.grows ? 2 * this.batchBytes : this.batchBytes);
  }

  /** Stops reading input; the batches already in flight are still handed out. */
  stop(): void {
    this.stopped = true;
  }

  /**
   * Gives a result's text back once it has been written out (the system has its bytes), or its Parquet
   * bytes once the encoder has read them: a worker writes its next output in that memory instead of new
   * memory. The caller never reads them again. What is not given back is left to the garbage collector
   * (the library hands nothing back).
   */
  recycle(output: Uint8Array): void {
    const b = output.buffer;
    if (!(b instanceof SharedArrayBuffer) || isMailbox(b)) return;
    // as many as the batches in flight can use (one each, and one per worker writing), and no more memory
    // than batches of ordinary games write: a larger output is left to the garbage collector
    const kept = this.outboxes.reduce((n, o) => n + o.byteLength, 0);
    if (this.outboxes.length < this.threads * 4 && kept + b.byteLength <= KEPT_OUTBOX_BYTES) this.outboxes.push(b);
  }

  get seconds(): number {
    return (performance.now() - this.t0) / 1000;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<BatchResult> {
    // this thread owns the process's tables: the installed ones, else built and installed here (once); the
    // workers open views over the same buffer
    const tables = (tablesInstalled() ? installedTables() : installNewTables()).buffer;
    const start = surelyBusy(this.o.inputs, this.batchBytes);
    if (this.o.ownsProcess === true && workersFillCores(start, this.threads)) compileInWorkerThreads();
    const pool = new AnalysisPool(this.threads, { tables, options: this.o.worker }, this.o.workerFile, start);
    const queue = new InOrder<InFlight>(this.threads * 3);
    let seq = 0;
    let dispatched = 0; // games in the batches dispatched so far
    try {
      for (let i = 0; i < this.o.inputs.length && !this.stopped; i++) {
        for await (const batch of this.batchesOf(i)) {
          batch.seq = seq++;
          batch.firstGame = dispatched + this.shift + 1;
          dispatched += batch.offsets.length;
          const done = queue.push({ batch, run: pool.start(batch, this.outboxes.pop() ?? null) });
          if (done !== undefined) yield* this.settle(done, pool);
        }
      }
      for (let next = queue.take(); next !== undefined; next = queue.take()) yield* this.settle(next, pool);
    } finally {
      await pool.close();
    }
  }

  /** One input's batches; a failure of the input is kept and the run goes on with the next. */
  private async *batchesOf(i: number): AsyncGenerator<Batch> {
    const input = this.o.inputs[i];
    const chunks = input.open({ onBytes: (n) => this.o.onBytes?.(i, n) });
    const o = {
      base: () => input.base,
      maxGameBytes: this.o.maxGameBytes ?? DEFAULT_MAX_GAME_BYTES,
      batchGames: this.o.batchGames ?? BATCH_GAMES,
      batchBytes: this.batchBytes,
      firstBatches: this.grows ? this.threads : Infinity,
      buffers: this.buffers,
    };
    try {
      yield* inputBatches(input.name, chunks, o, () => this.stopped);
    } catch (e) {
      if (!(e instanceof XrayError)) throw e;
      this.inputErrors.push(e);
    }
  }

  /**
   * The batch next in order: the parts of its output, then its result, counted into the totals. Run again
   * first when recovered games moved its numbers (its parts, numbered wrong, never handed out).
   */
  private async *settle(entry: InFlight, pool: AnalysisPool): AsyncGenerator<BatchResult> {
    const { batch } = entry;
    let run = entry.run;
    if (batch.firstGame !== this.nextGame) {
      run.parts.stop();
      await run.result;
      pool.finish(run.parts);
      run = pool.start({ ...batch, firstGame: this.nextGame });
    }
    run.parts.lead();
    let r = yield* this.parts(run);
    // stopped without room for its parts before it led: again, past the parts had
    for (; r.stopped === true; r = yield* this.parts(run)) run = pool.resume(run);
    pool.finish(run.parts);
    this.buffers.release(batch.bytes); // nothing reads the batch's bytes again
    this.shift += r.games - batch.offsets.length;
    this.nextGame += r.games;
    if (this.verify !== null && r.verify !== null) addVerify(this.verify, r.verify);
    const n = batch.offsets.length;
    this.position = { input: batch.input, offset: n > 0 ? batch.offsets[n - 1] : 0 };
    yield r;
  }

  /** The parts of a try of a batch, each as a result of its own (no game, no count, no rejection), then its result. */
  private async *parts(run: BatchRun): AsyncGenerator<BatchResult, BatchResult> {
    const parts = run.parts.drain(run.result);
    for (let next = await parts.next(); ; next = await parts.next()) {
      if (next.done === true) return next.value;
      this.noCounts ??= new Stats(this.o.worker.stats).vector();
      const o: PartOutput = next.value;
      yield {
        seq: run.batch.seq,
        games: 0,
        text: o.text,
        gamesText: null,
        records: o.records,
        parquet: o.parquet,
        stats: this.noCounts,
        errors: [],
        verify: null,
        partial: true,
      };
    }
  }
}

/**
 * The workers the inputs will surely keep busy: a batch each, counted on the bytes as stored (compressed
 * text holds more batches than that, never fewer); one for an input of unknown size (a stream).
 */
export function surelyBusy(inputs: Input[], batchBytes: number): number {
  let batches = 0;
  for (const input of inputs) batches += input.size === null ? 1 : Math.ceil(input.size / batchBytes);
  return batches;
}

function addVerify(total: VerifyReport, r: VerifyReport): void {
  total.games += r.games;
  total.agreed += r.agreed;
  total.pgnParserFailed += r.pgnParserFailed;
  total.disagreements.push(...r.disagreements);
}
