// The pool's task, run in a worker: open the shared tables (views, no copy, never rebuilt), then for each
// batch analyse its games in order — recovering the games a broken one swallowed — and return the
// output, statistics and rejected games.
import { installTables } from '../core/attacks.js';
import { openTables } from '../core/tables.js';
import { GameAnalyzer, MAX_ERROR_TEXT, type GameFailure } from '../analysis/game.js';
import type { PositionSink } from '../analysis/view.js';
import type { MotifFilter } from '../motifs/filter.js';
import { OUTPUT_KINDS, type OutputKind } from '../output/kinds.js';
import type { ParquetBatch } from '../output/parquet-columns.js';
import { gameLine, gameRow } from '../output/games.js';
import { nextTagSection } from '../pgn/recover.js';
import type { CompiledQuery } from '../query/compile.js';
import { QueryEvaluator } from '../query/evaluate.js';
import { sharedCopy, type Batch, type BatchResult, type GameError, type KnownRejection } from './batch.js';
import { BatchSink } from './sinks.js';
import { threadCpu } from './thread-cpu.js';
import { PartsStopped, sendPart, type PartMessage, type PartOutput, type PartTarget } from './spill.js';
import { NO_OUTPUT } from '../output/lines.js';
import { Stats, type StatsSpec } from '../stats/stats.js';
import { readsTags } from '../stats/group-by.js';
import { parentPort } from 'node:worker_threads';

export interface WorkerOptions {
  output: OutputKind;
  allPositions: boolean;
  filter: MotifFilter;
  verify: boolean;
  /** Write the games table (--games): one JSON line per game. */
  games?: boolean;
  /** --where: write exactly the positions matching this query (and, as PGN, only the games holding one). */
  where?: CompiledQuery | null;
  /** PGN tags copied into every record (--tags). */
  tags?: string[];
  /** Records carry their game's byte offset (--shard). */
  offsets?: boolean;
  /** Tactic verdicts and found/missed for the positions (off with --no-tactics; the puzzles never scan). */
  tactics?: boolean;
  /** The statistics pick example positions of each motif (a run writing --stats or --report). */
  examples?: boolean;
  /**
   * What the statistics count besides the standing figures: --group-by's dimensions, --player's names
   * (then only the player's games are analysed, in every output).
   */
  stats?: StatsSpec;
  /**
   * A task plugin of the worker's entry, by name, and its options: it sees every position of every game
   * instead of the output (no output, no motif tags: it judges the positions itself; every tag kept).
   */
  plugin?: { name: string; options: unknown };
}

/**
 * A subcommand's own work in each worker: a sink shown every position, whose take() gives what it found
 * in the batch, for the main thread (BatchResult.plugin, a structured clone), and starts afresh. The
 * worker's entry (workers/analyze.ts) registers the plugins by name, so that the pipeline knows none of them.
 */
export interface TaskPlugin extends PositionSink {
  take(): unknown;
}

/** The plugins a worker offers, by name; each made from the options the run gives (WorkerOptions.plugin). */
export type TaskPlugins = Readonly<Record<string, (options: never) => TaskPlugin>>;

/** The plugin a run asks for, made, or null; a name the worker does not offer is a programming error. */
function pluginOf(plugins: TaskPlugins, asked: WorkerOptions['plugin']): TaskPlugin | null {
  if (asked === undefined) return null;
  const make = plugins[asked.name];
  if (make === undefined) throw new Error(`the worker has no task plugin '${asked.name}'`);
  return make(asked.options as never);
}

export interface WorkerInit {
  tables: SharedArrayBuffer;
  options: WorkerOptions;
}

type VerifyModule = typeof import('./verify.js');
type Verifier = InstanceType<VerifyModule['Verifier']>;
let verifyModule: Promise<VerifyModule> | null = null;

/** chess.js and pgn-parser load only for --verify or a syntax diagnosis, never at worker start. */
function loadVerify(): Promise<VerifyModule> {
  verifyModule ??= import('./verify.js');
  return verifyModule;
}

const latin1 = new TextDecoder('latin1');

/** One game as analysed: a whole game, or a part of a broken one. */
interface GamePart {
  bytes: Uint8Array;
  game: number;
  offset: number;
  error: GameError | null;
  /** The tokenizer refused its bytes: the error says how pgn-parser reads them. */
  scanError: boolean;
}

/** One batch's games through the analyzer, in order, numbering games as they are found. */
class BatchWork {
  readonly errors: GameError[] = [];
  game: number;
  /** The games table's lines (--games), or null when not asked for. */
  gamesText: string | null;

  constructor(
    private readonly batch: Batch,
    private readonly analyzer: GameAnalyzer,
    private readonly sink: BatchSink,
    games: boolean,
    private readonly offsets: boolean,
  ) {
    this.game = batch.firstGame;
    this.gamesText = games ? '' : null;
  }

  /** Tells the analyzer the next game's offset, when records carry it. */
  private at(offset: number): void {
    if (this.offsets) this.analyzer.gameOffset = offset;
  }

  /** The game's line in the games table; `analysed`: the analyzer read it (else nothing is known of it). */
  private row(offset: number, analysed: boolean, reason: string | null): void {
    if (this.gamesText === null) return;
    const info = analysed ? this.analyzer.info(this.game) : null;
    this.gamesText += gameLine(gameRow(this.batch.input, offset, info, this.game, reason));
  }

  reject(offset: number, f: Omit<GameError, 'game' | 'offset' | 'input'>): GameError {
    const e: GameError = { game: this.game, offset, ply: f.ply, text: f.text, reason: f.reason, kind: f.kind, input: this.batch.input };
    this.errors.push(e);
    this.sink.stats.addRejected();
    return e;
  }

  known(bytes: Uint8Array, offset: number, why: KnownRejection): void {
    this.reject(offset, { ply: 0, text: latin1.decode(bytes.subarray(0, MAX_ERROR_TEXT)), ...why });
    this.row(offset, false, why.reason);
    this.game++;
  }

  fen(bytes: Uint8Array, offset: number): void {
    this.at(offset);
    this.done(bytes, offset, this.analyzer.fen(latin1.decode(bytes), this.game, this.sink));
  }

  /**
   * A PGN game; when it is rejected and its bytes hold another tag section, the part before it is
   * analysed (and reported) alone and the rest split again (docs/design.md §7). `atEnd`: the game ends its
   * input. Returns the parts analysed.
   */
  pgn(bytes: Uint8Array, offset: number, atEnd: boolean): GamePart[] {
    const parts: GamePart[] = [];
    let start = 0;
    for (;;) {
      const part = bytes.subarray(start);
      this.at(offset + start);
      let failure = this.analyzer.pgn(part, this.game, this.sink, atEnd);
      const cut = this.cutAt(part, failure, start > 0);
      if (cut < 0) {
        parts.push(this.done(part, offset + start, failure));
        return parts;
      }
      const head = part.subarray(0, cut);
      if (failure !== null) failure = this.analyzer.pgn(head, this.game, this.sink);
      parts.push(this.done(head, offset + start, failure));
      start += cut;
    }
  }

  /**
   * Where the bytes just analysed must be split, or -1: a rejected game at another game it swallowed; a
   * recovered part that replayed after its termination marker, when more follows.
   */
  private cutAt(part: Uint8Array, failure: GameFailure | null, recovered: boolean): number {
    if (failure !== null) return failure.split ?? nextTagSection(part);
    const end = this.analyzer.consumed;
    return recovered && !blank(part, end) ? end : -1;
  }

  private done(bytes: Uint8Array, offset: number, failure: GameFailure | null): GamePart {
    const part: GamePart = { bytes, game: this.game, offset, error: null, scanError: failure?.scanError === true };
    if (failure !== null) part.error = this.reject(offset, failure);
    this.row(offset, true, failure?.reason ?? null);
    this.game++;
    return part;
  }
}

/** Whether bytes[from…] hold only white space. */
function blank(bytes: Uint8Array, from: number): boolean {
  for (let i = from; i < bytes.length; i++) if (bytes[i] > 0x20) return false;
  return true;
}

/** Builds the batch function for one worker. */
export function createTask(init: WorkerInit, plugins: TaskPlugins = {}): (batch: Batch) => Promise<BatchResult> {
  installTables(openTables(init.tables));
  const o = init.options;
  const tags = o.tags ?? [];
  const plugin = pluginOf(plugins, o.plugin);
  const analyzer = new GameAnalyzer({
    allPositions: o.allPositions,
    filter: o.filter,
    moves: OUTPUT_KINDS[o.output].moveStrings,
    allTags: o.games === true || tags.length > 0 || plugin !== null,
    select: o.where != null ? new QueryEvaluator(o.where) : null,
    scan: plugin === null,
    tactics: o.tactics === true,
    tagLookup: readsTags(o.stats?.groupBy ?? []),
    players: o.stats?.player,
  });
  const sink =
    plugin !== null
      ? new BatchSink(null, { also: plugin })
      : BatchSink.of(o.output, { tags, tactics: o.tactics === true }, o.where != null, o.stats, o.examples === true);
  let toIpc: ((b: ParquetBatch) => Uint8Array) | null = null; // -f parquet: Arrow loads with the first batch
  const post = (m: PartMessage): void => parentPort!.postMessage(m);

  /** The batch's output so far, as spill.ts sends it (Parquet columns as Arrow IPC, in the message). */
  const part = (): PartOutput => {
    const out = sink.takeOutput(sink.spare);
    sink.spare = out.text.buffer instanceof SharedArrayBuffer && out.text.length > 0 ? out.text.buffer : sink.spare;
    return { text: out.text, records: out.records, parquet: out.parquet && toIpc!(out.parquet) };
  };

  return async (batch: Batch): Promise<BatchResult> => {
    if (OUTPUT_KINDS[o.output].worker === 'columns')
      toIpc ??= (await import('../output/parquet-arrow.js')).ipcWriter({ tags, shard: o.offsets === true });
    const work = new BatchWork(batch, analyzer, sink, o.games === true, o.offsets === true);
    const verifier = o.verify ? new (await loadVerify()).Verifier() : null;
    const to: PartTarget | null = batch.parts ?? null;
    sink.spill = to !== null ? () => sendPart(to, part(), post) : null;
    try {
      await analyseGames(batch, work, verifier);
    } catch (e) {
      if (!(e instanceof PartsStopped)) throw e;
      sink.take(null); // it runs again: what it wrote after its last part is not wanted
      return {
        seq: batch.seq,
        games: 0,
        text: NO_OUTPUT,
        gamesText: null,
        records: null,
        stats: new Stats(o.stats).vector(),
        errors: [],
        verify: null,
        parts: to!.next,
        stopped: true,
      };
    } finally {
      sink.spill = null;
    }
    // -f parquet has no formatter: the memory given back is for the IPC bytes, not for text
    const out = sink.take(batch.outbox ?? null);
    return {
      seq: batch.seq,
      games: work.game - batch.firstGame,
      text: out.text,
      gamesText: work.gamesText,
      records: out.records,
      parquet: out.parquet && sharedCopy(toIpc!(out.parquet), batch.outbox ?? null),
      stats: out.stats,
      examples: out.examples,
      misses: out.misses,
      errors: work.errors,
      verify: verifier?.take() ?? null,
      plugin: plugin?.take() ?? null,
      cpu: threadCpu(),
      parts: to?.next ?? 0,
    };
  };
}

/** The batch's games through the work, in order; --verify audits each. */
async function analyseGames(batch: Batch, work: BatchWork, verifier: Verifier | null): Promise<void> {
  const last = batch.offsets.length - 1;
  for (let i = 0; i <= last; i++) {
    const offset = batch.offsets[i];
    const bytes = batch.bytes.subarray(batch.starts[i], batch.starts[i + 1]);
    const known = batch.rejected[i];
    if (known !== null) work.known(bytes, offset, known);
    else if (batch.kind === 'epd') work.fen(bytes, offset);
    else {
      for (const p of work.pgn(bytes, offset, i === last && batch.endsInput === true)) {
        if (p.scanError) p.error!.reason += `; pgn-parser: ${(await loadVerify()).pgnParserDiagnosis(p.bytes)}`;
        if (verifier !== null) await verifier.check(p.bytes, p.game, p.offset, p.error);
      }
    }
  }
}
