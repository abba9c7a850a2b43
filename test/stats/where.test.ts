// Statistics follow --where: a run's counts are of the positions it matched and of the games holding one,
// with `where` saying what was analysed. Checked the slow way: a game-level query counts what a run over
// only the matching games counts; a position-level one counts what its JSON Lines output holds; the
// summary says how many matched; merge-stats adds shards of one query and refuses two different queries.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { readFileBytes, splitGames } from '../helpers/corpus.js';
import { phaseOfFen, records } from '../helpers/stats-recount.js';
import { tempDir } from '../helpers/temp.js';

const dir = tempDir('stats-where');
const games = splitGames(readFileBytes('fixtures/sample/lichess-2016-05-3000.pgn.zst'), 300);
const text = (g: { bytes: Uint8Array }): string => Buffer.from(g.bytes).toString('latin1');
const all = join(dir, 'all.pgn');
writeFileSync(all, games.map(text).join('\n'), 'latin1');
const whiteWins = join(dir, 'white-wins.pgn');
writeFileSync(
  whiteWins,
  games
    .map(text)
    .filter((g) => g.includes('[Result "1-0"]'))
    .join('\n'),
  'latin1',
);

type Json = Record<string, unknown> & { games: number; positions: number; where?: { query: string; games: number; positions: number } };
const statsOf = (path: string): Json => JSON.parse(readFileSync(path, 'utf8')) as Json;
/** The counts alone: what was analysed, the run and the rejected games aside. */
const counts = (s: Json): Record<string, unknown> => {
  const { run: _run, where: _where, rejected: _rejected, ...rest } = s;
  return rest;
};

describe('--stats follows --where', () => {
  it('a game-level query counts what a run over only the matching games counts', async () => {
    const w = join(dir, 'w.json');
    const only = join(dir, 'only.json');
    const a = await runCli([all, '--where', 'result = 1-0', '-f', 'none', '--stats', w, '-q']);
    expect(a.code, a.stderr).toBe(0);
    expect((await runCli([whiteWins, '-f', 'none', '--all-positions', '--stats', only, '-q'])).code).toBe(0);
    const got = statsOf(w);
    const want = statsOf(only);
    expect(got.games).toBeGreaterThan(50);
    expect(counts(got)).toEqual(counts(want));
    expect(got.where?.query).toBe('result = 1-0');
    expect(got.where?.games).toBe(300);
  });

  it('a position-level query counts what its JSON Lines hold; `where` and the summary say what was analysed', async () => {
    const w = join(dir, 'pins.json');
    const full = join(dir, 'full.json');
    const r = await runCli([all, '--where', 'pin.absolute', '--stats', w]);
    expect(r.code, r.stderr).toBe(0);
    expect((await runCli([all, '-f', 'none', '--stats', full, '-q'])).code).toBe(0);
    const lines = r.stdout
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as { game: number; motifs: { motif: string; kind?: string }[] });
    const s = statsOf(w) as Json & { motifs: Record<string, number>; positionsWith: Record<string, number> };
    expect(s.positions).toBe(lines.length);
    expect(s.games).toBe(new Set(lines.map((l) => l.game)).size);
    const pins = lines.reduce((n, l) => n + l.motifs.filter((m) => m.motif === 'pin' && m.kind === 'absolute').length, 0);
    expect(s.motifs['pin.absolute']).toBe(pins);
    expect(s.positionsWith['pin.absolute']).toBe(lines.length);
    const f = statsOf(full);
    expect(s.where).toEqual({ query: 'pin.absolute', games: f.games, positions: f.positions });
    expect(f.where).toBeUndefined();
    expect(r.stderr).toMatch(/--where\s+pin\.absolute/);
    expect(r.stderr).toMatch(
      new RegExp(`matched\\s+${lines.length.toLocaleString('en')} of ${f.positions.toLocaleString('en')} positions`),
    );
  });

  it('by phase, each matched position counts in the phase its material gives, positions skipped between them or not', async () => {
    // every other position: the captures that change the material are as often at positions not matched
    const w = join(dir, 'white-to-move.json');
    const r = await runCli([all, '--no-tactics', '--where', 'turn = w and ply >= 20', '--stats', w, '-q']);
    expect(r.code, r.stderr).toBe(0);
    const phases = new Map<string, number>();
    for (const rec of records(r.stdout)) phases.set(phaseOfFen(rec.fen, rec.ply), (phases.get(phaseOfFen(rec.fen, rec.ply)) ?? 0) + 1);
    const by = (statsOf(w) as Json & { by: { phase: Record<string, { positions: number }> } }).by.phase;
    expect(Object.fromEntries(Object.entries(by).map(([p, v]) => [p, v.positions]))).toEqual(Object.fromEntries(phases));
    expect(phases.get('endgame')).toBeGreaterThan(100);
  });

  it('merge-stats adds the shards of one query and refuses statistics of different subsets', async () => {
    const half = (k: number): string => {
      const p = join(dir, `half${k}.pgn`);
      writeFileSync(
        p,
        games
          .slice(k * 150, k * 150 + 150)
          .map(text)
          .join('\n'),
        'latin1',
      );
      return p;
    };
    const files = [0, 1].map((k) => join(dir, `half${k}.json`));
    for (const k of [0, 1]) expect((await runCli([half(k), '--where', 'skewer', '-f', 'none', '--stats', files[k], '-q'])).code).toBe(0);
    const one = join(dir, 'one.json');
    expect((await runCli([all, '--where', 'skewer', '-f', 'none', '--stats', one, '-q'])).code).toBe(0);
    const m = await runCli(['merge-stats', ...files, '-q']);
    expect(m.code, m.stderr).toBe(0);
    const merged = JSON.parse(m.stdout) as Json;
    expect(counts(merged)).toEqual(counts(statsOf(one)));
    expect(merged.where).toEqual(statsOf(one).where);
    const other = join(dir, 'other.json');
    expect((await runCli([half(0), '-f', 'none', '--stats', other, '-q'])).code).toBe(0);
    const refused = await runCli(['merge-stats', files[0], other, '-q']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('statistics of different subsets do not add up');
  });
});
