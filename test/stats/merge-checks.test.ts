// merge-stats checks what it adds up. Counts: a value that is not a whole number from 0 to 2^53 − 1 (a
// string, a negative, a fraction, 1e308, a list where a count goes), a key the format does not have, a sum
// past 2^53 − 1 and an unknown version are refused with exit 2, naming the file and the key's path, and
// leave the output as it was. What was read: the same file twice, a copy of it, a merge holding a run
// given again, the same input analysed twice (under another path), the same shard twice, shards of
// different counts are refused; shards missing are a warning; a merge of merges equals one run.
// Each run's `run` records its inputs' identities (size, a SHA-256 of the first and last 64 KiB, checked
// here by a hash computed apart) and shard, and a merged file lists the runs it adds up.
import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { decompress } from 'fzstd';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

/** A statistics file as JSON: any key, read and changed freely by the tests. */
// biome-ignore lint/suspicious/noExplicitAny: the tests read and change any key of the file, typed or not
type Json = Record<string, any>;

const dir = tempDir('merge-checks');
const INPUT = join(dir, 'games.pgn');
const COPY = join(dir, 'same-games.pgn');
const SMALL = join(dir, 'small.pgn');
const N = 8;

const read = (path: string): Json => JSON.parse(readFileSync(path, 'utf8')) as Json;
const write = (name: string, json: unknown): string => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(json));
  return path;
};
const withoutRun = ({ run: _run, ...counts }: Json): Json => counts;

/** `pgn-xray ARGS -f none -q -j 1 --stats NAME`; returns the statistics file's path. */
async function stats(name: string, args: string[], stdin?: Uint8Array): Promise<string> {
  const out = join(dir, name);
  const r = await runCli([...args, '-f', 'none', '-q', '-j', '1', '--stats', out], { stdin });
  expect(r.code, r.stderr).toBe(0);
  return out;
}

async function merge(files: string[], name = 'merged.json'): Promise<{ code: number | null; stderr: string; out: string }> {
  const out = join(dir, name);
  const r = await runCli(['merge-stats', ...files, '-o', out, '-q']);
  return { code: r.code, stderr: r.stderr, out };
}

/** The first `games` games of the bundled sample. */
function sampleGames(games: number): Buffer {
  const text = Buffer.from(decompress(readFileSync(resolve(ROOT, 'fixtures/sample/lichess-2016-05-3000.pgn.zst'))));
  let at = 0;
  for (let g = 0; g < games; g++) at = text.indexOf('\n\n[', at + 1); // a tag section's start: the next game
  expect(at).toBeGreaterThan(0);
  return text.subarray(0, at + 2);
}

/** SHA-256 of bytes [0, 64 KiB) and [max(64 KiB, size − 64 KiB), size), written apart from src/cli/input-identity.ts. */
function fingerprint(bytes: Buffer): string {
  const k = 65536;
  return createHash('sha256')
    .update(bytes.subarray(0, Math.min(k, bytes.length)))
    .update(bytes.subarray(Math.max(k, bytes.length - k)))
    .digest('hex');
}

let whole: string;
let shards: string[];

beforeAll(async () => {
  writeFileSync(INPUT, sampleGames(1000));
  copyFileSync(INPUT, COPY);
  writeFileSync(SMALL, sampleGames(40));
  whole = await stats('whole.json', [INPUT]);
  shards = [];
  for (let i = 1; i <= N; i++) shards.push(await stats(`shard${i}.json`, [INPUT, '--shard', `${i}/${N}`]));
});

describe('the run record of a statistics file', () => {
  it('names each input with its size, fingerprint and shard, and the run with an id', async () => {
    const bytes = readFileSync(INPUT);
    expect(bytes.length).toBeGreaterThan(3 * 65536);
    expect(read(whole).games).toBeGreaterThan(900);
    const run = read(whole).run;
    expect(run.id).toMatch(/^[0-9a-f]{32}$/);
    expect(run.inputs).toEqual([{ path: INPUT, size: bytes.length, fingerprint: fingerprint(bytes), shard: '1/1' }]);
    expect(read(shards[2]).run.inputs).toEqual([{ path: INPUT, size: bytes.length, fingerprint: fingerprint(bytes), shard: `3/${N}` }]);
    expect(read(shards[2]).run.id).not.toBe(run.id);
    const small = readFileSync(SMALL);
    expect(small.length).toBeLessThan(2 * 65536); // hashed whole
    const two = read(await stats('two.json', [SMALL, '-'], small));
    expect(two.run.inputs).toEqual([
      { path: SMALL, size: small.length, fingerprint: createHash('sha256').update(small).digest('hex'), shard: '1/1' },
      { path: '-', size: null, fingerprint: null, shard: '1/1' },
    ]);
  });
});

describe('merge-stats over shards', () => {
  it('all shards add up to one run, and the merged run lists them', async () => {
    const m = await merge(shards, 'all.json');
    expect([m.code, m.stderr]).toEqual([0, '']);
    const merged = read(m.out);
    expect(withoutRun(merged)).toEqual(withoutRun(read(whole)));
    expect(merged.run.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(merged.run.merged.map((r: Json) => r.id)).toEqual(shards.map((s) => read(s).run.id));
    expect(merged.run.merged.map((r: Json) => r.inputs[0].shard)).toEqual(shards.map((_, i) => `${i + 1}/${N}`));
  });

  it('shards missing are a warning naming them; merging the rest in later gives the whole, warning-free', async () => {
    const seven = await merge(
      shards.filter((_, i) => i !== 4),
      'seven.json',
    );
    expect(seven.code).toBe(0);
    expect(seven.stderr).toBe(
      `pgn-xray: ${INPUT}: 7 of its 8 shards merged (missing 5/8): these statistics do not cover the whole input\n`,
    );
    const six = await merge(shards.slice(0, 6), 'six.json');
    expect(six.stderr).toContain('6 of its 8 shards merged (missing 7/8, 8/8)');
    const all = await merge([seven.out, shards[4]], 'seven-and-one.json');
    expect([all.code, all.stderr]).toEqual([0, '']);
    expect(withoutRun(read(all.out))).toEqual(withoutRun(read(whole)));
    // and once more: a merge of merges still lists every run
    const again = await merge([six.out, await mergedOf([shards[6], shards[7]], 'last-two.json')], 'six-and-two.json');
    expect([again.code, again.stderr]).toEqual([0, '']);
    expect(read(again.out).run.merged.length).toBe(N);
    expect(withoutRun(read(again.out))).toEqual(withoutRun(read(whole)));
  });

  async function mergedOf(files: string[], name: string): Promise<string> {
    const m = await merge(files, name);
    expect(m.code, m.stderr).toBe(0);
    return m.out;
  }

  it.each([
    [
      'the same shard twice, through a merge',
      async () => [await mergedOf(shards.slice(0, 4), 'first-four.json'), shards[3]],
      'both hold run',
    ],
    ['the shards and the whole', async () => [...shards, whole], 'the same input twice'],
    ['a whole run and one shard', async () => [whole, shards[0]], "the shard's games would count twice"],
    [
      'shards of different counts',
      async () => [shards[0], await stats('half2.json', [INPUT, '--shard', '2/2'])],
      'different --shard counts',
    ],
  ])('refuses %s (exit 2), writing nothing', async (_what, files, said) => {
    const out = join(dir, 'refused.json');
    writeFileSync(out, 'untouched');
    const r = await runCli(['merge-stats', ...(await files()), '-o', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(said);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(out, 'utf8')).toBe('untouched');
  });
});

describe('merge-stats refuses an input counted twice', () => {
  it('the same file given twice, under one path or two', async () => {
    let r = await merge([whole, whole]);
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining(`${whole} is given twice`)]);
    r = await merge([whole, `${dir}/./whole.json`]);
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining('are the same file')]);
  });

  it('a copy of the file (the same run)', async () => {
    const copy = join(dir, 'whole-copy.json');
    copyFileSync(whole, copy);
    const r = await merge([whole, copy]);
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining(`${whole} and ${copy} both hold run ${read(whole).run.id}`)]);
  });

  it('the same games analysed twice, from another path', async () => {
    const again = await stats('copy.json', [COPY]);
    const r = await merge([whole, again]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`the same input twice: ${INPUT} (whole) in ${whole} and ${COPY} (whole) in ${again}`);
  });

  it('stdin is known by its run: two runs of it merge, the same run twice does not', async () => {
    const games = readFileSync(SMALL);
    const a = await stats('stdin-a.json', ['-'], games);
    const b = await stats('stdin-b.json', ['-'], games);
    expect((await merge([a, b])).code).toBe(0);
    copyFileSync(a, join(dir, 'stdin-a-copy.json'));
    expect((await merge([a, join(dir, 'stdin-a-copy.json')])).code).toBe(2);
  });

  it('a file of a pgn-xray that did not record its inputs merges, with a warning', async () => {
    const old = read(whole);
    old.run = { version: '0.1.0', inputs: [INPUT], seconds: 1 };
    const path = write('old-run.json', old);
    const none = write('no-run.json', withoutRun(read(shards[0])));
    const r = await merge([path, none]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`${path}: a run written before pgn-xray recorded what a run read: not checked for games counted twice`);
    expect(r.stderr).toContain(`${none}: a run written before`);
    expect(read(r.out).run.merged).toEqual([
      { id: null, version: '0.1.0', inputs: [{ path: INPUT, size: null, fingerprint: null, shard: null }] },
      { id: null, version: null, inputs: [] },
    ]);
  });
});

describe('merge-stats refuses what is not a count', () => {
  /** A copy of the whole run's statistics with one value replaced (the path as keys), written to a file. */
  function mutated(name: string, keys: (string | number)[], value: unknown): string {
    const json = read(whole);
    let at = json;
    for (const k of keys.slice(0, -1)) at = at[k];
    at[keys[keys.length - 1]] = value;
    return write(name, json);
  }

  it.each([
    [['games'], '12', 'games is "12", not a count'],
    [['games'], '0<script>alert(1)</script>', 'games is "0<script>alert(1)</script>", not a count'],
    [['positions'], -1, 'positions is -1, not a count'],
    [['rejected'], 0.5, 'rejected is 0.5, not a count'],
    [['taggedPositions'], 1e308, 'taggedPositions is 1e+308, not a count'],
    [['gameMotifPositions'], 2 ** 53, 'gameMotifPositions is 9007199254740992, not a count'],
    [['motifs', 'pin.absolute'], null, 'motifs["pin.absolute"] is null, not a count'],
    [['by', 'speed', 'bullet', 'motifs', 'xray'], [3], 'by.speed.bullet.motifs.xray is a list, not a count'],
    [['by', 'phase', 'opening', 'games'], true, 'by.phase.opening.games is true, not a count'],
    [['byPly', '0-9', 'positions'], 'NaN', 'byPly["0-9"].positions is "NaN", not a count'],
    [['frontSquares', 'xray', 'w', 12], -5, 'frontSquares.xray.w[12] is -5, not a count'],
    [['outcome', 'battery', 'win'], {}, 'outcome.battery.win is an object, not a count'],
    [['perGame'], 7, 'perGame is 7, not an object'],
    [['motifPositionsPerGame'], 'x', 'motifPositionsPerGame is "x", not a mean'],
    [['by', 'speed', 'blitzkrieg'], {}, 'by.speed has an unknown key "blitzkrieg" (expected one of'],
    [
      ['by', 'openings'],
      {},
      'by has an unknown key "openings" (expected one of speed, ratingBand, phase, eco, result, or a --group-by field)',
    ],
    [['by', 'Site'], { x: { games: -1 } }, 'by.Site.x.games is -1, not a count'],
    [['player'], { white: 1.5 }, 'player.white is 1.5, not a count'],
    [['motifs', 'pin.absolut'], 3, 'motifs has an unknown key "pin.absolut"'],
    [['extra'], 1, 'the file has an unknown key "extra"'],
    [['frontSquares', 'xray', 'w'], Array(65).fill(0), 'frontSquares.xray.w has 65 entries, not at most 64'],
    [['frontSquares', 'xray', 'b'], 3, 'frontSquares.xray.b is 3, not a list of counts'],
    [['run', 'inputs', 0, 'size'], '300', 'run.inputs[0].size is "300", not a size in bytes or null'],
    [['run', 'inputs', 0, 'shard'], '9/8', 'run.inputs[0].shard is "9/8", not a shard I/N'],
    [['run', 'id'], 'x', 'run.id is "x", not a run id'],
    [['version'], '2', 'has statistics of version "2"'],
    [['version'], null, 'has statistics of version null'],
  ] as const)('%j = %j', async (keys, value, said) => {
    const file = mutated(`bad-${keys.join('-')}.json`, [...keys], value);
    const out = join(dir, 'refused.json');
    writeFileSync(out, 'untouched');
    const r = await runCli(['merge-stats', shards[0], file, '-o', out, '--report', join(dir, 'refused.html')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`pgn-xray: ${file}`);
    expect(r.stderr).toContain(said);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(out, 'utf8')).toBe('untouched');
  });

  it('a sum past 2^53 − 1', async () => {
    const big = (name: string, src: string, games: number): string => write(name, { ...read(src), games });
    const r = await merge([big('big1.json', shards[0], 2 ** 53 - 1), big('big2.json', shards[1], 1)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('the sum of these files: games is 9007199254740992, not a count');
  });
});
