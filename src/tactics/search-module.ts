// The tactic module (wasm/search.ts, compiled to WebAssembly by npm run build): its loading, once per
// thread, with the installed attack tables and the piece values copied into its memory, and a position
// copied in as the root of a search (its sets and mailbox, 32 words; side to move, en passant, castling).
import { installedTables } from '../core/attacks.js';
import { PIECE_VALUES } from '../core/board.js';
import type { Position } from '../core/position.js';
import { wasmExports } from '../runtime/compiled.js';

/** What wasm/search.ts exports: its memory and map (byte offsets), its functions. */
export interface TacticExports {
  memory: WebAssembly.Memory;
  MASKS: WebAssembly.Global;
  KNIGHTS: WebAssembly.Global;
  KINGS: WebAssembly.Global;
  PAWNS: WebAssembly.Global;
  BETWEEN: WebAssembly.Global;
  LINES: WebAssembly.Global;
  VALUES: WebAssembly.Global;
  SLOTS: WebAssembly.Global;
  MOVES: WebAssembly.Global;
  PV: WebAssembly.Global;
  PLIES: WebAssembly.Global;
  MATE: WebAssembly.Global;
  Q_PLIES: WebAssembly.Global;
  setRoot(turn: number, ep: number, castling: number): void;
  setMainPlies(n: number): void;
  rootBalance(): number;
  rootRegain(taken: number): number;
  searchRoot(alpha: number, beta: number): number;
  searchMove(m: number, alpha: number, beta: number): number;
  lineLength(): number;
  nodeCount(): number;
  rootMoves(tactical: number): number;
  rootSee(m: number): number;
  playRoot(m: number): void;
}

/** This thread's instance: its exports and its memory as words. */
export interface TacticModule {
  x: TacticExports;
  words: Int32Array;
  /** Word offsets of the root slot, the root's move list and the line table. */
  root: number;
  moves: number;
  pv: number;
}

let module: TacticModule | null = null;

function instantiate(): TacticModule {
  const x = wasmExports<TacticExports>('src/tactics/wasm/search.wasm');
  const words = new Int32Array(x.memory.buffer);
  const t = installedTables();
  const place: [Int32Array, number][] = [
    [t.masks, x.MASKS.value],
    [t.knight, x.KNIGHTS.value],
    [t.king, x.KINGS.value],
    [t.pawn, x.PAWNS.value],
    [t.between, x.BETWEEN.value],
    [t.line, x.LINES.value],
  ];
  for (const [table, at] of place) words.set(table, at >> 2);
  words.set(PIECE_VALUES, x.VALUES.value >> 2);
  return { x, words, root: x.SLOTS.value >> 2, moves: x.MOVES.value >> 2, pv: x.PV.value >> 2 };
}

/** This thread's tactic module, made at the first call. */
export function tacticModule(): TacticModule {
  return (module ??= instantiate());
}

/** Copies pos into the module as the root of the next search. */
export function loadRoot(m: TacticModule, pos: Position): void {
  m.words.set(pos.words, m.root);
  const cr = pos.castleRook;
  m.x.setRoot(pos.turn, pos.ep, (cr[0] & 0xff) | ((cr[1] & 0xff) << 8) | ((cr[2] & 0xff) << 16) | (cr[3] << 24));
}
