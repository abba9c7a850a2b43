// Perft: counts the leaf nodes of the legal move tree, the standard proof of a move generator.
// Copy-make on one preallocated Position and move buffer per ply; the last ply is counted in bulk.
import { legalMoves } from './movegen.js';
import { moveToUci } from './san.js';
import { Position } from './position.js';

/** The deepest perft: one preallocated position and move buffer per ply (depth 10 already runs for days). */
export const MAX_PERFT_DEPTH = 32;

function search(stack: Position[], moves: Int32Array[], ply: number, depth: number): number {
  const pos = stack[ply];
  const buf = moves[ply];
  const n = legalMoves(pos, buf);
  if (depth === 1) return n;
  const next = stack[ply + 1];
  let nodes = 0;
  for (let i = 0; i < n; i++) {
    next.copyFrom(pos);
    next.play(buf[i]);
    nodes += search(stack, moves, ply + 1, depth - 1);
  }
  return nodes;
}

function buffers(root: Position, depth: number): [Position[], Int32Array[]] {
  if (depth > MAX_PERFT_DEPTH) throw new RangeError(`perft depth ${depth} is over ${MAX_PERFT_DEPTH}`);
  const stack = Array.from({ length: depth + 1 }, () => new Position());
  stack[0].copyFrom(root);
  return [stack, Array.from({ length: depth + 1 }, () => new Int32Array(256))];
}

/** Number of leaf nodes at `depth` plies from pos (1 at depth 0). */
export function perft(pos: Position, depth: number): number {
  if (depth <= 0) return 1;
  const [stack, moves] = buffers(pos, depth);
  return search(stack, moves, 0, depth);
}

/** Perft split by root move: [UCI move, node count] in generation order. */
export function divide(pos: Position, depth: number): [string, number][] {
  if (depth <= 0) return [];
  const [stack, moves] = buffers(pos, depth);
  const n = legalMoves(pos, moves[0]);
  const out: [string, number][] = [];
  for (let i = 0; i < n; i++) {
    const m = moves[0][i];
    stack[1].copyFrom(pos);
    stack[1].play(m);
    out.push([moveToUci(pos, m), depth === 1 ? 1 : search(stack, moves, 1, depth - 1)]);
  }
  return out;
}
