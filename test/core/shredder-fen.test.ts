// Issue 8, item 6: Shredder-FEN castling letters (A–H, a–h) name rook files, which only Chess960 needs, so
// they mean Chess960 wherever a FEN is read — perft with no --chess960, a PGN [FEN] with no [Variant] —
// while X-FEN KQkq on a standard set-up stays standard chess.
import { describe, expect, it } from 'vitest';
import { INITIAL_FEN, parseFen, toFen } from '../../src/core/fen.js';
import { perft } from '../../src/core/perft.js';
import { moveToUci, parseSan } from '../../src/core/san.js';
import { runCli } from '../helpers/cli.js';

// position 5 of the published Chess960 perft list: 12,189 leaves at depth 3 (12,139 under standard rules)
const FRC = 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9';

// Nakamura–Bologan, CCM9 Chess960 Rapid WCh, Mainz 2009, round 6.2 (corpus tricky/pychess-testing/
// chess960rwch.pgn) with its [Variant "chess 960"] tag removed: kings on d1/d8, 6...O-O and 7. O-O.
const GAME = `[Event "CCM9 - Chess960 Rapid WCh"]
[Site "Mainz"]
[Date "2009.07.29"]
[Round "6.2"]
[White "Nakamura, Hikaru"]
[Black "Bologan, Viktor"]
[Result "1-0"]
[SetUp "1"]
[FEN "nrnkrqbb/pppppppp/8/8/8/8/PPPPPPPP/NRNKRQBB w EBeb - 0 1"]

1. e4 f5 2. e5 Bd5 3. f4 e6 4. Bf2 Qf7 5. Qe2 b5 6. a3 O-O 7. O-O d6 8. Nd3 a5
9. Nb3 a4 10. Nd4 Ne7 11. Rfe1 Ng6 12. g3 Bxh1 13. Kxh1 c5 14. Nf3 c4 15. Nb4
dxe5 16. Nc6 e4 17. Ng5 Qb7 18. Qh5 h6 19. Qxg6 hxg5 20. Qxe6+ Kh7 21. fxg5
Rbe8 22. g6+ Kh6 23. Qd5 Nc7 24. Qd7 Rf6 25. Be3+ Kxg6 26. Ne7+ Rxe7 27. Qxe7
Nd5 1-0
`;

describe('Shredder-FEN castling letters mean Chess960', () => {
  it('parseFen reads them as Chess960 without being told', () => {
    const pos = parseFen(FRC);
    expect(pos.chess960).toBe(true);
    expect([...pos.castleRook]).toEqual([7, 5, 63, 61]);
    expect(perft(pos, 3)).toBe(12_189);
    // the standard set-up written with file letters is Chess960 too: UCI castling names the rook's square
    const frc = parseFen('r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1');
    expect(frc.chess960).toBe(true);
    expect(moveToUci(frc, parseSan(frc, 'O-O'))).toBe('e1h1');
  });

  it('pgn-xray perft counts the Chess960 tree with no --chess960', async () => {
    const r = await runCli(['perft', FRC, '3']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('12189\n');
  });

  it('a PGN game whose [FEN] has them and no [Variant] replays, castling as in Chess960', async () => {
    const r = await runCli(['-', '--all-positions', '--strict', '-q'], { stdin: GAME });
    expect(r.code, r.stderr).toBe(0);
    const records = r.stdout
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as { ply: number; move: string | null; uci: string | null });
    expect(records).toHaveLength(55); // 54 plies and the final position
    // king d1 takes its own rook e1 (UCI_Chess960); black likewise, d8 onto e8
    expect(records.filter((x) => x.move === 'O-O').map((x) => [x.ply, x.uci])).toEqual([
      [11, 'd8e8'],
      [12, 'd1e1'],
    ]);
  });

  it('X-FEN KQkq on a standard set-up stays standard chess', () => {
    for (const fen of [INITIAL_FEN, 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'r3k2r/8/8/8/8/8/8/R3K2R b Kq - 3 20']) {
      const pos = parseFen(fen);
      expect(pos.chess960, fen).toBe(false);
      expect(toFen(pos)).toBe(fen);
    }
    const pos = parseFen('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
    expect(moveToUci(pos, parseSan(pos, 'O-O'))).toBe('e1g1'); // standard UCI: the king's two-square step
  });
});
