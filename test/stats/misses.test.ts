// A player's costliest misses (src/stats/misses.ts, the statistics' player.misses): the list a --player run
// keeps equals the one recounted the slow way from the JSON Lines records of the same run — every position
// where the player was to move and the move played `missed` the `tactic`, ordered by the definition (a
// mate first, the shorter first, then the larger gain, then the board's hash, then the text), one per FEN,
// the first six — on real games, the mates among them and, with --where, the gains alone; two shards merged
// equal one run, and 1 and 2 threads write the same bytes; merge-stats refuses misses a merge would not keep.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { exampleHash } from '../../src/stats/example-hash.js';
import { runCli } from '../helpers/cli.js';
import { readFileBytes } from '../helpers/corpus.js';
import { tempDir } from '../helpers/temp.js';

const NAMES = ['DrNykterstein', 'DrDrunkenstein'];
const PLAYER = NAMES.flatMap((n) => ['--player', n]);
const QUIET = ['-q', '--no-progress'];
const dir = tempDir('misses');
// uncompressed: --shard seeks in its input
const INPUT = join(dir, 'games.pgn');
writeFileSync(INPUT, readFileBytes('fixtures/corpus/excerpts/lichess-DrNykterstein-DrDrunkenstein-first-400.pgn.zst'));

interface Tactic {
  move: string;
  uci: string;
  gain?: number;
  mate?: number;
  themes: string[];
}
interface Line {
  ply: number;
  fen: string;
  move: string | null;
  uci: string | null;
  played: string[];
  tactic?: Tactic | null;
  tags: Record<string, string | null>;
}
interface Miss {
  hash: number;
  fen: string;
  ply: number;
  tactic: Tactic;
  played: { move: string; uci: string };
  site: string | null;
  white: string | null;
  black: string | null;
  date: string | null;
}
type Stats = { player: { misses: Miss[] }; run?: unknown } & Record<string, unknown>;

const read = (path: string): Stats => JSON.parse(readFileSync(path, 'utf8')) as Stats;
const withoutRun = (s: Stats): string => JSON.stringify({ ...s, run: undefined });

/** Every miss of the player in the records, the slow way: the player to move by the game's tags, `missed` in `played`. */
function candidates(jsonl: string): Miss[] {
  const names = NAMES.map((n) => n.toLowerCase());
  const lines = jsonl
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Line);
  return lines.flatMap((r) => {
    const toMove = r.fen.split(' ')[1] === 'w' ? r.tags.White : r.tags.Black;
    if (!names.includes((toMove ?? '').toLowerCase()) || !r.played.includes('missed') || !r.tactic) return [];
    const t = r.tactic;
    const tag = (name: string): string | null => r.tags[name] ?? null;
    return [
      {
        hash: exampleHash(r.fen, 'played.missed')!,
        fen: r.fen,
        ply: r.ply,
        tactic: t,
        played: { move: r.move!, uci: r.uci! },
        site: tag('Site'),
        white: tag('White'),
        black: tag('Black'),
        date: tag('Date'),
      },
    ];
  });
}

/** The costliest six, one per FEN, by the definition. */
function costliest(all: Miss[]): Miss[] {
  const cost = (m: Miss): number[] => (m.tactic.mate !== undefined ? [0, m.tactic.mate] : [1, -m.tactic.gain!]);
  const text = (m: Miss): string =>
    JSON.stringify([m.fen, m.tactic.uci, m.played.uci, m.tactic.themes, m.site, m.ply, m.white, m.black, m.date]);
  const sorted = [...all].sort((a, b) => {
    const [x, y] = [
      [...cost(a), a.hash],
      [...cost(b), b.hash],
    ];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] - y[i];
    return text(a) < text(b) ? -1 : text(a) > text(b) ? 1 : 0;
  });
  return sorted.filter((m, i) => sorted.findIndex((o) => o.fen === m.fen) === i).slice(0, 6);
}

/** A --player run writing its statistics and its records with the tags the misses keep. */
async function run(name: string, extra: string[]): Promise<{ stats: Stats; misses: Miss[] }> {
  const stats = join(dir, `${name}.json`);
  const out = join(dir, `${name}.jsonl`);
  const r = await runCli([INPUT, ...PLAYER, ...QUIET, '--tags', 'White,Black,Site,Date', '-o', out, '--stats', stats, ...extra]);
  expect(r.code, r.stderr).toBe(0);
  return { stats: read(stats), misses: candidates(readFileSync(out, 'utf8')) };
}

describe("a player's costliest misses", () => {
  let all: { stats: Stats; misses: Miss[] };

  beforeAll(async () => {
    all = await run('all', ['-j', '2']);
  });

  it('are the costliest six of the records, one per FEN: the mates, the shorter first', () => {
    expect(all.misses.length).toBeGreaterThan(20);
    const want = costliest(all.misses);
    expect(all.stats.player.misses).toEqual(want);
    expect(want.every((m) => m.tactic.mate !== undefined)).toBe(true);
    expect(new Set(want.map((m) => m.tactic.mate)).size).toBeGreaterThan(1);
  });

  it('with no mate among them, the larger gains first, ties by the hash', async () => {
    const gains = await run('gains', ['--where', 'tactic[gain>=2]', '-j', '1']);
    const want = costliest(gains.misses);
    expect(gains.stats.player.misses).toEqual(want);
    expect(want.every((m) => m.tactic.gain !== undefined)).toBe(true);
    expect(new Set(want.map((m) => m.tactic.gain)).size).toBeGreaterThan(1);
  });

  it('of two shards merged equal one run, and one thread writes what two do', async () => {
    const one = join(dir, 'one.json');
    const args = [INPUT, ...PLAYER, ...QUIET, '-f', 'none'];
    expect((await runCli([...args, '-j', '1', '--stats', one])).code).toBe(0);
    expect(withoutRun(read(one))).toBe(withoutRun(all.stats));
    const shards = [1, 2].map((i) => join(dir, `shard${i}.json`));
    for (const [i, path] of shards.entries()) expect((await runCli([...args, '--shard', `${i + 1}/2`, '--stats', path])).code).toBe(0);
    // each shard keeps misses the other has not: the merge chooses among them
    expect(shards.map((p) => JSON.stringify(read(p).player.misses))).not.toContain(JSON.stringify(all.stats.player.misses));
    const m = await runCli(['merge-stats', ...shards.reverse(), '-q']);
    expect(m.code, m.stderr).toBe(0);
    expect(withoutRun(JSON.parse(m.stdout) as Stats)).toBe(withoutRun(all.stats));
  });

  it('of a file written before misses were kept: none claimed, and a merge with other files says so', async () => {
    const { misses: _m, ...player } = all.stats.player;
    const old = join(dir, 'old.json');
    // without its run: a file of which nothing is known merges with a shard of the same games (a warning)
    writeFileSync(old, JSON.stringify({ ...all.stats, player, run: undefined }));
    const alone = await runCli(['merge-stats', old, '-q']);
    expect(alone.code, alone.stderr).toBe(0);
    expect((JSON.parse(alone.stdout) as Stats).player).not.toHaveProperty('misses');
    const mixed = await runCli(['merge-stats', old, join(dir, 'shard1.json'), '-q']);
    expect(mixed.code, mixed.stderr).toBe(0);
    expect(mixed.stderr).toContain(`${old}: no player's misses (written before they were kept)`);
    expect((JSON.parse(mixed.stdout) as Stats).player.misses).toEqual(read(join(dir, 'shard1.json')).player.misses);
  });

  it('that a merge would not keep are refused by merge-stats', async () => {
    const good = all.stats;
    const [a, b, ...rest] = good.player.misses;
    const cases: [string, Miss[], string][] = [
      ['order', [b, a, ...rest], 'is not after the miss before it'],
      ['hash', [{ ...a, hash: a.hash + 1 }, b, ...rest], 'not the hash of its board and key'],
      ['seven', [...good.player.misses, { ...a, fen: a.fen.replace(/ \d+$/, ' 99'), tactic: { ...a.tactic, mate: 9 } }], 'has 7 misses'],
      ['twice', [a, { ...a, ply: a.ply + 1 }, b], 'has the FEN of a miss before it'],
      ['gain', [{ ...a, tactic: { ...a.tactic, gain: 5 } }, b], 'has not one of a gain and a mate'],
      ['uci', [{ ...a, played: { ...a.played, uci: 'e2' } }, b], 'played.uci is "e2", not a move (UCI)'],
    ];
    for (const [name, misses, message] of cases) {
      const path = join(dir, `bad-${name}.json`);
      writeFileSync(path, JSON.stringify({ ...good, player: { ...good.player, misses } }));
      const r = await runCli(['merge-stats', path, '-q']);
      expect(r.code, name).toBe(2);
      expect(r.stderr, name).toContain(message);
    }
  });
});
