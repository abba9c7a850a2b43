import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { constants, gunzipSync, gzipSync } from 'node:zlib';
import { Decompress, decompress } from 'fzstd';
import { compress } from 'zstd-napi';
import { describe, expect, it } from 'vitest';
import { XrayError } from '../../src/errors.js';
import { detectCompression, detectKind, readInput, readStream, totalBytes, type ReadOptions } from '../../src/input/source.js';
import { readPositions, type PositionLine } from '../../src/input/epd-lines.js';
import { firstBinaryByte, SNIFF_BYTES, unreadableText } from '../../src/input/text.js';
import { BLOCKS_AHEAD, giveBack, INPUTS_AHEAD } from '../../src/input/zstd.js';
import { corpusPath, fixtureGameFiles, readCorpusBytes } from '../helpers/corpus.js';
import { expectEachReadsWhole } from '../helpers/read-whole.js';
import { random01 } from '../helpers/random.js';
import { tempDir } from '../helpers/temp.js';

const tmp = tempDir('source');

const PLAIN = corpusPath('games/mliebelt-32games.pgn');
const SMALL_ZST = corpusPath('excerpts/lichess-DrNykterstein-DrDrunkenstein-first-400.pgn.zst'); // 0.2 MB -> 1.6 MB

function tmpFile(name: string, bytes: Uint8Array | string): string {
  const p = join(tmp, name);
  writeFileSync(p, bytes);
  return p;
}

async function collect(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const c of chunks) parts.push(c);
  return Buffer.concat(parts);
}

/** Reads the whole input and returns its bytes and every onBytes value seen. */
async function readAll(path: string, opts: ReadOptions = {}): Promise<{ bytes: Buffer; progress: number[] }> {
  const progress: number[] = [];
  const bytes = await collect(readInput(path, { ...opts, onBytes: (n) => progress.push(n) }));
  return { bytes, progress };
}

/**
 * Reads until the input fails: the bytes yielded before the failure, and the failure. A slow reader
 * (as the run is, while its batches are in flight) lets the decoder run ahead, as far as it can.
 */
async function readUntilFailure(path: string, opts: ReadOptions = {}, slow = false): Promise<{ bytes: Buffer; error: XrayError }> {
  const parts: Uint8Array[] = [];
  try {
    for await (const c of readInput(path, opts)) {
      parts.push(c);
      if (slow) await new Promise((r) => setTimeout(r, 1));
    }
  } catch (e) {
    expect(e).toBeInstanceOf(XrayError);
    return { bytes: Buffer.concat(parts), error: e as XrayError };
  }
  throw new Error(`expected ${path} to fail`);
}

async function failure(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected a failure');
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function hasTool(name: string): boolean {
  return (process.env.PATH ?? '').split(':').some((d) => d !== '' && existsSync(join(d, name)));
}

/** What a command prints on stdout before it fails (it is expected to fail on a cut file). */
function stdoutOf(cmd: string, args: string[]): Buffer {
  try {
    return execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 1 << 28 });
  } catch (e) {
    return (e as { stdout: Buffer }).stdout;
  }
}

describe('readInput: plain, gzip, zstd', () => {
  it('reads a plain file byte for byte, in chunks, with progress up to the file size', async () => {
    const want = readFileSync(PLAIN);
    const { bytes, progress } = await readAll(PLAIN, { chunkSize: 4096 });
    expect(bytes.equals(want)).toBe(true);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toBe(want.length);
    for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThan(progress[i - 1]);
  });

  it('passes Latin-1 / CP437 bytes through untouched', async () => {
    const plain = corpusPath('excerpts/pgnmentor-style-not-utf8.pgn');
    const want = readFileSync(plain);
    expect(want.includes(0xe4)).toBe(true); // "Wälbers" in Latin-1
    expect(want.includes(0x82)).toBe(true); // "André" in CP437
    for (const file of [plain, tmpFile('not-utf8.pgn.zst', compress(want))])
      expect((await readAll(file)).bytes.equals(want), file).toBe(true);
  });

  it('reads .gz, also with several concatenated members; progress counts compressed bytes', async () => {
    const text = readFileSync(PLAIN);
    const gz = gzipSync(text);
    const p = tmpFile('g.pgn.gz', gz);
    const { bytes, progress } = await readAll(p, { chunkSize: 1000 });
    expect(bytes.equals(text)).toBe(true);
    expect(progress.at(-1)).toBe(gz.length);

    const half = text.length >> 1;
    const two = Buffer.concat([gzipSync(text.subarray(0, half)), gzipSync(text.subarray(half))]);
    expect((await readAll(tmpFile('two.pgn.gz', two))).bytes.equals(text)).toBe(true);
  });

  it('reads .zst as fzstd one-shot does (an independent decoder); progress ends at the file size', async () => {
    const raw = readFileSync(SMALL_ZST);
    const want = Buffer.from(decompress(raw));
    for (const chunkSize of [65536, 1000]) {
      const { bytes, progress } = await readAll(SMALL_ZST, { chunkSize });
      expect(bytes.length).toBe(want.length);
      expect(bytes.equals(want)).toBe(true);
      expect(progress.at(-1)).toBe(statSync(SMALL_ZST).size);
    }
  });

  it('reads several frames, skippable and empty ones too', async () => {
    const zst = readFileSync(SMALL_ZST);
    const want = Buffer.from(decompress(zst));
    const skippable = Buffer.from([0x5e, 0x2a, 0x4d, 0x18, 4, 0, 0, 0, 1, 2, 3, 4]);
    // single segment, 1-byte content size 0, one last raw block of size 0, no checksum
    const empty = Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x20, 0x00, 0x01, 0x00, 0x00]);
    const all = Buffer.concat([skippable, zst, empty, zst, empty]);
    for (const chunkSize of [1 << 18, 1000]) {
      const p = tmpFile(`multi-${chunkSize}.pgn.zst`, all);
      const { bytes, progress } = await readAll(p, { chunkSize });
      expect(bytes.equals(Buffer.concat([want, want]))).toBe(true);
      expect(progress.at(-1)).toBe(all.length);
    }
  });

  it('a consumer that gives each decoded block back (giveBack) reads the same bytes; other bytes are left alone', async () => {
    const want = Buffer.from(decompress(readFileSync(SMALL_ZST))); // 1.6 MB: blocks decoded into memory given back
    const parts: Buffer[] = [];
    let detached = 0;
    for await (const chunk of readInput(SMALL_ZST)) {
      parts.push(Buffer.from(chunk)); // a copy, as the splitter makes
      giveBack(chunk);
      if (chunk.byteLength === 0) detached++; // its memory went back to the decoder thread
    }
    expect(Buffer.concat(parts).equals(want)).toBe(true);
    expect(detached).toBe(parts.length);
    const plain = Buffer.from('[Event "x"]\n');
    giveBack(plain);
    expect(plain.toString()).toBe('[Event "x"]\n');
  });

  it('finds compression by magic bytes when the name is wrong', async () => {
    const text = readFileSync(PLAIN);
    expect((await readAll(tmpFile('gz-named-plain.pgn', gzipSync(text)))).bytes.equals(text)).toBe(true);
    const zst = readFileSync(SMALL_ZST);
    const want = Buffer.from(decompress(zst));
    expect((await readAll(tmpFile('zst-named-gz.pgn.gz', zst))).bytes.equals(want)).toBe(true);
    // a text file named .zst is read as text
    expect((await readAll(tmpFile('plain-named.pgn.zst', text))).bytes.equals(text)).toBe(true);
    // an empty file is empty, whatever its name
    expect((await readAll(tmpFile('empty.pgn.gz', ''))).bytes.length).toBe(0);
  });

  it('detectCompression: magic first, then the name for bytes that are not text', () => {
    expect(detectCompression('x.pgn', Uint8Array.of(0x1f, 0x8b, 8, 0))).toBe('gzip');
    expect(detectCompression('x.pgn', Uint8Array.of(0x28, 0xb5, 0x2f, 0xfd))).toBe('zstd');
    expect(detectCompression('x.pgn', Uint8Array.of(0x50, 0x2a, 0x4d, 0x18))).toBe('zstd'); // skippable frame
    expect(detectCompression('x.pgn.gz', new TextEncoder().encode('[Event "x"]'))).toBe('none');
    expect(detectCompression('x.pgn.gz', Uint8Array.of(0, 1, 2, 3))).toBe('gzip');
    expect(detectCompression('x.PGN.ZST')).toBe('zstd');
    expect(detectCompression('x.pgn')).toBe('none');
  });
});

describe('readInput: files that cannot be read', () => {
  it('a missing file: input-io naming the path and the OS reason', async () => {
    const p = join(tmp, 'missing.pgn');
    const e = await failure(readAll(p));
    expect(e).toBeInstanceOf(XrayError);
    expect((e as XrayError).kind).toBe('input-io');
    expect((e as XrayError).path).toBe(p);
    expect(e.message).toBe(`cannot read ${p}: no such file or directory (ENOENT)`);
  });

  it('a directory: input-io naming it', async () => {
    const e = await failure(readAll(tmp));
    expect(e).toBeInstanceOf(XrayError);
    expect((e as XrayError).kind).toBe('input-io');
    expect(e.message).toContain(tmp);
    expect(e.message).toContain('EISDIR');
  });

  it('an aborted signal stops reading', async () => {
    const ac = new AbortController();
    let n = 0;
    const e = await failure(
      (async () => {
        for await (const _ of readInput(PLAIN, { signal: ac.signal, chunkSize: 1024 })) {
          if (++n === 2) ac.abort();
        }
      })(),
    );
    expect(e.name).toBe('AbortError');
    expect(n).toBe(2);
  });
});

describe('readInput: cut compressed input yields every byte decoded before the cut, then input-corrupt', () => {
  // a corpus file of 1,500-odd games (600 KB), compressed here
  const TEXT = readFileSync(corpusPath('games/lichess-db-2017-05-no-event-tag-clocks.pgn'));
  const cuts = (len: number): number[] => [10, ...Array.from({ length: 10 }, (_, k) => Math.floor((len * (k + 1)) / 11)), len - 1];

  /** Checks one cut file: a prefix of the text, at least `least` bytes, the same for any chunk size or pace, then the error. */
  async function checkCut(path: string, format: string, cut: number, least: number, exact?: Buffer): Promise<void> {
    const runs = [await readUntilFailure(path, { chunkSize: 1 << 18 }, true), await readUntilFailure(path, { chunkSize: 4096 })];
    for (const { bytes, error } of runs) {
      expect(bytes.equals(TEXT.subarray(0, bytes.length)), `${path}: a prefix of the text`).toBe(true);
      expect(bytes.length, `${path}: every byte the decoder can give`).toBeGreaterThanOrEqual(least);
      if (exact !== undefined) expect(bytes.length).toBe(exact.length);
      expect(bytes.equals(runs[0].bytes), `${path}: whatever the chunk size`).toBe(true);
      expect(error.kind).toBe('input-corrupt');
      expect(error.path).toBe(path);
      expect(error.message).toMatch(new RegExp(`^${escapeRe(path)}: truncated or corrupt ${format} data at byte ${cut} \\(.+\\)$`));
    }
  }

  it('.gz cut at 12 points: all that zlib can inflate from the cut file (and gzip -dc prints), then the error', async () => {
    const gz = gzipSync(TEXT);
    const gzipTool = hasTool('gzip');
    for (const cut of cuts(gz.length)) {
      const p = tmpFile(`cut-${cut}.pgn.gz`, gz.subarray(0, cut));
      // oracles: zlib's one-shot inflate of what a cut stream holds, and gzip(1)
      const oracle = gunzipSync(gz.subarray(0, cut), { finishFlush: constants.Z_SYNC_FLUSH });
      const least = gzipTool ? Math.max(oracle.length, stdoutOf('gzip', ['-dc', p]).length) : oracle.length;
      await checkCut(p, 'gzip', cut, least, oracle);
    }
  });

  it('.zst cut at 12 points: every block fzstd and zstd -dc decode from the cut file, then the error', async () => {
    const zst = readFileSync(corpusPath('games/lichess-db-2016-05-no-event-tag.pgn.zst'));
    // (the test's text is another file: decode this one as the reference)
    const text = Buffer.from(decompress(zst));
    const zstdTool = hasTool('zstd');
    for (const cut of cuts(zst.length)) {
      const p = tmpFile(`cut-${cut}.pgn.zst`, zst.subarray(0, cut));
      const oracle: Uint8Array[] = [];
      try {
        new Decompress((b) => oracle.push(b)).push(zst.subarray(0, cut));
      } catch {
        // fzstd gives what it decoded before it ran out
      }
      let least = oracle.reduce((n, b) => n + b.length, 0);
      if (zstdTool) least = Math.max(least, stdoutOf('zstd', ['-dcq', p]).length);
      const { bytes, error } = await readUntilFailure(p, {}, true);
      expect(bytes.equals(text.subarray(0, bytes.length))).toBe(true);
      expect(bytes.length).toBeGreaterThanOrEqual(least);
      expect(error.kind).toBe('input-corrupt');
      expect(error.message).toMatch(new RegExp(`^${escapeRe(p)}: truncated or corrupt zstd data at byte ${cut} \\(.+\\)$`));
    }
  });

  it('.zst of many frames cut at 12 points: every frame before the cut, for any chunk size', async () => {
    // 16 KiB frames (zstd-napi's one-shot compress, with checksums): a frame wholly before the cut is all there
    const { compress } = await import('zstd-napi');
    const frames: Buffer[] = [];
    const ends: { compressed: number; raw: number }[] = [];
    let c = 0;
    for (let i = 0; i < TEXT.length; i += 16384) {
      const f = compress(TEXT.subarray(i, i + 16384));
      frames.push(f);
      c += f.length;
      ends.push({ compressed: c, raw: Math.min(i + 16384, TEXT.length) });
    }
    const zst = Buffer.concat(frames);
    for (const cut of cuts(zst.length)) {
      const whole = ends.filter((e) => e.compressed <= cut).at(-1)?.raw ?? 0;
      await checkCut(tmpFile(`frames-${cut}.pgn.zst`, zst.subarray(0, cut)), 'zstd', cut, whole);
    }
  });
});

describe('readInput: corrupt compressed input is detected', () => {
  /** 60 copies, each with one byte changed at a random place past the header: none may read through. */
  async function damagedCopies(name: string, data: Buffer, from: number, format: string): Promise<void> {
    const rnd = random01(0x5eed);
    for (let k = 0; k < 60; k++) {
      const bad = Buffer.from(data);
      const at = from + Math.floor(rnd() * (bad.length - from));
      bad[at] ^= 1 + Math.floor(rnd() * 255);
      const p = tmpFile(`${name}-${k}`, bad);
      const { error } = await readUntilFailure(p);
      expect(error.kind, `byte ${at} changed`).toBe('input-corrupt');
      expect(error.message).toContain(`${p}: truncated or corrupt ${format} data at byte `);
    }
  }

  it('.zst: 60 copies with a changed byte (libzstd checks each frame checksum)', async () => {
    // fzstd alone decodes such changes silently: the frame checksum is what catches them
    await damagedCopies('bad.pgn.zst', readFileSync(corpusPath('games/pgnmentor-style-Fischer.pgn.zst')), 16, 'zstd');
  });

  it('.gz: 60 copies with a changed byte past the 10-byte header (mtime and OS there are not checked)', async () => {
    await damagedCopies('bad.pgn.gz', gzipSync(readFileSync(PLAIN)), 10, 'gzip');
  });

  it('a broken zstd frame header, bytes after the last frame, and a gzip member cut in its trailer', async () => {
    const zst = readFileSync(SMALL_ZST);
    const head = Buffer.from(zst.subarray(0, 64));
    head.fill(0xff, 4, 12);
    let r = await readUntilFailure(tmpFile('head.pgn.zst', head));
    expect(r.error.message).toMatch(/head\.pgn\.zst: truncated or corrupt zstd data at byte 64 \(/);
    expect(r.bytes.length).toBe(0);

    r = await readUntilFailure(tmpFile('tail.pgn.zst', Buffer.concat([zst, Buffer.from('trailing junk')])));
    expect(r.bytes.equals(Buffer.from(decompress(zst)))).toBe(true);
    expect(r.error.kind).toBe('input-corrupt');

    // everything inflated, but the CRC and size are missing: the data is whole, the file is not
    const gz = gzipSync(readFileSync(PLAIN));
    r = await readUntilFailure(tmpFile('trailer.pgn.gz', gz.subarray(0, gz.length - 3)));
    expect(r.bytes.equals(readFileSync(PLAIN))).toBe(true);
    expect(r.error.message).toContain(`at byte ${gz.length - 3} (unexpected end of file)`);
  });
});

describe('readInput: binary bytes are passed on (the splitter rejects them); a wide encoding is refused', () => {
  async function refused(path: string): Promise<string> {
    const { bytes, error } = await readUntilFailure(path);
    expect(bytes.length).toBe(0);
    expect(error.kind).toBe('input-corrupt');
    expect(error.path).toBe(path);
    return error.message;
  }

  it('/bin/ls, random bytes, a gzip of /bin/ls, a zstd of random bytes: every byte, decompressed, no error', async () => {
    const ls = readFileSync('/bin/ls');
    const rnd = random01(7);
    const noise = Buffer.from(Array.from({ length: 20000 }, () => Math.floor(rnd() * 256)));
    const { compress } = await import('zstd-napi');
    for (const [path, want] of [
      ['/bin/ls', ls],
      [tmpFile('noise.pgn', noise), noise],
      [tmpFile('ls.pgn.gz', gzipSync(ls)), ls],
      [tmpFile('noise.pgn.zst', compress(noise)), noise],
    ] as const) {
      expect((await collect(readInput(path))).equals(want), path).toBe(true);
    }
  });

  it('UTF-16 and UTF-32, with or without a byte-order mark, are named as such', async () => {
    const pgn = '[Event "x"]\n[Site "y"]\n\n1. e4 e5 *\n';
    const be16 = Buffer.from(pgn, 'utf16le').swap16();
    for (const [name, bytes] of [
      ['le-bom', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(pgn, 'utf16le')])],
      ['be-bom', Buffer.concat([Buffer.from([0xfe, 0xff]), be16])],
      ['le', Buffer.from(pgn, 'utf16le')],
      ['be', be16],
    ] as const) {
      expect(await refused(tmpFile(`u16-${name}.pgn`, bytes))).toMatch(/: not PGN text \(UTF-16 text; convert it to UTF-8\)$/);
    }
    const le32 = Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), Buffer.from([...pgn].flatMap((ch) => [ch.charCodeAt(0), 0, 0, 0]))]);
    expect(await refused(tmpFile('u32.pgn', le32))).toMatch(/UTF-32 text; convert it to UTF-8/);
  });

  it('text with a UTF-8 BOM, Latin-1, tabs, form feeds, CR line ends and a DOS end-of-file mark is text', () => {
    const first = (s: number[] | string): number => firstBinaryByte(typeof s === 'string' ? Buffer.from(s, 'latin1') : Uint8Array.from(s));
    const text = '\u00ef\u00bb\u00bf[Event "W\u00e4lbers"]\r\n\t\f1. e4 *\r\n\u001a';
    expect(first(text)).toBe(-1);
    expect(unreadableText(Buffer.from(text, 'latin1'))).toBe(null);
    expect(first([0x5b, 0x80, 0x9f, 0xff, 0x0b, 0x1b, 0x5d])).toBe(-1);
    expect(first('')).toBe(-1);
    expect(first([0x5b, 0x45, 0x00])).toBe(2);
    expect(first([0x5b, 0x45, 0x7f])).toBe(2);
  });

  it('binary, to tell a compressed file from text: a NUL, or binary bytes past 1 in 32', () => {
    const games = readFileSync(PLAIN, 'latin1');
    const junk = (n: number): string => '\u0001\u0002\u0003\u0004'.repeat(n / 4);
    const at = games.indexOf('[Event', 100);
    const withJunk = (n: number): Uint8Array => Buffer.from(games.slice(0, at) + junk(n) + '\n\n' + games.slice(at), 'latin1');
    expect(firstBinaryByte(withJunk(8))).toBe(-1);
    expect(firstBinaryByte(withJunk(4096 / 32 + 4))).toBe(at);
    expect(firstBinaryByte(Buffer.from(games.slice(0, at) + '\u0000' + games.slice(at), 'latin1'))).toBe(at);
  });

  it('every game file of the repository (Latin-1, CP437, BOM, CR-only too) reads whole, as fzstd or the file gives it', async () => {
    const files = fixtureGameFiles();
    expect(files.length).toBeGreaterThan(25);
    await expectEachReadsWhole(files); // the shared corpus's files: source.corpus.test.ts
  });
});

describe('readInput: backpressure', () => {
  it('a consumer that stops after a few chunks reads a bounded part of a big .zst or .gz', async () => {
    // the text of some of the repository's games five times over: 32 MB
    const files = [
      'games/lichess-db-2016-05-no-event-tag.pgn.zst',
      'excerpts/lichess-DrNykterstein-DrDrunkenstein-first-400.pgn.zst',
      'excerpts/lichess-jishanshaikh4-chess960.pgn.zst',
      'games/pgnmentor-style-Fischer.pgn',
    ];
    const text = Buffer.concat(Array.from({ length: 5 }, () => files.map((f) => readCorpusBytes(f))).flat());
    const BIG_ZST = tmpFile('big.pgn.zst', compress(text));
    const big = tmpFile('big.pgn.gz', gzipSync(text, { level: 1 }));
    expect(text.length / statSync(BIG_ZST).size).toBeGreaterThan(4); // the reads the bound below counts hold enough text
    for (const file of [BIG_ZST, big]) {
      let read = 0;
      let chunks = 0;
      let out = 0;
      for await (const c of readInput(file, { onBytes: (n) => (read = n) })) {
        out += c.length;
        if (++chunks === 3) {
          // give the reader time to run ahead as far as it can
          await new Promise((r) => setTimeout(r, 100));
          break;
        }
      }
      expect(out).toBeGreaterThan(0);
      // gzip: one 256 KiB read holds the start (and the 4 KiB text check) of the output. zstd: the decoder
      // thread hands over blocks of up to 1 MiB, BLOCKS_AHEAD of them ahead, and holds INPUTS_AHEAD chunks
      // waiting: 3 + BLOCKS_AHEAD MiB of text are fewer than 3 + 2 × BLOCKS_AHEAD reads of this file (its
      // text is more than 4 times its size), then the chunks waiting
      if (file === BIG_ZST) expect(read).toBeLessThanOrEqual((3 + 2 * BLOCKS_AHEAD + INPUTS_AHEAD) << 18);
      else expect(read, file).toBe(1 << 18);
      expect(read).toBeLessThan(statSync(file).size / 2);
    }
  });

  it('a plain file is read only as it is consumed', async () => {
    let read = 0;
    let chunks = 0;
    for await (const _ of readInput(PLAIN, { chunkSize: 1024, onBytes: (n) => (read = n) })) {
      if (++chunks === 3) break;
    }
    // (the text check looks at the first SNIFF_BYTES before giving any)
    expect(read).toBe(Math.max(3 * 1024, SNIFF_BYTES));
  });
});

describe('readStream and stdin', () => {
  it('reads a stream in small pieces, plain or gzip (found by magic)', async () => {
    const text = readFileSync(PLAIN);
    for (const payload of [text, gzipSync(text)]) {
      const s = new PassThrough();
      const progress: number[] = [];
      const done = collect(readStream(s, { onBytes: (n) => progress.push(n) }));
      // a first piece shorter than any magic
      s.write(payload.subarray(0, 1));
      s.write(payload.subarray(1, 3));
      for (let i = 3; i < payload.length; i += 7777) s.write(payload.subarray(i, i + 7777));
      s.end();
      expect((await done).equals(text)).toBe(true);
      expect(progress.at(-1)).toBe(payload.length);
    }
  });

  it('reads zstd from a stream', async () => {
    const zst = readFileSync(SMALL_ZST);
    const s = new PassThrough();
    const done = collect(readStream(s));
    s.end(zst);
    expect((await done).equals(Buffer.from(decompress(zst)))).toBe(true);
  });

  it("'-' reads process.stdin", async () => {
    const text = readFileSync(PLAIN);
    const fake = new PassThrough();
    const desc = Object.getOwnPropertyDescriptor(process, 'stdin')!;
    Object.defineProperty(process, 'stdin', { value: fake, configurable: true });
    try {
      const done = collect(readInput('-'));
      fake.end(gzipSync(text));
      expect((await done).equals(text)).toBe(true);
    } finally {
      Object.defineProperty(process, 'stdin', desc);
    }
  });

  it('a stream error is input-io naming the input and the reason', async () => {
    const s = new PassThrough();
    const done = collect(readStream(s, {}, 'feed.pgn'));
    s.write('[Event "x"]\n');
    setTimeout(() => s.destroy(Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' })), 10);
    const e = await failure(done);
    expect(e).toBeInstanceOf(XrayError);
    expect((e as XrayError).kind).toBe('input-io');
    expect(e.message).toBe('cannot read feed.pgn: i/o error (EIO)');
  });

  it('a stream of binary bytes is passed on; one of UTF-16 text is refused, named as stdin', async () => {
    const ls = readFileSync('/bin/ls');
    const s = new PassThrough();
    const done = collect(readStream(s));
    s.end(ls);
    expect((await done).equals(ls)).toBe(true);
    const u16 = new PassThrough();
    const refused = collect(readStream(u16));
    u16.end(Buffer.from('[Event "x"]\n', 'utf16le'));
    expect((await failure(refused)).message).toBe('stdin: not PGN text (UTF-16 text; convert it to UTF-8)');
  });
});

describe('detectKind and totalBytes', () => {
  const enc = new TextEncoder();
  it('by name, looking through the compression suffix', () => {
    expect(detectKind('a.pgn')).toBe('pgn');
    expect(detectKind('a.pgn.zst')).toBe('pgn');
    expect(detectKind('a.epd')).toBe('epd');
    expect(detectKind('a.FEN')).toBe('epd');
    expect(detectKind('a.epd.gz')).toBe('epd');
    expect(detectKind('a.fen.zst', enc.encode('[Event "x"]'))).toBe('epd');
  });
  it('by content when the name says nothing', () => {
    const fen = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n';
    expect(detectKind('-', enc.encode(fen))).toBe('epd');
    expect(detectKind('-', enc.encode('\uFEFF# positions\r\n\r\n' + fen))).toBe('epd');
    expect(detectKind('x.txt', enc.encode('[Event "x"]\n[Site "y"]\n'))).toBe('pgn');
    expect(detectKind('-', enc.encode('1. e4 e5 *'))).toBe('pgn');
    expect(detectKind('-')).toBe('pgn');
  });
  it('totalBytes sums file sizes; null with stdin', () => {
    expect(totalBytes([PLAIN, SMALL_ZST])).toBe(statSync(PLAIN).size + statSync(SMALL_ZST).size);
    expect(totalBytes([PLAIN, '-'])).toBe(null);
    expect(totalBytes([])).toBe(0);
  });
});

describe('readPositions', () => {
  const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
  const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1';
  const ITALIAN = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -';
  const lines: [string, string][] = [
    // [text, line end]
    ['# a comment line', '\r\n'],
    [AFTER_E4, '\r\n'],
    ['', '\r\n'],
    [`${ITALIAN} bm Bb5; id "ruy; lopez"; hmvc 2; fmvn 3;`, '\r'],
    ['   ', '\n'],
    ['not a fen at all', '\n'],
    ['8/8/8/8/8/8/8/8 w - - 0 1', '\n'],
    ['4k3/8/8/8/8/8/8/4K3 w - -', '\r'],
    [`${START} bm e4; id "clocks then ops";`, '\n'],
    ['4k3/8/8/8/8/8/8/4K3 b - - hmvc x;', '\r\n'],
    ['  #indented comment', '\n'],
    ['4k3/8/8/8/8/8/8/4K3 w', '\n'],
    ['4k3/8/8/8/8/8/8/4K3 w - - 7', ''], // no line end at the end of input
  ];
  const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
  const body = Buffer.from(lines.map(([t, e]) => t + e).join(''), 'latin1');
  const input = Buffer.concat([BOM, body]);
  // expected offsets: the BOM is 3 bytes
  const offsets: number[] = [];
  let at = 3;
  for (const [t, e] of lines) {
    offsets.push(at);
    at += t.length + e.length;
  }
  const expected: PositionLine[] = [
    { line: 2, offset: offsets[1], fen: AFTER_E4 },
    { line: 4, offset: offsets[3], fen: `${ITALIAN} 2 3` },
    { line: 6, offset: offsets[5], error: expect.stringMatching(/piece placement/) as unknown as string, text: 'not a fen at all' },
    { line: 7, offset: offsets[6], error: expect.stringMatching(/0 white kings/) as unknown as string, text: '8/8/8/8/8/8/8/8 w - - 0 1' },
    { line: 8, offset: offsets[7], fen: '4k3/8/8/8/8/8/8/4K3 w - - 0 1' },
    { line: 9, offset: offsets[8], fen: START },
    { line: 10, offset: offsets[9], error: 'bad hmvc operand "x", expected an integer', text: '4k3/8/8/8/8/8/8/4K3 b - - hmvc x;' },
    { line: 12, offset: offsets[11], error: expect.stringMatching(/2 fields/) as unknown as string, text: '4k3/8/8/8/8/8/8/4K3 w' },
    { line: 13, offset: offsets[12], fen: '4k3/8/8/8/8/8/8/4K3 w - - 7 1' },
  ];

  async function positions(chunks: Uint8Array[]): Promise<PositionLine[]> {
    const out: PositionLine[] = [];
    for await (const p of readPositions(
      (async function* () {
        yield* chunks;
      })(),
    ))
      out.push(p);
    return out;
  }

  it('reads FEN and EPD lines with BOM, CRLF, CR-only, comments and bad lines', async () => {
    expect(await positions([input])).toEqual(expected);
  });

  it('gives the same result for any chunking (every line end split across chunks)', async () => {
    const whole = await positions([input]);
    const bytes: Uint8Array[] = [];
    for (let i = 0; i < input.length; i++) bytes.push(input.subarray(i, i + 1));
    expect(await positions(bytes)).toEqual(whole);
    for (const size of [2, 3, 5, 17, 64]) {
      const parts: Uint8Array[] = [];
      for (let i = 0; i < input.length; i += size) parts.push(input.subarray(i, i + size));
      expect(await positions(parts)).toEqual(whole);
    }
  });

  it('reads Latin-1 bytes in operations and reports an over-long line without stopping', async () => {
    const latin = Buffer.concat([Buffer.from(`${ITALIAN} id "W`, 'latin1'), Buffer.from([0xe4]), Buffer.from('lbers";\n')]);
    const long = Buffer.from(`${START} c0 "${'x'.repeat(70_000)}";\n`);
    const out = await positions([latin, long, Buffer.from(`${START}\n`)]);
    expect(out).toHaveLength(3);
    expect(out[0]).toEqual({ line: 1, offset: 0, fen: `${ITALIAN} 0 1` });
    expect(out[1]).toMatchObject({ line: 2, offset: latin.length, error: expect.stringMatching(/longer than/) });
    expect(out[2]).toEqual({ line: 3, offset: latin.length + long.length, fen: START });
  });

  it('reads an .epd.gz file end to end', async () => {
    const p = tmpFile('pos.epd.gz', gzipSync(input));
    expect(detectKind(p)).toBe('epd');
    expect(await positions([await collect(readInput(p))])).toEqual(expected);
  });
});
