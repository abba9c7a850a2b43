// isPseudoLegal (src/core/movegen.ts), the check a search makes before trying a move remembered from
// another position (a killer): every legal move of one real position tried on the next few positions of
// its game, then isLegal, must give exactly the legal moves those positions have (castling aside: it is
// never accepted).
import { describe, expect, it } from 'vitest';
import { toFen } from '../../src/core/fen.js';
import { FLAG_CASTLE, moveFlags } from '../../src/core/move.js';
import { isLegal, isPseudoLegal, legalMoves } from '../../src/core/movegen.js';
import { moveToUci } from '../../src/core/san.js';
import { replayedGames } from '../helpers/replayed.js';

describe('isPseudoLegal', () => {
  it('with isLegal, accepts exactly the legal moves among moves of nearby positions', () => {
    const a = new Int32Array(256);
    const b = new Int32Array(256);
    let tried = 0;
    let accepted = 0;
    for (const { reader } of replayedGames('excerpts/lichess-DrNykterstein-DrDrunkenstein-first-400.pgn.zst', 60)) {
      for (let p = 0; p + 3 <= reader.plies; p++) {
        const na = legalMoves(reader.positions[p], a);
        for (const d of [1, 2, 3]) {
          const pos = reader.positions[p + d];
          const legal = new Set(b.subarray(0, legalMoves(pos, b)));
          for (let i = 0; i < na; i++) {
            const ok = isPseudoLegal(pos, a[i]) && isLegal(pos, a[i]);
            if (ok !== (legal.has(a[i]) && (moveFlags(a[i]) & FLAG_CASTLE) === 0))
              expect.fail(`${toFen(pos)} ${moveToUci(reader.positions[p], a[i])}: ${ok}`);
            tried++;
            if (ok) accepted++;
          }
        }
      }
    }
    expect(tried).toBeGreaterThan(100_000);
    expect(accepted).toBeGreaterThan(tried / 10);
  });
});
