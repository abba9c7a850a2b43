// The games table (docs/design.md §9): one JSON line per game, analysed or rejected, in input order, with its
// input, offset, status, plies, variant, tags and derived fields; on a corpus file every game is there.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameRow } from '../../src/output/games.js';
import { runCli } from '../helpers/cli.js';
import { corpusPath, readCorpusBytes, splitGames } from '../helpers/corpus.js';
import { tempDir } from '../helpers/temp.js';

const tmp = tempDir('games');

/** A game with the given tags and a short legal movetext. */
function game(tags: Record<string, string>, moves = '1. e4 e5 2. Nf3 *'): string {
  return (
    Object.entries(tags)
      .map(([k, v]) => `[${k} "${v}"]\n`)
      .join('') +
    '\n' +
    moves +
    '\n\n'
  );
}

// hand-computed: speed from base + 40 × increment, rating the floor of the mean, band by its lower bound
const CASES: [Record<string, string>, Partial<GameRow>][] = [
  [
    { TimeControl: '15+0', WhiteElo: '1500', BlackElo: '1501', ECO: 'C20', Result: '1-0' },
    { speed: 'ultraBullet', rating: 1500, ratingBand: '0-1599', eco: 'C20', result: '1-0' },
  ],
  [
    { TimeControl: '60+1', WhiteElo: '1600', BlackElo: '1799', Result: '0-1' },
    { speed: 'bullet', rating: 1699, ratingBand: '1600-1799', eco: null, result: '0-1' },
  ],
  [
    { TimeControl: '180+0', WhiteElo: '1800', BlackElo: '1800', Result: '1/2-1/2' },
    { speed: 'blitz', rating: 1800, ratingBand: '1800-1999', result: '1/2-1/2' },
  ],
  [
    { TimeControl: '300+5', WhiteElo: '2000', BlackElo: '2399', ECO: 'B01' },
    { speed: 'rapid', rating: 2199, ratingBand: '2000-2199', eco: 'B01', result: null },
  ],
  [
    { TimeControl: '900+15', WhiteElo: '2200', BlackElo: '2300' },
    { speed: 'classical', rating: 2250, ratingBand: '2200-2499' },
  ],
  [
    { TimeControl: '-', WhiteElo: '2500', BlackElo: '2600' },
    { speed: 'correspondence', rating: 2550, ratingBand: '2500-2799' },
  ],
  [
    { TimeControl: '40/7200:3600', WhiteElo: '2850', BlackElo: '2790' },
    { speed: null, rating: 2820, ratingBand: '2800+' },
  ],
  [
    { TimeControl: '?', WhiteElo: '?', BlackElo: '2000' },
    { speed: null, rating: null, ratingBand: null },
  ],
  [
    { WhiteElo: '', BlackElo: '1900', ECO: '?', Result: '*' },
    { speed: null, rating: null, eco: null, result: null },
  ],
  [
    { TimeControl: '479+0', WhiteElo: '1599', BlackElo: '1600' },
    { speed: 'blitz', rating: 1599, ratingBand: '0-1599' },
  ],
  [
    { TimeControl: '1500+0', ECO: 'E99' },
    { speed: 'classical', eco: 'E99' },
  ],
  [
    { TimeControl: '29+0', Result: '1-0', Result2: 'x' },
    { speed: 'ultraBullet', result: '1-0' },
  ],
];

describe('the games table', () => {
  it('derives every field as the hand-computed table says, in input order', async () => {
    const input = join(tmp, 'dozen.pgn');
    const text =
      CASES.map(([tags]) => game({ Event: 'x', ...tags })).join('') +
      game({ Event: 'y', Variant: 'Atomic' }) +
      game({ Event: 'z' }, '1. e4 e5 2. Ke3 *');
    writeFileSync(input, text);
    const out = join(tmp, 'dozen.games.jsonl');
    const r = await runCli([input, '-q', '-f', 'none', '--games', out]);
    expect(r.code, r.stderr).toBe(0);
    const rows = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as GameRow);
    expect(rows).toHaveLength(CASES.length + 2);
    CASES.forEach(([tags, want], i) => {
      expect(rows[i]).toMatchObject({ game: i + 1, input, status: 'ok', reason: null, plies: 3, variant: 'standard', ...want });
      expect(rows[i].tags).toEqual({ Event: 'x', ...tags });
      expect(text.slice(rows[i].offset).startsWith('[Event "x"]')).toBe(true);
    });
    expect(rows[CASES.length]).toMatchObject({ status: 'rejected', variant: 'atomic', plies: 0 });
    expect(rows[CASES.length].reason).toMatch(/unsupported variant/);
    expect(rows[CASES.length + 1]).toMatchObject({ status: 'rejected', variant: 'standard', reason: 'illegal move' });
  });

  it('a corpus file: one line per game the splitter finds, rejected ones included, keys in the contract order', async () => {
    const file = 'games/lichess-db-2016-05-no-event-tag.pgn.zst';
    const out = join(tmp, 'corpus.games.jsonl');
    const r = await runCli([corpusPath(file), '-q', '-f', 'none', '--games', out, '--stats', join(tmp, 's.json')]);
    expect(r.code, r.stderr).toBe(0);
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    expect(lines.length).toBe(splitGames(readCorpusBytes(file)).length);
    const rows = lines.map((l) => JSON.parse(l) as GameRow);
    expect(rows.map((g) => g.game)).toEqual(rows.map((_, i) => i + 1));
    expect(Object.keys(rows[0])).toEqual([
      'game',
      'input',
      'offset',
      'status',
      'reason',
      'plies',
      'variant',
      'tags',
      'speed',
      'rating',
      'ratingBand',
      'eco',
      'result',
    ]);
    const s = JSON.parse(readFileSync(join(tmp, 's.json'), 'utf8')) as { games: number; rejected: number; positions: number };
    expect(rows.filter((g) => g.status === 'ok').length).toBe(s.games);
    expect(rows.reduce((n, g) => n + g.plies + (g.status === 'ok' ? 1 : 0), 0)).toBe(s.positions);
  });
});
