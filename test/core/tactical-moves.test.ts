// legalTacticalMoves (src/core/movegen.ts), the generator of a quiescence search: it must give exactly the
// moves of legalMoves that take something (en passant included; castling, encoded king-takes-rook, does not)
// or promote, in the same order — checked on every position of a walk three plies deep from the perft
// positions rich in promotions, en passant, checks and pins, and on real games.
import { describe, expect, it } from 'vitest';
import { parseFen, toFen } from '../../src/core/fen.js';
import { FLAG_CASTLE, FLAG_EP, moveFlags, movePromo, moveTo } from '../../src/core/move.js';
import { legalMoves, legalTacticalMoves } from '../../src/core/movegen.js';
import type { Position } from '../../src/core/position.js';
import { replayedGames } from '../helpers/replayed.js';

const PERFT_FENS = [
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
  'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
  'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',
];

/** The definition, the slow obvious way: the legal moves filtered. */
function expected(pos: Position): number[] {
  const all = new Int32Array(256);
  const n = legalMoves(pos, all);
  const out: number[] = [];
  for (const m of all.subarray(0, n)) {
    const f = moveFlags(m);
    const takes = (f & FLAG_EP) !== 0 || ((f & FLAG_CASTLE) === 0 && pos.board[moveTo(m)] !== 0);
    if (takes || movePromo(m) !== 0) out.push(m);
  }
  return out;
}

const got = new Int32Array(256);
let checked = 0;
let nonEmpty = 0;

function check(pos: Position): void {
  const want = expected(pos);
  const n = legalTacticalMoves(pos, got);
  if (n !== want.length || want.some((m, i) => got[i] !== m)) expect.fail(`${toFen(pos)}: ${[...got.subarray(0, n)]} against ${want}`);
  checked++;
  if (n > 0) nonEmpty++;
}

function walk(pos: Position, depth: number): void {
  check(pos);
  if (depth === 0) return;
  const moves = new Int32Array(256);
  const n = legalMoves(pos, moves);
  for (let i = 0; i < n; i++) {
    const child = pos.clone();
    child.play(moves[i]);
    walk(child, depth - 1);
  }
}

describe('legalTacticalMoves', () => {
  it('gives the captures and promotions of legalMoves, in order, on perft walks', () => {
    checked = nonEmpty = 0;
    for (const fen of PERFT_FENS) walk(parseFen(fen), 3);
    expect(checked).toBeGreaterThan(50_000);
    expect(nonEmpty).toBeGreaterThan(checked / 2);
  });

  it('does so on every position of real games', () => {
    checked = nonEmpty = 0;
    for (const { reader } of replayedGames('excerpts/lichess-DrNykterstein-DrDrunkenstein-first-400.pgn.zst', 200)) {
      for (let p = 0; p <= reader.plies; p++) check(reader.positions[p]);
    }
    expect(checked).toBeGreaterThan(10_000);
    expect(nonEmpty).toBeGreaterThan(checked / 4);
  });
});
