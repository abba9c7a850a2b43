// The analysis run on the main thread: sources -> splitter -> batches -> pool -> in-order output,
// statistics, error report, progress. Memory stays bounded: at most maxInFlight batches exist at once and
// the source is not read while the queue is full.
import { availableParallelism } from 'node:os';
import { installedTables, installNewTables, tablesInstalled } from '../core/attacks.js';
import type { MotifFilter } from '../motifs/filter.js';
import { createFormatter, type OutputFormat } from '../output/formats.js';
import { Stats, type StatsJSON } from '../output/stats.js';
import { DEFAULT_MAX_GAME_BYTES, GameSplitter } from '../pgn/splitter.js';
import { BatchBuilder, type Batch, type BatchResult, type VerifyReport } from './batch.js';
import type { GameError } from './game.js';
import { AnalysisPool } from './pool.js';
import { Progress } from './progress.js';
import { InOrder } from './reorder.js';
import { detectKind, readInput, readPositions, totalBytes } from './source.js';
import type { WorkerOptions } from './task.js';

export interface RunOptions {
  inputs: string[];
  format: OutputFormat;
  allPositions: boolean;
  filter: MotifFilter;
  threads?: number;
  maxGameBytes?: number;
  verify?: boolean;
  progress?: boolean;
  /** Games per batch (at most) and bytes per batch (about). */
  batchGames?: number;
  batchBytes?: number;
  /** Receives the output text in input order; may return a promise to apply backpressure. */
  write: (text: string) => void | Promise<void>;
  /** Receives each rejected game, in input order. */
  reject: (e: GameError) => void | Promise<void>;
  /** Polled between input chunks: true stops reading (the library's consumer went away). */
  stop?: () => boolean;
  /** Test hooks forwarded to the workers. */
  testHooks?: Pick<WorkerOptions, 'failSeq' | 'failAttempts' | 'failMode'>;
}

export interface RunSummary {
  stats: StatsJSON;
  verify: VerifyReport | null;
  seconds: number;
}

/** Default worker threads: the machine's available parallelism (piscina's own default overshoots). */
export function defaultThreads(): number {
  return Math.max(1, availableParallelism());
}

/** Runs the whole analysis; resolves when every game has been written or reported. */
export async function runAnalysis(o: RunOptions): Promise<RunSummary> {
  const t0 = performance.now();
  const threads = o.threads ?? defaultThreads();
  // this thread owns the process's tables (it reads EPD lines with parseFen): the installed ones, else
  // built and installed here; the workers open views over the same buffer
  const tables = (tablesInstalled() ? installedTables() : installNewTables()).buffer;
  const pool = new AnalysisPool(threads, {
    tables,
    options: { format: o.format, allPositions: o.allPositions, filter: o.filter, verify: o.verify === true, ...o.testHooks },
  });
  const stats = new Stats();
  let verify: VerifyReport | null = o.verify ? { games: 0, agreed: 0, pgnParserFailed: 0, disagreements: [] } : null;
  const progress = new Progress(o.progress === true, totalBytes(o.inputs));
  const queue = new InOrder<BatchResult>(threads * 3);
  const batchGames = o.batchGames ?? 256;
  const batchBytes = o.batchBytes ?? 1 << 19;
  let seq = 0;
  let games = 0;
  let bytesBefore = 0; // compressed bytes of the inputs already finished
  let bytesNow = 0;

  const consume = async (r: BatchResult | undefined): Promise<void> => {
    if (r === undefined) return;
    if (r.text !== '') await o.write(r.text);
    for (const e of r.errors) await o.reject(e);
    stats.merge(r.stats);
    if (verify !== null && r.verify !== null) {
      verify.games += r.verify.games;
      verify.agreed += r.verify.agreed;
      verify.pgnParserFailed += r.verify.pgnParserFailed;
      verify.disagreements.push(...r.verify.disagreements);
    }
    progress.update(bytesBefore + bytesNow, stats.games + stats.rejected, stats.positions);
  };
  const dispatch = async (batch: Batch): Promise<void> => {
    await consume(await queue.push(pool.run(batch)));
  };

  try {
    const header = createFormatter(o.format).header(); // the CSV column row
    if (header !== '') await o.write(header);
    for (const input of o.inputs) {
      bytesNow = 0;
      const onBytes = (n: number): void => {
        bytesNow = n;
      };
      const chunks = readInput(input, { onBytes });
      const first = await chunks.next();
      if (first.done) continue;
      const kind = detectKind(input, first.value);
      const all = (async function* () {
        yield first.value;
        yield* chunks;
      })();
      const builder = new BatchBuilder(kind, input, batchGames, batchBytes);
      const pending: Batch[] = [];
      if (kind === 'pgn') {
        const splitter = new GameSplitter({ maxGameBytes: o.maxGameBytes });
        const onGame = (g: { offset: number; bytes: Uint8Array; tooLarge?: boolean }): void => {
          const rejected = g.tooLarge === true ? `game over --max-game-bytes (${o.maxGameBytes ?? DEFAULT_MAX_GAME_BYTES} bytes)` : null;
          if (builder.add(++games, g.offset, g.bytes, rejected)) pending.push(builder.take(seq++));
        };
        for await (const chunk of all) {
          if (o.stop?.()) break;
          splitter.push(chunk, onGame);
          // dispatch after the chunk: the splitter's arena views stay valid until copied by take()
          while (pending.length > 0) await dispatch(pending.shift()!);
        }
        splitter.end(onGame);
      } else {
        const enc = new TextEncoder();
        for await (const p of readPositions(all)) {
          if (o.stop?.()) break;
          const full = 'fen' in p ? builder.add(++games, p.offset, enc.encode(p.fen)) : builder.add(++games, p.offset, enc.encode(p.text), p.error);
          if (full) await dispatch(builder.take(seq++));
        }
      }
      while (pending.length > 0) await dispatch(pending.shift()!);
      if (builder.count > 0) await dispatch(builder.take(seq++));
      bytesBefore += bytesNow;
      bytesNow = 0;
    }
    while (queue.size > 0) await consume(await queue.take());
  } finally {
    progress.stop();
    await pool.close();
  }
  return { stats: stats.toJSON(), verify, seconds: (performance.now() - t0) / 1000 };
}
