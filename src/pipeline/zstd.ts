// Zstandard decoding of a compressed byte stream with libzstd (zstd-napi's binding, in this thread),
// paced by the consumer: one input chunk is decoded only when the output of the last one has been
// taken. libzstd checks what fzstd did not (frame checksums, declared sizes), so nothing of ours
// walks frames or hashes. Called straight, `decompressStream` decodes the corpus at 270-660 MB/s
// for 1.6-2.9 ms of main-thread CPU per MB (medians on a busy 2-core machine): as fast as piping
// through the `zstd` binary or faster, with less CPU in all (test/tools/zstd-compare.ts).
//
// Damage: every byte libzstd produced before it is yielded, then the error. A cut stream gives all
// of its complete blocks (a block is at most 128 KiB of text); a corrupt block fails as a whole.
import binding from 'zstd-napi/binding.js';
import { damagedData } from './input-error.js';

const { DCtx, DParameter } = binding;

/** libzstd's recommended output size: one whole block per call. */
const OUT_SIZE = binding.dStreamOutSize();

// Accept windows up to 2 GiB (`zstd --long=31` files); libzstd's default stops at 128 MiB.
const WINDOW_LOG_MAX = 31;

function reason(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  return msg === '' ? 'invalid zstd data' : msg;
}

/** The decompressed bytes of a zstd stream (several frames and skippable frames too). */
export async function* unzstd(src: AsyncIterable<Uint8Array>, path: string): AsyncGenerator<Uint8Array> {
  const dctx = new DCtx();
  dctx.setParameter(DParameter.windowLogMax, WINDOW_LOG_MAX);
  let fed = 0;
  let inFrame = false;
  for await (const chunk of src) {
    fed += chunk.length;
    let rest = chunk;
    for (;;) {
      // a fresh buffer per call: the consumer may keep what it was given
      const out = Buffer.allocUnsafe(OUT_SIZE);
      let hint: number, produced: number, consumed: number;
      try {
        [hint, produced, consumed] = dctx.decompressStream(out, rest);
      } catch (e) {
        throw damagedData(path, 'zstd', fed, reason(e));
      }
      rest = rest.subarray(consumed);
      inFrame = hint !== 0; // 0: a frame ended and all of it was flushed
      if (produced > 0) yield out.subarray(0, produced);
      // a full buffer may leave decoded bytes inside libzstd: call again even with no input left
      if (rest.length === 0 && produced < out.length) break;
    }
  }
  if (inFrame) throw damagedData(path, 'zstd', fed, 'the data ends inside a frame');
}
