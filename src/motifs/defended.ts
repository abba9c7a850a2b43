// The "exploitable" rule E(S, F, X) of DESIGN.md §5 and the piece values it weighs.
import { attackedExcept } from '../core/attacks.js';
import { PIECE_VALUES as VALUES, Sets } from '../core/board.js';
import type { Position } from '../core/position.js';

/**
 * E(S, F, X): X is worth more than S, or X is undefended once F has gone — with the occupancy less F and
 * less S, no piece of X's side other than F attacks X. Lifting S lets a defender standing behind S on
 * the line count (x-ray by modifying occupancy): it would recapture after S takes X.
 */
export function exploitable(pos: Position, slider: number, front: number, back: number): boolean {
  const board = pos.board;
  if (VALUES[(board[back] & 7) - 1] > VALUES[(board[slider] & 7) - 1]) return true;
  const bb = pos.bb;
  let occLo = bb[Sets.WhiteLo] | bb[Sets.BlackLo];
  let occHi = bb[Sets.WhiteHi] | bb[Sets.BlackHi];
  if (front < 32) occLo &= ~(1 << front);
  else occHi &= ~(1 << (front - 32));
  if (slider < 32) occLo &= ~(1 << slider);
  else occHi &= ~(1 << (slider - 32));
  // F is X's side: exclude its square from the defenders (the lifted S is the other side anyway)
  const exLo = front < 32 ? 1 << front : 0;
  const exHi = front >= 32 ? 1 << (front - 32) : 0;
  return !attackedExcept(bb, occLo, occHi, back, board[back] >> 3, exLo, exHi);
}
