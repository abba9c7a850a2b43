// Small facts of a position that the puzzle themes of lichess's names read (puzzle-themes.ts): what stands
// on a square, the distance between squares, the pieces of a side attacking a square, whether a piece is
// defended (a defender behind an enemy slider counts: x-ray by modifying occupancy) or in a bad spot.
import { attacksTo } from '../core/attacks.js';
import { squaresOf } from '../core/bitboard.js';
import { BISHOP, KING, PIECE_VALUES as VALUES, QUEEN, ROOK, sideHi, sideLo } from '../core/board.js';
import type { Position } from '../core/position.js';
import { fileOf, rankOf } from '../core/squares.js';

const s = new Int32Array(2);
/** No piece. */
export const NONE = -1;

/** The type of the piece on sq (PAWN … KING), or NONE. */
export function typeAt(pos: Position, sq: number): number {
  const code = pos.board[sq];
  return code === 0 ? NONE : (code & 7) - 1;
}

/** The side of the piece on sq (the square must hold one). */
export function sideAt(pos: Position, sq: number): number {
  return pos.board[sq] >> 3;
}

/** King steps between two squares (Chebyshev distance). */
export function distance(a: number, b: number): number {
  return Math.max(Math.abs(fileOf(a) - fileOf(b)), Math.abs(rankOf(a) - rankOf(b)));
}

/** The squares of the pieces of `side` attacking sq, ascending. */
export function attackers(pos: Position, side: number, sq: number): number[] {
  attacksTo(pos.bb, pos.occLo(), pos.occHi(), sq, s, 0);
  return squaresOf(s[0] & sideLo(pos.bb, side), s[1] & sideHi(pos.bb, side));
}

/**
 * Whether the piece on sq is defended: a piece of its side attacks sq, or would once an enemy slider
 * attacking sq is lifted (a defender behind it on the line: x-ray by modifying occupancy).
 */
export function isDefended(pos: Position, sq: number): boolean {
  const side = sideAt(pos, sq);
  if (attackers(pos, side, sq).length > 0) return true;
  for (const a of attackers(pos, side ^ 1, sq)) {
    const t = typeAt(pos, a);
    if (t !== BISHOP && t !== ROOK && t !== QUEEN) continue;
    const liftLo = a < 32 ? 1 << a : 0;
    const liftHi = a >= 32 ? 1 << (a - 32) : 0;
    attacksTo(pos.bb, pos.occLo() & ~liftLo, pos.occHi() & ~liftHi, sq, s, 0);
    if (((s[0] & sideLo(pos.bb, side)) | (s[1] & sideHi(pos.bb, side))) !== 0) return true;
  }
  return false;
}

/** Whether the piece on sq is attacked and either undefended or attacked by a cheaper piece other than the king. */
export function inBadSpot(pos: Position, sq: number): boolean {
  const side = sideAt(pos, sq);
  const by = attackers(pos, side ^ 1, sq);
  if (by.length === 0) return false;
  if (!isDefended(pos, sq)) return true;
  const v = VALUES[typeAt(pos, sq)];
  return by.some((a) => typeAt(pos, a) !== KING && VALUES[typeAt(pos, a)] < v);
}
