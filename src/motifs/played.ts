// Tags of the move played (docs/design.md §5): check, discovered check, double check, discovered attack.
// Read from the positions before and after the move; castling moves both king and rook.
import { mayMove } from '../core/attacks.js';
import { FLAG_CASTLE, FLAG_NULL, moveFlags, moveFrom, moveTo } from '../core/move.js';
import type { Position } from '../core/position.js';
import { UNC_BACK, UNC_FRONT, UNC_SLIDER, UNCOVER_STRIDE, type MotifBuffer } from './buffer.js';
import { PLAYED_CHECK, PLAYED_DISCOVERED_ATTACK, PLAYED_DISCOVERED_CHECK, PLAYED_DOUBLE_CHECK } from './catalogue.js';

/**
 * Whether moving the piece off `origin` uncovered an attack of an own slider (that did not move) on the
 * enemy non-king piece that stood next beyond it on the line. The scan of the position before found every
 * such line (MotifBuffer.uncover): the own sliders' x-rays through their own fronts, read once per
 * position for both jobs rather than looked up again here.
 */
function uncovers(scanned: MotifBuffer, before: Position, after: Position, origin: number, moved2: number): boolean {
  const u = scanned.uncover;
  const n = scanned.uncoverCount * UNCOVER_STRIDE;
  for (let o = 0; o < n; o += UNCOVER_STRIDE) {
    if (u[o + UNC_FRONT] !== origin) continue;
    const slider = u[o + UNC_SLIDER];
    const target = u[o + UNC_BACK];
    // the slider did not move, the target was not taken, and nothing stands between them now
    if (
      slider !== moved2 &&
      after.board[slider] === before.board[slider] &&
      after.board[target] === before.board[target] &&
      mayMove(slider, target, after.occLo(), after.occHi())
    )
      return true;
  }
  return false;
}

/**
 * PLAYED_* bits of move m played from `before`, giving `after`; `scanned` holds scanMotifs(before) (its
 * uncover lines; --motifs filtering of its records does not matter). Not checked (a guard would cost
 * every ply): the callers scan and play in one loop.
 */
export function playedFlags(before: Position, m: number, after: Position, scanned: MotifBuffer): number {
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
  if (uncovers(scanned, before, after, from, rookFrom) || (castle && uncovers(scanned, before, after, rookFrom, from)))
    flags |= PLAYED_DISCOVERED_ATTACK;
  return flags;
}
