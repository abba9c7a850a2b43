import { describe, expect, it } from 'vitest';
import { Chess } from 'chess.js';
import { INITIAL_FEN, parseFen, toFen } from '../../src/core/fen.js';
import { legalMoves } from '../../src/core/movegen.js';
import {
  MAX_SAN_BYTES,
  MAX_UCI_BYTES,
  moveToSan,
  moveToUci,
  parseSan,
  parseSanBytes,
  sanErrorReason,
  SAN_AMBIGUOUS,
  SAN_ILLEGAL,
  SAN_MALFORMED,
  SanError,
  SanMatches,
  writeSan,
  writeUci,
} from '../../src/core/san.js';
import { Position } from '../../src/core/position.js';
import { variantFromTag } from '../../src/core/variant.js';
import { loadGames } from '../helpers/corpus.js';
import { random01 } from '../helpers/random.js';

function sanOf(fen: string, text: string): string {
  const pos = parseFen(fen);
  return moveToSan(pos, parseSan(pos, text));
}

describe('SAN reader', () => {
  it('reads the forms real files contain', () => {
    const start = INITIAL_FEN;
    expect(sanOf(start, 'e4')).toBe('e4');
    expect(sanOf(start, 'e2e4')).toBe('e4'); // UCI
    expect(sanOf(start, 'e2-e4')).toBe('e4'); // long algebraic
    expect(sanOf(start, 'Ng1-f3')).toBe('Nf3');
    expect(sanOf(start, 'g1f3')).toBe('Nf3'); // UCI of a piece
    expect(sanOf(start, 'Nf3!?')).toBe('Nf3');
    expect(sanOf(start, 'Ngf3')).toBe('Nf3'); // superfluous disambiguation
    expect(sanOf(start, 'Pe4')).toBe('e4'); // the pawn's letter, as some programs write it
    expect(sanOf(start, 'Ng1f3')).toBe('Nf3');
    // a from-square read, and written where neither its file nor its rank alone tells the queen apart
    expect(sanOf('4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1', 'Qa1b2')).toBe('Qa1b2');
    expect(sanOf('4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1', 'a1b2')).toBe('Qa1b2');
    const castle = 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1';
    for (const t of ['O-O', '0-0', 'O-O+', 'e1g1', 'Ke1g1']) expect(sanOf(castle, t)).toBe('O-O');
    for (const t of ['O-O-O', '0-0-0', 'e1c1']) expect(sanOf(castle, t)).toBe('O-O-O');
    const promo = '8/4P3/8/8/8/8/k7/4K3 w - - 0 1';
    for (const t of ['e8=Q', 'e8Q', 'e8=Q+', 'e7e8q']) expect(sanOf(promo, t)).toBe('e8=Q');
    expect(sanOf(promo, 'e8=N')).toBe('e8=N');
    const mate = '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1';
    expect(sanOf(mate, 'Ra8')).toBe('Ra8#');
    expect(sanOf(mate, 'Ra8+')).toBe('Ra8#');
  });

  it('reads captures with the wrong or missing x and en passant', () => {
    const ep = 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3';
    expect(sanOf(ep, 'exf6')).toBe('exf6');
    expect(sanOf(ep, 'e5f6')).toBe('exf6');
    expect(sanOf(ep, 'exd6')).toBe('exd6');
    const cap = 'rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2';
    expect(sanOf(cap, 'exd5')).toBe('exd5');
    expect(sanOf(cap, 'e4xd5')).toBe('exd5');
    expect(sanOf(cap, 'ed5')).toBe('exd5');
  });

  it('resolves disambiguation by legality: a pinned knight does not count', () => {
    // knights b1 and f3 both reach d2, but the queen on h5 pins the f3 knight against the king on e2
    const diagonal = '4k3/8/8/7q/8/5N2/4K3/1N6 w - - 0 1';
    expect(sanOf(diagonal, 'Nd2')).toBe('Nd2');
    expect(sanOf(diagonal, 'Nbd2')).toBe('Nd2');
    expect(() => sanOf(diagonal, 'Nfd2')).toThrow(/illegal/);
    // the rook on a1 pins the d1 knight against the king on e1: only the d2 knight reaches f3
    const rank = '4k3/8/8/8/8/8/3N4/r2NK3 w - - 0 1';
    expect(sanOf(rank, 'Nf3')).toBe('Nf3');
    expect(sanOf(rank, 'Ndf3')).toBe('Nf3');
    expect(sanOf('4k3/8/8/8/8/5N2/4K3/1N6 w - - 0 1', 'Nbd2')).toBe('Nbd2');
  });

  it('fails with a reason naming the move and the position', () => {
    const pos = parseFen('4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1');
    try {
      parseSan(pos, 'Nd2');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(SanError);
      expect((e as SanError).reason).toBe('ambiguous SAN: Nb1d2, Nf3d2');
      expect((e as Error).message).toContain('"Nd2"');
      expect((e as Error).message).toContain('4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1');
    }
    const start = parseFen(INITIAL_FEN);
    expect(() => parseSan(start, 'e5')).toThrow(/illegal move: "e5"/);
    expect(() => parseSan(start, 'Qd4')).toThrow(/illegal/);
    expect(() => parseSan(start, 'O-O')).toThrow(/illegal/);
    expect(() => parseSan(start, 'Zz9')).toThrow(/malformed/);
    // the null move of analysis lines passes the turn, as chess.js reads it; never out of check
    const after = parseFen(INITIAL_FEN);
    const nullMove = parseSan(after, '--');
    expect(moveToSan(after, nullMove)).toBe('--');
    expect(moveToUci(after, nullMove)).toBe('0000');
    after.play(nullMove);
    expect(toFen(after)).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1');
    expect(() => parseSan(parseFen('4k3/8/8/8/8/8/8/4K2r w - - 0 1'), '--')).toThrow(/illegal/);
    const bytes = new TextEncoder().encode(' Nd2 e9 e5 xx');
    const found = new SanMatches();
    expect(parseSanBytes(pos, bytes, 1, 4, found)).toBe(SAN_AMBIGUOUS);
    expect(parseSanBytes(start, bytes, 5, 7, found)).toBe(SAN_MALFORMED);
    expect(parseSanBytes(start, bytes, 8, 10, found)).toBe(SAN_ILLEGAL);
    // a promotion must be written; none may be written where it cannot happen
    expect(() => parseSan(parseFen('8/4P3/8/8/8/8/k7/4K3 w - - 0 1'), 'e8')).toThrow(/illegal/);
    expect(() => parseSan(start, 'e4=Q')).toThrow();
  });

  it('reports an ambiguity from the candidates its own parse returned, whatever was parsed since', () => {
    const pos = parseFen('4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1');
    const other = parseFen('4k3/8/8/8/8/8/3N4/r2NK3 w - - 0 1');
    const bytes = new TextEncoder().encode('Nd2 Nf3');
    const first = new SanMatches();
    const second = new SanMatches();
    expect(parseSanBytes(pos, bytes, 0, 3, first)).toBe(SAN_AMBIGUOUS);
    expect(first.count).toBe(2);
    // another parse in between, as a second game or a verifier would do, leaves the first result alone
    expect(parseSanBytes(other, bytes, 4, 7, second)).toBeGreaterThanOrEqual(0);
    expect(second.count).toBe(1);
    expect(sanErrorReason(pos, SAN_AMBIGUOUS, first)).toBe('ambiguous SAN: Nb1d2, Nf3d2');
    // the one object reused by the caller: each parse starts it afresh
    expect(parseSanBytes(pos, bytes, 0, 3, second)).toBe(SAN_AMBIGUOUS);
    expect(sanErrorReason(pos, SAN_AMBIGUOUS, second)).toBe('ambiguous SAN: Nb1d2, Nf3d2');
  });
});

describe('SAN writer and move generation against chess.js', () => {
  it('gives the same legal moves, SAN, FEN and flags along 150 random games', () => {
    const rand = random01(20261122);
    const buf = new Int32Array(256);
    let positions = 0;
    for (let g = 0; g < 150; g++) {
      const pos: Position = parseFen(INITIAL_FEN);
      const chess = new Chess();
      for (let ply = 0; ply < 200; ply++) {
        positions++;
        expect(toFen(pos)).toBe(chess.fen());
        const n = legalMoves(pos, buf);
        const ours = Array.from(buf.subarray(0, n), (m) => moveToSan(pos, m)).sort();
        // chess.js moves() costs ~2 ms: compare every position of the first games, then every 8th
        if (g < 10 || ply % 8 === 0) expect(ours).toEqual(chess.moves().sort());
        expect(pos.isCheck()).toBe(chess.isCheck());
        if (n === 0) {
          expect(chess.isGameOver()).toBe(true);
          break;
        }
        const m = buf[Math.floor(rand() * n)];
        const san = moveToSan(pos, m);
        expect(parseSan(pos, san)).toBe(m);
        expect(parseSan(pos, moveToUci(pos, m))).toBe(m);
        expect(chess.move(san).san).toBe(san);
        pos.play(m);
      }
    }
    expect(positions).toBeGreaterThan(10_000);
  });
});

describe('SAN and UCI byte writers against chess.js', () => {
  /** Real games no one here wrote: lichess blitz, a TWIC issue, a master's games. */
  const FILES: [string, number][] = [
    ['games/lichess-db-2016-05-no-event-tag.pgn.zst', 600],
    ['games/twic-sample-232games.pgn', 232],
    ['games/pgnmentor-style-Fischer.pgn', 400],
  ];
  const b = new Uint8Array(32);

  /** The bytes a writer put at b[at, end) as text; '!' marks a byte written outside them or past `max`. */
  function written(at: number, end: number, max: number): string {
    let outside = 0;
    for (let i = 0; i < b.length; i++) if ((i < at || i >= end) && b[i] !== 0xff) outside++;
    const text = String.fromCharCode(...b.subarray(at, end));
    b.fill(0xff);
    return outside > 0 || end - at > max ? text + '!' : text;
  }

  it("writes chess.js's SAN and from-to-promotion for every move of 1,232 real games", () => {
    const next = new Position();
    let plies = 0;
    const seen = { checks: 0, disambiguated: 0, promotions: 0, castles: 0 };
    const differences: string[] = [];
    b.fill(0xff);
    for (const [file, limit] of FILES) {
      const games = loadGames(file, limit).filter((g) => variantFromTag(g.variant) === 'standard' && g.fen === undefined);
      expect(games.length).toBe(limit);
      for (const g of games) {
        const pos = parseFen(INITIAL_FEN);
        const chess = new Chess();
        for (const token of g.sans) {
          const m = parseSan(pos, token);
          const theirs = chess.move(token);
          next.copyFrom(pos);
          next.play(m);
          // at offsets 1 to 7, with and without the position after the move, into bytes that must stay as they were
          const at = 1 + (plies % 7);
          const ours = [
            written(at, writeSan(pos, m, next, b, at), MAX_SAN_BYTES),
            written(at, writeSan(pos, m, null, b, at), MAX_SAN_BYTES),
            moveToSan(pos, m, next),
            written(at, writeUci(pos, m, b, at), MAX_UCI_BYTES),
            moveToUci(pos, m),
          ].join(' ');
          const expected = [theirs.san, theirs.san, theirs.san, theirs.lan, theirs.lan].join(' ');
          if (ours !== expected && differences.length < 5) differences.push(`${file}#${g.index} ply ${plies}: ${ours} vs ${expected}`);
          const san = theirs.san;
          if (/[+#]$/.test(san)) seen.checks++;
          if (/^[NBRQ][a-h]?[1-8]?x?[a-h][1-8]/.test(san) && !/^[NBRQ]x?[a-h][1-8]/.test(san)) seen.disambiguated++;
          if (san.includes('=')) seen.promotions++;
          if (san.startsWith('O-O')) seen.castles++;
          pos.copyFrom(next);
          plies++;
        }
      }
    }
    console.log(`SAN/UCI bytes: ${plies} plies, ${JSON.stringify(seen)}`);
    expect(differences).toEqual([]);
    expect(plies).toBeGreaterThan(75_000);
    for (const n of Object.values(seen)) expect(n).toBeGreaterThan(0);
  });
});
