// The two puzzle themes our motif tagger has no record for, `fork` and `hangingPiece` (defined in
// src/puzzles/puzzle-themes.ts), read from piece attacks on the positions of a puzzle's line; and the small attack facts
// they share: which squares a piece attacks, whether a piece is defended.
import {
  attackedExcept,
  attacksTo,
  bishopAttacks,
  kingAttacks,
  knightAttacks,
  pawnAttacks,
  queenAttacks,
  rookAttacks,
} from '../core/attacks.js';
import { BISHOP, KING, KNIGHT, PAWN, PIECE_VALUES as VALUES, QUEEN, sideHi, sideLo, typeHi, typeLo } from '../core/board.js';
import { FLAG_CASTLE, FLAG_EP, moveFlags, moveFrom, moveTo } from '../core/move.js';
import type { Position } from '../core/position.js';
import type { PuzzleLine } from './line.js';
import { materialBalance } from './material-search.js';

const s = new Int32Array(4);

/** The names of the two themes read here. */
export const FORK_THEME = 'fork';
export const HANGING_PIECE_THEME = 'hangingPiece';

/** Whether move m of pos takes something: en passant included; castling (king takes own rook in the encoding) not. */
export function isCapture(pos: Position, m: number): boolean {
  const flags = moveFlags(m);
  return (flags & FLAG_CASTLE) === 0 && (pos.board[moveTo(m)] !== 0 || (flags & FLAG_EP) !== 0);
}

/** Value of the piece on sq (P 1 … K 100); the square must hold one. */
export function valueAt(pos: Position, sq: number): number {
  return VALUES[(pos.board[sq] & 7) - 1];
}

/**
 * Whether a piece of `side` attacks sq, on the occupancy less the square `lift` (-1: none) and not
 * counting a piece there: lifting a capturer lets a defender standing behind it on the line count, as it
 * would retake (x-ray by modifying occupancy, as in the seed).
 */
export function defended(pos: Position, sq: number, side: number, lift: number): boolean {
  const liftLo = lift >= 0 && lift < 32 ? 1 << lift : 0;
  const liftHi = lift >= 32 ? 1 << (lift - 32) : 0;
  return attackedExcept(pos.bb, pos.occLo() & ~liftLo, pos.occHi() & ~liftHi, sq, side, liftLo, liftHi);
}

/** The squares the piece on sq attacks on the current occupancy, into out[o], out[o + 1]. */
export function attacksFrom(pos: Position, sq: number, out: Int32Array, o: number): void {
  const code = pos.board[sq];
  const type = (code & 7) - 1;
  if (type === PAWN) pawnAttacks(code >> 3, sq, out, o);
  else if (type === KNIGHT) knightAttacks(sq, out, o);
  else if (type === KING) kingAttacks(sq, out, o);
  else if (type === BISHOP) bishopAttacks(pos.occLo(), pos.occHi(), sq, out, o);
  else if (type === QUEEN) queenAttacks(pos.occLo(), pos.occHi(), sq, out, o);
  else rookAttacks(pos.occLo(), pos.occHi(), sq, out, o);
}

/**
 * Whether the piece on t can be taken with profit: an enemy piece attacks it and either no own piece
 * defends it or an enemy piece other than the king, worth less than it, attacks it.
 */
function enPrise(pos: Position, t: number): boolean {
  const side = pos.board[t] >> 3;
  attacksTo(pos.bb, pos.occLo(), pos.occHi(), t, s, 0);
  let lo = s[0] & sideLo(pos.bb, side ^ 1);
  let hi = s[1] & sideHi(pos.bb, side ^ 1);
  if ((lo | hi) === 0) return false;
  if (!defended(pos, t, side, -1)) return true;
  const v = valueAt(pos, t);
  for (; lo !== 0; lo &= lo - 1) if (cheaperTaker(pos, 31 - Math.clz32(lo & -lo), v)) return true;
  for (; hi !== 0; hi &= hi - 1) if (cheaperTaker(pos, 63 - Math.clz32(hi & -hi), v)) return true;
  return false;
}

function cheaperTaker(pos: Position, sq: number, v: number): boolean {
  return (pos.board[sq] & 7) - 1 !== KING && valueAt(pos, sq) < v;
}

/**
 * `fork` after a solver move to t (pos: the position after it): the moved piece, not a king and not en
 * prise, attacks two or more enemy pieces other than pawns each of which is the king, worth more than it,
 * or undefended (with the forking piece lifted) and not attacking it back.
 */
export function forkAfter(pos: Position, t: number): boolean {
  const code = pos.board[t];
  if (code === 0 || (code & 7) - 1 === KING || enPrise(pos, t)) return false;
  const them = (code >> 3) ^ 1;
  const v = valueAt(pos, t);
  attacksFrom(pos, t, s, 0);
  const lo = s[0] & sideLo(pos.bb, them) & ~typeLo(pos.bb, PAWN);
  const hi = s[1] & sideHi(pos.bb, them) & ~typeHi(pos.bb, PAWN);
  let forked = 0;
  for (let x = lo; x !== 0; x &= x - 1) if (forkTarget(pos, 31 - Math.clz32(x & -x), t, v, them)) forked++;
  for (let x = hi; x !== 0; x &= x - 1) if (forkTarget(pos, 63 - Math.clz32(x & -x), t, v, them)) forked++;
  return forked >= 2;
}

function forkTarget(pos: Position, x: number, t: number, v: number, them: number): boolean {
  if (valueAt(pos, x) > v) return true; // the king (100) included
  if (defended(pos, x, them, t)) return false;
  attacksFrom(pos, x, s, 2);
  return (t < 32 ? (s[2] >>> t) & 1 : (s[3] >>> (t - 32)) & 1) === 0;
}

/**
 * `hangingPiece`: the solver's first move takes a piece other than a pawn that no piece of its side
 * defends at P (with the capturer lifted); not when the setup move had just taken, on that square, a piece
 * worth at least as much (a recapture), nor when the solver's material balance after its second move is
 * below that after its first (the piece was bait).
 */
export function hangingCapture(line: PuzzleLine): boolean {
  if (line.count < 2) return false;
  const pos = line.positions;
  const m = line.moves[1];
  const t = moveTo(m);
  const code = pos[1].board[t];
  if (code === 0 || (moveFlags(m) & (FLAG_CASTLE | FLAG_EP)) !== 0 || (code & 7) - 1 === PAWN) return false;
  if (defended(pos[1], t, code >> 3, moveFrom(m))) return false;
  const setup = line.moves[0];
  if (moveTo(setup) === t && pos[0].board[t] !== 0 && valueAt(pos[0], t) >= valueAt(pos[1], t)) return false;
  const solver = pos[1].turn;
  return line.count < 4 || materialBalance(pos[4], solver) >= materialBalance(pos[2], solver);
}
