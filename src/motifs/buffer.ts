// Motif records in a caller-owned typed array: the hot-path form the workers fill once per position
// and format from, allocating nothing. Record i starts at word i * STRIDE; its fields are read at the
// offsets REC_* below (d[o + REC_FRONT]), never at a number:
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
export const REC_CODE = 0, REC_SIDE = 1;
export const REC_SLIDER = 2, REC_FRONT = 3, REC_BACK = 4, REC_PARTIAL = 5;
export const REC_LINE = 2, REC_TARGET1 = 3, REC_TARGET2 = 4, REC_LENGTH = 5, REC_SQUARES = 6;
/** Words of one uncover line, and their offsets: the slider, its own front piece, the enemy piece behind. */
export const UNCOVER_STRIDE = 3;
export const UNC_SLIDER = 0, UNC_FRONT = 1, UNC_BACK = 2;

export class MotifBuffer {
  readonly data = new Int32Array(CAPACITY * STRIDE);
  count = 0;
  /**
   * The scan's lines where the side to move has a slider S, an own front F that may leave the line (the
   * scan's superset of leavers: its moves are not tested) and an enemy non-king X next beyond F: the only
   * lines on which moving F can uncover an attack. Not filtered by --motifs, not records.
   */
  readonly uncover = new Int32Array(RAYS * UNCOVER_STRIDE);
  uncoverCount = 0;

  /** Appends a line record. */
  push(code: number, side: number, slider: number, front: number, back: number, partial: number): void {
    const o = this.append(code, side);
    this.data[o + REC_SLIDER] = slider;
    this.data[o + REC_FRONT] = front;
    this.data[o + REC_BACK] = back;
    this.data[o + REC_PARTIAL] = partial;
  }

  /** Writes square k of the chain being built in the next record (pushChain() appends it, or not). */
  chainSquare(k: number, sq: number): void {
    this.data[this.count * STRIDE + REC_SQUARES + k] = sq;
  }

  /**
   * Appends the chain whose n squares chainSquare() wrote; t1 < t2 are its targets, either -1 when
   * absent (not both): the record keeps the present ones first.
   */
  pushChain(code: number, side: number, line: number, t1: number, t2: number, n: number): void {
    const o = this.append(code, side);
    this.data[o + REC_LINE] = line;
    this.data[o + REC_TARGET1] = t1 >= 0 ? t1 : t2;
    this.data[o + REC_TARGET2] = t1 >= 0 ? t2 : -1;
    this.data[o + REC_LENGTH] = n;
  }

  /** Appends an uncover line. */
  pushUncover(slider: number, front: number, back: number): void {
    const o = this.uncoverCount++ * UNCOVER_STRIDE;
    this.uncover[o + UNC_SLIDER] = slider;
    this.uncover[o + UNC_FRONT] = front;
    this.uncover[o + UNC_BACK] = back;
  }

  /** Starts a new record with its code and side; returns its offset. */
  private append(code: number, side: number): number {
    const o = this.count++ * STRIDE;
    this.data[o + REC_CODE] = code;
    this.data[o + REC_SIDE] = side;
    return o;
  }
}
