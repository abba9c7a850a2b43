import { describe, expect, it } from 'vitest';
import { analyze, tagFen, type PositionRecord } from '../../src/index.js';
import { corpusPath } from '../helpers/corpus.js';
import { runCli } from '../helpers/cli.js';

const FILE = corpusPath('games/twic-sample-232games.pgn');

describe('the library API', () => {
  it('analyze() yields exactly the records the CLI writes, in order', async () => {
    const cli = await runCli([FILE, '-q', '-j', '2']);
    const expected = cli.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as PositionRecord);
    const got: PositionRecord[] = [];
    let games = 0;
    for await (const rec of analyze(FILE, { threads: 2, onSummary: (s) => (games = s.stats.games) })) got.push(rec);
    expect(got.length).toBeGreaterThan(1000);
    expect(got).toEqual(expected);
    expect(games).toBe(232);
  });

  it('analyze() stops cleanly when the consumer breaks early', async () => {
    let n = 0;
    for await (const rec of analyze(FILE, { threads: 1, motifs: ['skewer'] })) {
      expect(rec.motifs.every((m) => m.motif === 'skewer')).toBe(true);
      if (++n === 5) break;
    }
    expect(n).toBe(5);
  });

  it('tags one position from a FEN', () => {
    expect(tagFen('3k4/8/8/3n4/8/8/8/3RK3 w - - 0 1')).toEqual({
      checkers: [],
      motifs: [
        {
          motif: 'pin',
          kind: 'absolute',
          side: 'w',
          slider: 'd1',
          front: 'd5',
          back: 'd8',
          pieces: { slider: 'R', front: 'n', back: 'k' },
          partial: false,
        },
      ],
    });
  });
});

describe('--verify', () => {
  it('audits every game with pgn-parser and chess.js and finds no disagreement on real games', async () => {
    const r = await runCli([FILE, '--verify', '-f', 'none', '-j', '2']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/verify: 232 games, 232 agree, 0 disagreements, 0 not parsed by pgn-parser/);
  });

  it('reports a game where our reading and chess.js differ', async () => {
    // a capture with a stray letter glued on: chess.js reads "exd5e" as exd5, we refuse it (the readings of
    // ours that are no difference, Pe4 and impossible castling rights, are in test/core/replay.test.ts)
    const pgn = '[Event "x"]\n\n1. e4 d5 2. exd5e *\n';
    const r = await runCli(['-', '--verify', '-f', 'none', '-q'], { stdin: pgn });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/verify: 1 games, 0 agree, 1 disagreements/);
    expect(r.stderr).toContain('chess.js');
  });
});
