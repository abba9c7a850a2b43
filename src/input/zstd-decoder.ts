// The zstd decoder thread's loop (its entry: workers/unzstd.ts; its driver: zstd.ts). libzstd decodes
// here, through zstd-napi's binding, so that the main thread only splits games, dispatches and writes:
// decoding was a third of its work, and the main thread's share caps a run whatever the workers. libzstd
// checks what fzstd did not (frame checksums, declared sizes), so nothing of ours walks frames or hashes.
//
// Pacing, both ways bounded: the driver sends compressed chunks (a few ahead) and credits; each decoded
// block spends one credit, so at most `credit` blocks are ever decoded ahead of the consumer.
// Memory: a block's buffer given back by the consumer (transferred back) holds a later block. New memory
// costs the kernel a page fault and a zeroed page per 4 KiB: reused buffers decode as fast as zstd's CLI.
// Damage: every byte decoded before it is posted, then the damage. A cut stream gives all of its
// complete zstd blocks (at most 128 KiB of text each); a corrupt zstd block fails as a whole.
import type { MessagePort } from 'node:worker_threads';
import binding from 'zstd-napi/binding.js';

/** From the driver: compressed bytes, the end of them, leave to decode more blocks, or a block's memory given back. */
export type ToDecoder =
  | { kind: 'input'; bytes: Uint8Array }
  | { kind: 'end' }
  | { kind: 'credit'; blocks: number }
  | { kind: 'spare'; memory: ArrayBuffer };

/**
 * To the driver: a decoded block (its buffer transferred); an input chunk taken, so another may come;
 * the damage met, after `fed` compressed bytes; the end of the input, decoded (`inFrame`: it ends
 * inside a frame).
 */
export type FromDecoder =
  | { kind: 'block'; bytes: Uint8Array }
  | { kind: 'taken' }
  | { kind: 'damage'; fed: number; reason: string }
  | { kind: 'done'; fed: number; inFrame: boolean };

const { DCtx, DParameter } = binding;

/** Memory given back kept for later blocks: as many as can be out at once, and one being filled. */
const MAX_SPARES = 4;

/**
 * Bytes per decoded block handed over: 1 MiB, eight of libzstd's blocks, so that a message (and the
 * wake-up of the consumer's thread) comes per megabyte, not per 128 KiB.
 */
const BLOCK_BYTES = 1 << 20;

// Accept windows up to 2 GiB (`zstd --long=31` files); libzstd's default stops at 128 MiB.
const WINDOW_LOG_MAX = 31;

function reason(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  return msg === '' ? 'invalid zstd data' : msg;
}

/** Decodes the chunks the port sends, as its credits allow. */
export function serveDecoder(port: MessagePort): void {
  const dctx = new DCtx();
  dctx.setParameter(DParameter.windowLogMax, WINDOW_LOG_MAX);
  const inputs: Uint8Array[] = [];
  let rest: Uint8Array = new Uint8Array(0);
  let full = false; // the last call filled its buffer: libzstd may hold more, even with no input left
  let credit = 0;
  let ended = false;
  let inFrame = false;
  let fed = 0;
  let stopped = false;

  const spares: ArrayBuffer[] = [];
  // never a slice of a pool: its buffer is transferred
  const block = (): Buffer<ArrayBuffer> => {
    const memory = spares.pop();
    return memory !== undefined ? Buffer.from(memory) : Buffer.allocUnsafeSlow(BLOCK_BYTES);
  };
  let out = block();
  let used = 0;

  /** Hands over the bytes decoded so far, if any: a block spends a credit. */
  const post = (): void => {
    if (used === 0) return;
    credit--;
    port.postMessage({ kind: 'block', bytes: out.subarray(0, used) } satisfies FromDecoder, [out.buffer]);
    out = block();
    used = 0;
  };

  /** One call of libzstd into the rest of the block; false on damage. */
  const decodeOnce = (): boolean => {
    let hint: number, produced: number, consumed: number;
    try {
      [hint, produced, consumed] = dctx.decompressStream(out.subarray(used), rest);
    } catch (e) {
      post();
      port.postMessage({ kind: 'damage', fed, reason: reason(e) } satisfies FromDecoder);
      return false;
    }
    rest = rest.subarray(consumed);
    inFrame = hint !== 0; // 0: a frame ended and all of it was flushed
    used += produced;
    full = used === out.length;
    if (full) post();
    return true;
  };

  /** Decodes while the consumer has credit; a block is handed over when full or when input runs out. */
  const pump = (): void => {
    while (credit > 0 && !stopped) {
      if (rest.length === 0 && !full) {
        const next = inputs.shift();
        if (next === undefined) {
          post();
          if (ended) {
            stopped = true;
            port.postMessage({ kind: 'done', fed, inFrame } satisfies FromDecoder);
          }
          return;
        }
        rest = next;
        fed += next.length;
        port.postMessage({ kind: 'taken' } satisfies FromDecoder);
      }
      if (!decodeOnce()) stopped = true;
    }
  };

  port.on('message', (m: ToDecoder) => {
    if (m.kind === 'input') inputs.push(m.bytes);
    else if (m.kind === 'end') ended = true;
    else if (m.kind === 'spare') {
      if (m.memory.byteLength === BLOCK_BYTES && spares.length < MAX_SPARES) spares.push(m.memory);
      return; // no new credit: nothing to decode
    } else credit += m.blocks;
    pump();
  });
}
