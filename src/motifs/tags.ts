// The motif engine's public face: records of DESIGN.md §6 as plain objects, for library users and tests.
// The workers use the allocation-free forms underneath (scanMotifs into a MotifBuffer, playedFlags).
import { parseFen, type FenOptions } from '../core/fen.js';
import { Position } from '../core/position.js';
import { squareName } from '../core/squares.js';
import { squaresOf } from '../core/bitboard.js';
import {
  BATTERY, DISCOVERED_ATTACK, DISCOVERED_CHECK, MotifBuffer, PIN_ABSOLUTE, PIN_RELATIVE,
  SKEWER_ABSOLUTE, SKEWER_RELATIVE, STRIDE, XRAY,
} from './buffer.js';
import { scanMotifs } from './classify.js';
import { playedFlags, playedNames } from './played.js';

export type Side = 'w' | 'b';
export type LineKind = 'rank' | 'file' | 'diagonal' | 'antiDiagonal';
export type PinRecord = { motif: 'pin'; kind: 'absolute' | 'relative'; side: Side; slider: string; front: string; back: string; partial: boolean };
export type SkewerRecord = { motif: 'skewer'; kind: 'absolute' | 'relative'; side: Side; slider: string; front: string; back: string };
export type LineRecord = { motif: 'discoveredCheck' | 'discoveredAttack' | 'xray'; side: Side; slider: string; front: string; back: string };
export type BatteryRecord = { motif: 'battery'; side: Side; squares: string[]; line: LineKind; targets: string[] };
export type MotifRecord = PinRecord | SkewerRecord | LineRecord | BatteryRecord;
export type PlayedTag = 'check' | 'discoveredAttack' | 'discoveredCheck' | 'doubleCheck';

export interface PositionTags {
  /** Pieces giving check to the side to move, ascending. */
  checkers: string[];
  /** Static motifs of both sides. */
  motifs: MotifRecord[];
}

export const LINE_KINDS: readonly LineKind[] = ['rank', 'file', 'diagonal', 'antiDiagonal'];
const SIDES: readonly Side[] = ['w', 'b'];

/** One record of a filled buffer as a plain object. */
export function recordAt(buf: MotifBuffer, i: number): MotifRecord {
  const d = buf.data;
  const o = i * STRIDE;
  const code = d[o];
  const side = SIDES[d[o + 1]];
  if (code === BATTERY) {
    const squares: string[] = [];
    for (let k = 0; k < d[o + 5]; k++) squares.push(squareName(d[o + 6 + k]));
    const targets = [squareName(d[o + 3])];
    if (d[o + 4] >= 0) targets.push(squareName(d[o + 4]));
    return { motif: 'battery', side, squares, line: LINE_KINDS[d[o + 2]], targets };
  }
  const slider = squareName(d[o + 2]);
  const front = squareName(d[o + 3]);
  const back = squareName(d[o + 4]);
  switch (code) {
    case PIN_ABSOLUTE:
    case PIN_RELATIVE:
      return { motif: 'pin', kind: code === PIN_ABSOLUTE ? 'absolute' : 'relative', side, slider, front, back, partial: d[o + 5] === 1 };
    case SKEWER_ABSOLUTE:
    case SKEWER_RELATIVE:
      return { motif: 'skewer', kind: code === SKEWER_ABSOLUTE ? 'absolute' : 'relative', side, slider, front, back };
    case DISCOVERED_CHECK:
      return { motif: 'discoveredCheck', side, slider, front, back };
    case DISCOVERED_ATTACK:
      return { motif: 'discoveredAttack', side, slider, front, back };
    case XRAY:
      return { motif: 'xray', side, slider, front, back };
    default:
      throw new Error(`motif buffer: unknown record code ${code}`);
  }
}

const shared = new MotifBuffer();

/** Checkers and static motifs of a position. */
export function tagPosition(pos: Position): PositionTags {
  const n = scanMotifs(pos, shared);
  const motifs: MotifRecord[] = [];
  for (let i = 0; i < n; i++) motifs.push(recordAt(shared, i));
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
  return playedNames(playedFlags(pos, m, after)) as PlayedTag[];
}
