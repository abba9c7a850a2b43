// `pgn-xray puzzles INPUT...` (docs/design.md §12): the analysis run in puzzle mode (stage 1 in the workers)
// feeds its candidates in input order to the engine pool (stage 2), and the verified puzzles are written
// in input order, each position once. Outputs are opened and checked against the inputs before anything
// is read; a signal, a full disk or a closed stdout end the output at a whole puzzle, as in analyze.
import { EXIT, PipeClosed } from '../errors.js';
import { ALL_MOTIFS } from '../motifs/filter.js';
import { Stats } from '../stats/stats.js';
import type { BatchResult } from '../pipeline/batch.js';
import { fileInput } from '../input/inputs.js';
import { AnalysisRun } from '../pipeline/run.js';
import { totalBytes } from '../input/source.js';
import { makePuzzle, unverifiedVerdict } from '../puzzles/assemble.js';
import { STAGE1_PLUGIN, type Stage1Batch } from '../puzzles/candidate-sink.js';
import { resolveEngine } from '../puzzles/engine-path.js';
import { EngineError } from '../puzzles/engine.js';
import { EnginePool } from '../puzzles/engine-pool.js';
import { EngineWatch } from '../puzzles/engine-watch.js';
import type { PuzzleFormat } from '../puzzles/puzzle-kinds.js';
import { puzzleWriter } from '../puzzles/puzzle-writers.js';
import { CandidateQueue, positionKey } from '../puzzles/queue.js';
import { EngineScreen } from '../puzzles/screen.js';
import { STAGE2_DEFAULTS, verifyCandidate, type Stage2Options, type Verdict } from '../puzzles/stage2.js';
import { addCounts, emptySummary, summaryText, type PuzzleSummary } from '../puzzles/run-tally.js';
import type { Candidate } from '../puzzles/types.js';
import type { Interrupt } from './analyze.js';
import { openWriters, STDIO, type RecordWriter } from './outputs.js';
import { byteCounter, Progress } from './progress.js';
import type { PuzzleCommand } from './puzzle-options.js';
import { Rejections } from './rejections.js';

const FIELDS = '{games} games | {candidates} candidates | {eps} engine positions/s | {puzzles} puzzles';

/** Verifications queued beyond the engines' number, so no engine waits for the next candidate. */
const QUEUE_SLACK = 2;
/**
 * With the screen, more: the verdicts are taken in order, and the cheap screens behind a long verification
 * keep the other engines busy meanwhile.
 */
const SCREEN_SLACK = 64;

/** The run's moving parts, shared by the steps below. */
interface PuzzleRun {
  cmd: PuzzleCommand;
  run: AnalysisRun;
  pool: EnginePool | null;
  /** The engine's verdicts watched: a run whose engine fails stops with exit 1 (null without an engine). */
  watch: EngineWatch | null;
  queue: CandidateQueue<Verdict>;
  out: RecordWriter;
  /** --candidates: every candidate and its verdict, or null. */
  log: RecordWriter | null;
  writer: PuzzleFormat;
  summary: PuzzleSummary;
  /** The batches' statistics added up, for the summary's games, rejected games and positions. */
  counted: Stats;
  /** Positions of the puzzles written, so each is written once. */
  written: Set<string>;
  stopped: boolean;
  /** Says a line on stderr (above the progress bar; nothing with -q). */
  warn: (line: string) => void;
}

export async function runPuzzles(cmd: PuzzleCommand, interrupt: Interrupt): Promise<number> {
  for (const w of cmd.warnings) process.stderr.write(`${w}\n`);
  const enginePath = resolveEngine(cmd.engine === null ? 'none' : cmd.engine);
  const files = await openWriters(cmd.inputs, {
    out: cmd.output ?? STDIO,
    errors: cmd.errors,
    summary: cmd.summary,
    candidates: cmd.candidates,
  });
  const [out, errFile, summaryFile, log] = [files.out!, files.errors, files.summary, files.candidates];
  const pool = enginePath === null ? null : await EnginePool.start({ path: enginePath, procs: cmd.engineProcs });
  const bytes = byteCounter();
  const screen = pool !== null && cmd.screenNodes > 0 && !cmd.everyPosition;
  const run = new AnalysisRun({
    inputs: cmd.inputs.map(fileInput),
    worker: {
      output: 'none',
      allPositions: false,
      filter: ALL_MOTIFS,
      verify: false,
      plugin: { name: STAGE1_PLUGIN, options: { everyPosition: cmd.everyPosition, screen } },
    },
    threads: cmd.threads,
    maxGameBytes: cmd.maxGameBytes,
    batchGames: cmd.batchGames,
    onBytes: bytes.onBytes,
  });
  const limits = { ...STAGE2_DEFAULTS, nodes: cmd.nodes, probeNodes: cmd.probeNodes, gap: cmd.gap };
  const verify = verifier(pool, screen ? cmd.screenNodes : 0, limits);
  const progress = new Progress(cmd.progress, totalBytes(cmd.inputs), FIELDS);
  const p: PuzzleRun = {
    cmd,
    run,
    pool,
    out,
    log,
    watch: pool === null ? null : new EngineWatch(),
    writer: puzzleWriter(cmd.format),
    queue: new CandidateQueue(verify, pool === null ? 1 : cmd.engineProcs + (screen ? SCREEN_SLACK : QUEUE_SLACK)),
    summary: emptySummary(pool !== null),
    counted: new Stats(),
    written: new Set(),
    stopped: false,
    warn: (line) => {
      if (!cmd.quiet) progress.log(line);
    },
  };
  interrupt.onStop = () => stop(p);
  const rejections = new Rejections(errFile, cmd.quiet, (line) => progress.log(line));
  const cpu0 = process.cpuUsage();
  let failure: unknown = null;
  try {
    const header = p.writer.header();
    if (header !== '') await out.write(header);
    for await (const r of run) {
      await rejections.add(r.errors);
      await takeBatch(p, r);
      const s = p.summary;
      progress.show(bytes.total(), {
        games: s.games + s.rejected,
        candidates: s.candidates,
        eps: progress.perSecond(s.engine?.calls ?? 0),
        puzzles: s.puzzles,
      });
      if (p.stopped) break;
    }
    while (!p.stopped && p.queue.size > 0) await emitNext(p);
    if (!p.stopped) p.watch?.end();
  } catch (e) {
    failure = e;
  } finally {
    progress.stop();
    await finishEngines(p);
  }
  rejections.close();
  for (const w of [out, errFile, log])
    if (w !== null)
      failure ??= await w.close().then(
        () => null,
        (e: unknown) => e,
      );
  return finish(p, summaryFile, failure, interrupt, cpu0);
}

/** How a candidate gets its verdict: stage 1's unverified line, the engine's, or the screen's then the engine's. */
function verifier(pool: EnginePool | null, screenNodes: number, limits: Stage2Options): (c: Candidate) => Promise<Verdict> {
  if (pool === null) return (c) => Promise.resolve(unverifiedVerdict(c));
  if (screenNodes === 0) return (c) => verifyCandidate(pool, c, limits);
  const screen = new EngineScreen(pool, screenNodes);
  return (c) => (c.rules[0] === 'screen' ? screen.verify(c, limits) : verifyCandidate(pool, c, limits));
}

/** Stops reading and verifying: what is written stays whole. */
function stop(p: PuzzleRun): void {
  p.stopped = true;
  p.run.stop();
}

/** A batch's counts and candidates: each candidate queued, verdicts written as the queue fills. */
async function takeBatch(p: PuzzleRun, r: BatchResult): Promise<void> {
  const s = p.summary;
  const counted = p.counted;
  counted.addVector(r.stats);
  s.games = counted.games;
  s.rejected = counted.rejected;
  s.positions = counted.positions;
  const found = r.plugin as Stage1Batch | null | undefined;
  if (found == null) return;
  addCounts(s.stage1, found.counts);
  for (const c of found.candidates) {
    if (p.stopped) return;
    s.candidates++;
    if (!p.queue.push(c)) s.duplicates++;
    while (!p.stopped && p.queue.full) await emitNext(p);
  }
}

/** Writes the oldest candidate's puzzle if the engine verified it; stops at --max-puzzles. */
async function emitNext(p: PuzzleRun): Promise<void> {
  const next = await p.queue.next();
  if (next === undefined) return;
  const { candidate, verdict } = next;
  const s = p.summary;
  await p.log?.write(JSON.stringify({ ...candidate, verdict }) + '\n');
  if (s.engine !== null) {
    s.engine.calls += verdict.calls;
    s.engine.nodes += verdict.nodes;
  }
  if (!verdict.verified) addCounts(s.dropped, { [verdict.drop]: 1 });
  p.watch?.note(verdict);
  if (!verdict.verified) return;
  const key = positionKey(candidate.fen);
  if (p.written.has(key)) return;
  const made = makePuzzle(candidate, verdict, p.pool !== null, p.writer);
  if ('error' in made) {
    addCounts(s.dropped, { badLine: 1 }); // never the end of the run
    p.warn(`pgn-xray: game ${candidate.game}, ply ${candidate.ply}: no puzzle made: ${made.error}`);
    return;
  }
  p.written.add(key);
  const { puzzle, text } = made;
  await p.out.write(text);
  s.puzzles++;
  addCounts(s.themes, Object.fromEntries(puzzle.themes.map((t) => [t, 1])));
  if (s.puzzles >= p.cmd.maxPuzzles) stop(p);
}

/** The engines' CPU time, then the engines closed (quit, or killed when they do not). */
async function finishEngines(p: PuzzleRun): Promise<void> {
  if (p.pool === null) return;
  if (p.summary.engine !== null) p.summary.engine.cpuSeconds = p.pool.stats().cpuSeconds;
  await p.pool.close();
}

async function finish(
  p: PuzzleRun,
  summaryFile: RecordWriter | null,
  failure: unknown,
  interrupt: Interrupt,
  cpu0: NodeJS.CpuUsage,
): Promise<number> {
  const s = p.summary;
  const cpu = process.cpuUsage(cpu0);
  s.cpuSeconds = (cpu.user + cpu.system) / 1e6;
  s.seconds = p.run.seconds;
  if (summaryFile !== null) {
    await summaryFile.write(JSON.stringify(s, null, 2) + '\n');
    await summaryFile.close();
  }
  if (failure !== null && !(failure instanceof PipeClosed)) {
    if (failure instanceof EngineError && !p.cmd.quiet) process.stderr.write(summaryText(s)); // what it did before the engine failed
    throw failure;
  }
  for (const e of p.run.inputErrors) process.stderr.write(`pgn-xray: ${e.message}\n`);
  if (!p.cmd.quiet) process.stderr.write(summaryText(s));
  if (interrupt.signal !== null) {
    const at = p.run.position;
    process.stderr.write(
      `pgn-xray: interrupted by ${interrupt.signal} after ${s.games + s.rejected} games (${at.input || 'no input'} up to byte ${at.offset}); the output ends at a whole puzzle\n`,
    );
    return interrupt.signal === 'SIGINT' ? EXIT.sigint : EXIT.sigterm;
  }
  if (failure instanceof PipeClosed || interrupt.stderrClosed) return EXIT.ok;
  return p.run.inputErrors.length > 0 ? EXIT.failure : EXIT.ok;
}
