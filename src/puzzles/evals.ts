// The game's own engine evaluations: lichess writes `[%eval 0.17]` (pawns) or `[%eval #-3]` (mate in n,
// negative: Black mates) in the comment after a move; it evaluates the position that move leads to. Read
// straight from the game's bytes after each move token (GameText.moveEnds), in centipawns from White's
// view, a mate as ±(MATE_CP − n); NaN where the comment has none. Byte scanning: no regular expression, no
// string, nothing allocated.
import type { GameText } from '../analysis/view.js';

/** A mate in n is worth MATE_CP − n centipawns to the side that mates (lichess's convention). */
export const MATE_CP = 10_000;

const OPEN_COMMENT = 0x7b; // {
const CLOSE_COMMENT = 0x7d; // }
const OPEN_VARIATION = 0x28; // (
const CLOSE_VARIATION = 0x29; // )
const PERCENT = 0x25;
const HASH = 0x23;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const SPACE = 0x20;
const EVAL = [0x5b, 0x25, 0x65, 0x76, 0x61, 0x6c]; // "[%eval"

/** Whether bytes[at, at + 6) spell "[%eval" followed by a space. */
function isEvalCommand(b: Uint8Array, at: number, end: number): boolean {
  if (at + EVAL.length >= end) return false;
  for (let i = 0; i < EVAL.length; i++) if (b[at + i] !== EVAL[i]) return false;
  return b[at + EVAL.length] === SPACE;
}

/** The value of an eval command's argument starting at `at`: centipawns or a mate, NaN when malformed. */
function parseEval(b: Uint8Array, at: number, end: number): number {
  while (at < end && b[at] === SPACE) at++;
  const mate = at < end && b[at] === HASH;
  if (mate) at++;
  let sign = 1;
  if (at < end && (b[at] === MINUS || b[at] === PLUS)) sign = b[at++] === MINUS ? -1 : 1;
  let whole = 0;
  let digits = 0;
  for (; at < end && b[at] >= 0x30 && b[at] <= 0x39; at++, digits++) whole = whole * 10 + b[at] - 0x30;
  if (digits === 0) return NaN;
  if (mate) return sign * (MATE_CP - whole);
  let frac = 0;
  let scale = 1;
  if (at < end && b[at] === DOT) {
    for (at++; at < end && b[at] >= 0x30 && b[at] <= 0x39; at++) {
      frac = frac * 10 + b[at] - 0x30;
      scale *= 10;
    }
  }
  return sign * Math.round(((whole * scale + frac) * 100) / scale);
}

/**
 * The [%eval] in the comments right after move p (before the next move, outside variations): the
 * evaluation of position p + 1, in centipawns from White's view; NaN when there is none.
 */
export function evalAfterMove(text: GameText, p: number): number {
  const b = text.bytes;
  const end = p + 1 < text.moveEnds.length ? text.moveEnds[p + 1] : b.length;
  let depth = 0;
  for (let i = text.moveEnds[p]; i < end; i++) {
    const c = b[i];
    if (c === OPEN_VARIATION) depth++;
    else if (c === CLOSE_VARIATION) depth--;
    else if (c === OPEN_COMMENT) {
      let j = i + 1;
      for (; j < end && b[j] !== CLOSE_COMMENT; j++) {
        if (depth === 0 && b[j] === PERCENT && isEvalCommand(b, j - 1, end)) return parseEval(b, j + EVAL.length, end);
      }
      i = j;
    }
  }
  return NaN;
}

/** Every position's evaluation into out[0 … plies] (out[0], before any move, is NaN); returns out. */
export function readEvals(text: GameText, plies: number, out: Float64Array): Float64Array {
  out[0] = NaN;
  for (let p = 0; p < plies; p++) out[p + 1] = evalAfterMove(text, p);
  return out;
}
