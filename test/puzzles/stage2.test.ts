// Stage 2 against lichess's own puzzles and the real engine (skipped, with a message, only when no
// Stockfish is installed), and its rules against a scripted engine. Oracles: lichess's solutions and
// themes, chess.js for legality and checkmate, the real engine's own evaluation of quiet game positions,
// and the win-chance formula written out here.
import { Chess } from 'chess.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { EnginePool } from '../../src/puzzles/engine-pool.js';
import { UciEngine, type Analyser, type SearchLimits } from '../../src/puzzles/engine.js';
import { DEFAULT_GAP, PROBE_MARGIN, verifyCandidate, type Stage2Options, type Verdict } from '../../src/puzzles/stage2.js';
import type { EngineAnswer, Score } from '../../src/puzzles/types.js';
import { ROOT } from '../helpers/cli.js';
import { stockfishOrSkip } from '../helpers/stockfish.js';
import { loadGames } from '../helpers/corpus.js';
import { loadLichessPuzzles, puzzleFen, type LichessPuzzle } from '../helpers/lichess-puzzles.js';

const SF = stockfishOrSkip('stage 2 engine tests');

const MODEST: Stage2Options = { probeNodes: 20_000, nodes: 100_000, maxPlies: 15, gap: DEFAULT_GAP };

/** The position after `moves` (UCI) from `fen`, by chess.js. */
function play(fen: string, moves: string[]): Chess {
  const c = new Chess(fen);
  for (const m of moves) c.move({ from: m.slice(0, 2), to: m.slice(2, 4), promotion: m[4] });
  return c;
}

function solved(v: Verdict): Extract<Verdict, { verified: true }> {
  if (!v.verified) throw new Error(`dropped (${v.drop}): ${v.detail}`);
  return v;
}

describe.skipIf(SF === null)('stage 2 with the real engine', () => {
  let pool: EnginePool;
  beforeAll(async () => {
    pool = await EnginePool.start({ path: SF!, procs: 2 });
  });
  afterAll(async () => {
    await pool?.close();
  });

  const firstWith = (file: string, theme: string, n: number): LichessPuzzle[] =>
    loadLichessPuzzles(file)
      .filter((p) => p.themes.includes(theme))
      .slice(0, n);
  const mates = [
    ...firstWith('akevinm-999.csv', 'mateIn1', 3),
    ...firstWith('kagisearch-random-1000.csv', 'mateIn2', 3),
    ...firstWith('kagisearch-random-1000.csv', 'mateIn3', 2),
  ];

  it('solves lichess mate puzzles: same mate length, same first move, and the line mates (chess.js)', async () => {
    expect(mates).toHaveLength(8);
    const verdicts = await Promise.all(mates.map((p) => verifyCandidate(pool, { fen: puzzleFen(p) }, MODEST)));
    verdicts.forEach((v, i) => {
      const p = mates[i];
      const s = solved(v);
      const n = Number(p.themes.find((t) => /^mateIn\d$/.test(t))!.slice(6));
      expect(s.mateIn, p.id).toBe(n);
      expect(s.solution, p.id).toHaveLength(2 * n - 1);
      expect(s.cp, p.id).toBe(10_000 - n);
      if (n > 1) expect(s.solution[0], p.id).toBe(p.solution[0]); // with several mates in 1, any one will do
      expect(play(puzzleFen(p), s.solution).isCheckmate(), p.id).toBe(true);
      expect(s.calls, p.id).toBe(2 * n); // probe, then one search per ply (the last solver move mates)
    });
  });

  // Clear-cut material puzzles (every solver move beats the second best by more than 0.7 in win chance at
  // these nodes), picked with test/tools/stage2-agreement.ts from lichess-db-puzzle-samples/akevinm-999.csv.
  const clearCut = ['002Ua', '003S3', '003o0', '003r5', '0054a', '0017R'];

  it("finds lichess's exact solution for clear-cut material puzzles", async () => {
    const akevinm = loadLichessPuzzles('akevinm-999.csv').filter((p) => clearCut.includes(p.id));
    expect(akevinm).toHaveLength(clearCut.length);
    const verdicts = await Promise.all(akevinm.map((p) => verifyCandidate(pool, { fen: puzzleFen(p) }, MODEST)));
    verdicts.forEach((v, i) => {
      const s = solved(v);
      expect(s.solution, akevinm[i].id).toEqual(akevinm[i].solution);
      expect(s.mateIn, akevinm[i].id).toBeNull();
      expect(s.cp, akevinm[i].id).toBeGreaterThanOrEqual(200);
      expect(s.nodes).toBeGreaterThan(0);
    });
  });

  it('rejects quiet positions from master games (the engine itself finds them within ±60 cp)', async () => {
    const games = loadGames('games/pgnmentor-style-Capablanca.pgn', 8).filter((g) => g.fen === undefined && g.sans.length > 30);
    const fens = games.map((g) => {
      const c = new Chess();
      for (const san of g.sans.slice(0, 20)) c.move(san);
      return c.fen();
    });
    const oracle = await Promise.all(fens.map((f) => pool.analyse(f, [], { nodes: 100_000, multipv: 1 })));
    const quiet = fens.filter((_, i) => Math.abs(oracle[i].lines[0].score.cp ?? 10_000) <= 60);
    expect(quiet.length).toBeGreaterThanOrEqual(4);
    const verdicts = await Promise.all(quiet.map((f) => verifyCandidate(pool, { fen: f }, MODEST)));
    for (const v of verdicts) {
      expect(v.verified).toBe(false);
      if (!v.verified) expect(['probe', 'notWinning']).toContain(v.drop);
    }
  });

  it("accepts a mate in 1 beside another mate in 1, or beside a move that merely wins (lichess's rule)", async () => {
    const twoMates = '6k1/5ppp/8/8/8/8/Q4PPP/3R2K1 w - - 0 1'; // Rd8# and Qa8#
    const s = solved(await verifyCandidate(pool, { fen: twoMates }, MODEST));
    expect(s.mateIn).toBe(1);
    expect(play(twoMates, s.solution).isCheckmate()).toBe(true);
    const rookUp = '6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1'; // Rd8#, or stay a rook up (over +500)
    const r = solved(await verifyCandidate(pool, { fen: rookUp }, MODEST));
    expect(r.solution).toEqual(['d1d8']);
    expect(r.mateIn).toBe(1);
  });
});

describe("stage 2 without the engine's help", () => {
  it('never starts a puzzle from a position with one legal move (or none), and asks no engine', async () => {
    const never: Analyser = { analyse: () => Promise.reject(new Error('must not be asked')) };
    const one = 'k7/8/1Q5p/8/7P/8/8/7K b - - 0 1';
    const none = 'k7/8/1Q6/7p/7P/8/8/7K b - - 0 1';
    expect(new Chess(one).moves()).toEqual(['h5']);
    expect(new Chess(none).moves()).toEqual([]);
    expect(await verifyCandidate(never, { fen: one })).toMatchObject({ verified: false, drop: 'oneLegal', calls: 0 });
    expect(await verifyCandidate(never, { fen: none })).toMatchObject({ verified: false, drop: 'oneLegal', calls: 0 });
    expect(await verifyCandidate(never, { fen: 'not a fen' })).toMatchObject({ verified: false, drop: 'badPosition' });
  });

  it('turns an engine that crashes into an engineError drop', async () => {
    const fake = await UciEngine.start({ path: process.execPath, args: [resolve(ROOT, 'dist/test/helpers/fake-uci.js'), 'crash'] });
    const v = await verifyCandidate(fake, { fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' });
    expect(v).toMatchObject({ verified: false, drop: 'engineError', calls: 1 });
    if (!v.verified) expect(v.detail).toContain('exited with code 3');
  });
});

const K = 0.004; // lichess-puzzler's generator/util.py win_chances
const PROBE_GAP = DEFAULT_GAP - PROBE_MARGIN;
const wc = (cp: number): number => 2 / (1 + Math.exp(-K * cp)) - 1;
/** The cp whose win chance is `w` (the formula solved for cp). */
const cpOf = (w: number): number => -Math.log(2 / (w + 1) - 1) / K;

/**
 * A scripted engine over chess.js: at the solver's k-th move (0 at P) the best line is its first legal move
 * and the second its second legal move, scored by `at(k)`; the opponent answers with its first legal move.
 */
function scripted(fen: string, at: (k: number) => [Score, Score]): Analyser & { calls: SearchLimits[] } {
  const calls: SearchLimits[] = [];
  const solverSide = new Chess(fen).turn();
  return {
    calls,
    analyse(_f: string, moves: readonly string[], o: SearchLimits): Promise<EngineAnswer> {
      calls.push(o);
      const c = play(fen, [...moves]);
      const legal = c.moves({ verbose: true }).map((m) => m.from + m.to + (m.promotion ?? ''));
      const scores = c.turn() === solverSide ? at(moves.length / 2) : [{ cp: -300 }];
      const lines = scores
        .slice(0, Math.min(o.multipv, legal.length))
        .map((score, i) => ({ multipv: i + 1, depth: 10, score, pv: [legal[i]] }));
      return Promise.resolve({ lines, bestmove: legal[0] ?? '', nodes: o.nodes, settled: 10 });
    },
  };
}
const always = (best: Score, second: Score) => (): [Score, Score] => [best, second];

describe('stage 2 rules (scripted engine)', () => {
  const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
  const o: Stage2Options = { probeNodes: 10, nodes: 100, maxPlies: 7, gap: DEFAULT_GAP };

  it("wants the best move more than --gap (0.5) ahead in win chance, on the puzzle generator's scale", async () => {
    const ahead = Math.floor(cpOf(wc(400) - 0.5)) - 1; // just far enough behind +400
    const level = Math.ceil(cpOf(wc(400) - 0.5)) + 1; // just too close
    expect(wc(400) - wc(ahead)).toBeGreaterThan(0.5);
    expect(wc(400) - wc(level)).toBeLessThan(0.5);
    expect(2 / (1 + Math.exp(-0.004 * 100)) - 1).toBeCloseTo(0.1974, 4); // the scale itself, by hand
    expect(await verifyCandidate(scripted(start, always({ cp: 400 }, { cp: ahead })), { fen: start }, o)).toMatchObject({ verified: true });
    expect(await verifyCandidate(scripted(start, always({ cp: 400 }, { cp: level })), { fen: start }, o)).toMatchObject({
      verified: false,
      drop: 'notOnly',
    });
    // a wider --gap refuses what the default keeps; a narrower one keeps what the default refuses
    expect(await verifyCandidate(scripted(start, always({ cp: 400 }, { cp: ahead })), { fen: start }, { ...o, gap: 0.8 })).toMatchObject({
      drop: 'notOnly',
    });
    expect(await verifyCandidate(scripted(start, always({ cp: 400 }, { cp: level })), { fen: start }, { ...o, gap: 0.3 })).toMatchObject({
      verified: true,
    });
  });

  it('takes a mate in 1 where the second best is worse than a mate in 2, however good (lichess-puzzler: Mate(1), second < Mate(2))', async () => {
    expect(await verifyCandidate(scripted(start, always({ mate: 1 }, { cp: 2000 })), { fen: start }, o)).toMatchObject({ verified: true });
    expect(await verifyCandidate(scripted(start, always({ mate: 1 }, { mate: 3 })), { fen: start }, o)).toMatchObject({ verified: true });
    expect(await verifyCandidate(scripted(start, always({ mate: 1 }, { mate: 2 })), { fen: start }, o)).toMatchObject({ drop: 'notOnly' });
  });

  it('drops at the probe a best move (no mate) within PROBE_GAP of the second, before the long search', async () => {
    const close = Math.ceil(cpOf(wc(400) - PROBE_GAP)) + 1; // the second just inside the gap
    const apart = Math.floor(cpOf(wc(400) - PROBE_GAP)) - 1; // just outside: the long search decides
    expect(wc(400) - wc(close)).toBeLessThanOrEqual(PROBE_GAP);
    expect(await verifyCandidate(scripted(start, always({ cp: 400 }, { cp: close })), { fen: start }, o)).toMatchObject({
      drop: 'probe',
      calls: 1,
    });
    expect(await verifyCandidate(scripted(start, always({ cp: 400 }, { cp: apart })), { fen: start }, o)).toMatchObject({
      drop: 'notOnly',
      calls: 2,
    });
    // a mate is never dropped for a close second: a mate in 1 beside another may still be a puzzle
    expect(await verifyCandidate(scripted(start, always({ mate: 1 }, { mate: 1 })), { fen: start }, o)).not.toMatchObject({
      drop: 'probe',
    });
  });

  it('drops a hopeless probe, a best move under +200, and caps the line at maxPlies', async () => {
    expect(await verifyCandidate(scripted(start, always({ cp: 99 }, { cp: -500 })), { fen: start }, o)).toMatchObject({
      drop: 'probe',
      calls: 1,
    });
    expect(await verifyCandidate(scripted(start, always({ mate: -3 }, { mate: -2 })), { fen: start }, o)).toMatchObject({ drop: 'probe' });
    expect(await verifyCandidate(scripted(start, always({ cp: 199 }, { cp: -500 })), { fen: start }, o)).toMatchObject({
      drop: 'notWinning',
      calls: 2,
    });
    const e = scripted(start, always({ cp: 700 }, { cp: -100 }));
    const s = solved(await verifyCandidate(e, { fen: start }, o));
    expect(s.solution).toHaveLength(7);
    expect(s.mateIn).toBeNull();
    expect(s.cp).toBe(700);
    expect(s.calls).toBe(e.calls.length);
    expect(s.nodes).toBe(10 + 100 * (e.calls.length - 1));
    // probe, first move, then a reply and a solver search per further solver move
    expect(e.calls.map((c) => c.multipv)).toEqual([2, 2, 1, 2, 1, 2, 1, 2]);
    expect(play(start, s.solution).history()).toHaveLength(7); // all legal (chess.js)
  });

  it('keeps a mate-only move only in a line that ends in mate, and drops trailing forced moves', async () => {
    // at P a mate beside a crushing second best is no only-move
    expect(await verifyCandidate(scripted(start, always({ mate: 5 }, { cp: 900 })), { fen: start }, o)).toMatchObject({ drop: 'notOnly' });
    // later, "the only move that keeps a mate" passes, but this scripted line never mates: cut before it
    const cut = scripted(start, (k) =>
      k === 0 ? [{ cp: 700 }, { cp: -100 }] : k === 1 ? [{ cp: 800 }, { cp: -50 }] : [{ mate: 4 }, { cp: 900 }],
    );
    const s = solved(await verifyCandidate(cut, { fen: start }, o));
    expect(s.solution).toHaveLength(3);
    expect(s.mateIn).toBeNull();
    // a mate beside another mate later in the line stops it there
    const twoMates = scripted(start, (k) => (k === 0 ? [{ cp: 700 }, { cp: -100 }] : [{ mate: 3 }, { mate: 4 }]));
    expect(solved(await verifyCandidate(twoMates, { fen: start }, o)).solution).toHaveLength(1);
  });
});
