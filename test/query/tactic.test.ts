// --where on tactic verdicts against a brute-force evaluation: every position of 150 games of the bundled
// sample judged here with TacticJudge directly (its own replay, its own judge), each query written again as
// a plain predicate over the verdict as data (tactic(): gain or mate, themes) and the verdict on the move
// played; the positions GameAnalyzer (tactics: true) keeps with the compiled query must be exactly those.
// And the cost rule: the themes of a verdict are read only for a theme condition, on a position with one.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GameAnalyzer } from '../../src/analysis/game.js';
import { UsageError } from '../../src/errors.js';
import { ALL_MOTIFS } from '../../src/motifs/filter.js';
import { compileWhere } from '../../src/query/compile.js';
import { QueryEvaluator } from '../../src/query/evaluate.js';
import { LineThemes, TACTIC_THEMES } from '../../src/tactics/themes.js';
import { TacticJudge, type Played, type Tactic } from '../../src/tactics/verdict.js';
import { runCli } from '../helpers/cli.js';
import { Kept } from '../helpers/kept-sink.js';
import { splitGames } from '../helpers/corpus.js';
import { replay, sampleBytes } from '../tactics/sample-games.js';

const GAMES = 150;

/** One position as the oracle sees it: its game and ply, its verdict (null: none) and the move played's. */
interface Judged {
  key: string;
  ply: number;
  tactic: Tactic | null;
  played: Played | null;
}

const judged: Judged[] = [];
const texts: Uint8Array[] = [];

beforeAll(() => {
  const judge = new TacticJudge();
  for (const { index, reader } of replay(sampleBytes(), GAMES)) {
    const { positions, moves, plies } = reader;
    for (let ply = 0; ply <= plies; ply++) {
      const has = judge.position(positions[ply], ply > 0 ? positions[ply - 1] : null, ply > 0 ? moves[ply - 1] : -1);
      judged.push({
        key: `${index}:${ply}`,
        ply,
        tactic: has ? judge.tactic() : null,
        played: has && ply < plies ? judge.judgePlayed(moves[ply]) : null,
      });
    }
  }
  for (const g of splitGames(sampleBytes())) texts[g.index] = g.bytes;
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The positions the analyzer keeps for the query, over the games the oracle judged. */
function kept(where: string): string[] {
  const analyzer = new GameAnalyzer({
    allPositions: false,
    filter: ALL_MOTIFS,
    moves: false,
    select: new QueryEvaluator(compileWhere(where)),
    tactics: true,
  });
  const sink = new Kept();
  const games = new Set(judged.map((j) => Number(j.key.split(':')[0])));
  for (const g of games) expect(analyzer.pgn(texts[g], g, sink)).toBeNull();
  return sink.out;
}

const has = (t: Tactic | null, theme: string): boolean => t?.themes.includes(theme) === true;
const gain = (t: Tactic | null): number | null => (t === null || t.gain === undefined ? null : t.gain);
const mate = (t: Tactic | null): number | null => (t === null || t.mate === undefined ? null : t.mate);

const QUERIES: [string, (j: Judged) => boolean][] = [
  ['tactic', (j) => j.tactic !== null],
  ['not tactic', (j) => j.tactic === null],
  ['tactic[theme=fork]', (j) => has(j.tactic, 'fork')],
  ['tactic[theme=pin|skewer]', (j) => has(j.tactic, 'pin') || has(j.tactic, 'skewer')],
  ['tactic[theme=hangingPiece]', (j) => has(j.tactic, 'hangingPiece')],
  ['tactic[gain>=3]', (j) => (gain(j.tactic) ?? -1) >= 3],
  ['tactic[gain=2]', (j) => gain(j.tactic) === 2],
  ['tactic[gain!=2]', (j) => gain(j.tactic) !== null && gain(j.tactic) !== 2],
  ['tactic[gain<5]', (j) => gain(j.tactic) !== null && gain(j.tactic)! < 5],
  ['tactic[gain>9]', (j) => (gain(j.tactic) ?? -1) > 9],
  ['tactic[mate<=2]', (j) => mate(j.tactic) !== null && mate(j.tactic)! <= 2],
  ['tactic[mate>=1]', (j) => mate(j.tactic) !== null],
  ['tactic[gain>=0]', (j) => gain(j.tactic) !== null], // a mate has no gain
  ['tactic[theme=fork, gain>=5]', (j) => has(j.tactic, 'fork') && (gain(j.tactic) ?? -1) >= 5],
  ['tactic[gain>=3] and played.missed', (j) => (gain(j.tactic) ?? -1) >= 3 && j.played === 'missed'],
  ['played.found', (j) => j.played === 'found'],
  ['tactic and not played.found and not played.missed', (j) => j.tactic !== null && j.played === null], // the last position
  ['tactic[theme=fork] or tactic[mate=1]', (j) => has(j.tactic, 'fork') || mate(j.tactic) === 1],
  ['not tactic[theme=hangingPiece] and tactic and ply >= 40', (j) => j.tactic !== null && !has(j.tactic, 'hangingPiece') && j.ply >= 40],
];

describe('--where tactic against verdicts judged one by one', () => {
  it('the sample has verdicts of every kind the queries ask about', () => {
    const verdicts = judged.filter((j) => j.tactic !== null);
    expect(judged.length).toBeGreaterThan(5_000);
    expect(verdicts.length).toBeGreaterThan(300);
    expect(verdicts.some((j) => mate(j.tactic) !== null)).toBe(true);
    expect(judged.some((j) => j.played === 'found') && judged.some((j) => j.played === 'missed')).toBe(true);
    // every theme met is one the grammar names
    for (const j of verdicts) for (const t of j.tactic!.themes) expect(TACTIC_THEMES).toContain(t);
  });

  it.each(QUERIES)('%s', (where, test) => {
    const want = judged.filter(test).map((j) => j.key);
    expect(want.length, 'the query selects something').toBeGreaterThan(0);
    expect(want.length, 'and not everything').toBeLessThan(judged.length);
    expect(kept(where)).toEqual(want);
  });

  it('reads a verdict\u2019s themes only for a theme condition, and only where there is a verdict', () => {
    const verdicts = judged.filter((j) => j.tactic !== null).length;
    const themes = vi.spyOn(LineThemes.prototype, 'themes');
    kept('tactic[gain>=2] or tactic[mate>=1] or played.missed');
    expect(themes).not.toHaveBeenCalled();
    kept('tactic[theme=fork]');
    expect(themes).toHaveBeenCalledTimes(verdicts);
    themes.mockClear();
    // gain is decided first: the themes only of the verdicts with a gain of 5 or more
    kept('tactic[theme=fork, gain>=5]');
    expect(themes).toHaveBeenCalledTimes(judged.filter((j) => (gain(j.tactic) ?? -1) >= 5).length);
    themes.mockClear();
    // asked twice in one position, read once
    kept('tactic[theme=pin] or tactic[theme=fork]');
    expect(themes).toHaveBeenCalledTimes(verdicts);
  });
});

describe('a query on verdicts with the verdicts turned off', () => {
  const SAMPLE = 'fixtures/sample/lichess-2016-05-3000.pgn.zst';
  it.each(['tactic', 'tactic[gain>=3]', 'not played.found', 'pin and played.missed'])(
    '--where %s --no-tactics is a usage error',
    async (where) => {
      const r = await runCli([SAMPLE, '--no-tactics', '--where', where, '-f', 'none', '-q']);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/--where reads the tactic verdicts .* which --no-tactics turns off/);
    },
  );
  it('a query on geometry alone runs with --no-tactics, and the library refuses tactics: false the same way', async () => {
    expect((await runCli([SAMPLE, '--no-tactics', '--where', 'played.check', '-f', 'none', '-q'])).code).toBe(0);
    expect(() => compileWhere('tactic or pin', 'tactics: false')).toThrow(UsageError);
    expect(compileWhere('tactic or pin').usesVerdicts).toBe(true);
    expect(compileWhere('pin and played.check').usesVerdicts).toBe(false);
  });
});
