// The tactic search (src/tactics/search.ts) against a plain minimax of the same tree written the slow way
// (naive-tactics.ts: no pruning, no ordering, mates scored by distance), on hand-picked positions and on
// real game positions of the bundled sample: the value, the null-window entry around it, every root move's
// value with that move imposed, and the principal variation, replayed: each move a move of the tree, each
// position along it worth the value to its side, and the line ending where the value is reached (the
// material balance, or the mate at its distance).
import { describe, expect, it } from 'vitest';
import { parseFen, toFen } from '../../src/core/fen.js';
import { legalMoves } from '../../src/core/movegen.js';
import type { Position } from '../../src/core/position.js';
import { moveToUci } from '../../src/core/san.js';
import { isMateScore, MATE, mateMoves, TacticSearch } from '../../src/tactics/search.js';
import { naiveMaterial } from '../helpers/naive-search.js';
import { naiveMoveValue, naiveNodeValue, naiveValue, treeMoves } from './naive-tactics.js';
import { replay, sampleBytes } from './sample-games.js';

const search = new TacticSearch();

/**
 * The search's line after its last search, replayed and checked against the oracle; v: the root's value.
 * The position after the first move is worth -v (not checked again when the caller just did: `first`).
 */
function checkLine(root: Position, v: number, first = true): void {
  const n = search.pvLength;
  let pos = root.clone();
  for (let i = 0; i < n; i++) {
    const m = search.pvAt(i);
    const where = `line move ${i} ${moveToUci(pos, m)} of ${toFen(root)}`;
    expect(treeMoves(pos, i).moves, where).toContain(m);
    pos = pos.clone();
    pos.play(m);
    if (i > 0 || first) expect(naiveNodeValue(pos, i + 1), where).toBe(i % 2 === 0 ? 0 - v : v);
  }
  const noMove = legalMoves(pos, new Int32Array(256)) === 0;
  if (isMateScore(v) || isMateScore(0 - v)) {
    expect(n, `mate line of ${toFen(root)}`).toBe(MATE - Math.abs(v));
    expect(noMove && pos.isCheck()).toBe(true);
  } else if (n < 2 && noMove) {
    expect(v, `stalemate line of ${toFen(root)}`).toBe(0); // a main ply without moves
  } else {
    expect(naiveMaterial(pos) * (n % 2 === 0 ? 1 : -1) + 0, `line end of ${toFen(root)}`).toBe(v);
  }
}

/** Checks the value, atLeast around it and the line against the oracle; returns the value. */
function check(pos: Position): number {
  const want = naiveValue(pos);
  const got = search.value(pos);
  expect(got, toFen(pos)).toBe(want);
  checkLine(pos, got);
  expect(search.atLeast(pos, want), toFen(pos)).toBe(true);
  expect(search.atLeast(pos, want + 1), toFen(pos)).toBe(false);
  return got;
}

/** Every root move's value with that move imposed, exact and by null window, against the oracle. */
function checkMoves(pos: Position): void {
  const moves = new Int32Array(256);
  const n = legalMoves(pos, moves);
  for (let i = 0; i < n; i++) {
    const m = moves[i];
    const want = naiveMoveValue(pos, m);
    const where = `${moveToUci(pos, m)} in ${toFen(pos)}`;
    expect(search.moveValue(pos, m), where).toBe(want);
    expect(search.pvAt(0), where).toBe(m);
    checkLine(pos, want, false);
    expect(search.moveAtLeast(pos, m, want), where).toBe(true);
    expect(search.moveAtLeast(pos, m, want + 1), where).toBe(false);
  }
}

const HAND_PICKED: [string, string, number][] = [
  ['hanging queen', 'rnb1kbnr/pppp1ppp/8/4p1q1/4P3/3P4/PPP2PPP/RNBQKBNR w KQkq - 0 1', 9],
  ['knight fork', 'r3k3/8/8/3N4/8/8/8/4K3 w - - 0 1', 3],
  ['back-rank mate in 1', '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', MATE - 1],
  ['mate in 2', 'k7/8/2K5/8/8/8/8/7R w - - 0 1', MATE - 3],
  ['mated', '6k1/5ppp/8/8/8/8/5PPP/r5K1 w - - 0 1', -MATE],
  ['stalemated', 'k7/2Q5/8/8/8/8/8/7K b - - 0 1', 0],
  // the queen takes on h7 along the file and checks along the diagonal: Qxh7+ Kf8 Qxf7#
  ['queen check across lines', 'rq2r1k1/p2n1p1p/1ppPp1p1/3n2NQ/8/6B1/PPP2PPP/2KRR3 w - - 0 18', MATE - 3],

  ['promotion', '8/4P1k1/8/8/8/8/8/4K3 w - - 0 1', 9],
  ['en passant', '4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1', 1],
];

describe('TacticSearch', () => {
  it('finds the hand-picked values, as the plain minimax does', () => {
    for (const [name, fen, want] of HAND_PICKED) expect(check(parseFen(fen)), name).toBe(want);
  });

  it('sees a queen check along the other line at a quiescence node settled from attack sets', () => {
    // Qh5 threatens Qxh7+ Kf8 Qxf7#, so ...g6 loses to a mate: Qh5 is worth the two pawns of ...Nf6 or ...h6
    const pos = parseFen('rq2r1k1/p2n1ppp/1ppPp3/3n2N1/8/6B1/PPP1QPPP/2KRR3 w - - 5 17');
    expect(search.value(pos)).toBe(2);
    expect(search.atLeast(pos, 2)).toBe(true);
  });

  it('names the mate distance: a mate in n moves is worth MATE - (2n - 1)', () => {
    expect(mateMoves(MATE - 1)).toBe(1);
    expect(mateMoves(MATE - 3)).toBe(2);
    expect(mateMoves(MATE - 5)).toBe(3);
  });

  it('agrees with the plain minimax on real game positions, line and imposed moves included', () => {
    let n = 0;
    let step = 0;
    for (const { reader } of replay(sampleBytes(), 400)) {
      for (let p = 0; p <= reader.plies && n < 60; p++) {
        if (++step % 97 !== 0) continue;
        const pos = reader.positions[p];
        check(pos);
        if (n % 10 === 0) checkMoves(pos);
        n++;
      }
      if (n >= 60) break;
    }
    expect(n).toBe(60);
  });
});
