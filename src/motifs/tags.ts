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
import { fieldsOf, type MotifField } from './record-fields.js';

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

/** A record's squares: a chain's, or a line record's slider, front and back. */
function recordSquares(d: Int32Array, o: number, chain: boolean): number[] {
  return chain
    ? Array.from(d.subarray(o + REC_SQUARES, o + REC_SQUARES + d[o + REC_LENGTH]))
    : [d[o + REC_SLIDER], d[o + REC_FRONT], d[o + REC_BACK]];
}

/** A chain's targets: one or two squares. */
function chainTargets(d: Int32Array, o: number): number[] {
  return d[o + REC_TARGET2] >= 0 ? [d[o + REC_TARGET1], d[o + REC_TARGET2]] : [d[o + REC_TARGET1]];
}

/** A line record's pieces by role, a chain's as a list aligned with its squares. */
function recordPieces(d: Int32Array, o: number, row: MotifRow, board: Int8Array): LinePieces | string[] {
  const letters = recordSquares(d, o, row.shape === 'chain').map((sq) => letterAt(board, sq));
  return row.shape === 'chain' ? letters : { slider: letters[0], front: letters[1], back: letters[2] };
}

/** Each field's value in record o of d (row: its catalogue row, board: the position's mailbox). */
const FIELD_VALUE: Record<MotifField, (d: Int32Array, o: number, row: MotifRow, board: Int8Array) => unknown> = {
  motif: (_d, _o, row) => row.name,
  kind: (_d, _o, row) => row.kind,
  side: (d, o) => SIDES[d[o + REC_SIDE]],
  slider: (d, o) => squareName(d[o + REC_SLIDER]),
  front: (d, o) => squareName(d[o + REC_FRONT]),
  back: (d, o) => squareName(d[o + REC_BACK]),
  pieces: recordPieces,
  partial: (d, o) => d[o + REC_PARTIAL] === 1,
  squares: (d, o) => recordSquares(d, o, true).map(squareName),
  line: (d, o) => LINE_KINDS[d[o + REC_LINE]],
  targets: (d, o) => chainTargets(d, o).map(squareName),
  targetPieces: (d, o, _row, board) => chainTargets(d, o).map((sq) => letterAt(board, sq)),
};

/**
 * One record of a filled buffer as a plain object, its fields those record-fields.ts gives its row, in
 * that order; the pieces are read from pos, the position the buffer was filled from.
 */
export function recordAt(buf: MotifBuffer, i: number, pos: Position): MotifRecord {
  const d = buf.data;
  const o = i * STRIDE;
  const row: MotifRow | undefined = MOTIFS[d[o + REC_CODE]];
  if (row === undefined) throw new Error(`motif buffer: unknown record code ${d[o + REC_CODE]}`);
  const rec: Record<string, unknown> = {};
  for (const f of fieldsOf(row)) rec[f] = FIELD_VALUE[f](d, o, row, pos.board);
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
