import { describe, expect, it } from 'vitest';
import { Chess } from 'chess.js';
import { FenError, INITIAL_FEN, parseFen, toFen } from '../../src/core/fen.js';
import { legalMoves } from '../../src/core/movegen.js';
import { moveToUci, parseSan } from '../../src/core/san.js';
import { UnsupportedVariantError, variantFromTag } from '../../src/core/variant.js';

describe('FEN', () => {
  const fens = [
    INITIAL_FEN,
    'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
    '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
    'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
    'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',
    'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3',
  ];
  it('writes what chess.js writes', () => {
    for (const fen of fens) expect(toFen(parseFen(fen))).toBe(new Chess(fen).fen());
  });

  it('writes the en passant square only when a legal capture exists, as chess.js does', () => {
    // after 1.e4 no black pawn can take on e3: chess.js writes "-"
    const pos = parseFen(INITIAL_FEN);
    pos.play(parseSan(pos, 'e4'));
    expect(toFen(pos)).toBe('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
    // a capture that would expose the king along the rank is not legal: no square either
    const pinned = '8/8/8/K2pP2r/8/8/8/7k w - d6 0 1';
    expect(toFen(parseFen(pinned))).toBe(new Chess(pinned).fen());
    expect(toFen(parseFen(pinned)).split(' ')[3]).toBe('-');
    const legal = '8/8/8/3pP3/8/8/8/K6k w - d6 0 1';
    expect(toFen(parseFen(legal)).split(' ')[3]).toBe('d6');
  });

  it('drops castling rights the position cannot have (chess.js echoes them until a move is made)', () => {
    // a right needs its rook: without one on a1 (white) or h8 (black) those letters cannot stand
    expect(toFen(parseFen('r3k3/8/8/8/8/8/8/4K2R w KQkq - 0 1'))).toBe('r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1');
    // a standard game's king off e1 has no right at all
    expect(toFen(parseFen('r3k3/8/8/8/8/8/8/3K3R w KQkq - 0 1'))).toBe('r3k3/8/8/8/8/8/8/3K3R w q - 0 1');
  });

  const bad: [string, string][] = [
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1', 'piece placement'],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1', 'piece placement'],
    ['rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'piece placement'],
    ['rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'piece placement'],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w KQkq - 0 1', 'piece placement'],
    ['Pnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/RNBQKBNR w KQkq - 0 1', 'piece placement'],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1', 'side to move'],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1', 'castling'],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1', 'en passant'],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1', 'en passant'],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1', 'halfmove clock'],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x', 'fullmove number'],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w', 'fields'],
    ['4k2R/8/8/8/8/8/8/4K3 w - - 0 1', 'side to move'], // black in check with white to move
  ];
  it('names the field at fault for every malformed FEN', () => {
    for (const [fen, field] of bad) {
      let err: unknown;
      try {
        parseFen(fen);
      } catch (e) {
        err = e;
      }
      expect(err, fen).toBeInstanceOf(FenError);
      expect((err as FenError).field, fen).toBe(field);
      expect((err as FenError).message).toContain(fen);
    }
  });

  it('reads a fullmove number of 0 (lichess studies write it) as 1', () => {
    expect(toFen(parseFen('8/8/8/8/8/8/8/K6k w - - 0 0'))).toBe('8/8/8/8/8/8/8/K6k w - - 0 1');
  });

  it('accepts EPD-style four-field FENs with default clocks', () => {
    expect(toFen(parseFen('8/8/8/8/8/8/8/K6k w - -'))).toBe('8/8/8/8/8/8/8/K6k w - - 0 1');
  });
});

describe('Chess960 castling', () => {
  it('reads X-FEN and Shredder-FEN rights to the same rooks', () => {
    const x = parseFen('bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9', { chess960: true });
    const s = parseFen('bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9', { chess960: true });
    expect([...x.castleRook]).toEqual([...s.castleRook]);
    expect([...s.castleRook]).toEqual([7, 5, 63, 61]);
    expect(toFen(s)).toBe('bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9');
  });

  it('writes a file letter when the castling rook is not the outermost (X-FEN)', () => {
    const pos = parseFen('rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1', { chess960: true });
    expect(toFen(pos)).toBe('rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1');
    const inner = parseFen('1r1kr2r/8/8/8/8/8/8/1R1KR2R w Ee - 0 1', { chess960: true });
    expect(toFen(inner)).toBe('1r1kr2r/8/8/8/8/8/8/1R1KR2R w Ee - 0 1');
  });

  it("castles onto the rook's square and through it", () => {
    // king b1, rook a1: O-O-O puts the king on c1 and the rook on d1
    const pos = parseFen('4k3/8/8/8/8/8/8/RK6 w Q - 0 1', { chess960: true });
    const m = parseSan(pos, 'O-O-O');
    pos.play(m);
    expect(toFen(pos)).toBe('4k3/8/8/8/8/8/8/2KR4 b - - 1 1');
    // king f1, rook g1: O-O leaves the king on g1, the rook on f1; UCI writes king takes rook
    const p2 = parseFen('4k3/8/8/8/8/8/8/5KR1 w K - 0 1', { chess960: true });
    const m2 = parseSan(p2, 'O-O');
    expect(moveToUci(p2, m2)).toBe('f1g1');
    expect(parseSan(p2, 'f1g1')).toBe(m2);
    p2.play(m2);
    expect(toFen(p2)).toBe('4k3/8/8/8/8/8/8/5RK1 b - - 1 1');
  });

  it("refuses castling when the castling rook shields the king's target square", () => {
    // king f1, long rook b1, black rook a1: after O-O-O the king on c1 would stand in the a1 rook's line
    const pos = parseFen('4k3/8/8/8/8/8/8/rR3K2 w Q - 0 1', { chess960: true });
    const moves = new Int32Array(256);
    const n = legalMoves(pos, moves);
    const ucis = Array.from(moves.subarray(0, n), (m) => moveToUci(pos, m));
    expect(ucis).not.toContain('f1b1');
    expect(() => parseSan(pos, 'O-O-O')).toThrow(/illegal/);
  });
});

describe('Chess960 FEN round trip', () => {
  it('writes every published Chess960 perft position so that it reads back to the same position', async () => {
    const { readFileSync } = await import('node:fs');
    const fixtures = JSON.parse(readFileSync(new URL('../../fixtures/perft/chess960.json', import.meta.url), 'utf8')) as { fen: string }[];
    for (const { fen } of fixtures) {
      const pos = parseFen(fen, { chess960: true });
      const again = parseFen(toFen(pos), { chess960: true });
      expect([...again.castleRook], fen).toEqual([...pos.castleRook]);
      expect(toFen(again)).toBe(toFen(pos));
      // the placement, side, en passant and clocks fields are the published ones
      const [board, side, , ep, half, full] = fen.split(' ');
      expect(
        toFen(pos)
          .split(' ')
          .filter((_, i) => i !== 2),
      ).toEqual([board, side, ep, half, full].filter((x) => x !== undefined));
    }
  });
});

describe('variants', () => {
  it('maps the spellings seen in real files and refuses the rest by name', () => {
    for (const v of ['', 'Standard', 'From Position', 'Regular']) expect(variantFromTag(v)).toBe('standard');
    for (const v of ['Chess960', 'chess 960', 'chess-960', 'Fischerandom', 'fischerandom']) expect(variantFromTag(v)).toBe('chess960');
    for (const v of ['Atomic', 'Crazyhouse', 'King of the Hill', 'Three-check', 'Antichess', 'Horde', 'Racing Kings']) {
      expect(() => variantFromTag(v)).toThrow(UnsupportedVariantError);
      expect(() => variantFromTag(v)).toThrow(v);
    }
  });
});
