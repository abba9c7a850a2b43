// Motif records in a caller-owned typed array: the hot-path form the workers fill once per position
// and format from, allocating nothing. Record i starts at word i * STRIDE; its fields are read by the
// accessors below (V8 inlines them), never by a number:
//   [code, side, slider, front, back, partial]                          line records  (catalogue shape 'line')
//   [code, side, line kind, target1, target2, n, square1 … squareN]    chain records (shape 'chain': batteries)
// The record codes and their names are in catalogue.ts.

export const STRIDE = 16;
/** Most sliders of one side on one line: a chain can hold at most 8 squares. */
export const MAX_CHAIN = 8;
const CAPACITY = 320; // ≥ 20 sliders × 8 rays × 2: more records than any position can produce

const CODE = 0;
const SIDE = 1;
const SLIDER = 2;
const FRONT = 3;
const BACK = 4;
const PARTIAL = 5;
const LINE = 2;
const TARGET1 = 3;
const TARGET2 = 4;
const LENGTH = 5;
const SQUARES = 6;

/** The record code (a row of catalogue.ts MOTIFS). */
export function recCode(d: Int32Array, o: number): number {
  return d[o + CODE];
}
/** Whose motif it is: 0 white, 1 black. */
export function recSide(d: Int32Array, o: number): number {
  return d[o + SIDE];
}
/** Line record: the slider's square. */
export function recSlider(d: Int32Array, o: number): number {
  return d[o + SLIDER];
}
/** Line record: the front piece's square. */
export function recFront(d: Int32Array, o: number): number {
  return d[o + FRONT];
}
/** Line record: the square behind the front piece. */
export function recBack(d: Int32Array, o: number): number {
  return d[o + BACK];
}
/** Line record: 1 when the pin is partial, else 0. */
export function recPartial(d: Int32Array, o: number): number {
  return d[o + PARTIAL];
}
/** Chain record: the line kind (catalogue.ts LINE_KINDS). */
export function recLine(d: Int32Array, o: number): number {
  return d[o + LINE];
}
/** Chain record: the first target square (always present). */
export function recTarget1(d: Int32Array, o: number): number {
  return d[o + TARGET1];
}
/** Chain record: the second target square, -1 if none. */
export function recTarget2(d: Int32Array, o: number): number {
  return d[o + TARGET2];
}
/** Chain record: how many squares the chain holds. */
export function recLength(d: Int32Array, o: number): number {
  return d[o + LENGTH];
}
/** Chain record: its k-th square, ascending. */
export function recSquare(d: Int32Array, o: number, k: number): number {
  return d[o + SQUARES + k];
}

export class MotifBuffer {
  readonly data = new Int32Array(CAPACITY * STRIDE);
  count = 0;

  /** Appends a line record. */
  push(code: number, side: number, slider: number, front: number, back: number, partial: number): void {
    const o = this.count++ * STRIDE;
    const d = this.data;
    d[o + CODE] = code;
    d[o + SIDE] = side;
    d[o + SLIDER] = slider;
    d[o + FRONT] = front;
    d[o + BACK] = back;
    d[o + PARTIAL] = partial;
  }

  /** Writes square k of the chain being built in the next record (pushChain() appends it, or not). */
  chainSquare(k: number, sq: number): void {
    this.data[this.count * STRIDE + SQUARES + k] = sq;
  }

  /**
   * Appends the chain whose n squares chainSquare() wrote; t1 < t2 are its targets, either -1 when
   * absent (not both): the record keeps the present ones first.
   */
  pushChain(code: number, side: number, line: number, t1: number, t2: number, n: number): void {
    const o = this.count++ * STRIDE;
    const d = this.data;
    d[o + CODE] = code;
    d[o + SIDE] = side;
    d[o + LINE] = line;
    d[o + TARGET1] = t1 >= 0 ? t1 : t2;
    d[o + TARGET2] = t1 >= 0 ? t2 : -1;
    d[o + LENGTH] = n;
  }
}
