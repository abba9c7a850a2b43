// Tags of the move played (DESIGN.md §5): check, discovered check, double check, discovered attack.
// Read from the positions before and after the move; castling moves both king and rook.
import { lineAttacks, maskTable, mayMove } from '../core/attacks.js';
import { Sets } from '../core/board.js';
import { Mask, maskIndex } from '../core/tables.js';
import { FLAG_CASTLE, FLAG_NULL, moveFlags, moveFrom, moveTo } from '../core/move.js';
import type { Position } from '../core/position.js';
import { PLAYED_CHECK, PLAYED_DISCOVERED_ATTACK, PLAYED_DISCOVERED_CHECK, PLAYED_DOUBLE_CHECK } from './catalogue.js';
import { compatible } from './classify.js';

const s = new Int32Array(2);

/**
 * Whether moving the piece off `origin` uncovered an attack of an own slider (that did not move) on the
 * enemy non-king piece that stood next beyond it on the line.
 */
function uncovers(before: Position, after: Position, origin: number, moved2: number): boolean {
  const bb = before.bb;
  const occLo = bb[Sets.WhiteLo] | bb[Sets.BlackLo];
  const occHi = bb[Sets.WhiteHi] | bb[Sets.BlackHi];
  const us = before.turn;
  const board = before.board;
  // an own slider and an enemy piece must both stand on a line through the origin
  const ownSliders = (bb[Sets.BishopsLo] | bb[Sets.RooksLo] | bb[Sets.QueensLo]) & bb[Sets.WhiteLo + 2 * us];
  const ownSlidersHi = (bb[Sets.BishopsHi] | bb[Sets.RooksHi] | bb[Sets.QueensHi]) & bb[Sets.WhiteHi + 2 * us];
  const themLo = bb[Sets.WhiteLo + 2 * (us ^ 1)];
  const themHi = bb[Sets.WhiteHi + 2 * (us ^ 1)];
  const M = maskTable();
  for (let l = 0; l < 4; l++) {
    const mi = maskIndex(origin, l) + Mask.LineEx;
    if (((M[mi] & ownSliders) | (M[mi + 1] & ownSlidersHi)) === 0 || ((M[mi] & themLo) | (M[mi + 1] & themHi)) === 0) continue;
    lineAttacks(occLo, occHi, origin, l, s, 0);
    const lo = s[0] & occLo;
    const hi = s[1] & occHi;
    if ((lo & (lo - 1)) !== 0 || (hi & (hi - 1)) !== 0 || (lo !== 0 && hi !== 0)) {
      // two neighbours on this line, necessarily one on each side: a slider behind, a target in front
      const a = lo !== 0 ? 31 - Math.clz32(lo & -lo) : 63 - Math.clz32(hi & -hi);
      const b = hi !== 0 ? 63 - Math.clz32(hi) : 31 - Math.clz32(lo);
      if (uncovered(board, after, us, l, a, b, moved2) || uncovered(board, after, us, l, b, a, moved2)) return true;
    }
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
