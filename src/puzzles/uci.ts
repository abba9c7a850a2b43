// The UCI protocol as pure functions over text: the commands we send, and the reading of the engine's
// `info` and `bestmove` lines into an EngineAnswer. Engines print fields in any order, add fields of their
// own (wdl, hashfull, …) and chatter (`info string …`, banners, garbage): the reader takes what it knows
// and skips the rest, and a line it cannot use is ignored, never an error. One line per engine output line,
// not per move: a regular expression here costs nothing that matters.
import type { EngineAnswer, EngineLine, Score } from './types.js';

/** `position fen F [moves m1 m2 …]`. */
export function positionCommand(fen: string, moves: readonly string[]): string {
  return moves.length === 0 ? `position fen ${fen}` : `position fen ${fen} moves ${moves.join(' ')}`;
}

/** `go nodes N`. */
export function goNodesCommand(nodes: number): string {
  return `go nodes ${Math.max(1, Math.floor(nodes))}`;
}

/** `setoption name X value Y`. */
export function setOptionCommand(name: string, value: string | number | boolean): string {
  return `setoption name ${name} value ${String(value)}`;
}

const MOVE = /^([a-h][1-8][a-h][1-8][nbrq]?|0000)$/;
const INT = /^[+-]?\d+$/;

/** True for a move in UCI's long algebraic form (e2e4, e7e8q, 0000). */
export function isUciMove(token: string): boolean {
  return MOVE.test(token);
}

/** The integer in `token`, or null. */
function int(token: string | undefined): number | null {
  return token !== undefined && INT.test(token) ? Number(token) : null;
}

/** The fields of an `info` line we read; null where the line does not say. */
export interface InfoFields {
  depth: number | null;
  /** 1 when the line does not say. */
  multipv: number;
  score: Score | null;
  /** The score is only a bound (fail-low or fail-high): not a line to keep. */
  bound: boolean;
  nodes: number | null;
  /** Empty when the line has none. */
  pv: string[];
}

/**
 * Reads `info … depth D … multipv K … score cp|mate N [lowerbound|upperbound] … nodes N … pv m1 m2 …`,
 * fields in any order, unknown tokens skipped, free text after `string` ignored. Null when the line is
 * not `info`.
 */
export function readInfo(line: string): InfoFields | null {
  const t = line.trim().split(/\s+/);
  if (t[0] !== 'info') return null;
  const f: InfoFields = { depth: null, multipv: 1, score: null, bound: false, nodes: null, pv: [] };
  for (let i = 1; i < t.length; i++) {
    const key = t[i];
    if (key === 'string') break; // the rest is free text, which may look like fields
    if (key === 'depth') f.depth = int(t[i + 1]) ?? f.depth;
    else if (key === 'multipv') f.multipv = int(t[i + 1]) ?? f.multipv;
    else if (key === 'nodes') f.nodes = int(t[i + 1]) ?? f.nodes;
    else if (key === 'lowerbound' || key === 'upperbound') {
      f.bound = true;
      continue; // a word alone, no value
    } else if (key === 'score') {
      const n = int(t[i + 2]);
      if (n !== null && t[i + 1] === 'cp') f.score = { cp: n };
      else if (n !== null && t[i + 1] === 'mate') f.score = { mate: n };
      if (n !== null) i += 2;
      continue;
    } else if (key === 'pv') {
      f.pv = [];
      while (i + 1 < t.length && isUciMove(t[i + 1])) f.pv.push(t[++i]);
      continue;
    } else continue; // an unknown token, or a field whose value we do not read
    i++; // a field we read consumed its value
  }
  return f;
}

/** A complete line worth keeping: scored (not a bound), with a depth, a multipv ≥ 1 and a pv; else null. */
export function completeLine(f: InfoFields): EngineLine | null {
  if (f.depth === null || f.score === null || f.bound || f.pv.length === 0 || f.multipv < 1) return null;
  return { multipv: f.multipv, depth: f.depth, score: f.score, pv: f.pv };
}

/** `bestmove X [ponder Y]`: the move ('' for `(none)`, as after mate or stalemate), or null for another line. */
export function parseBestmove(line: string): { bestmove: string; ponder: string | null } | null {
  const t = line.trim().split(/\s+/);
  if (t[0] !== 'bestmove' || t.length < 2) return null;
  const bestmove = isUciMove(t[1]) ? t[1] : '';
  const ponder = t[2] === 'ponder' && t[3] !== undefined && isUciMove(t[3]) ? t[3] : null;
  return { bestmove, ponder };
}

/**
 * Gathers one search's output: the last complete (non-bound) line per multipv, the nodes and the depth the
 * best move settled at, until `bestmove`. Feed it every line the engine prints after `go`; push() returns the answer at `bestmove`.
 */
export class AnswerReader {
  private readonly lines = new Map<number, EngineLine>();
  private nodes = 0;
  private settled = 0;

  /** Reads one output line; the answer when it is `bestmove`, else null. */
  push(line: string): EngineAnswer | null {
    const best = parseBestmove(line);
    if (best !== null) return this.answer(best.bestmove);
    const info = readInfo(line);
    if (info === null) return null;
    if (info.nodes !== null && info.nodes > this.nodes) this.nodes = info.nodes;
    const kept = completeLine(info);
    if (kept === null) return null;
    if (kept.multipv === 1 && kept.pv[0] !== this.lines.get(1)?.pv[0]) this.settled = kept.depth;
    this.lines.set(kept.multipv, kept);
    return null;
  }

  /** Lines by rank from multipv 1 up, stopping at the first rank the engine never completed. */
  private answer(bestmove: string): EngineAnswer {
    const lines: EngineLine[] = [];
    for (let k = 1; this.lines.has(k); k++) lines.push(this.lines.get(k)!);
    return { lines, bestmove, nodes: this.nodes, settled: lines.length === 0 ? 0 : this.settled };
  }
}
