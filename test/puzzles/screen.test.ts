// The engine screen (src/puzzles/screen.ts): its pass rule written out case by case, its searches against
// a scripted engine (each position searched once, Q only when P wins), and, with the real Stockfish,
// a lichess puzzle whose quiet first move stage 1 does not send on, found through the screen.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Analyser, SearchLimits } from '../../src/puzzles/engine.js';
import { BEFORE_CP, EngineScreen, screenPasses } from '../../src/puzzles/screen.js';
import { STAGE2_DEFAULTS, WINNING_CP } from '../../src/puzzles/stage2.js';
import type { Candidate, EngineAnswer, Score } from '../../src/puzzles/types.js';
import { runCli } from '../helpers/cli.js';
import { readCorpusBytes, splitGames } from '../helpers/corpus.js';
import { stockfishOrSkip } from '../helpers/stockfish.js';
import { tempDir } from '../helpers/temp.js';

const SF = stockfishOrSkip('engine screen tests');

describe('screenPasses: the solver wins at P and did not at Q', () => {
  const cp = (n: number): Score => ({ cp: n });
  const mate = (n: number): Score => ({ mate: n });
  it('passes a win at P after a position not yet won', () => {
    expect(screenPasses(cp(WINNING_CP), cp(BEFORE_CP - 1))).toBe(true);
    expect(screenPasses(cp(900), cp(-300))).toBe(true);
    expect(screenPasses(cp(400), mate(-2))).toBe(true); // the opponent was mating, and blundered
  });
  it('drops P short of the winning bar, or won already at Q', () => {
    expect(screenPasses(cp(WINNING_CP - 1), cp(0))).toBe(false);
    expect(screenPasses(mate(-3), cp(0))).toBe(false);
    expect(screenPasses(cp(900), cp(BEFORE_CP))).toBe(false);
    expect(screenPasses(cp(900), mate(4))).toBe(false);
  });
  it('passes a mate at P however won Q was, unless Q had a mate as short: a forced mate going on', () => {
    expect(screenPasses(mate(3), cp(800))).toBe(true);
    expect(screenPasses(mate(1), mate(5))).toBe(true); // the opponent's move shortened the mate
    expect(screenPasses(mate(3), mate(3))).toBe(false);
    expect(screenPasses(mate(3), mate(2))).toBe(false);
  });
});

/** An engine that answers each position (the FEN's first field) with a set score, and counts its searches. */
class ScriptedEngine implements Analyser {
  readonly asked: string[] = [];
  constructor(private readonly scores: Record<string, Score>) {}
  analyse(fen: string, _moves: readonly string[], o: SearchLimits): Promise<EngineAnswer> {
    const board = fen.split(' ')[0];
    this.asked.push(board);
    const score = this.scores[board];
    const lines = Array.from({ length: o.multipv }, (_, k) => ({ multipv: k + 1, depth: 5, score, pv: ['a2a3'] }));
    return Promise.resolve({ lines, bestmove: 'a2a3', nodes: o.nodes, settled: 1 });
  }
}

/** Three positions of one game in order: A (before), B, C; the candidates are B (Q = A) and C (Q = B). */
const A = '8/8/8/8/8/8/8/K6k';
const B = '8/8/8/8/8/8/8/K5k1';
const C = '8/8/8/8/8/8/8/K4k2';
const FEN: Record<string, string> = { [A]: `${A} w - - 0 1`, [B]: `${B} b - - 1 1`, [C]: `${C} w - - 2 2` };
const candidate = (before: string, at: string): Candidate => ({
  game: 1,
  ply: 1,
  fenBefore: FEN[before],
  setup: 'h1g1',
  fen: FEN[at],
  rules: ['screen'],
  gain: 0,
  best: '',
  site: null,
  opening: null,
  chess960: false,
});

describe('EngineScreen against a scripted engine', () => {
  it('searches Q only when P wins, each position once, and drops what does not pass as `screen`', async () => {
    // B: the side to move there is 0 (not winning); C: +500 for its side, B from the other view −(0)
    const engine = new ScriptedEngine({ [A]: { cp: 0 }, [B]: { cp: 0 }, [C]: { cp: 500 } });
    const screen = new EngineScreen(engine, 1000);
    const atB = await screen.verify(candidate(A, B), STAGE2_DEFAULTS);
    expect(atB).toMatchObject({ verified: false, drop: 'screen', calls: 1, nodes: 1000 });
    expect(engine.asked).toEqual([B]);
    const atC = await screen.verify(candidate(B, C), STAGE2_DEFAULTS);
    // C passed (B was level): on to stage 2, which checks the legal moves, and B was not searched again
    expect(atC.verified).toBe(false);
    expect(atC).not.toMatchObject({ drop: 'screen' });
    expect(engine.asked.slice(0, 2)).toEqual([B, C]);
    expect(engine.asked.filter((b) => b === B)).toHaveLength(1);
  });

  it('drops P won already before the opponent’s move', async () => {
    const engine = new ScriptedEngine({ [A]: { cp: -600 }, [B]: { cp: 600 } }); // at A the opponent is 6 pawns down
    const v = await new EngineScreen(engine, 1000).verify(candidate(A, B), STAGE2_DEFAULTS);
    expect(v).toMatchObject({ verified: false, drop: 'screen', calls: 2 });
    expect(engine.asked).toEqual([B, A]);
  });
});

/** The excerpt’s 70th puzzle, a quiet push: after 37... Rb7, 38. a5! wins; no capture, no check. */
const QUIET = 70;
const FAST = ['--nodes', '60000', '--probe-nodes', '15000', '--engine-procs', '2', '-q'];

describe.skipIf(SF === null)('the engine screen with the real Stockfish', () => {
  const dir = tempDir('screen');
  const input = join(dir, 'quiet.pgn');
  const game = splitGames(readCorpusBytes('excerpts/lichess-puzzles-42k-themed-first-200.pgn'), QUIET)[QUIET - 1].bytes;
  writeFileSync(input, game);

  /** The run's candidate at ply 1 (the position after lichess's setup move) and its puzzles. */
  async function run(...extra: string[]): Promise<{ atPly1: { rules: string[] } | undefined; csv: string }> {
    const log = join(dir, 'c.jsonl');
    const r = await runCli(['puzzles', input, '-o', join(dir, 'out.csv'), '--candidates', log, '--engine', SF!, ...FAST, ...extra]);
    expect(r.code, r.stderr).toBe(0);
    const logged = readFileSync(log, 'utf8')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l));
    return { atPly1: logged.find((c) => c.ply === 1), csv: readFileSync(join(dir, 'out.csv'), 'utf8') };
  }

  it('finds the quiet winning push stage 1 does not send on, through the screen', async () => {
    const text = Buffer.from(game).toString('latin1');
    expect(text).toContain('Themes "advancedPawn crushing endgame quietMove short"');
    expect(text).toMatch(/37\.\.\. Rb7 38\. a5/);
    const off = await run('--screen-nodes', '0');
    expect(off.atPly1).toBeUndefined(); // stage 1 alone does not send it
    const on = await run();
    expect(on.atPly1?.rules).toEqual(['screen']);
    const row = on.csv.split('\n').find((l) => l.startsWith('g1p1,'));
    expect(row, on.csv).toBeDefined();
    expect(row!.split(',')[2].split(' ').slice(0, 2)).toEqual(['b8b7', 'a4a5']);
  });
});
