// Zstandard decoding of a compressed byte stream, consumer-paced: two decoders behind one shape,
//   js     - fzstd's streaming `Decompress` (pure JS, always available), plus a frame walker and an
//            XXH64 here, because fzstd does not check the frames' checksums;
//   system - the `zstd` binary on PATH (`zstd -dc`), fed through a pipe so the compressed bytes read
//            are still counted here for progress.
// Both decode only as far as the consumer asks (plus bounded buffers: one input chunk for fzstd; the
// two 64 KiB pipes and zstd's own buffers for the binary), and both fail with an Error naming the
// input and how far it got, never hang.
//
// 'auto' picks the system binary when there is one: on the corpus it decodes 4-5x faster (290-520 vs
// ~70 MB/s) and costs the main thread, which also runs the splitter, ~1.5 instead of ~14 ms of CPU
// per MB (test/tools/zstd-compare.ts); fzstd is the fallback on machines without zstd.
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { Readable } from 'node:stream';
import { Decompress } from 'fzstd';

export type ZstdMode = 'auto' | 'system' | 'js';

/** An error in compressed data: names the input and the compressed/decompressed bytes reached. */
export class CorruptInputError extends Error {
  constructor(
    readonly input: string,
    readonly format: 'gzip' | 'zstd',
    /** Compressed bytes read when the decoder failed (the fault lies at or before this offset). */
    readonly offset: number,
    /** Decompressed bytes produced before the failure. */
    readonly produced: number,
    reason: string,
  ) {
    super(`${input}: corrupt or truncated ${format} data (after ${offset} compressed bytes read, ${produced} bytes decompressed): ${reason}`);
    this.name = 'CorruptInputError';
  }
}

/** How many compressed bytes the source has read so far; updated by the source as it reads. */
export interface ByteCounter {
  bytes: number;
}

let systemZstdPath: string | null | undefined;

/**
 * The `zstd` binary on PATH, or null. Looked up once (again with `refresh`); the environment
 * variable PGN_XRAY_ZSTD overrides the lookup: a path, or '' for "no binary".
 */
export function findSystemZstd(refresh = false): string | null {
  if (systemZstdPath !== undefined && !refresh) return systemZstdPath;
  systemZstdPath = null;
  const override = process.env.PGN_XRAY_ZSTD;
  if (override !== undefined) {
    systemZstdPath = override === '' ? null : override;
    return systemZstdPath;
  }
  const exts = process.platform === 'win32' ? ['.exe', ''] : [''];
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue;
    for (const ext of exts) {
      const p = join(dir, 'zstd' + ext);
      try {
        accessSync(p, constants.X_OK);
        systemZstdPath = p;
        return p;
      } catch {
        // not here
      }
    }
  }
  return null;
}

/** Which decoder a mode resolves to on this machine. */
export function resolveZstdMode(mode: ZstdMode = 'auto'): 'system' | 'js' {
  if (mode === 'auto') return findSystemZstd() !== null ? 'system' : 'js';
  return mode;
}

/** Decodes a zstd stream with the decoder the mode picks. */
export function decodeZstd(
  src: AsyncIterable<Uint8Array>,
  input: string,
  counter: ByteCounter,
  mode: ZstdMode = 'auto',
): AsyncGenerator<Uint8Array> {
  return resolveZstdMode(mode) === 'system' ? zstdSystem(src, input, counter) : zstdJs(src, input, counter);
}

/**
 * fzstd's streaming decoder. fzstd skips the frames' checksums, so a frame walker here follows the
 * compressed stream (frame headers and block headers only, block contents are skipped), cuts the
 * pushes at frame ends and checks each frame's XXH64 checksum and declared content size: corruption
 * that still decodes is caught, as the system zstd catches it.
 */
export async function* zstdJs(
  src: AsyncIterable<Uint8Array>,
  input: string,
  counter: ByteCounter,
  minPush = MIN_PUSH,
): AsyncGenerator<Uint8Array> {
  let out: Uint8Array[] = [];
  let produced = 0;
  const walker = new FrameWalker();
  const hash = new Xxh64();
  let frameProduced = 0;
  const d = new Decompress((data) => {
    if (data.length > 0) out.push(data);
  });
  const fail = (reason: string): CorruptInputError => new CorruptInputError(input, 'zstd', counter.bytes, produced, reason);
  const push = (chunk: Uint8Array, final: boolean): void => {
    try {
      d.push(chunk, final);
    } catch (e) {
      throw fail(zstdReason(e));
    }
    for (const b of out) {
      hash.update(b);
      frameProduced += b.length;
    }
  };
  for await (const chunk of coalesce(src, minPush)) {
    let from = 0;
    for (;;) {
      let cut: number;
      try {
        cut = walker.next(chunk, from);
      } catch (e) {
        throw fail((e as Error).message);
      }
      const frameEnd = cut >= 0;
      const to = frameEnd ? cut : chunk.length;
      // a frame's last piece goes in as final: fzstd then emits all of it and starts clean
      if (to > from || frameEnd) push(chunk.subarray(from, to), frameEnd);
      if (frameEnd) {
        const f = walker.finished!;
        if (f.checksum !== null && hash.digestLow32() !== f.checksum) {
          throw fail(`checksum mismatch in the frame at byte ${f.start}`);
        }
        if (f.contentSize !== null && frameProduced !== f.contentSize) {
          throw fail(`the frame at byte ${f.start} declares ${f.contentSize} bytes, decoded ${frameProduced}`);
        }
        hash.reset();
        frameProduced = 0;
      }
      // blocks are fresh arrays from fzstd (never reused): safe to hand out
      const ready = out;
      out = [];
      for (const b of ready) {
        produced += b.length;
        yield b;
      }
      if (!frameEnd) break;
      from = to;
    }
  }
  if (!walker.atFrameStart) throw fail(`unexpected end of data inside the frame at byte ${walker.frameStart}`);
}

// fzstd joins its pending bytes with each new chunk until a block is complete: pushes of a few bytes
// (a slow pipe) would copy a 128 KiB block over and over, so small chunks are gathered first.
const MIN_PUSH = 1 << 16;

async function* coalesce(src: AsyncIterable<Uint8Array>, min: number): AsyncGenerator<Uint8Array> {
  let parts: Uint8Array[] = [];
  let len = 0;
  for await (const c of src) {
    if (len === 0 && c.length >= min) {
      yield c;
      continue;
    }
    parts.push(c);
    len += c.length;
    if (len >= min) {
      yield Buffer.concat(parts, len);
      parts = [];
      len = 0;
    }
  }
  if (len > 0) yield Buffer.concat(parts, len);
}

function zstdReason(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  return msg === '' ? 'invalid zstd data' : msg;
}

interface FrameInfo {
  start: number;
  checksum: number | null;
  contentSize: number | null;
}

// Frame walker states.
const W_MAGIC = 0;
const W_HEADER = 1; // the rest of a zstd frame header
const W_SKIP_SIZE = 2; // the size field of a skippable frame
const W_BLOCK = 3; // a block header
const W_SKIP = 4; // block content or skippable frame content
const W_CHECKSUM = 5;

/** Follows zstd frame and block boundaries over a compressed stream fed in arbitrary chunks. */
class FrameWalker {
  private state = W_MAGIC;
  private pos = 0; // stream offset of the next byte
  private need = 4; // bytes wanted in hdr for the current state
  private hdr = new Uint8Array(18);
  private have = 0;
  private skip = 0; // bytes left in W_SKIP
  private last = false; // the block being skipped is the frame's last
  private skippable = false;
  private hasChecksum = false;
  private contentSize: number | null = null;
  frameStart = 0;
  /** The frame whose end next() returned last. */
  finished: FrameInfo | null = null;

  get atFrameStart(): boolean {
    return this.state === W_MAGIC && this.have === 0;
  }

  /** Consumes chunk from `from`; returns the index just after a frame's end, or -1 when none ends in it. */
  next(chunk: Uint8Array, from: number): number {
    let i = from;
    // (an empty block ends at its header: finish it even at the end of the chunk)
    while (i < chunk.length || (this.state === W_SKIP && this.skip === 0)) {
      if (this.state === W_SKIP) {
        const n = Math.min(this.skip, chunk.length - i);
        i += n;
        this.pos += n;
        this.skip -= n;
        if (this.skip > 0) return -1;
        if (this.skippable) return this.endFrame(i, null);
        if (!this.last) this.expect(W_BLOCK, 3);
        else if (this.hasChecksum) this.expect(W_CHECKSUM, 4);
        else return this.endFrame(i, null);
        continue;
      }
      // collect header bytes
      const n = Math.min(this.need - this.have, chunk.length - i);
      this.hdr.set(chunk.subarray(i, i + n), this.have);
      this.have += n;
      i += n;
      this.pos += n;
      if (this.have < this.need) return -1;
      const h = this.hdr;
      switch (this.state) {
        case W_MAGIC: {
          this.frameStart = this.pos - 4;
          if (h[0] === 0x28 && h[1] === 0xb5 && h[2] === 0x2f && h[3] === 0xfd) {
            this.skippable = false;
            this.state = W_HEADER;
            this.need = 5; // magic + frame header descriptor, then the rest once it is known
          } else if ((h[0] & 0xf0) === 0x50 && h[1] === 0x2a && h[2] === 0x4d && h[3] === 0x18) {
            this.skippable = true;
            this.expect(W_SKIP_SIZE, 4);
          } else {
            throw new Error(`not a zstd frame at byte ${this.frameStart}`);
          }
          break;
        }
        case W_HEADER: {
          const fhd = h[4];
          const fcsFlag = fhd >> 6;
          const single = (fhd >> 5) & 1;
          if (fhd & 8) throw new Error(`reserved bit set in the frame header at byte ${this.frameStart}`);
          const dictBytes = [0, 1, 2, 4][fhd & 3];
          const fcsBytes = fcsFlag === 0 ? single : [1, 2, 4, 8][fcsFlag];
          const size = 5 + (single ? 0 : 1) + dictBytes + fcsBytes;
          if (this.need < size) {
            this.need = size;
            break;
          }
          this.hasChecksum = ((fhd >> 2) & 1) === 1;
          const at = size - fcsBytes;
          const u32 = (k: number): number => (h[k] | (h[k + 1] << 8) | (h[k + 2] << 16) | (h[k + 3] << 24)) >>> 0;
          this.contentSize =
            fcsBytes === 0 ? null
            : fcsBytes === 1 ? h[at]
            : fcsBytes === 2 ? (h[at] | (h[at + 1] << 8)) + 256
            : fcsBytes === 4 ? u32(at)
            : u32(at) + u32(at + 4) * 2 ** 32;
          this.expect(W_BLOCK, 3);
          break;
        }
        case W_SKIP_SIZE:
          this.state = W_SKIP;
          this.skip = (h[0] | (h[1] << 8) | (h[2] << 16) | (h[3] << 24)) >>> 0;
          this.have = 0;
          if (this.skip === 0) return this.endFrame(i, null);
          break;
        case W_BLOCK: {
          const b = h[0] | (h[1] << 8) | (h[2] << 16);
          this.last = (b & 1) === 1;
          const type = (b >> 1) & 3;
          if (type === 3) throw new Error(`reserved block type at byte ${this.pos - 3}`);
          this.state = W_SKIP;
          this.skip = type === 1 ? 1 : b >>> 3;
          this.have = 0;
          break;
        }
        case W_CHECKSUM:
          return this.endFrame(i, (h[0] | (h[1] << 8) | (h[2] << 16) | (h[3] << 24)) >>> 0);
      }
    }
    return -1;
  }

  private expect(state: number, need: number): void {
    this.state = state;
    this.need = need;
    this.have = 0;
  }

  private endFrame(i: number, checksum: number | null): number {
    this.finished = {
      start: this.frameStart,
      checksum: this.skippable ? null : this.hasChecksum ? checksum : null,
      contentSize: this.skippable ? null : this.contentSize,
    };
    if (this.skippable) this.finished.contentSize = 0;
    this.expect(W_MAGIC, 4);
    return i;
  }
}

// XXH64 on 32-bit halves (no BigInt on the hot path): zstd's frame checksum is its low 32 bits.
const P1H = 0x9e3779b1, P1L = 0x85ebca87;
const P2H = 0xc2b2ae3d, P2L = 0x27d4eb4f;
const P3H = 0x165667b1, P3L = 0x9e3779f9;
const P4H = 0x85ebca77, P4L = 0xc2b2ae63;
const P5H = 0x27d4eb2f, P5L = 0x165667c5;

// result of the last 64-bit operation
let RH = 0;
let RL = 0;

function mul64(ah: number, al: number, bh: number, bl: number): void {
  const a0 = al & 0xffff, a1 = al >>> 16, b0 = bl & 0xffff, b1 = bl >>> 16;
  const p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0;
  const mid = (p00 >>> 16) + (p01 & 0xffff) + (p10 & 0xffff);
  const hi = a1 * b1 + (p01 >>> 16) + (p10 >>> 16) + (mid >>> 16);
  RL = (((mid & 0xffff) << 16) | (p00 & 0xffff)) >>> 0;
  RH = (hi + Math.imul(ah, bl) + Math.imul(al, bh)) >>> 0;
}

function add64(ah: number, al: number, bh: number, bl: number): void {
  const lo = al + bl;
  RL = lo >>> 0;
  RH = (ah + bh + (lo > 0xffffffff ? 1 : 0)) >>> 0;
}

function rotl64(h: number, l: number, r: number): void {
  RH = ((h << r) | (l >>> (32 - r))) >>> 0;
  RL = ((l << r) | (h >>> (32 - r))) >>> 0;
}

/** acc = rotl(acc + input * P2, 31) * P1 */
function round64(acch: number, accl: number, inh: number, inl: number): void {
  mul64(inh, inl, P2H, P2L);
  add64(acch, accl, RH, RL);
  rotl64(RH, RL, 31);
  mul64(RH, RL, P1H, P1L);
}

/** Streaming XXH64 with seed 0. */
export class Xxh64 {
  private v = new Uint32Array(8); // v1..v4 as (hi, lo)
  private buf = new Uint8Array(32);
  private bufLen = 0;
  private total = 0;

  constructor() {
    this.reset();
  }

  reset(): void {
    const v = this.v;
    add64(P1H, P1L, P2H, P2L);
    v[0] = RH;
    v[1] = RL;
    v[2] = P2H;
    v[3] = P2L;
    v[4] = 0;
    v[5] = 0;
    // 0 - P1
    add64(~P1H >>> 0, ~P1L >>> 0, 0, 1);
    v[6] = RH;
    v[7] = RL;
    this.bufLen = 0;
    this.total = 0;
  }

  update(data: Uint8Array): void {
    this.total += data.length;
    let i = 0;
    if (this.bufLen > 0) {
      const n = Math.min(32 - this.bufLen, data.length);
      this.buf.set(data.subarray(0, n), this.bufLen);
      this.bufLen += n;
      i = n;
      if (this.bufLen < 32) return;
      this.stripes(this.buf, 0, 32);
      this.bufLen = 0;
    }
    const end = i + ((data.length - i) & ~31);
    if (end > i) this.stripes(data, i, end);
    if (end < data.length) {
      this.buf.set(data.subarray(end), 0);
      this.bufLen = data.length - end;
    }
  }

  // The hot loop, inlined (4-5x faster than calling mul64/add64/rotl64): per 8-byte lane,
  // acc = rotl(acc + lane * P2, 31) * P1, with the 64-bit products built from 16-bit pieces.
  private stripes(d: Uint8Array, from: number, to: number): void {
    const v = this.v;
    for (let i = from; i < to; i += 32) {
      for (let k = 0; k < 4; k++) {
        const j = i + 8 * k;
        const inl = (d[j] | (d[j + 1] << 8) | (d[j + 2] << 16) | (d[j + 3] << 24)) >>> 0;
        const inh = (d[j + 4] | (d[j + 5] << 8) | (d[j + 6] << 16) | (d[j + 7] << 24)) >>> 0;
        // m = lane * P2 (P2L = 0x27d4eb4f)
        let a0 = inl & 0xffff;
        let a1 = inl >>> 16;
        let p00 = a0 * 0xeb4f;
        let p01 = a0 * 0x27d4;
        let p10 = a1 * 0xeb4f;
        let mid = (p00 >>> 16) + (p01 & 0xffff) + (p10 & 0xffff);
        const mh = a1 * 0x27d4 + (p01 >>> 16) + (p10 >>> 16) + (mid >>> 16) + Math.imul(inh, P2L) + Math.imul(inl, P2H);
        const ml = Math.imul(inl, P2L) >>> 0;
        // acc += m
        let lo = v[2 * k + 1] + ml;
        const hi = (v[2 * k] + mh + (lo > 0xffffffff ? 1 : 0)) >>> 0;
        lo = lo >>> 0;
        // rotl 31
        const rh = ((hi << 31) | (lo >>> 1)) >>> 0;
        const rl = ((lo << 31) | (hi >>> 1)) >>> 0;
        // acc = r * P1 (P1L = 0x85ebca87); the Uint32Array store wraps mod 2^32
        a0 = rl & 0xffff;
        a1 = rl >>> 16;
        p00 = a0 * 0xca87;
        p01 = a0 * 0x85eb;
        p10 = a1 * 0xca87;
        mid = (p00 >>> 16) + (p01 & 0xffff) + (p10 & 0xffff);
        v[2 * k] = a1 * 0x85eb + (p01 >>> 16) + (p10 >>> 16) + (mid >>> 16) + Math.imul(rh, P1L) + Math.imul(rl, P1H);
        v[2 * k + 1] = Math.imul(rl, P1L);
      }
    }
  }

  /** The full 64-bit digest as [hi, lo]. */
  digest(): [number, number] {
    const v = this.v;
    let h: number, l: number;
    if (this.total >= 32) {
      rotl64(v[0], v[1], 1);
      let sh = RH, sl = RL;
      rotl64(v[2], v[3], 7);
      add64(sh, sl, RH, RL);
      sh = RH; sl = RL;
      rotl64(v[4], v[5], 12);
      add64(sh, sl, RH, RL);
      sh = RH; sl = RL;
      rotl64(v[6], v[7], 18);
      add64(sh, sl, RH, RL);
      h = RH; l = RL;
      for (let k = 0; k < 8; k += 2) {
        // h = (h ^ round(0, v)) * P1 + P4
        round64(0, 0, v[k], v[k + 1]);
        mul64((h ^ RH) >>> 0, (l ^ RL) >>> 0, P1H, P1L);
        add64(RH, RL, P4H, P4L);
        h = RH; l = RL;
      }
    } else {
      h = P5H; l = P5L;
    }
    add64(h, l, Math.floor(this.total / 2 ** 32) >>> 0, this.total >>> 0);
    h = RH; l = RL;
    const b = this.buf;
    const n = this.bufLen;
    let i = 0;
    for (; i + 8 <= n; i += 8) {
      round64(0, 0, (b[i + 4] | (b[i + 5] << 8) | (b[i + 6] << 16) | (b[i + 7] << 24)) >>> 0, (b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)) >>> 0);
      rotl64((h ^ RH) >>> 0, (l ^ RL) >>> 0, 27);
      mul64(RH, RL, P1H, P1L);
      add64(RH, RL, P4H, P4L);
      h = RH; l = RL;
    }
    if (i + 4 <= n) {
      mul64(0, (b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)) >>> 0, P1H, P1L);
      rotl64((h ^ RH) >>> 0, (l ^ RL) >>> 0, 23);
      mul64(RH, RL, P2H, P2L);
      add64(RH, RL, P3H, P3L);
      h = RH; l = RL;
      i += 4;
    }
    for (; i < n; i++) {
      mul64(0, b[i], P5H, P5L);
      rotl64((h ^ RH) >>> 0, (l ^ RL) >>> 0, 11);
      mul64(RH, RL, P1H, P1L);
      h = RH; l = RL;
    }
    // avalanche
    l = (l ^ (h >>> 1)) >>> 0;
    mul64(h, l, P2H, P2L);
    h = RH; l = RL;
    l = (l ^ ((l >>> 29) | (h << 3))) >>> 0;
    h = (h ^ (h >>> 29)) >>> 0;
    mul64(h, l, P3H, P3L);
    h = RH; l = RL;
    l = (l ^ h) >>> 0;
    return [h, l];
  }

  /** Low 32 bits of the digest: the zstd content checksum. */
  digestLow32(): number {
    return this.digest()[1];
  }
}

/** The system binary: compressed bytes go to its stdin, decompressed bytes come from its stdout. */
export async function* zstdSystem(src: AsyncIterable<Uint8Array>, input: string, counter: ByteCounter): AsyncGenerator<Uint8Array> {
  const bin = findSystemZstd();
  if (bin === null) throw new Error(`${input}: no zstd binary on PATH (use the JS decoder)`);
  // --long=31: accept windows up to 2 GiB, as fzstd does (zstd refuses > 128 MiB without it)
  const child = spawn(bin, ['-d', '-c', '-q', '--long=31'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (s: string) => {
    if (stderr.length < 4096) stderr += s;
  });
  let spawnError: Error | null = null;
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('error', (e) => {
      spawnError = e;
      resolve({ code: null, signal: null });
    });
    child.once('close', (code, signal) => resolve({ code, signal }));
  });
  // EPIPE when zstd stops early on bad data: its exit status and stderr say why
  child.stdin.on('error', () => {});
  const feeder = Readable.from(src, { objectMode: false, highWaterMark: 1 << 16 });
  let readError: unknown = null;
  feeder.on('error', (e) => {
    readError = e;
    child.kill();
  });
  feeder.pipe(child.stdin);
  let produced = 0;
  let done = false;
  try {
    try {
      for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
        produced += chunk.length;
        yield chunk;
      }
    } catch (e) {
      if (readError === null) readError = e;
    }
    const { code, signal } = await closed;
    if (readError !== null) throw readError;
    if (spawnError !== null) throw new Error(`${input}: cannot run ${bin}: ${(spawnError as Error).message}`);
    if (code !== 0) {
      const last = stderr.trim().split('\n').pop() ?? '';
      const why = last !== '' ? last.replace(/^(zstd:\s*)?(\/\*stdin\*\\?\s*:\s*)?/, '') : signal !== null ? `zstd killed by ${signal}` : `zstd exited with ${code}`;
      throw new CorruptInputError(input, 'zstd', counter.bytes, produced, why);
    }
    done = true;
  } finally {
    if (!done) {
      // the consumer stopped early or something failed: stop the child and the reader, close the file
      feeder.unpipe(child.stdin);
      child.stdin.destroy();
      child.stdout.destroy();
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await closed;
    }
    feeder.destroy();
  }
}
