// The motif engine's public face: records of docs/design.md §6 as plain objects, for library users and tests.
// The workers use the allocation-free forms underneath (scanMotifs into a MotifBuffer, playedFlags).
import { parseFen, type FenOptions } from '../core/fen.js';
import type { Position } from '../core/position.js';
import { squareName } from '../core/squares.js';
import { squaresOf } from '../core/bitboard.js';
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
  MotifBuffer,
} from './buffer.js';
import {
  LINE_KINDS,
  MOTIFS,
  SIDES,
  playedNames,
  type LineKind,
  type MotifKind,
  type MotifRow,
  type PlayedTag,
  type Side,
} from './catalogue.js';
import { scanMotifs } from './classify.js';
import { letterAt } from './letters.js';
import { playedFlags } from './played.js';

export type { LineKind, PlayedTag, Side } from './catalogue.js';

/** The record of one catalogue row: its name and kind, then the fields of its shape (docs/design.md §6). */
type RecordOf<R extends MotifRow> = R extends { shape: 'chain' }
  ? { motif: R['name']; side: Side; squares: string[]; pieces: string[]; line: LineKind; targets: string[]; targetPieces: string[] }
  : Flat<
      { motif: R['name'] } & (R['kind'] extends MotifKind ? { kind: R['kind'] } : unknown) & {
          side: Side;
          slider: string;
          front: string;
          back: string;
          pieces: LinePieces;
        } & (R['partial'] extends true ? { partial: boolean } : unknown)
    >;
/** The FEN letters of a line record's pieces (upper case white). */
export interface LinePieces {
  slider: string;
  front: string;
  back: string;
}
type Flat<T> = { [K in keyof T]: T[K] };
export type MotifRecord = RecordOf<MotifRow>;

export interface PositionTags {
  /** Pieces giving check to the side to move, ascending. */
  checkers: string[];
  /** Static motifs of both sides. */
  motifs: MotifRecord[];
}

/**
 * One record of a filled buffer as a plain object, keys in the order the JSONL writer gives them; the
 * pieces are read from pos, the position the buffer was filled from.
 */
export function recordAt(buf: MotifBuffer, i: number, pos: Position): MotifRecord {
  const d = buf.data;
  const o = i * STRIDE;
  const row: MotifRow | undefined = MOTIFS[d[o + REC_CODE]];
  if (row === undefined) throw new Error(`motif buffer: unknown record code ${d[o + REC_CODE]}`);
  const rec: Record<string, unknown> = { motif: row.name };
  if (row.kind !== null) rec.kind = row.kind;
  rec.side = SIDES[d[o + REC_SIDE]];
  const board = pos.board;
  if (row.shape === 'chain') {
    const squares = Array.from(d.subarray(o + REC_SQUARES, o + REC_SQUARES + d[o + REC_LENGTH]));
    rec.squares = squares.map(squareName);
    rec.pieces = squares.map((sq) => letterAt(board, sq));
    rec.line = LINE_KINDS[d[o + REC_LINE]];
    const targets = d[o + REC_TARGET2] >= 0 ? [d[o + REC_TARGET1], d[o + REC_TARGET2]] : [d[o + REC_TARGET1]];
    rec.targets = targets.map(squareName);
    rec.targetPieces = targets.map((sq) => letterAt(board, sq));
  } else {
    const [slider, front, back] = [d[o + REC_SLIDER], d[o + REC_FRONT], d[o + REC_BACK]];
    rec.slider = squareName(slider);
    rec.front = squareName(front);
    rec.back = squareName(back);
    rec.pieces = { slider: letterAt(board, slider), front: letterAt(board, front), back: letterAt(board, back) };
    if (row.partial) rec.partial = d[o + REC_PARTIAL] === 1;
  }
  return rec as MotifRecord;
}

const shared = new MotifBuffer();

/** Checkers and static motifs of a position. */
export function tagPosition(pos: Position): PositionTags {
  const n = scanMotifs(pos, shared);
  const motifs: MotifRecord[] = [];
  for (let i = 0; i < n; i++) motifs.push(recordAt(shared, i, pos));
  return { checkers: squaresOf(pos.checkersLo, pos.checkersHi).map(squareName), motifs };
}

/** Checkers and static motifs of the position a FEN describes. */
export function tagFen(fen: string, opts?: FenOptions): PositionTags {
  return tagPosition(parseFen(fen, opts));
}

/** Sorted tags of the legal move m played from pos (pos is left unchanged). */
export function playedTags(pos: Position, m: number): PlayedTag[] {
  const after = pos.clone();
  after.play(m);
  scanMotifs(pos, shared);
  return playedNames(playedFlags(pos, m, after, shared));
}
