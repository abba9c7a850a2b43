// The zugzwang theme: the rule against a scripted engine (which positions are asked about, the scale and
// the threshold written out here, a mate turned round), the passed position against chess.js, and the real
// engine against lichess's tag on its own puzzles (skipped, with a message, without Stockfish).
import { Chess } from 'chess.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installNewTables } from '../../src/core/attacks.js';
import { parseFen } from '../../src/core/fen.js';
import { UciEngine } from '../../src/puzzles/engine.js';
import { puzzleThemes } from '../../src/puzzles/puzzle-themes.js';
import type { EngineAnswer, Score } from '../../src/puzzles/types.js';
import { ZUGZWANG_NODES, isZugzwang, passFen, type Ask } from '../../src/puzzles/zugzwang.js';
import { loadLichessPuzzles, puzzleFen } from '../helpers/lichess-puzzles.js';
import { stockfishOrSkip } from '../helpers/stockfish.js';

installNewTables();
const SF = stockfishOrSkip('zugzwang engine tests');

/** lichess's tagger's win chance (lila's constant), written out. */
const lila = (s: Score): number => (s.mate !== undefined ? (s.mate > 0 ? 1 : -1) : 2 / (1 + Math.exp(-0.00368208 * s.cp)) - 1);

function answer(score: Score): EngineAnswer {
  return { lines: [{ multipv: 1, depth: 10, score, pv: ['a1a2'] }], bestmove: 'a1a2', nodes: 1, settled: 1 } as EngineAnswer;
}

/** A scripted engine: the score of the position asked about with moves (the opponent's), and of a passed one (the solver's). */
function scripted(stay: Score, pass: Score): { ask: Ask; asked: string[] } {
  const asked: string[] = [];
  const ask: Ask = async (fen, moves) => {
    asked.push(moves.length === 0 ? `pass ${fen}` : moves.join(' '));
    return answer(moves.length === 0 ? pass : stay);
  };
  return { ask, asked };
}

// a king and pawn ending: after 1. Kd6 (the solution's one move) Black to move has 3 king moves, not in check
const KP = '3k4/8/3P4/4K3/8/8/8/8 w - - 0 1';

describe('zugzwang by the rule', () => {
  it('asks the opponent-to-move positions after solver moves, and the same with the solver to move', async () => {
    const { ask, asked } = scripted({ cp: -300 }, { cp: 100 });
    expect(await isZugzwang(ask, KP, ['e5e6'], 1000)).toBe(true);
    expect(asked).toEqual(['e5e6', `pass ${passFen(play(KP, ['e5e6']))}`]);
  });

  it('holds when passing is worth more than 0.3 to the opponent on lila scale, not at 0.3 or less', async () => {
    for (const [stay, pass] of [
      [{ cp: -300 }, { cp: 100 }],
      [{ cp: -50 }, { cp: -200 }],
      [{ cp: 0 }, { cp: 0 }],
      [{ mate: -3 }, { cp: -400 }],
      [{ cp: -100 }, { mate: 2 }],
      [{ cp: -700 }, { cp: 300 }],
    ] as [Score, Score][]) {
      const turned: Score = pass.mate !== undefined ? { mate: -pass.mate } : { cp: -pass.cp };
      const expected = lila(stay) < lila(turned) - 0.3;
      expect(await isZugzwang(scripted(stay, pass).ask, KP, ['e5e6'], 1000), JSON.stringify([stay, pass])).toBe(expected);
    }
  });

  it('asks nothing where the opponent is in check or has more than 15 legal moves', async () => {
    const check = scripted({ cp: -900 }, { cp: 900 });
    // 1. Rh8+ : Black in check
    expect(await isZugzwang(check.ask, '4k3/8/4K3/8/8/8/8/7R w - - 0 1', ['h1h8'], 1000)).toBe(false);
    expect(check.asked).toEqual([]);
    const many = scripted({ cp: -900 }, { cp: 900 });
    expect(await isZugzwang(many.ask, 'r1bqkbnr/pppppppp/2n5/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2', ['g1f3'], 1000)).toBe(false);
    expect(many.asked).toEqual([]);
  });

  it('the passed position: the other side to move, no en-passant square, the rest as it was (chess.js reads it)', () => {
    const pos = parseFen('4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2');
    const fen = passFen(pos);
    expect(fen).toBe('4k3/8/8/3pP3/8/8/8/4K3 b - - 0 2');
    expect(new Chess(fen).turn()).toBe('b');
  });

  it('the theme is named only when the engine found it', () => {
    const base = { fenBefore: '4k3/8/3P4/4K3/8/8/8/8 b - - 0 1', moves: ['e8d8', 'e5e6'], mateIn: null, cp: 700 };
    expect(puzzleThemes({ ...base, zugzwang: true })).toContain('zugzwang');
    expect(puzzleThemes(base)).not.toContain('zugzwang');
  });
});

function play(fen: string, moves: string[]): ReturnType<typeof parseFen> {
  const c = new Chess(fen);
  for (const m of moves) c.move({ from: m.slice(0, 2), to: m.slice(2, 4), promotion: m[4] });
  return parseFen(c.fen());
}

describe.skipIf(SF === null)('zugzwang with the real engine, against lichess', () => {
  let engine: UciEngine;
  beforeAll(async () => {
    engine = await UciEngine.start({ path: SF! });
  });
  afterAll(async () => {
    await engine?.quit();
  });
  const ask: Ask = (fen, moves, nodes) => engine.analyse(fen, moves, { nodes, multipv: 1 });
  const sample = loadLichessPuzzles('kagisearch-random-1000.csv');
  /**
   * Zugzwangs by lichess's own rule that lichess does not tag: after 41. fxg4 hxg4 42. h4 Black to move is
   * -6.8 pawns and +0.1 after a pass (Stockfish at 4 M nodes).
   */
  const UNTAGGED = new Set(['S5pDg']);

  it("finds lichess's zugzwang puzzles of the sample, and none in puzzles lichess does not tag so", async () => {
    const tagged = sample.filter((p) => p.themes.includes('zugzwang'));
    expect(tagged.length).toBe(3);
    for (const p of tagged) expect(await isZugzwang(ask, puzzleFen(p), p.solution, ZUGZWANG_NODES), p.id).toBe(true);
    const endgames = sample
      .filter((p) => !p.themes.includes('zugzwang') && p.themes.includes('pawnEndgame') && !UNTAGGED.has(p.id))
      .slice(0, 8);
    expect(endgames.length).toBe(8);
    for (const p of endgames) expect(await isZugzwang(ask, puzzleFen(p), p.solution, ZUGZWANG_NODES), p.id).toBe(false);
  }, 120_000);
});
