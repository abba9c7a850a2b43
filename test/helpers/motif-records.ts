// Records written by hand into a MotifBuffer, in buffer.ts's layout, for tests of what reads them (the
// formats, the statistics, the catalogue): in the product only the motif scan writes records.
import {
  REC_BACK,
  REC_CODE,
  REC_FRONT,
  REC_LENGTH,
  REC_LINE,
  REC_PARTIAL,
  REC_SIDE,
  REC_SLIDER,
  REC_SQUARES,
  REC_TARGET1,
  REC_TARGET2,
  STRIDE,
  type MotifBuffer,
} from '../../src/motifs/buffer.js';

/** Starts a new record with its code and side; returns its offset. */
function append(buf: MotifBuffer, code: number, side: number): number {
  const o = buf.count++ * STRIDE;
  buf.data[o + REC_CODE] = code;
  buf.data[o + REC_SIDE] = side;
  return o;
}

/** Appends a line record. */
export function pushLine(buf: MotifBuffer, code: number, side: number, slider: number, front: number, back: number, partial: number): void {
  const o = append(buf, code, side);
  buf.data[o + REC_SLIDER] = slider;
  buf.data[o + REC_FRONT] = front;
  buf.data[o + REC_BACK] = back;
  buf.data[o + REC_PARTIAL] = partial;
}

/** Writes square k of the chain being built in the next record (pushChain() appends it). */
export function chainSquare(buf: MotifBuffer, k: number, sq: number): void {
  buf.data[buf.count * STRIDE + REC_SQUARES + k] = sq;
}

/** Appends the chain whose n squares chainSquare() wrote; t1 < t2 its targets, either -1 when absent (not both). */
export function pushChain(buf: MotifBuffer, code: number, side: number, line: number, t1: number, t2: number, n: number): void {
  const o = append(buf, code, side);
  buf.data[o + REC_LINE] = line;
  buf.data[o + REC_TARGET1] = t1 >= 0 ? t1 : t2;
  buf.data[o + REC_TARGET2] = t1 >= 0 ? t2 : -1;
  buf.data[o + REC_LENGTH] = n;
}
