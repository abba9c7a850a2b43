import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { decompress } from 'fzstd';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CorruptInputError,
  InputError,
  detectCompression,
  detectKind,
  findSystemZstd,
  readInput,
  readPositions,
  readStream,
  resolveZstdMode,
  totalBytes,
  type PositionLine,
  type ReadOptions,
} from '../../src/pipeline/source.js';
import { Xxh64, zstdJs } from '../../src/pipeline/zstd.js';
import { corpusPath } from '../helpers/corpus.js';

const tmp = mkdtempSync(join(tmpdir(), 'pgn-xray-source-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const PLAIN = corpusPath('games/mliebelt-32games.pgn');
const SMALL_ZST = corpusPath('games/lichess-DrNykterstein-DrDrunkenstein-extra.pgn.zst'); // 0.5 MB -> 3.6 MB
const BIG_ZST = corpusPath('games/lichess-jishanshaikh4.pgn.zst'); // 11 MB -> 93 MB
const HAS_ZSTD = findSystemZstd() !== null;
const MODES: ('js' | 'system')[] = HAS_ZSTD ? ['js', 'system'] : ['js'];

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

async function failure(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected a failure');
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
    const polgar = readFileSync(corpusPath('games/pgnmentor-style-PolgarJ.pgn.zst'));
    const want = Buffer.from(decompress(polgar));
    expect(want.includes(0xe4)).toBe(true); // "Wälbers" in Latin-1
    const { bytes } = await readAll(corpusPath('games/pgnmentor-style-PolgarJ.pgn.zst'), { zstd: 'js' });
    expect(bytes.equals(want)).toBe(true);
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

  it.each(MODES)('reads .zst (%s) as fzstd one-shot does; progress ends at the file size', async (mode) => {
    const raw = readFileSync(SMALL_ZST);
    const want = Buffer.from(decompress(raw));
    const { bytes, progress } = await readAll(SMALL_ZST, { zstd: mode, chunkSize: 65536 });
    expect(bytes.length).toBe(want.length);
    expect(bytes.equals(want)).toBe(true);
    expect(progress.at(-1)).toBe(statSync(SMALL_ZST).size);
  });

  it.each(MODES)('reads several frames, skippable and empty ones too (%s)', async (mode) => {
    const zst = readFileSync(SMALL_ZST);
    const want = Buffer.from(decompress(zst));
    const skippable = Buffer.from([0x5e, 0x2a, 0x4d, 0x18, 4, 0, 0, 0, 1, 2, 3, 4]);
    // single segment, 1-byte content size 0, one last raw block of size 0, no checksum
    const empty = Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x20, 0x00, 0x01, 0x00, 0x00]);
    const all = Buffer.concat([skippable, zst, empty, zst, empty]);
    for (const chunkSize of [1 << 18, 1000]) {
      const p = tmpFile(`multi-${mode}-${chunkSize}.pgn.zst`, all);
      const { bytes, progress } = await readAll(p, { zstd: mode, chunkSize });
      expect(bytes.equals(Buffer.concat([want, want]))).toBe(true);
      expect(progress.at(-1)).toBe(all.length);
      if (mode === 'system') break;
    }
  });

  it('js: follows frames over chunks of any size and checks each checksum', async () => {
    // hand-made frames: one raw block and one RLE block, each with a content size and a checksum
    const frame = (content: Uint8Array, rle: boolean, badSum = false): Buffer => {
      const h = new Xxh64();
      h.update(content);
      const sum = (h.digestLow32() ^ (badSum ? 1 : 0)) >>> 0;
      const n = content.length;
      const bh = (n << 3) | (rle ? 2 : 0) | 1;
      const body = rle ? [content[0]] : [...content];
      return Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x24, n, bh & 0xff, (bh >> 8) & 0xff, bh >> 16, ...body,
        sum & 0xff, (sum >> 8) & 0xff, (sum >> 16) & 0xff, sum >>> 24]);
    };
    const a = new TextEncoder().encode('[Event "a"]\n\n1. e4 e5 *\n');
    const b = new Uint8Array(200).fill(0x20);
    const stream = Buffer.concat([frame(a, false), Buffer.from([0x50, 0x2a, 0x4d, 0x18, 0, 0, 0, 0]), frame(b, true), frame(a, false)]);
    const bytesOf = async (data: Buffer, size: number): Promise<Buffer> => {
      const pieces = (async function* () {
        for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
      })();
      return collect(zstdJs(pieces, 'frames.zst', { bytes: 0 }, 1));
    };
    const want = Buffer.concat([a, b, a]);
    for (const size of [1, 2, 3, 5, 64]) expect((await bytesOf(stream, size)).equals(want)).toBe(true);
    const bad = Buffer.concat([frame(a, false), frame(b, true, true)]);
    const e = await failure(bytesOf(bad, 1));
    expect(e).toBeInstanceOf(CorruptInputError);
    expect(e.message).toMatch(/checksum mismatch/);
    expect(e.message).toContain(`in the frame at byte ${frame(a, false).length}`);
    expect((await failure(bytesOf(stream.subarray(0, stream.length - 2), 3))).message).toMatch(/inside the frame at byte/);
  });

  it('XXH64 (the zstd frame checksum) matches known digests', () => {
    const hex = (s: string | Uint8Array, pieces = 1): string => {
      const h = new Xxh64();
      const b = typeof s === 'string' ? Buffer.from(s) : s;
      const step = Math.ceil(b.length / pieces) || 1;
      for (let i = 0; i < b.length; i += step) h.update(b.subarray(i, i + step));
      return h.digest().map((x) => x.toString(16).padStart(8, '0')).join('');
    };
    expect(hex('')).toBe('ef46db3751d8e999');
    expect(hex('a')).toBe('d24ec4f1a98c6e5b');
    expect(hex('abc')).toBe('44bc2cf5ad770999');
    expect(hex('Nobody inspects the spammish repetition')).toBe('fbcea83c8a378bf1');
    const long = new Uint8Array(1000).map((_, i) => (i * 31) & 0xff);
    expect(hex(long, 7)).toBe(hex(long));
  });

  it('uses fzstd under auto when there is no zstd binary', async () => {
    const saved = process.env.PGN_XRAY_ZSTD;
    process.env.PGN_XRAY_ZSTD = '';
    try {
      expect(findSystemZstd(true)).toBe(null);
      expect(resolveZstdMode('auto')).toBe('js');
      const want = Buffer.from(decompress(readFileSync(SMALL_ZST)));
      expect((await readAll(SMALL_ZST)).bytes.equals(want)).toBe(true);
      const e = await failure(readAll(SMALL_ZST, { zstd: 'system' }));
      expect(e.message).toContain(SMALL_ZST);
    } finally {
      if (saved === undefined) delete process.env.PGN_XRAY_ZSTD;
      else process.env.PGN_XRAY_ZSTD = saved;
      findSystemZstd(true);
    }
  });

  it('a zstd binary that cannot be started is an error naming the file, not a hang', async () => {
    const saved = process.env.PGN_XRAY_ZSTD;
    process.env.PGN_XRAY_ZSTD = join(tmp, 'no-such-zstd');
    try {
      findSystemZstd(true);
      const e = await failure(readAll(SMALL_ZST, { zstd: 'system' }));
      expect(e.message).toContain(SMALL_ZST);
      expect(e.message).toContain('ENOENT');
    } finally {
      if (saved === undefined) delete process.env.PGN_XRAY_ZSTD;
      else process.env.PGN_XRAY_ZSTD = saved;
      findSystemZstd(true);
    }
  });

  it('finds compression by magic bytes when the name is wrong', async () => {
    const text = readFileSync(PLAIN);
    expect((await readAll(tmpFile('gz-named-plain.pgn', gzipSync(text)))).bytes.equals(text)).toBe(true);
    const zst = readFileSync(SMALL_ZST);
    const want = Buffer.from(decompress(zst));
    for (const mode of MODES) {
      expect((await readAll(tmpFile('zst-named-gz.pgn.gz', zst), { zstd: mode })).bytes.equals(want)).toBe(true);
    }
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

describe('readInput: errors', () => {
  it('a missing file names the path and the OS reason', async () => {
    const p = join(tmp, 'missing.pgn');
    const e = await failure(readAll(p));
    expect(e).toBeInstanceOf(InputError);
    expect(e.message).toContain(p);
    expect(e.message).toMatch(/no such file or directory/);
    expect((e as InputError).code).toBe('ENOENT');
  });

  it('a directory is an error naming it', async () => {
    const e = await failure(readAll(tmp));
    expect(e).toBeInstanceOf(InputError);
    expect(e.message).toContain(tmp);
  });

  it('truncated and corrupt .gz: an error naming the file and the offset reached', async () => {
    const gz = gzipSync(readFileSync(PLAIN));
    const cut = tmpFile('cut.pgn.gz', gz.subarray(0, gz.length >> 1));
    let e = await failure(readAll(cut));
    expect(e).toBeInstanceOf(CorruptInputError);
    expect(e.message).toContain(cut);
    expect((e as CorruptInputError).offset).toBe(gz.length >> 1);
    expect(e.message).toContain(`after ${gz.length >> 1} compressed bytes`);

    const bad = Buffer.from(gz);
    for (let i = 100; i < 200; i++) bad[i] ^= 0x55;
    const badPath = tmpFile('bad.pgn.gz', bad);
    e = await failure(readAll(badPath));
    expect(e).toBeInstanceOf(CorruptInputError);
    expect(e.message).toContain(badPath);
  });

  it.each(MODES)('truncated and corrupt .zst (%s): an error naming the file and the offset reached', async (mode) => {
    const zst = readFileSync(SMALL_ZST);
    const cut = tmpFile(`cut-${mode}.pgn.zst`, zst.subarray(0, 200_000));
    let e = await failure(readAll(cut, { zstd: mode }));
    expect(e).toBeInstanceOf(CorruptInputError);
    expect(e.message).toContain(cut);
    expect((e as CorruptInputError).offset).toBe(200_000);

    const bad = Buffer.from(zst);
    for (let i = 5000; i < 5400; i++) bad[i] ^= 0xa5;
    const badPath = tmpFile(`bad-${mode}.pgn.zst`, bad);
    // bytes changed inside a block: fzstd alone decodes them silently; the frame checksum catches it
    e = await failure(readAll(badPath, { zstd: mode }));
    expect(e).toBeInstanceOf(CorruptInputError);
    expect(e.message).toContain(badPath);

    // a broken frame header right at the start
    const head = Buffer.from(zst.subarray(0, 64));
    head.fill(0xff, 4, 12);
    e = await failure(readAll(tmpFile(`head-${mode}.pgn.zst`, head), { zstd: mode }));
    expect(e.message).toContain(`head-${mode}.pgn.zst`);
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

describe('readInput: backpressure', () => {
  it.each(MODES)('%s: a consumer that stops after a few chunks reads a bounded part of a big .zst', async (mode) => {
    const size = statSync(BIG_ZST).size;
    let read = 0;
    let chunks = 0;
    let out = 0;
    for await (const c of readInput(BIG_ZST, { zstd: mode, onBytes: (n) => (read = n) })) {
      out += c.length;
      if (++chunks === 3) {
        // give the reader, the pipes and the zstd process time to run ahead as far as they can
        await new Promise((r) => setTimeout(r, 300));
        break;
      }
    }
    expect(out).toBeGreaterThan(0);
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThan(2 << 20);
    expect(read).toBeLessThan(size / 5);
  });

  it('a plain file is read only as it is consumed', async () => {
    let read = 0;
    let chunks = 0;
    for await (const _ of readInput(PLAIN, { chunkSize: 1024, onBytes: (n) => (read = n) })) {
      if (++chunks === 3) break;
    }
    expect(read).toBe(3 * 1024);
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
    const done = collect(readStream(s, { zstd: 'js' }));
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

  it('a stream error surfaces as an error naming the input', async () => {
    const s = new PassThrough();
    const done = collect(readStream(s, {}, 'feed.pgn'));
    s.write('[Event "x"]\n');
    setTimeout(() => s.destroy(Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' })), 10);
    const e = await failure(done);
    expect(e).toBeInstanceOf(InputError);
    expect(e.message).toContain('feed.pgn');
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
    for await (const p of readPositions((async function* () { yield* chunks; })())) out.push(p);
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
