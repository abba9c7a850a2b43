// SEE (src/core/see.ts) against a brute-force exchange search written the slow obvious way
// (test/helpers/brute-see.ts): attackers found by walking rays on a board of letters, the exchange as a
// plain recursion in which each side captures with its least valuable attacker or stops. Both ignore pins
// and checks and count only captures on the move's target square. Every legal move of every position of
// a sample of real games (~10,000 positions), and of hand-picked positions for x-rays, en passant,
// promotions and the king's last capture; the full 100,000 positions: test/tools/see-oracle.ts.
import { describe, expect, it } from 'vitest';
import { parseFen } from '../../src/core/fen.js';
import { replayedGames } from '../helpers/replayed.js';
import { checkPosition, newTally } from '../helpers/see-check.js';

const HAND_PICKED = [
  '4q1k1/4r3/8/4p3/8/8/4R3/4R1K1 w - - 0 1', // rook battery against rook and queen on the file
  '3qk3/8/1b6/2p5/3P4/8/1B3N2/3QK3 w - - 0 1', // a bishop behind a pawn on the diagonal, a queen behind nothing
  '3r2k1/8/8/3pP3/8/8/8/3R2K1 w - d6 0 1', // en passant opens the d-file to d6 for both rooks
  '3r2k1/2P5/8/8/8/8/8/3R2K1 w - - 0 1', // capture-promotion on d8, recaptured
  '1r1r2k1/2P5/8/8/8/8/3R4/3R2K1 w - - 0 1', // a pawn recaptures onto the last rank and becomes a queen
  '3rk3/8/8/b7/8/8/3q4/3RK3 w - - 0 1', // a king that may not recapture into a defended square
  '4k3/8/8/3r4/4K3/5B2/8/8 w - - 0 1', // a king capture that uncovers a bishop of its own side
  '2k5/8/8/3q4/4K3/5b2/8/8 w - - 0 1', // the king may not take: a bishop behind it attacks once it has gone
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', // Kiwipete
  'rnb1kbnr/pp1ppppp/8/q1p5/3PP3/2N5/PPP2PPP/R1BQKBNR b KQkq - 0 1', // a queen x-ray through a knight
  '4k3/8/8/8/3pP3/8/8/4RK2 b - e3 0 1', // en passant, recaptured by the rook behind the pawn it took
];

describe('see', () => {
  it('agrees with the brute force on hand-picked exchanges', () => {
    const tally = newTally();
    for (const fen of HAND_PICKED) checkPosition(parseFen(fen), tally);
    expect(tally.disagreements).toEqual([]);
    expect(tally.enPassant).toBeGreaterThan(1);
    expect(tally.promotions).toBeGreaterThan(4);
  });

  it('agrees with the brute force on every move of ~10,000 positions from real games', () => {
    const tally = newTally();
    for (const { reader } of replayedGames('excerpts/lichess-DrNykterstein-DrDrunkenstein-first-400.pgn.zst')) {
      for (let p = 0; p <= reader.plies; p++) checkPosition(reader.positions[p], tally);
      if (tally.positions >= 10_000) break;
    }
    expect(tally.disagreements.slice(0, 10)).toEqual([]);
    expect(tally.captures).toBeGreaterThan(15_000);
    expect(tally.exchanges).toBeGreaterThan(10_000);
  });
});
