// `pgn-xray [analyze] INPUT...`: wiring of the run to the outputs, the progress bar, the rejected-game
// report, the statistics file and the summary. Outputs are checked and opened (outputs.ts) before anything
// is read; whatever stops the run — the end, a signal, a full disk, a closed pipe — the outputs end at a
// whole record and the statistics describe what was written: the batches every output took. A batch is
// handed to each output in one write; when a pipe's reader goes away during it (`| head`), the batch
// counts as written (its records went as far as the reader read, and nothing after it is analysed).
import { EXIT, PipeClosed } from '../errors.js';
import { OUTPUT_KINDS } from '../output/kinds.js';
import type { ParquetLayout } from '../output/parquet-arrow.js';
import type { ParquetOutput } from '../output/parquet-thread.js';
import { Stats, type InputIdentity } from '../stats/stats.js';
import { summaryTable } from '../report/summary.js';
import type { BatchResult } from '../pipeline/batch.js';
import { fileInput, shardInput } from '../input/inputs.js';
import { AnalysisRun } from '../pipeline/run.js';
import { totalBytes } from '../input/source.js';
import { WorkerCpu } from '../pipeline/thread-cpu.js';
import { inputIdentity } from './input-identity.js';
import type { AnalyzeCommand } from './options.js';
import { openOutputs, STDIO, type Output, type RecordWriter } from './outputs.js';
import { byteCounter, Progress } from './progress.js';
import { Rejections } from './rejections.js';
import { runInfo, writeStatsFiles } from './stats-files.js';

/** What stops a run before its end: set by the handlers (cli.ts), read at the end for the exit code. */
export interface Interrupt {
  /** A signal received (SIGINT, SIGTERM). */
  signal: NodeJS.Signals | null;
  /** Standard error's reader went away: the run stops quietly, as for a closed stdout. */
  stderrClosed: boolean;
  /** Called on the first signal or stderr's closing: stop reading. */
  onStop: () => void;
}

/** A records writer for an opened output, or null. */
async function writerOf(o: Output | null): Promise<RecordWriter | null> {
  return o === null ? null : o.writer();
}

export async function runAnalyze(cmd: AnalyzeCommand, interrupt: Interrupt): Promise<number> {
  const kind = OUTPUT_KINDS[cmd.format];
  const files = await openOutputs(cmd.inputs, {
    // -f none writes no records: stdout is no output of it (a file named by -o is still made)
    out: !kind.writes && cmd.output === undefined ? undefined : { path: cmd.output ?? STDIO, whole: kind.file },
    errors: cmd.errors,
    stats: cmd.stats,
    games: cmd.games,
    report: cmd.report,
  });
  for (const w of cmd.warnings) process.stderr.write(`${w}\n`);
  const out =
    kind.worker === 'columns' ? await startParquet(files.out!, { tags: cmd.tags, shard: cmd.shard !== null }) : await writerOf(files.out);
  const errFile = await writerOf(files.errors);
  const statsFile = await writerOf(files.stats);
  const gamesFile = await writerOf(files.games);
  const reportFile = await writerOf(files.report);
  // what the statistics say was read, taken before reading
  const inputs = statsFile !== null || reportFile !== null ? cmd.inputs.map((p) => inputIdentity(p, cmd.shard)) : [];
  const bytes = byteCounter();
  const run = new AnalysisRun({
    inputs: cmd.inputs.map((p) => (cmd.shard !== null ? shardInput(p, cmd.shard) : fileInput(p))),
    worker: {
      output: cmd.format,
      allPositions: cmd.allPositions,
      filter: cmd.filter,
      verify: cmd.verify,
      games: gamesFile !== null,
      where: cmd.where,
      tags: cmd.tags,
      offsets: cmd.shard !== null,
      tactics: cmd.tactics,
      stats: { groupBy: cmd.groupBy, player: cmd.player },
      examples: statsFile !== null || reportFile !== null,
    },
    threads: cmd.threads,
    maxGameBytes: cmd.maxGameBytes,
    batchGames: cmd.batchGames,
    onBytes: bytes.onBytes,
    ownsProcess: true,
  });
  interrupt.onStop = () => run.stop();
  const progress = new Progress(cmd.progress, totalBytes(cmd.inputs));
  const rejections = new Rejections(errFile, cmd.quiet, (line) => progress.log(line));
  const sink: BatchOutputs = { out, gamesFile, rejections, run, written: new Stats({ groupBy: cmd.groupBy, player: cmd.player }) };
  sink.written.where = cmd.where?.source ?? null; // with --where the statistics count its matches
  // a shard's file keeps every value of a --group-by dimension, so that merge-stats bounds the sum as one run would
  if (cmd.shard !== null && cmd.shard.count > 1) sink.written.valuesKept = Infinity;
  if (statsFile !== null || reportFile !== null) sink.written.collectExamples();
  const workerCpu = new WorkerCpu();
  let failure: unknown = null;
  try {
    const header = kind.header({ tags: cmd.tags, tactics: cmd.tactics });
    if (header !== '') await out!.write(header);
    for await (const r of run) {
      await writeBatch(r, sink);
      workerCpu.add(r.cpu);
      progress.update(bytes.total(), sink.written.analysedGames + sink.written.rejected, sink.written.analysedPositions);
    }
  } catch (e) {
    failure = e;
  } finally {
    progress.stop();
  }
  rejections.close();
  failure ??= await closeAll([out, errFile, gamesFile]);
  return finish(cmd, run, { written: sink.written, workerCpu: workerCpu.seconds(), inputs }, statsFile, reportFile, failure, interrupt);
}

/** Where each batch goes, and the statistics of the batches written. */
interface BatchOutputs {
  out: RecordWriter | null;
  gamesFile: RecordWriter | null;
  rejections: Rejections;
  run: AnalysisRun;
  written: Stats;
}

/**
 * Hands a batch to every output, then counts it. A closed pipe ends the run, once the batch has gone to
 * the other outputs and is counted; any other failure ends it at once, the batch not counted (the file
 * that failed is cut back to the batches before it).
 */
async function writeBatch(r: BatchResult, o: BatchOutputs): Promise<void> {
  let closed: PipeClosed | null = null;
  const tryWrite = async (write: () => Promise<void>): Promise<void> => {
    try {
      await write();
    } catch (e) {
      if (!(e instanceof PipeClosed)) throw e;
      closed ??= e;
    }
  };
  await tryWrite(async () => {
    if (r.text.length === 0) return;
    await o.out!.write(r.text);
    o.run.recycle(r.text); // written: the system has the bytes
  });
  const ipc = r.parquet;
  if (ipc) await (o.out as ParquetOutput).add(ipc, () => o.run.recycle(ipc)); // once the encoder has read it
  if (o.gamesFile !== null && r.gamesText) await tryWrite(() => o.gamesFile!.write(r.gamesText!));
  await tryWrite(() => o.rejections.add(r.errors));
  o.written.addVector(r.stats);
  if (r.examples) o.written.addExamples(r.examples);
  if (r.misses) o.written.addMisses(r.misses);
  if (closed !== null) throw closed;
}

/** The Parquet file (-f parquet; its encoder loads only then). */
async function startParquet(file: Output, layout: ParquetLayout): Promise<ParquetOutput> {
  const { ParquetOutput } = await import('../output/parquet-thread.js');
  return ParquetOutput.start(file, layout);
}

/** Closes the outputs; the first failure, or null. */
async function closeAll(writers: (RecordWriter | null)[]): Promise<unknown> {
  let failure: unknown = null;
  for (const w of writers) {
    try {
      await w?.close();
    } catch (e) {
      failure ??= e;
    }
  }
  return failure;
}

/** The statistics file, the summary, the closing lines and the exit code. */
async function finish(
  cmd: AnalyzeCommand,
  run: AnalysisRun,
  done: { written: Stats; workerCpu: number[]; inputs: InputIdentity[] },
  statsFile: RecordWriter | null,
  reportFile: RecordWriter | null,
  failure: unknown,
  interrupt: Interrupt,
): Promise<number> {
  const stats = done.written.toJSON();
  for (const w of done.written.foldWarnings()) process.stderr.write(`pgn-xray: ${w}\n`);
  const s = run.seconds; // the analysis alone, not the report
  await writeStatsFiles({ ...stats, verify: run.verify ?? undefined, run: runInfo(done.inputs, s, done.workerCpu) }, statsFile, reportFile);
  if (failure !== null && !(failure instanceof PipeClosed)) throw failure;
  for (const e of run.inputErrors) process.stderr.write(`pgn-xray: ${e.message}\n`);
  if (!cmd.quiet) {
    process.stderr.write(summaryTable(stats));
    const analysed = done.written.analysedPositions;
    process.stderr.write(`${s.toFixed(1)} s, ${Math.round(analysed / s).toLocaleString('en')} positions/s, ${cmd.threads} threads\n`);
  }
  reportVerify(run);
  if (interrupt.signal !== null) {
    const at = run.position;
    process.stderr.write(
      `pgn-xray: interrupted by ${interrupt.signal} after ${done.written.analysedGames + stats.rejected} games (${at.input || 'no input'} up to byte ${at.offset}); the output ends at a whole record\n`,
    );
    return interrupt.signal === 'SIGINT' ? EXIT.sigint : EXIT.sigterm;
  }
  if (failure instanceof PipeClosed || interrupt.stderrClosed) return EXIT.ok;
  if (run.inputErrors.length > 0) return EXIT.failure;
  return cmd.strict && stats.rejected > 0 ? EXIT.strictRejected : EXIT.ok;
}

function reportVerify(run: AnalysisRun): void {
  const v = run.verify;
  if (v === null) return;
  process.stderr.write(
    `verify: ${v.games} games, ${v.agreed} agree, ${v.disagreements.length} disagreements, ${v.pgnParserFailed} not parsed by pgn-parser (counted apart)\n`,
  );
  for (const d of v.disagreements.slice(0, 20)) process.stderr.write(`  game ${d.game} (offset ${d.offset}) ply ${d.ply}: ${d.what}\n`);
}
