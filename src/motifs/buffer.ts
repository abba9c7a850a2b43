// Motif records in a caller-owned typed array: the hot-path form the motif scan fills once per position
// (wasm/scan.ts writes them, in this layout) and the workers format from, allocating nothing. Record i
// starts at word i * STRIDE; its fields are read at the offsets REC_* below (d[o + REC_FRONT]), never at
// a number:
//   [code, side, slider, front, back, partial]                          line records  (catalogue shape 'line')
//   [code, side, line kind, target1, target2, n, square1 … squareN]    chain records (shape 'chain': batteries)
// partial is 1 for a partial pin, else 0; target1 is always present, target2 is -1 when absent.
// The record codes and their names are in catalogue.ts.
// Beside the records, the scan leaves the lines where the side to move could uncover an attack (played.ts).

export const STRIDE = 16;
/** Most sliders of one side on one line: a chain can hold at most 8 squares. */
export const MAX_CHAIN = 8;
const CAPACITY = 320; // ≥ 20 sliders × 8 rays × 2: more records than any position can produce
/** Rays of one side's sliders: at most 13 (5 and 8 promoted pawns) × 8 directions, one front each. */
const RAYS = 128;

// Field offsets within a record: both shapes, then line records, then chain records.
export const REC_CODE = 0,
  REC_SIDE = 1;
export const REC_SLIDER = 2,
  REC_FRONT = 3,
  REC_BACK = 4,
  REC_PARTIAL = 5;
export const REC_LINE = 2,
  REC_TARGET1 = 3,
  REC_TARGET2 = 4,
  REC_LENGTH = 5,
  REC_SQUARES = 6;
/** Words of one uncover line, and their offsets: the slider, its own front piece, the enemy piece behind. */
export const UNCOVER_STRIDE = 3;
export const UNC_SLIDER = 0,
  UNC_FRONT = 1,
  UNC_BACK = 2;

export class MotifBuffer {
  count = 0;
  uncoverCount = 0;

  /**
   * `data`: the records. `uncover`: the scan's lines where the side to move has a slider S, an own front F
   * that may leave the line (the scan's superset of leavers: its moves are not tested) and an enemy
   * non-king X next beyond F: the only lines on which moving F can uncover an attack. Not filtered by
   * --motifs, not records. Both in memory of their own, or where the scan writes them (over()).
   */
  constructor(
    readonly data = new Int32Array(CAPACITY * STRIDE),
    readonly uncover = new Int32Array(RAYS * UNCOVER_STRIDE),
  ) {}

  /** A buffer over memory the scan writes in (classify.ts): its records at byte `records`, its uncover lines at `uncover`. */
  static over(memory: ArrayBuffer, records: number, uncover: number): MotifBuffer {
    return new MotifBuffer(new Int32Array(memory, records, CAPACITY * STRIDE), new Int32Array(memory, uncover, RAYS * UNCOVER_STRIDE));
  }
}
