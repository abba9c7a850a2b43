// The unit of work sent to a worker: many games' bytes in one buffer (the task round trip costs
// 30–270 µs, docs/design.md §8, so a batch carries hundreds of games), and what comes back.
import type { GameErrorKind } from '../errors.js';
import type { PositionRecord } from '../output/records.js';
import type { ExamplesJSON } from '../stats/examples.js';
import type { Miss } from '../stats/misses.js';
import type { StatsVector } from '../stats/stats.js';
import type { PartTarget } from './spill.js';
import type { ThreadCpu } from './thread-cpu.js';

/** A game that could not be read or replayed (docs/design.md §7), as reported (`--errors`, stderr, onReject). */
export interface GameError {
  /** 1-based game number over all inputs. */
  game: number;
  /** Byte offset of the game in its input (decompressed stream). */
  offset: number;
  /** Ply of the offending move (0 = the first move); 0 for a game that fails before its moves. */
  ply: number;
  /** The offending text: the move token, the tag value or the bytes where reading stopped. */
  text: string;
  reason: string;
  kind: GameErrorKind;
  /** Input the game comes from, as named on the command line ('-' for stdin). */
  input: string;
}

/** Why the main thread already knows a game is unreadable (too large, a malformed EPD line, cut by damage). */
export interface KnownRejection {
  kind: GameErrorKind;
  reason: string;
}

export interface Batch {
  /** Position of the batch in the output order. */
  seq: number;
  /** 0 on the first try, 1 on the retry after a worker failure. */
  attempt: number;
  kind: 'pgn' | 'epd';
  /** Input path the games come from ('-' for stdin), for error reports. */
  input: string;
  /** 1-based number of the batch's first game over all inputs. */
  firstGame: number;
  /** All games' bytes back to back (kind 'pgn'), or the FEN lines (kind 'epd') as UTF-8. */
  bytes: Uint8Array;
  /** Game i spans bytes[starts[i], starts[i + 1]). */
  starts: Int32Array;
  /** Byte offset of game i in its input. */
  offsets: Float64Array;
  /** Why game i is already known to be unreadable, or null: the worker reports it in order with the others. */
  rejected: (KnownRejection | null)[];
  /** The batch's last game ends its input: without its result there, it was cut off. */
  endsInput?: boolean;
  /** Where output that outgrows the batch goes (src/pipeline/spill.ts). */
  parts?: PartTarget | null;
  /**
   * Memory for the worker's next output (AnalysisRun.recycle): an earlier batch's text, written out and
   * given back. Sent with a batch's first run only: whichever worker runs it writes on in it.
   */
  outbox?: SharedArrayBuffer | null;
}

export interface BatchResult {
  seq: number;
  /**
   * Games the batch turned out to hold: its games, plus those recovered from inside rejected ones
   * (docs/design.md §7), which shift the numbers of every later game.
   */
  games: number;
  /**
   * Formatted output of the batch's games, in order, as UTF-8 (empty for the records kind and -f none):
   * a view of the worker's SharedArrayBuffer, which it never writes again unless it is given back.
   */
  text: Uint8Array;
  /** The games table's lines (--games), in order; null when not asked for. */
  gamesText: string | null;
  /** The records kind (the library): the positions as plain objects, in order. */
  records: PositionRecord[] | null;
  /**
   * -f parquet: the positions as an Arrow IPC stream of one record batch, in order: a view of shared
   * memory (sharedCopy), which the worker never writes again unless it is given back.
   */
  parquet?: Uint8Array | null;
  /** The batch's statistics, every count (Stats.addVector adds them up). */
  stats: StatsVector;
  /** The batch's example positions (Stats.addExamples adds them up); null when not asked for. */
  examples?: ExamplesJSON | null;
  /** --player: the player's costliest misses so far (Stats.addMisses adds them up); null when not asked for. */
  misses?: Miss[] | null;
  /** Rejected games, in order. */
  errors: GameError[];
  /** --verify: counts of the audit against pgn-parser and chess.js, and any disagreement. */
  verify: VerifyReport | null;
  /** What the task plugin (task.ts TaskPlugin) found in the batch; null without one. */
  plugin?: unknown;
  /** The worker thread's CPU time so far, at the end of this batch (null where unknown). */
  cpu?: ThreadCpu | null;
  /** Parts of the batch's output handed over before this result (src/pipeline/spill.ts). */
  parts?: number;
  /** The batch stopped before its end (its parts not wanted, or no room for them): it must run again. */
  stopped?: boolean;
  /**
   * A part of a batch's output (text, records or Parquet), handed out before the batch's result: no
   * game, statistics of zero, no rejection.
   */
  partial?: boolean;
}

export interface VerifyReport {
  games: number;
  agreed: number;
  /** Games pgn-parser cannot parse (it rejects some valid PGN): counted apart, not as disagreements. */
  pgnParserFailed: number;
  disagreements: { game: number; offset: number; ply: number; what: string }[];
}

const HEADROOM = 1 << 12;

/** Room for `size` bytes and a little more (the game that fills a batch overshoots maxBytes). */
function roomFor(size: number): number {
  return size + (size >> 5) + HEADROOM;
}

/** At most this many spare buffers are kept: more than a run has batches in flight is never needed. */
const MAX_SPARE = 64;

/**
 * The shared memory batches are built in. A task carries a view of its batch's SharedArrayBuffer to the
 * worker, not a copy (structured clone shares it), and a batch run again (a retry, a renumbering) still
 * has its bytes. A buffer comes back once its batch's result is in and is written again: fresh memory
 * costs a page fault per 4 KiB on its first write, ten times the copy into reused memory.
 */
export class BatchBuffers {
  /** Bytes of a standard buffer: a batch's maxBytes, plus room for the game that overshoots it. */
  readonly size: number;
  private readonly spare: SharedArrayBuffer[] = [];

  constructor(maxBytes: number) {
    this.size = roomFor(maxBytes);
  }

  /** A buffer of at least `size` bytes: a spare one when a standard one will do. */
  take(size: number = this.size): Uint8Array {
    if (size <= this.size) return new Uint8Array(this.spare.pop() ?? new SharedArrayBuffer(this.size));
    return new Uint8Array(new SharedArrayBuffer(roomFor(size)));
  }

  /** Hands back a batch's bytes, whose result is in: no worker and no retry reads them again. */
  release(bytes: Uint8Array): void {
    const b = bytes.buffer;
    if (b instanceof SharedArrayBuffer && b.byteLength === this.size && this.spare.length < MAX_SPARE) this.spare.push(b);
  }
}

/** Bytes of new shared memory made by sharedCopy: a multiple of this, so that it serves later outputs too. */
const SHARED_STEP = 1 << 20;

/**
 * `bytes` copied into shared memory, which postMessage shares instead of copying (AsciiWriter says why):
 * into `room` (memory given back, Batch.outbox) when it is large enough, else into new memory.
 */
export function sharedCopy(bytes: Uint8Array, room: SharedArrayBuffer | null): Uint8Array {
  const memory =
    room !== null && room.byteLength >= bytes.length ? room : new SharedArrayBuffer(Math.ceil(bytes.length / SHARED_STEP) * SHARED_STEP);
  const out = new Uint8Array(memory, 0, bytes.length);
  out.set(bytes);
  return out;
}

/**
 * A batch's list of known rejections, all made by this one literal: each literal is an allocation site that
 * learns its arrays' element kind, and a second one made arrays for small integers that the first null pushed
 * into turned over, deoptimizing add() ("not a Smi").
 */
function rejectionList(): (KnownRejection | null)[] {
  return [];
}

/**
 * Collects games into batches of at most maxGames games or about maxBytes bytes, each game's bytes
 * copied once, into the shared buffer the batch is sent with (BatchBuffers); after the first
 * `firstBatches` batches, of twice as many games and bytes.
 */
export class BatchBuilder {
  private bytes: Uint8Array;
  private taken = 0;
  private starts: number[] = [0];
  private offsets: number[] = [];
  private rejected = rejectionList();
  private size = 0;

  constructor(
    readonly kind: 'pgn' | 'epd',
    readonly input: string,
    private readonly maxGames: number,
    private readonly maxBytes: number,
    private readonly buffers: BatchBuffers = new BatchBuffers(maxBytes),
    private readonly firstBatches = Infinity,
  ) {
    this.bytes = buffers.take();
  }

  get count(): number {
    return this.offsets.length;
  }

  /** Adds a game (a copy of its bytes, which the caller may then reuse), or the reason it cannot be read; true when the batch is full. */
  add(offset: number, bytes: Uint8Array, rejected: KnownRejection | null = null): boolean {
    const end = this.size + bytes.length;
    if (end > this.bytes.length) {
      const grown = this.buffers.take(end);
      grown.set(this.bytes.subarray(0, this.size));
      this.bytes = grown;
    }
    this.bytes.set(bytes, this.size);
    this.size = end;
    this.starts.push(this.size);
    this.offsets.push(offset);
    this.rejected.push(rejected);
    const scale = this.taken < this.firstBatches ? 1 : 2;
    return this.offsets.length >= scale * this.maxGames || this.size >= scale * this.maxBytes;
  }

  /** The batch so far as one task (numbered by the run when dispatched), and a fresh start. */
  take(): Batch {
    const batch: Batch = {
      seq: 0,
      attempt: 0,
      kind: this.kind,
      input: this.input,
      firstGame: 0,
      bytes: this.bytes.subarray(0, this.size),
      starts: Int32Array.from(this.starts),
      offsets: Float64Array.from(this.offsets),
      rejected: this.rejected,
    };
    this.taken++;
    this.bytes = this.buffers.take();
    this.starts = [0];
    this.offsets = [];
    this.rejected = rejectionList();
    this.size = 0;
    return batch;
  }
}
