// The game's own engine evaluations, as lichess writes them in the comment after a move:
// `{ [%eval 0.17] [%clk 0:03:00] }`, `{ [%eval #-3] }` — the evaluation of the position that move leads to,
// from White's view. Read from the game's bytes between the end of a move token and the next move, by
// bytes (no regular expression: this runs on every position of stage 1).

/** A mate in n from White's view as centipawns: ±(MATE_CP − n), beyond any real evaluation. */
export const MATE_CP = 10_000;

const OPEN = 0x7b; // {
const CLOSE = 0x7d; // }
const EVAL = [0x5b, 0x25, 0x65, 0x76, 0x61, 0x6c]; // [%eval

/** Whether bytes[i…] start with `[%eval`. */
function evalAt(b: Uint8Array, i: number): boolean {
  for (let k = 0; k < EVAL.length; k++) if (b[i + k] !== EVAL[k]) return false;
  return true;
}

/** The number at b[i…] (`0.17`, `-1.5`, `#-3`, `#4`) in centipawns from White's view, NaN when unreadable. */
function evalValue(b: Uint8Array, i: number, end: number): number {
  while (i < end && b[i] === 0x20) i++;
  const mate = b[i] === 0x23; // #
  if (mate) i++;
  let sign = 1;
  if (b[i] === 0x2d || b[i] === 0x2b) sign = b[i++] === 0x2d ? -1 : 1;
  let whole = 0;
  let digits = 0;
  for (; i < end && b[i] >= 0x30 && b[i] <= 0x39; i++, digits++) whole = whole * 10 + b[i] - 0x30;
  let frac = 0;
  let scale = 1;
  if (!mate && b[i] === 0x2e) {
    for (i++; i < end && b[i] >= 0x30 && b[i] <= 0x39; i++, digits++) {
      if (scale === 1000) continue; // a tenth of a centipawn is noise
      frac = frac * 10 + b[i] - 0x30;
      scale *= 10;
    }
  }
  if (digits === 0) return NaN;
  if (mate) return sign * (MATE_CP - whole);
  return sign * Math.round((whole + frac / scale) * 100);
}

/**
 * The `[%eval]` of the comments that follow move `ply` (its token ends at moveEnds[ply]) up to the next
 * move or the end of the game, in centipawns from White's view; NaN when there is none.
 */
export function evalAfterMove(bytes: Uint8Array, moveEnds: Int32Array, ply: number): number {
  let i = moveEnds[ply];
  const n = bytes.length;
  for (;;) {
    while (i < n && (bytes[i] <= 0x20 || bytes[i] === 0x21 || bytes[i] === 0x3f)) i++; // space, !, ? suffixes
    if (i < n && bytes[i] === 0x24) {
      // a NAG: $ and digits
      for (i++; i < n && bytes[i] >= 0x30 && bytes[i] <= 0x39; i++);
      continue;
    }
    if (i >= n || bytes[i] !== OPEN) return NaN; // the next move, a variation, the result: no comment here
    const close = bytes.indexOf(CLOSE, i + 1);
    const end = close < 0 ? n : close;
    for (let j = i + 1; j + EVAL.length < end; j++)
      if (bytes[j] === 0x5b && evalAt(bytes, j)) return evalValue(bytes, j + EVAL.length, end);
    i = end + 1;
  }
}
