// One UCI engine process (docs/design.md §12, stage 2): spawned, greeted (uci → uciok, isready → readyok),
// asked one search at a time. Every search starts from `ucinewgame`, so an answer depends on its position
// and limits only, never on what the process searched before (runs are reproducible whichever process of
// the pool gets a job). Failures are typed EngineErrors naming the engine and what it was doing: a process
// that exits or is killed rejects the pending request, one that stays silent past its deadline is killed.
// A Chess960 search turns UCI_Chess960 on, any other turns it off (an engine without that option gets the
// position all the same; a castling move it writes its own way is then refused by stage 2 as illegal).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { XrayError, osReason } from '../errors.js';
import { AnswerReader, goNodesCommand, positionCommand, setOptionCommand } from './uci.js';
import type { EngineAnswer } from './types.js';

/** One search's limits, and the rules it is played by. */
export interface SearchLimits {
  nodes: number;
  /** Lines wanted (MultiPV): 1 for the best move only, 2 to compare it with the second best. */
  multipv: number;
  /** A Chess960 position: UCI_Chess960 on (castling written as the king taking its rook, both ways). */
  chess960?: boolean;
  /** A search that may wait (the screen's): a pool runs it after every other waiting search. */
  low?: boolean;
}

/** What the puzzle stages need from an engine: UciEngine and EnginePool both are one. */
export interface Analyser {
  /** Searches `fen` after `moves` (UCI); rejects with an EngineError when the engine fails. */
  analyse(fen: string, moves: readonly string[], o: SearchLimits): Promise<EngineAnswer>;
}

/**
 * How an engine failed: could not start, exited or was killed, went silent, said something impossible, was
 * closed, or failed so often in a row that it is given up for good.
 */
export type EngineFailure = 'spawn' | 'exit' | 'timeout' | 'protocol' | 'closed' | 'gaveUp';

export class EngineError extends XrayError {
  constructor(
    readonly failure: EngineFailure,
    message: string,
  ) {
    super('engine', message);
    this.name = 'EngineError';
  }
}

export interface EngineConfig {
  path: string;
  args?: readonly string[];
  /** Hash table in MB (default 16, Stockfish's own). */
  hashMb?: number;
  /** A search may take `floorMs + nodes × msPerNode` before the engine counts as hung. */
  msPerNode?: number;
  floorMs?: number;
  /** Time allowed for `uciok` and `readyok`. */
  handshakeMs?: number;
}

// 0.02 ms per node is 50,000 nodes/s: over ten times slower than Stockfish 15.1 on one busy core here
// (~700,000 nodes/s), so only a hung engine meets the deadline; the floor covers start-up and tiny searches.
export const DEFAULT_MS_PER_NODE = 0.02;
export const DEFAULT_FLOOR_MS = 10_000;
export const DEFAULT_HANDSHAKE_MS = 10_000;
/** The longest wait a Node timer keeps: setTimeout fires at once past it (a search would be killed at start). */
export const MAX_TIMER_MS = 2 ** 31 - 1;
const STDERR_TAIL = 300;
const MAX_LINE = 1 << 20; // a longer line without a break is garbage, dropped unread

interface Waiter {
  until: (line: string) => boolean;
  resolve: () => void;
  reject: (e: EngineError) => void;
  timer: NodeJS.Timeout;
  doing: string;
}

/** USER_HZ: the unit of utime and stime in /proc/<pid>/stat, 100 on every Linux that Node runs on. */
const CLOCK_TICKS = 100;

/** CPU seconds (user + system) of a live process from /proc/<pid>/stat; null when unreadable (not Linux, gone). */
export function processCpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // the command name (field 2) is in parentheses and may hold spaces: count fields after its ')'
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(rest[11]) + Number(rest[12]); // fields 14 (utime) and 15 (stime)
    return Number.isFinite(ticks) ? ticks / CLOCK_TICKS : null;
  } catch {
    return null;
  }
}

/** How long a search of `nodes` may take before its engine counts as hung: never past a timer's range. */
export function searchDeadline(nodes: number, cfg: Pick<EngineConfig, 'floorMs' | 'msPerNode'> = {}): number {
  return Math.min(MAX_TIMER_MS, (cfg.floorMs ?? DEFAULT_FLOOR_MS) + nodes * (cfg.msPerNode ?? DEFAULT_MS_PER_NODE));
}

function spawnReason(e: NodeJS.ErrnoException): string {
  if (e.code === 'ENOENT') return 'not found';
  if (e.code === 'EACCES') return 'not executable';
  return osReason(e);
}

export class UciEngine implements Analyser {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly name: string;
  private readonly options = new Set<string>();
  private waiter: Waiter | null = null;
  private buffered = '';
  private stderrTail = '';
  /** Why the process is gone, once it is (the message of the error that ended it). */
  private gone: EngineError | null = null;
  private readonly exited: Promise<void>;
  private multipv = 1;
  private chess960 = false;
  private busy = false;
  private cpu: number | null = null;

  private constructor(private readonly cfg: EngineConfig) {
    this.child = spawn(cfg.path, [...(cfg.args ?? [])], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.name = `engine ${cfg.path}${this.child.pid !== undefined ? ` (pid ${this.child.pid})` : ''}`;
    this.child.stdin.on('error', () => {}); // EPIPE after a death: the exit handler reports it
    this.child.stdout.setEncoding('latin1');
    this.child.stdout.on('data', (chunk: string) => this.read(chunk));
    this.child.stderr.setEncoding('latin1');
    this.child.stderr.on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-STDERR_TAIL);
    });
    this.exited = new Promise((resolve) => {
      this.child.on('error', (e) => {
        this.fail(new EngineError('spawn', `cannot start engine ${cfg.path}: ${spawnReason(e)}`));
        resolve();
      });
      // 'close', not 'exit': the output is read to its end first, so a last bestmove is never lost
      this.child.on('close', (code, signal) => {
        const how = signal !== null ? `was killed by ${signal}` : `exited with code ${code}`;
        const err = this.stderrTail.trim().split('\n').pop();
        this.fail(new EngineError('exit', `${this.name} ${how} while ${this.waiter?.doing ?? 'idle'}${err ? ` (stderr: ${err})` : ''}`));
        resolve();
      });
    });
  }

  /** Spawns the engine and greets it: uci → uciok, Threads 1 and Hash, isready → readyok. */
  static async start(cfg: EngineConfig): Promise<UciEngine> {
    const engine = new UciEngine(cfg);
    try {
      await engine.handshake();
      return engine;
    } catch (e) {
      engine.kill();
      throw e;
    }
  }

  /** The process id, or null once the process is gone. */
  get pid(): number | null {
    return this.gone === null ? (this.child.pid ?? null) : null;
  }

  /** The engine's CPU seconds as last read (after each search and before quitting); null where unreadable. */
  cpuSeconds(): number | null {
    return this.cpu;
  }

  async analyse(fen: string, moves: readonly string[], o: SearchLimits): Promise<EngineAnswer> {
    if (this.busy) throw new Error(`${this.name}: analyse() called during another search`);
    this.busy = true;
    try {
      const doing = `analysing "${positionCommand(fen, moves)}" (go nodes ${o.nodes}, multipv ${o.multipv})`;
      this.send('ucinewgame');
      if (o.multipv !== this.multipv && this.options.has('MultiPV')) {
        this.send(setOptionCommand('MultiPV', o.multipv));
        this.multipv = o.multipv;
      }
      const chess960 = o.chess960 === true;
      if (chess960 !== this.chess960 && this.options.has('UCI_Chess960')) {
        this.send(setOptionCommand('UCI_Chess960', chess960));
        this.chess960 = chess960;
      }
      await this.ready(doing);
      this.send(positionCommand(fen, moves));
      this.send(goNodesCommand(o.nodes));
      const reader = new AnswerReader();
      let answer: EngineAnswer | null = null;
      const ms = searchDeadline(o.nodes, this.cfg);
      await this.expect((line) => (answer = reader.push(line)) !== null, ms, doing);
      this.readCpu();
      const got = answer!;
      return got.lines.length > o.multipv ? { ...got, lines: got.lines.slice(0, o.multipv) } : got;
    } finally {
      this.busy = false;
    }
  }

  /** Asks the engine to quit; kills it when it has not exited after `graceMs`. Rejects nothing. */
  async quit(graceMs = 1000): Promise<void> {
    if (this.gone !== null) return;
    this.readCpu();
    this.send('quit');
    this.fail(new EngineError('closed', `${this.name} was closed`));
    const timer = setTimeout(() => this.kill(), graceMs);
    await this.exited;
    clearTimeout(timer);
  }

  /** Kills the process at once (SIGKILL); the pending request, if any, is rejected by the exit. */
  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }

  private async handshake(): Promise<void> {
    const ms = this.cfg.handshakeMs ?? DEFAULT_HANDSHAKE_MS;
    this.send('uci');
    await this.expect((line) => this.readOption(line) === 'uciok', ms, 'starting (uci → uciok)');
    if (this.options.has('Threads')) this.send(setOptionCommand('Threads', 1));
    if (this.options.has('Hash') && this.cfg.hashMb !== undefined) this.send(setOptionCommand('Hash', this.cfg.hashMb));
    await this.ready('starting (isready → readyok)');
    this.readCpu();
  }

  /** Notes the name of an `option name X type …` line; returns the line's first word. */
  private readOption(line: string): string {
    const t = line.trim().split(/\s+/);
    const type = t.indexOf('type');
    if (t[0] === 'option' && t[1] === 'name' && type > 2) this.options.add(t.slice(2, type).join(' '));
    return t[0];
  }

  private ready(doing: string): Promise<void> {
    this.send('isready');
    return this.expect((line) => line.trim() === 'readyok', this.cfg.handshakeMs ?? DEFAULT_HANDSHAKE_MS, doing);
  }

  private send(command: string): void {
    if (this.gone === null) this.child.stdin.write(command + '\n');
  }

  /** Waits for a line that `until` accepts; a silent engine is killed after `ms`. */
  private expect(until: (line: string) => boolean, ms: number, doing: string): Promise<void> {
    if (this.gone !== null) return Promise.reject(this.gone);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const secs = (ms / 1000).toFixed(1);
        this.fail(new EngineError('timeout', `${this.name} did not answer within ${secs} s while ${doing}; killed`));
        this.kill();
      }, ms);
      this.waiter = { until, resolve, reject, timer, doing };
    });
  }

  /** Splits output into lines and hands each to the waiter; lines nobody waits for are dropped. */
  private read(chunk: string): void {
    const lines = (this.buffered + chunk).split('\n');
    this.buffered = lines.pop()!;
    if (this.buffered.length > MAX_LINE) this.buffered = '';
    for (const line of lines) {
      const w = this.waiter;
      if (w?.until(line)) {
        clearTimeout(w.timer);
        this.waiter = null;
        w.resolve();
      }
    }
  }

  /** Marks the process gone (the first reason wins) and rejects the pending request. */
  private fail(e: EngineError): void {
    if (this.gone === null) this.gone = e;
    const w = this.waiter;
    if (w === null) return;
    clearTimeout(w.timer);
    this.waiter = null;
    w.reject(this.gone);
  }

  private readCpu(): void {
    if (this.gone === null && this.child.pid !== undefined) this.cpu = processCpuSeconds(this.child.pid) ?? this.cpu;
  }
}
