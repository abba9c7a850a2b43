// The "exploitable" rule E(S, F, X) of docs/design.md §5 for callers outside the motif scan (the puzzles'
// themes): the scan's own rule, in its WebAssembly (wasm/scan.ts's exploitable), so that the rule is
// written once.
import type { Position } from '../core/position.js';
import { scanExploitable } from './classify.js';

/**
 * E(S, F, X): X is worth more than S, or X is undefended once F has gone — with the occupancy less F and
 * less S, no piece of X's side other than F attacks X (a defender behind S on the line counts).
 */
export function exploitable(pos: Position, slider: number, front: number, back: number): boolean {
  return scanExploitable(pos, slider, front, back);
}
