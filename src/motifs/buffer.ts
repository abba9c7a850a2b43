// Motif records in a caller-owned typed array: the hot-path form the workers fill once per position
// and format from, allocating nothing. Each record is STRIDE int32 words:
//   [code, side, slider, front, back, partial]                          for pins, skewers, discovered*, xray
//   [BATTERY, side, line kind, target1, target2, n, square1 … squareN]  for batteries (targets -1 if absent)

export const PIN_ABSOLUTE = 0;
export const PIN_RELATIVE = 1;
export const SKEWER_ABSOLUTE = 2;
export const SKEWER_RELATIVE = 3;
export const BATTERY = 4;
export const DISCOVERED_CHECK = 5;
export const DISCOVERED_ATTACK = 6;
export const XRAY = 7;

export const STRIDE = 16;
/** Most sliders of one side on one line: a chain can hold at most 8 squares. */
export const MAX_CHAIN = 8;
const CAPACITY = 320; // ≥ 20 sliders × 8 rays × 2: more records than any position can produce

export class MotifBuffer {
  readonly data = new Int32Array(CAPACITY * STRIDE);
  count = 0;

  /** Appends a line record. */
  push(code: number, side: number, slider: number, front: number, back: number, partial: number): void {
    const o = this.count++ * STRIDE;
    const d = this.data;
    d[o] = code;
    d[o + 1] = side;
    d[o + 2] = slider;
    d[o + 3] = front;
    d[o + 4] = back;
    d[o + 5] = partial;
  }
}
