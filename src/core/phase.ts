// The phase of a position (docs/design.md §9): `endgame` when each side has at most 13 points of non-pawn
// material (N = B = 3, R = 5, Q = 9); otherwise `opening` before ply 20; otherwise `middlegame`.
// Counted on the piece sets, one step per piece: no loop over squares, nothing allocated.
import { popCount } from './bitboard.js';
import { BISHOP, KING, KNIGHT, PAWN, QUEEN, WHITE, rooksQueensHi, rooksQueensLo, sideHi, sideLo, typeHi, typeLo } from './board.js';
import type { Position } from './position.js';

export const PHASES = ['opening', 'middlegame', 'endgame'] as const;
export type Phase = (typeof PHASES)[number];
export const OPENING = 0;
export const MIDDLEGAME = 1;
export const ENDGAME = 2;

const ENDGAME_MATERIAL = 13;
const OPENING_PLIES = 20;

/** Non-pawn material of a side: every piece besides pawns and king is worth 3, a rook or queen 2 more, a queen 4 more again. */
export function nonPawnMaterial(pos: Position, side: number): number {
  const bb = pos.bb;
  const lo = sideLo(bb, side);
  const hi = sideHi(bb, side);
  const heavyLo = rooksQueensLo(bb);
  const heavyHi = rooksQueensHi(bb);
  return (
    3 * popCount(lo & (typeLo(bb, KNIGHT) | typeLo(bb, BISHOP) | heavyLo), hi & (typeHi(bb, KNIGHT) | typeHi(bb, BISHOP) | heavyHi)) +
    2 * popCount(lo & heavyLo, hi & heavyHi) +
    4 * popCount(lo & typeLo(bb, QUEEN), hi & typeHi(bb, QUEEN))
  );
}

/**
 * Whether the material makes the position an endgame. The common case calls nothing: five white pieces
 * besides pawns and king make at least 15 points, and no endgame.
 */
function endgameMaterial(pos: Position): boolean {
  const bb = pos.bb;
  let pieces = 0;
  for (let x = sideLo(bb, WHITE) & ~(typeLo(bb, PAWN) | typeLo(bb, KING)); x !== 0 && pieces < 5; x &= x - 1) pieces++;
  for (let x = sideHi(bb, WHITE) & ~(typeHi(bb, PAWN) | typeHi(bb, KING)); x !== 0 && pieces < 5; x &= x - 1) pieces++;
  return pieces < 5 && nonPawnMaterial(pos, 0) <= ENDGAME_MATERIAL && nonPawnMaterial(pos, 1) <= ENDGAME_MATERIAL;
}

/** The phase of a position at `ply` whose material is (or is not) an endgame's. */
function phaseFrom(endgame: boolean, ply: number): number {
  return endgame ? ENDGAME : ply < OPENING_PLIES ? OPENING : MIDDLEGAME;
}

/** OPENING, MIDDLEGAME or ENDGAME (indices into PHASES). */
export function phaseOf(pos: Position, ply: number): number {
  return phaseFrom(endgameMaterial(pos), ply);
}

/**
 * The phase of a game's positions, given in order: the material is counted again only where it can have
 * changed, after a capture or a pawn move (a promotion), the moves that reset the halfmove clock; and at a
 * position that does not follow the last one given (the first one after reset(), one after positions not
 * given: --where's statistics count only the positions it matched), whose move there may have been a capture.
 */
export class GamePhase {
  private endgame = false;
  /** The ply of the position that follows the last one given; -1 after reset(). */
  private next = -1;

  /** A game begins: its first position given is counted whatever its ply. */
  reset(): void {
    this.next = -1;
  }

  of(pos: Position, ply: number): number {
    if (ply !== this.next || pos.halfmove === 0) this.endgame = endgameMaterial(pos);
    this.next = ply + 1;
    return phaseFrom(this.endgame, ply);
  }
}
