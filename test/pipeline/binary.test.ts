// Binary bytes cost only the games they touch: one NUL byte or a block of garbage near the start of a file
// is one rejected stretch, never a rejected file; the games before and after it are read as in the clean
// file. The input is reported once (one line naming it and the first binary byte, exit 1), and no binary
// byte is echoed, on stderr or in --errors.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { decompress } from 'fzstd';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../helpers/cli.js';
import { random01 } from '../helpers/random.js';
import { tempDir } from '../helpers/temp.js';

const SAMPLE = Buffer.from(decompress(readFileSync(resolve(ROOT, 'fixtures/sample/lichess-2016-05-3000.pgn.zst'))));
/** The sample's first 500 games or so, to a game start. */
const FILE = SAMPLE.subarray(0, SAMPLE.lastIndexOf('\n\n[', 1 << 18) + 2);
const dir = tempDir('binary');

interface Run {
  code: number | null;
  stderr: string;
  /** Records by game number, their numbers left out. */
  games: Map<number, string[]>;
  errors: { game: number; offset: number; text: string; reason: string; kind: string }[];
  stats: { games: number; rejected: number };
}

async function run(name: string, bytes: Uint8Array): Promise<Run> {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  const errors = join(dir, `${name}.errors`);
  const stats = join(dir, `${name}.json`);
  const r = await runCli([path, '-q', '--errors', errors, '--stats', stats]);
  const games = new Map<number, string[]>();
  for (const line of r.stdout.split('\n').filter((l) => l !== '')) {
    const game = Number(/^\{"game":(\d+),/.exec(line)![1]);
    games.set(game, [...(games.get(game) ?? []), line.slice(line.indexOf(',') + 1)]);
  }
  const text = readFileSync(errors, 'utf8');
  expect(text, 'no binary byte echoed in --errors').not.toMatch(/\\u00(0|1)|\\u007f/);
  return {
    code: r.code,
    stderr: r.stderr,
    games,
    errors: text
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Run['errors'][0]),
    stats: JSON.parse(readFileSync(stats, 'utf8')) as Run['stats'],
  };
}

/** The records of games from..to of a run, in order, without their numbers. */
function records(r: Run, from: number, to: number): string[][] {
  const out: string[][] = [];
  for (let g = from; g <= to; g++) out.push(r.games.get(g) ?? []);
  return out;
}

/** Byte offsets of the games of FILE (each after a blank line, but the first). */
function gameStarts(): number[] {
  const starts = [0];
  for (let at = FILE.indexOf('\n\n[', 0); at >= 0; at = FILE.indexOf('\n\n[', at + 1)) starts.push(at + 2);
  return starts;
}

function garbage(seed: number, n: number): Buffer {
  const rnd = random01(seed);
  return Buffer.from(Array.from({ length: n }, () => Math.floor(rnd() * 256)));
}

/** Reported once, on one line naming the file and the first binary byte; exit 1; no binary byte on stderr. */
function expectReported(r: Run, name: string, first: number | string): void {
  expect(r.code).toBe(1);
  expect(r.stderr.trim().split('\n')).toEqual([
    expect.stringMatching(new RegExp(`${name}: not PGN text \\(binary data at byte ${first}\\): one stretch of \\d+ bytes rejected$`)),
  ]);
  expect(r.stderr).not.toMatch(/[\x00-\x08\x0e-\x19\x1c-\x1f\x7f]/);
}

describe('binary bytes cost only the games they touch', () => {
  const starts = gameStarts();
  let clean: Run;

  it('the clean file', async () => {
    clean = await run('clean.pgn', FILE);
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.stats).toMatchObject({ games: starts.length, rejected: 0 });
  });

  it('one NUL byte in the first 4 KiB: the game it touches is rejected, every other one read', async () => {
    const at = 2000;
    const k = starts.findIndex((s) => s > at); // the NUL lies in game k (1-based)
    const r = await run('nul.pgn', Buffer.concat([FILE.subarray(0, at), Buffer.from([0]), FILE.subarray(at)]));
    expectReported(r, 'nul.pgn', at);
    expect(r.errors).toEqual([
      {
        game: k,
        offset: starts[k - 1],
        ply: 0,
        text: '',
        reason: expect.stringContaining(`binary data at byte ${at}`),
        kind: 'binary',
        input: join(dir, 'nul.pgn'),
      },
    ]);
    expect(r.stats).toEqual(expect.objectContaining({ games: starts.length - 1, rejected: 1 }));
    expect(records(r, 1, k - 1)).toEqual(records(clean, 1, k - 1));
    expect(r.games.has(k)).toBe(false);
    expect(records(r, k + 1, starts.length)).toEqual(records(clean, k + 1, starts.length));
  });

  it('5 KB of garbage after game 1: one stretch, game 1 and every game after it read', async () => {
    const g2 = starts[1];
    const r = await run('garbage.pgn', Buffer.concat([FILE.subarray(0, g2), garbage(1, 5000), Buffer.from('\n\n'), FILE.subarray(g2)]));
    expectReported(r, 'garbage.pgn', r.errors[0]?.reason.match(/byte (\d+)/)?.[1] ?? 'x');
    expect(r.errors.map((e) => [e.game, e.offset, e.kind, e.text])).toEqual([[2, g2, 'binary', '']]);
    expect(r.stats).toEqual(expect.objectContaining({ games: starts.length, rejected: 1 }));
    // the stretch is game 2: every game after it is numbered one more
    expect(records(r, 1, 1)).toEqual(records(clean, 1, 1));
    expect(records(r, 3, starts.length + 1)).toEqual(records(clean, 2, starts.length));
  });

  it('garbage at the very start of the file, and a garbage line glued before the next tag section', async () => {
    const r = await run('head.pgn', Buffer.concat([garbage(2, 3000), Buffer.from('\n'), FILE]));
    expect(r.errors.map((e) => [e.game, e.offset, e.kind])).toEqual([[1, 0, 'binary']]);
    expect(records(r, 2, starts.length + 1)).toEqual(records(clean, 1, starts.length));
    expectReported(r, 'head.pgn', r.errors[0].reason.match(/byte (\d+)/)![1]);
  });

  it('a 4 KiB block zeroed in the middle (a lost disk block): the games it touches, as one stretch', async () => {
    const from = 100_000;
    const damaged = Buffer.from(FILE);
    damaged.fill(0, from, from + 4096);
    const first = starts.findIndex((s) => s > from); // game `first` (1-based) holds the block's first byte
    const last = starts.findIndex((s) => s > from + 4096); // and game `last` its last
    const r = await run('zeroed.pgn', damaged);
    expectReported(r, 'zeroed.pgn', from);
    expect(r.errors.map((e) => [e.game, e.offset, e.kind])).toEqual([[first, starts[first - 1], 'binary']]);
    expect(records(r, 1, first - 1)).toEqual(records(clean, 1, first - 1));
    // the games wholly inside the block are gone; every game after it is read, and the one it ends in too
    // when the block took only tags of it (its moves whole, after a tag line)
    const after = r.stats.games - (first - 1);
    expect(after - (starts.length - last)).toBeOneOf([0, 1]);
    expect(records(r, first + 1, first + after)).toEqual(records(clean, starts.length - after + 1, starts.length));
    expect(r.stats.rejected).toBe(1);
  });

  it('a NUL inside a tag pair or a comment, a control byte in movetext: the game alone (the next one after a tag section)', async () => {
    const text = [
      '[Event "a"]\n\n1. e4 { ok } e5 *',
      '[Event "b\u0000"]\n[Site "x"]\n\n1. d4 *',
      '[Event "c"]\n\n1. e4 *',
      '[Event "d"]\n\n1. c4 { \u0000 } c5 *',
      '[Event "e"]\n\n1. e4 *',
      '[Event "f"]\n\n1. Nf3 \u0002 d5 *',
      '[Event "g"]\n\n1. b3 *',
    ].join('\n\n');
    const r = await run('inside.pgn', Buffer.from(text, 'latin1'));
    expect(r.code).toBe(1);
    expect(r.errors.map((e) => [e.game, e.kind])).toEqual([
      [2, 'binary'],
      [4, 'binary'],
      [6, 'binary'],
    ]);
    expect(r.stats).toEqual(expect.objectContaining({ games: 4, rejected: 3 }));
    expect(r.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/inside\.pgn: not PGN text \(binary data at byte \d+\): 3 stretches of \d+ bytes rejected$/),
    ]);
  });

  it('an EPD file with binary lines: one stretch for lines in a row, the positions around them read', async () => {
    const fen = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
    const r = await run('lines.epd', Buffer.concat([Buffer.from(`${fen}\n`), garbage(3, 2000), Buffer.from(`\n${fen}\n`)]));
    expect(r.code).toBe(1);
    expect(r.errors.map((e) => [e.game, e.kind, e.text])).toEqual([[2, 'binary', '']]);
    expect(r.stats).toEqual(expect.objectContaining({ games: 2, rejected: 1 }));
  });

  it('a binary file (/bin/ls), on stdin too: one line, nothing echoed, no game', async () => {
    const ls = readFileSync('/bin/ls');
    const r = await runCli(['-', '-q', '-f', 'none'], { stdin: ls });
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^pgn-xray: stdin: not PGN text \(binary data at byte 0\): /)]);
  });
});
