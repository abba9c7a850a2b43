// --shard I/N (docs/design.md §13): from every byte a range can start at — inside a tag section, inside a
// comment quoting tag pairs, on a game start, in the movetext — the sync point is a game start of a run
// from the beginning; the N ranges partition the file; the shards' records together are one run's.
import { writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shardRange, syncPoint } from '../../src/input/shard.js';
import { runCli } from '../helpers/cli.js';
import { corpusPath, readCorpusBytes, splitGames } from '../helpers/corpus.js';
import { random01 } from '../helpers/random.js';
import { tempDir } from '../helpers/temp.js';

const tmp = tempDir('shard');
const PGN = [
  '[Event "a"]\n[Site "s1"]\n\n1. e4 e5 2. Nf3 { a note\n[Event "x"]\n[Site "quoted"]\n\n1. d4 1-0 } Nc6 3. Bb5 a6 1-0\n',
  '[Event "b"]\n[Site "s2"]\n[White "w"]\n\n1. d4 d5 2. c4 (2. Nf3 Nf6) e6 1/2-1/2\n',
  '[Site "no-event"]\n\n1. c4 e5 *\n',
  '[Event "d"]\n\n1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 0-1\n',
  '[Event "e"]\n[Result "1-0"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n',
].join('\n');
const path = join(tmp, 'small.pgn');
writeFileSync(path, PGN);
const bytes = new TextEncoder().encode(PGN);
const starts = new Set(splitGames(bytes).map((g) => g.offset));

describe('--shard', () => {
  it('from every byte of the file, the sync point is a game start of a run from the beginning (or the end)', async () => {
    const fh = await open(path, 'r');
    for (let x = 0; x <= bytes.length; x++) {
      const s = await syncPoint(fh, x, bytes.length);
      expect(s === bytes.length || starts.has(s), `x = ${x}: ${JSON.stringify(PGN.slice(x, x + 20))} gives ${s}`).toBe(true);
      expect(s).toBeGreaterThanOrEqual(x);
    }
    await fh.close();
  });

  it('on real files (CRLF OTB games, lichess clocks), from 1,500 random bytes each, the sync point is a true game start', async () => {
    for (const file of ['games/pgnmentor-style-Fischer.pgn', 'games/lichess-db-2017-05-no-event-tag-clocks.pgn']) {
      const real = readCorpusBytes(file);
      const trueStarts = new Set(splitGames(real).map((g) => g.offset));
      const fh = await open(corpusPath(file), 'r');
      const rnd = random01(5);
      for (let k = 0; k < 1500; k++) {
        const x = Math.floor(rnd() * real.length);
        const s = await syncPoint(fh, x, real.length);
        expect(s === real.length || trueStarts.has(s), `${file} x = ${x}`).toBe(true);
      }
      await fh.close();
    }
  });

  it('for every shard count up to more shards than games, the ranges partition the file at game starts', async () => {
    const fh = await open(path, 'r');
    for (let n = 1; n <= 60; n++) {
      let at = 0;
      for (let i = 1; i <= n; i++) {
        const [start, end] = await shardRange(fh, bytes.length, { index: i, count: n });
        expect(start, `${i}/${n}`).toBe(at);
        expect(end).toBeGreaterThanOrEqual(start);
        expect(end === bytes.length || starts.has(end)).toBe(true);
        at = end;
      }
      expect(at).toBe(bytes.length);
    }
    await fh.close();
  });

  it("the shards' records are one run's records, whatever N, and nothing is doubled", async () => {
    const strip = (text: string): string[] =>
      text
        .trim()
        .split('\n')
        .map((l) => l.replace(/^\{"game":\d+,("offset":\d+,)?/, ''))
        .sort();
    const full = await runCli([path, '--all-positions', '-q']);
    for (const n of [2, 3, 7, 12]) {
      let text = '';
      for (let i = 1; i <= n; i++) text += (await runCli([path, '--all-positions', '-q', '--shard', `${i}/${n}`])).stdout;
      expect(strip(text), `N = ${n}`).toEqual(strip(full.stdout));
    }
  });

  it("every record of a shard carries its game's byte offset: (input, offset, ply) is the key", async () => {
    const r = await runCli([path, '--all-positions', '-q', '--shard', '2/3']);
    const records = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { offset: number; ply: number });
    expect(records.length).toBeGreaterThan(0);
    for (const rec of records) expect(starts.has(rec.offset)).toBe(true);
    expect(Object.keys(records[0]).slice(0, 3)).toEqual(['game', 'offset', 'ply']);
  });

  it('refuses stdin and compressed input, and a bad I/N, with exit 2', async () => {
    expect((await runCli(['-', '--shard', '1/2'])).code).toBe(2);
    const gz = join(tmp, 'x.pgn.zst');
    writeFileSync(gz, new Uint8Array([0x28, 0xb5, 0x2f, 0xfd, 0, 0, 0, 0]));
    const r = await runCli([gz, '--shard', '1/2']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--shard needs a seekable uncompressed file');
    for (const bad of ['0/2', '3/2', 'x', '1/0']) expect((await runCli([path, '--shard', bad])).code).toBe(2);
  });

  it('an input it cannot open is reported as one it cannot read, as without --shard, never an internal error', async () => {
    const missing = join(tmp, 'missing.pgn');
    const whole = await runCli([missing, '-q']);
    const r = await runCli([missing, '-q', '--shard', '1/2']);
    expect(r.stderr).not.toContain('internal error');
    expect(r.stderr).toContain(`cannot read ${missing}: no such file or directory`);
    expect(r.code).toBe(whole.code);
  });
});
