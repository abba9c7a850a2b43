// The differential check of the game splitter: the fast one (src/pgn/splitter.ts) against the
// byte-at-a-time state machine it replaced, frozen in test/helpers/reference-splitter.ts. Both must give the
// same games (index, offset, bytes, too-large rejection, termination) for any chunking, copying or giving
// views. splitterOnFiles registers the runs over whole files and over mutations of their excerpts:
// test/pgn/splitter-diff.test.ts on the repository's files, splitter-diff.corpus.test.ts on the shared corpus.
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GameSplitter, type RawGame, type SplitterOptions } from '../../src/pgn/splitter.js';
import { readFileBytes } from './corpus.js';
import { mulberry32 } from './random.js';
import { ReferenceSplitter } from './reference-splitter.js';

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
    out.push({
      index: g.index,
      offset: g.offset,
      bytes,
      tooLarge: g.tooLarge === true,
      terminated: g.terminated === true,
      binary: JSON.stringify(g.binary ?? null),
    });
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
    const same =
      a.index === b.index &&
      a.offset === b.offset &&
      a.tooLarge === b.tooLarge &&
      a.terminated === b.terminated &&
      a.binary === b.binary &&
      Buffer.from(a.bytes).equals(b.bytes);
    if (!same)
      return {
        k,
        want: { ...a, bytes: Buffer.from(a.bytes).toString('latin1') },
        got: { ...b, bytes: Buffer.from(b.bytes).toString('latin1') },
      };
  }
  return null;
}

/** Chunks of random sizes, many tiny (seams everywhere) and some up to 128 KiB. */
export function randomChunks(bytes: Uint8Array, next: () => number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; ) {
    const r = next();
    const size = r % 4 === 0 ? 1 + ((r >>> 8) % 16) : 1 + ((r >>> 8) % (1 << (8 + ((r >>> 4) % 10))));
    out.push(bytes.subarray(i, i + size));
    i += size;
  }
  return out;
}

/** Compares the fast splitter, copying and giving views by turns, over each chunking with the reference. */
export function check(bytes: Uint8Array, opts: SplitterOptions, chunkings: Uint8Array[][], label: string): number {
  const want = games(new ReferenceSplitter(opts), [bytes]);
  chunkings.forEach((chunks, k) => {
    const views = k % 2 === 1;
    const diff = difference(want, games(new GameSplitter({ ...opts, views }), chunks, views));
    if (diff !== null) expect({ label, chunks: chunks.length, views, ...diff }).toBeNull();
  });
  return want.length;
}

// What breaks a splitter: the bytes of its state machine, and the lines that start games.
const TOKENS = [
  '{',
  '}',
  '[',
  ']',
  '"',
  '\\',
  ';',
  '%',
  '(',
  ')',
  '*',
  '-',
  '1-0',
  '0-1',
  '1/2-1/2',
  '\n',
  '\r',
  '\r\n',
  '\n\n',
  ' ',
  '\t',
  '\n[Event "x"]\n',
  '[Site "y"]',
  '\uFEFF',
  '\n%',
  '\n[',
  '{ [%clk 0:01:00] }',
  '1.',
  '1...',
  'e4',
  'O-O',
  '$1',
  '\x00',
  '\xff',
  '\x01',
  '\x7f',
  '\x00\x00\x00\x00',
  '\x1f\n[Site "z"]',
];
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

/**
 * Registers the splitter's differential runs over these files (paths under `root`, .zst decompressed):
 * each whole and in random chunks (more than `minGames` games in all), and 600 mutated excerpts of them.
 */
export function splitterOnFiles(label: string, root: string, files: readonly string[], minGames: number): void {
  describe(`the fast splitter gives what the reference state machine gives on ${label}`, () => {
    it(`on every file of ${label} (${files.length}), whole and in random chunks`, () => {
      const next = mulberry32(7);
      let total = 0;
      for (const path of files) {
        const bytes = readFileBytes(path);
        const small = bytes.length < 1 << 20;
        const chunkings = [[bytes], randomChunks(bytes, next)];
        total += check(bytes, {}, chunkings, relative(root, path));
        // the size limit on the small files: games rejected, kept bytes restarted at a repeated tag name
        if (small)
          check(bytes, { maxGameBytes: 600 }, [randomChunks(bytes, next), randomChunks(bytes, next)], `${relative(root, path)} max 600`);
      }
      expect(total).toBeGreaterThan(minGames);
    }, 120_000);

    it(`on random mutations and truncations of excerpts of ${label}`, () => {
      const next = mulberry32(2025);
      const sources = files.filter((p) => /\.pgn(\.zst)?$/.test(p)).map(readFileBytes);
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
  });
}
