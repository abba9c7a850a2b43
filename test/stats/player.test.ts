// --player: only the player's games count, and every figure is split into the player's (`for`: their
// records, their moves, the tactics they had to move) and their opponents' (`against`). Checked the slow
// way against the JSON Lines records of every game (--all-positions, tags and verdicts on): the player's
// games picked by their White and Black tags (any case), each record's side and each position's side to
// move compared with the player's colour, found and missed read from `played`. The top-level figures are
// those of a run over the player's games alone; halves merged equal one run; the summary says the
// player's figures.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { readFileBytes, splitGames } from '../helpers/corpus.js';
import { phaseOfFen, recount, records, type Rec, type Value } from '../helpers/stats-recount.js';
import { tempDir } from '../helpers/temp.js';

const dir = tempDir('player');
const NAMES = ['PavelPavel', 'DZXKVDF']; // one player's two accounts, as the sample spells them in lower case
const lower = NAMES.map((n) => n.toLowerCase());
const text = (g: { bytes: Uint8Array }): string => Buffer.from(g.bytes).toString('latin1');
const tagIn = (t: string, name: string): string | null => new RegExp(`^\\[${name} "([^"]*)"\\]`, 'm').exec(t)?.[1] ?? null;
const theirs = (t: string): boolean => ['White', 'Black'].some((n) => lower.includes(tagIn(t, n)?.toLowerCase() ?? ''));

const all = splitGames(readFileBytes('fixtures/sample/lichess-2016-05-3000.pgn.zst')).map(text);
const players = all.filter(theirs);
const others = all.filter((t) => !theirs(t)).slice(0, 100);
// theirs and others interleaved, in sample order
const games = all.filter((t) => players.includes(t) || others.includes(t));
const input = join(dir, 'games.pgn');
writeFileSync(input, games.join('\n'), 'latin1');
const only = join(dir, 'only.pgn');
writeFileSync(only, players.join('\n'), 'latin1');

type Figures = Value & { by: Record<string, Record<string, Value>> };
interface Json {
  games: number;
  player: { names: string[]; white: number; black: number; for: Figures; against: Figures };
  by: Record<string, Record<string, Value>>;
  run?: unknown;
  [k: string]: unknown;
}
const statsOf = (path: string): Json => JSON.parse(readFileSync(path, 'utf8')) as Json;

let stats: Json;
let stderr: string;
let recs: Rec[];

beforeAll(async () => {
  const s = join(dir, 'player.json');
  const r = await runCli([input, '-f', 'none', '--stats', s, '--group-by', 'turn', ...NAMES.flatMap((n) => ['--player', n])]);
  expect(r.code, r.stderr).toBe(0);
  stats = statsOf(s);
  stderr = r.stderr;
  const out = join(dir, 'all.jsonl');
  const a = await runCli([input, '--all-positions', '--tags', 'White,Black,TimeControl,Result', '-o', out, '-q']);
  expect(a.code, a.stderr).toBe(0);
  recs = records(readFileSync(out, 'utf8')).filter(
    (x) => lower.includes(x.tags!.White.toLowerCase()) || lower.includes(x.tags!.Black.toLowerCase()),
  );
});

/** The sides the player holds in a record's game. */
const playerSides = (r: Rec): string[] =>
  (['White', 'Black'] as const).filter((t) => lower.includes(r.tags![t].toLowerCase())).map((t) => (t === 'White' ? 'w' : 'b'));
const opponentSides = (r: Rec): string[] => ['w', 'b'].filter((s) => !playerSides(r).includes(s));

/** A figure set without its `by`. */
function row(f: Figures): Value {
  const { by: _by, ...rest } = f;
  return rest;
}

describe('--player', () => {
  it("counts only the player's games: the top-level figures are a run's over them alone", async () => {
    expect(players.length).toBeGreaterThan(40);
    expect(games.length).toBe(players.length + 100);
    expect(stats.games).toBe(players.length);
    expect(new Set(recs.map((r) => r.game)).size).toBe(players.length);
    const o = join(dir, 'only.json');
    expect((await runCli([only, '-f', 'none', '--stats', o, '-q', '--group-by', 'turn'])).code).toBe(0);
    const { run: _a, player: _p, ...got } = stats;
    const { run: _b, ...want } = statsOf(o);
    expect(got).toEqual(want);
    expect(stats.player.names).toEqual(NAMES);
    const white = players.filter((t) => lower.includes(tagIn(t, 'White')!.toLowerCase())).length;
    expect([stats.player.white, stats.player.black]).toEqual([white, players.length - white]);
  });

  it("splits every figure into the player's and the opponents', as the records' sides and the sides to move say", () => {
    const split = { for: playerSides, against: opponentSides };
    for (const [side, sides] of Object.entries(split) as ['for' | 'against', (r: Rec) => string[]][]) {
      const f = stats.player[side];
      expect(row(f), side).toEqual(recount(recs, () => 'all', sides).all);
      expect(f.by.phase, side).toEqual(recount(recs, (r) => phaseOfFen(r.fen, r.ply), sides));
      expect(f.by.turn, side).toEqual(recount(recs, (r) => r.fen.split(' ')[1], sides));
      expect(f.by.result, side).toEqual(recount(recs, (r) => r.tags!.Result, sides));
    }
    const mine = stats.player.for.tactics;
    const theirsT = stats.player.against.tactics;
    // the sample's verdicts split both ways, and each side found some and missed some
    for (const t of [mine, theirsT]) expect(t.found.tactic > 0 && t.missed.tactic > 0).toBe(true);
    expect(mine.positions.tactic + theirsT.positions.tactic).toBe((stats.tactics as Value['tactics']).positions.tactic);
    expect(stats.player.for.motifs['played.found']).toBe(mine.found.tactic);
  });

  it("the summary says the player's figures", () => {
    const t = stats.player.for.tactics;
    expect(stderr).toMatch(new RegExp(`--player\\s+${NAMES.join(', ')}`));
    expect(stderr).toContain(
      `player                  ${players.length} games: ${stats.player.white} as White, ${stats.player.black} as Black`,
    );
    expect(stderr).toMatch(
      new RegExp(`the player's tactics\\s+${t.positions.tactic} positions .*found ${t.found.tactic}, missed ${t.missed.tactic}`),
    );
    expect(stderr).toMatch(/motif\s+count\s+per 1000 pos\s+positions with\s+games with\s+for\s+against/);
  });

  it("halves merged equal one run; another player's statistics are refused", async () => {
    const half = (k: number): string => {
      const p = join(dir, `half${k}.pgn`);
      writeFileSync(p, games.slice(k === 0 ? 0 : 70, k === 0 ? 70 : games.length).join('\n'), 'latin1');
      return p;
    };
    const args = ['-f', 'none', '-q', '--no-tactics', '--group-by', 'turn,White', ...NAMES.flatMap((n) => ['--player', n])];
    const files = [0, 1].map((k) => join(dir, `half${k}.json`));
    for (const k of [0, 1]) expect((await runCli([half(k), ...args, '--stats', files[k]])).code).toBe(0);
    const one = join(dir, 'one.json');
    expect((await runCli([input, ...args, '--stats', one])).code).toBe(0);
    const m = await runCli(['merge-stats', ...files, '-q']);
    expect(m.code, m.stderr).toBe(0);
    const { run: _a, ...merged } = JSON.parse(m.stdout) as Json;
    const { run: _b, ...want } = statsOf(one);
    expect(JSON.stringify(merged)).toBe(JSON.stringify(want));
    const other = join(dir, 'other.json');
    expect(
      (await runCli([half(0), '-f', 'none', '-q', '--no-tactics', '--group-by', 'turn,White', '--player', 'german11', '--stats', other]))
        .code,
    ).toBe(0);
    const refused = await runCli(['merge-stats', files[1], other, '-q']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('statistics of different players do not add up');
  });

  it('a blank name is a usage error', async () => {
    const r = await runCli([input, '-f', 'none', '--player', ' ']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--player needs a name');
  });
});
