// Differential test of the game splitter: the fast one (src/pgn/splitter.ts) against the byte-at-a-time
// state machine it replaced, frozen in test/helpers/reference-splitter.ts. Both must give the same games —
// index, offset, bytes, too-large rejection, termination — on every corpus file (whole, and in random
// chunks for the fast one), and on random mutations and truncations of corpus excerpts, with the default
// and with small --max-game-bytes limits.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { decompress } from 'fzstd';
import { describe, expect, it } from 'vitest';
import { GameSplitter, type RawGame, type SplitterOptions } from '../../src/pgn/splitter.js';
import { corpusDir } from '../helpers/corpus.js';
import { mulberry32 } from '../helpers/random.js';
import { ReferenceSplitter } from '../helpers/reference-splitter.js';

interface Seen {
  index: number;
  offset: number;
  bytes: Uint8Array;
  tooLarge: boolean;
  terminated: boolean;
  binary: string;
}

interface Pushable {
  push(chunk: Uint8Array, onGame: (g: RawGame) => void): void;
  end(onGame: (g: RawGame) => void): void;
}

/** The games of the chunks; `views`: the bytes are valid only during the call, so copied. */
function games(splitter: Pushable, chunks: Uint8Array[], views = false): Seen[] {
  const out: Seen[] = [];
  const take = (g: RawGame): void => {
    const bytes = views ? g.bytes.slice() : g.bytes;
    out.push({ index: g.index, offset: g.offset, bytes, tooLarge: g.tooLarge === true, terminated: g.terminated === true, binary: JSON.stringify(g.binary ?? null) });
  };
  for (const c of chunks) splitter.push(c, take);
  splitter.end(take);
  return out;
}

/** The first difference between two splits, or null. */
function difference(want: Seen[], got: Seen[]): object | null {
  const n = Math.max(want.length, got.length);
  for (let k = 0; k < n; k++) {
    const a = want[k];
    const b = got[k];
    if (a === undefined || b === undefined) return { k, want: a?.offset, got: b?.offset, wantGames: want.length, gotGames: got.length };
    const same = a.index === b.index && a.offset === b.offset && a.tooLarge === b.tooLarge && a.terminated === b.terminated && a.binary === b.binary && Buffer.from(a.bytes).equals(b.bytes);
    if (!same) return { k, want: { ...a, bytes: Buffer.from(a.bytes).toString('latin1') }, got: { ...b, bytes: Buffer.from(b.bytes).toString('latin1') } };
  }
  return null;
}

/** Chunks of random sizes, many tiny (seams everywhere) and some up to 128 KiB. */
function randomChunks(bytes: Uint8Array, next: () => number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; ) {
    const r = next();
    const size = r % 4 === 0 ? 1 + (r >>> 8) % 16 : 1 + (r >>> 8) % (1 << (8 + (r >>> 4) % 10));
    out.push(bytes.subarray(i, i + size));
    i += size;
  }
  return out;
}

/** Compares the fast splitter, copying and giving views by turns, over each chunking with the reference. */
function check(bytes: Uint8Array, opts: SplitterOptions, chunkings: Uint8Array[][], label: string): number {
  const want = games(new ReferenceSplitter(opts), [bytes]);
  chunkings.forEach((chunks, k) => {
    const views = k % 2 === 1;
    const diff = difference(want, games(new GameSplitter({ ...opts, views }), chunks, views));
    if (diff !== null) expect({ label, chunks: chunks.length, views, ...diff }).toBeNull();
  });
  return want.length;
}

function corpusFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? corpusFiles(path) : [path];
    });
}

const CORPUS = corpusDir();
const FILES = corpusFiles(CORPUS);

function read(path: string): Uint8Array {
  const raw = readFileSync(path);
  return path.endsWith('.zst') ? decompress(raw) : new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength);
}

describe('the fast splitter gives what the reference state machine gives', () => {
  it(`on every corpus file (${FILES.length}), whole and in random chunks`, () => {
    const next = mulberry32(7);
    let total = 0;
    for (const path of FILES) {
      const bytes = read(path);
      const small = bytes.length < 1 << 20;
      const chunkings = [[bytes], randomChunks(bytes, next)];
      total += check(bytes, {}, chunkings, relative(CORPUS, path));
      // the size limit on the small files: games rejected, kept bytes restarted at a repeated tag name
      if (small) check(bytes, { maxGameBytes: 600 }, [randomChunks(bytes, next), randomChunks(bytes, next)], `${relative(CORPUS, path)} max 600`);
    }
    expect(total).toBeGreaterThan(150_000);
  }, 120_000);

  // What breaks a splitter: the bytes of its state machine, and the lines that start games.
  const TOKENS = ['{', '}', '[', ']', '"', '\\', ';', '%', '(', ')', '*', '-', '1-0', '0-1', '1/2-1/2', '\n', '\r', '\r\n', '\n\n', ' ', '\t',
    '\n[Event "x"]\n', '[Site "y"]', '\uFEFF', '\n%', '\n[', '{ [%clk 0:01:00] }', '1.', '1...', 'e4', 'O-O', '$1', '\x00', '\xff',
    '\x01', '\x7f', '\x00\x00\x00\x00', '\x1f\n[Site "z"]'];
  const utf8 = new TextEncoder();
  const tokenBytes = TOKENS.map((t) => (t === '\xff' ? new Uint8Array([0xff]) : utf8.encode(t)));

  function mutate(src: Uint8Array, next: () => number): Uint8Array {
    let b = src;
    for (let edits = 1 + (next() % 12); edits > 0; edits--) {
      const at = next() % (b.length + 1);
      const kind = next() % 4;
      if (kind === 0 || kind === 1) {
        const t = tokenBytes[next() % tokenBytes.length];
        b = Buffer.concat([b.subarray(0, at), t, b.subarray(at)]);
      } else if (kind === 2) {
        b = Buffer.concat([b.subarray(0, at), b.subarray(Math.min(b.length, at + 1 + (next() % 200)))]);
      } else {
        const from = next() % (b.length + 1);
        b = Buffer.concat([b.subarray(0, at), b.subarray(from, from + (next() % 3000)), b.subarray(at)]);
      }
    }
    return b.subarray(0, b.length - (next() % 2 === 0 ? next() % Math.min(b.length + 1, 500) : 0)); // truncated half the time
  }

  it('on random mutations and truncations of corpus excerpts', () => {
    const next = mulberry32(2025);
    const sources = FILES.filter((p) => /\.pgn(\.zst)?$/.test(p)).map(read);
    let inputs = 0;
    for (let round = 0; round < 600; round++) {
      const src = sources[next() % sources.length];
      const from = next() % src.length;
      const excerpt = src.subarray(from, from + 200 + (next() % 40_000));
      const bytes = mutate(excerpt, next);
      const opts = [{}, { maxGameBytes: 300 }, { maxGameBytes: 3000 }][round % 3];
      check(bytes, opts, [[bytes], randomChunks(bytes, next), randomChunks(bytes, next)], `round ${round}`);
      inputs++;
    }
    expect(inputs).toBe(600);
  }, 60_000);

  // Dense streams of the constructs themselves: escaped quotes, tags glued on a line, tag names
  // repeated after a blank line (tag-only games), results touching other symbols.
  const PIECES = ['[Event "x"]', '[Site "y"]', '[Event "a\\"b"]', '[Site "q\\"] [Event "r"]', '[A "\\\\"]', '[ Site', '[', ']', '"', '\\', '{', '}',
    '(', ')', ';', '%', '1-0', '0-1', '1/2-1/2', '*', ' ', '\n', '\n', '\n\n', '\r\n', '\r', '\uFEFF', 'e4', '12.', '1...', '-', '1', '0', '/', '2',
    '\x00', '\x02', '\x7f', '\t'];

  it('on random streams of its constructs', () => {
    const next = mulberry32(99);
    for (let round = 0; round < 3000; round++) {
      let text = '';
      for (let k = next() % 200; k > 0; k--) text += PIECES[next() % PIECES.length];
      const bytes = utf8.encode(text);
      const opts = [{}, { maxGameBytes: 40 }][round % 2];
      check(bytes, opts, [[bytes], randomChunks(bytes, next)], text);
    }
  }, 60_000);
});
