// Tags of the move played (DESIGN.md §5): check, discovered check, double check, discovered attack.
// Read from the positions before and after the move; castling moves both king and rook.
import { lineStep, lineXrayOf, maskTable, mayMove, xraySquare } from '../core/attacks.js';
import { Sets } from '../core/board.js';
import { Mask, maskIndex, Xray } from '../core/tables.js';
import { FLAG_CASTLE, FLAG_NULL, moveFlags, moveFrom, moveTo } from '../core/move.js';
import type { Position } from '../core/position.js';
import { PLAYED_CHECK, PLAYED_DISCOVERED_ATTACK, PLAYED_DISCOVERED_CHECK, PLAYED_DOUBLE_CHECK } from './catalogue.js';
import { compatible } from './classify.js';

/**
 * Whether moving the piece off `origin` uncovered an attack of an own slider (that did not move) on the
 * enemy non-king piece that stood next beyond it on the line. The two neighbours of the origin on a line
 * come from one look-up of the x-ray table (seed xray-attacks, "X-rays with one Lookup").
 */
function uncovers(before: Position, after: Position, origin: number, moved2: number): boolean {
  const bb = before.bb;
  const us = before.turn;
  const board = before.board;
  // the sets in locals, read once (V8 re-checks a typed array at every read after a call)
  const occLo = before.occLo();
  const occHi = before.occHi();
  const usLo = bb[Sets.WhiteLo + 2 * us];
  const usHi = bb[Sets.WhiteHi + 2 * us];
  // an own slider and an enemy piece must both stand on a line through the origin
  const ownLo = (bb[Sets.BishopsLo] | bb[Sets.RooksLo] | bb[Sets.QueensLo]) & usLo;
  const ownHi = (bb[Sets.BishopsHi] | bb[Sets.RooksHi] | bb[Sets.QueensHi]) & usHi;
  const themLo = occLo & ~usLo;
  const themHi = occHi & ~usHi;
  const M = maskTable();
  for (let l = 0; l < 4; l++) {
    const mi = maskIndex(origin, l) + Mask.LineEx;
    const lineLo = M[mi];
    const lineHi = M[mi + 1];
    if (((lineLo & ownLo) | (lineHi & ownHi)) === 0 || ((lineLo & themLo) | (lineHi & themHi)) === 0) continue;
    const xr = lineXrayOf(lineLo & occLo, lineHi & occHi, origin, l);
    const step = lineStep(l);
    const a = xraySquare(xr, origin, step, Xray.FrontBelow);
    const b = xraySquare(xr, origin, step, Xray.FrontAbove);
    // a neighbour on each side: a slider behind, a target in front
    if (a >= 0 && b >= 0 && (uncovered(board, after, us, l, a, b, moved2) || uncovered(board, after, us, l, b, a, moved2))) return true;
  }
  return false;
}

function uncovered(board: Int8Array, after: Position, us: number, l: number, slider: number, target: number, moved2: number): boolean {
  const sc = board[slider];
  const tc = board[target];
  if (sc === 0 || sc >> 3 !== us || !compatible((sc & 7) - 1, l) || slider === moved2) return false;
  if (tc === 0 || tc >> 3 === us || (tc & 7) - 1 === 5) return false;
  // the slider still stands, the target too, and nothing stands between them now
  return after.board[slider] === sc && after.board[target] === tc && mayMove(slider, target, after.occLo(), after.occHi());
}

/** PLAYED_* bits of move m played from `before`, giving `after`. */
export function playedFlags(before: Position, m: number, after: Position): number {
  if ((moveFlags(m) & FLAG_NULL) !== 0) return 0; // nothing moved, nothing uncovered
  let flags = 0;
  const cLo = after.checkersLo;
  const cHi = after.checkersHi;
  const from = moveFrom(m);
  const castle = (moveFlags(m) & FLAG_CASTLE) !== 0;
  const rank = from & 56;
  const long = moveTo(m) < from;
  // the squares where moved pieces now stand
  const dest1 = castle ? rank + (long ? 2 : 6) : moveTo(m);
  const dest2 = castle ? rank + (long ? 3 : 5) : -1;
  if ((cLo | cHi) !== 0) {
    flags |= PLAYED_CHECK;
    const many = (cLo & (cLo - 1)) !== 0 || (cHi & (cHi - 1)) !== 0 || (cLo !== 0 && cHi !== 0);
    if (many) flags |= PLAYED_DOUBLE_CHECK;
    let lo = cLo;
    let hi = cHi;
    while (lo !== 0) {
      const sq = 31 - Math.clz32(lo & -lo);
      if (sq !== dest1 && sq !== dest2) flags |= PLAYED_DISCOVERED_CHECK;
      lo &= lo - 1;
    }
    while (hi !== 0) {
      const sq = 63 - Math.clz32(hi & -hi);
      if (sq !== dest1 && sq !== dest2) flags |= PLAYED_DISCOVERED_CHECK;
      hi &= hi - 1;
    }
  }
  const rookFrom = castle ? moveTo(m) : -1;
  if (uncovers(before, after, from, rookFrom) || (castle && uncovers(before, after, rookFrom, from))) flags |= PLAYED_DISCOVERED_ATTACK;
  return flags;
}
