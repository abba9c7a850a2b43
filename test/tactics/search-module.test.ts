// The tactic module's board (src/tactics/wasm/: move generation, SEE, making moves) against the core's
// JavaScript (core/movegen.ts, core/see.ts, Position.play), which the perft and SEE oracles check: on every
// position of the bundled sample's first games and on the positions one legal move after them, the legal
// moves and the captures and promotions (as sets), the SEE of every legal move, the balance, and
// the position the module makes by each legal move: sets, mailbox, castling rooks, side to move, en
// passant square, checkers and pinned pieces (a slot's words: engine.ts's layout).
import { describe, expect, it } from 'vitest';
import { toFen } from '../../src/core/fen.js';
import { legalMoves, legalTacticalMoves } from '../../src/core/movegen.js';
import type { Position } from '../../src/core/position.js';
import { see } from '../../src/core/see.js';
import { materialBalance } from '../../src/tactics/material-search.js';
import { loadRoot, tacticModule } from '../../src/tactics/search-module.js';
import { replay, sampleBytes } from './sample-games.js';

const m = tacticModule();
/** The words of a slot the module derives: sets and mailbox (32), castling rooks, turn, ep, king, checkers, pinned. */
const SLOT_WORDS = 32 + 1 + 3 + 4;
const list = new Int32Array(256);

function compare(pos: Position): number {
  loadRoot(m, pos);
  const fen = toFen(pos);
  for (const tactical of [false, true]) {
    const n = tactical ? legalTacticalMoves(pos, list) : legalMoves(pos, list);
    const got = m.x.rootMoves(tactical ? 1 : 0);
    const sorted = (a: Int32Array): number[] => Array.from(a).sort((x, y) => x - y);
    expect(sorted(m.words.subarray(m.moves, m.moves + got)), `${fen} tactical ${tactical}`).toEqual(sorted(list.subarray(0, n)));
  }
  expect(m.x.rootBalance(), fen).toBe(materialBalance(pos));
  const n = legalMoves(pos, list);
  for (let i = 0; i < n; i++) expect(m.x.rootSee(list[i]), `${fen} move ${list[i]}`).toBe(see(pos, list[i]));
  return n;
}

describe('tactic module board', () => {
  it('generates the legal moves, SEE and balance the core does, before and after every legal move', () => {
    let positions = 0;
    for (const { reader } of replay(sampleBytes(), 6)) {
      for (let p = 0; p <= reader.plies; p++) {
        const pos = reader.positions[p];
        const n = compare(pos);
        positions++;
        const moves = Array.from(list.subarray(0, n));
        for (const mv of moves) {
          const child = pos.clone();
          child.play(mv);
          loadRoot(m, pos);
          m.x.playRoot(mv);
          const made = Array.from(m.words.subarray(m.root, m.root + SLOT_WORDS));
          const want = [
            ...child.words,
            ...new Int32Array(Int8Array.from(child.castleRook).buffer),
            child.turn,
            child.ep,
            child.kingSq,
            child.checkersLo,
            child.checkersHi,
            child.pinnedLo,
            child.pinnedHi,
          ];
          expect(made, `${toFen(pos)} move ${mv}`).toEqual(want);
          compare(child);
          positions++;
        }
      }
    }
    expect(positions).toBeGreaterThan(9_000);
  });
});
