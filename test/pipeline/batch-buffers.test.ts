// Batches travel to the workers in shared memory that the run hands back and writes again (batch.ts,
// BatchBuffers): the worker must read the bytes of its own batch, never those of a later one, whatever
// the reuse, the retries and the renumbering after a recovered game. Their output comes back the same
// way (AsciiWriter.handOver, sharedCopy, AnalysisRun.recycle): a worker writes on only in memory given back.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_MOTIFS } from '../../src/motifs/filter.js';
import { BatchBuffers, BatchBuilder, sharedCopy, type GameError } from '../../src/pipeline/batch.js';
import { fileInput } from '../../src/input/inputs.js';
import { AnalysisRun } from '../../src/pipeline/run.js';
import { corpusPath } from '../helpers/corpus.js';
import { tempDir } from '../helpers/temp.js';

const decoder = new TextDecoder('utf-8', { fatal: true });

describe('BatchBuffers', () => {
  it('a batch is built in a SharedArrayBuffer, so posting it copies no game bytes', () => {
    const b = new BatchBuilder('pgn', 'x', 10, 1000);
    b.add(0, new Uint8Array([1, 2, 3]));
    const batch = b.take();
    expect(batch.bytes.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect([...batch.bytes]).toEqual([1, 2, 3]);
  });

  it('after its first batches, a builder makes batches of twice the games and bytes', () => {
    const sizes = (b: BatchBuilder, game: Uint8Array, games: number): number[] => {
      const out: number[] = [];
      for (let i = 0; i < games; i++) if (b.add(i, game)) out.push(b.take().offsets.length);
      return out;
    };
    const one = new Uint8Array(10);
    expect(sizes(new BatchBuilder('pgn', 'x', 3, 1000, new BatchBuffers(2000), 2), one, 18)).toEqual([3, 3, 6, 6]);
    expect(sizes(new BatchBuilder('pgn', 'x', 100, 25, new BatchBuffers(50), 1), one, 13)).toEqual([3, 5, 5]); // bytes: 30, then 50
    expect(sizes(new BatchBuilder('pgn', 'x', 3, 1000), one, 12)).toEqual([3, 3, 3, 3]); // by default, never
  });

  it('a buffer handed back is the next one taken; one grown for a large game is not kept', () => {
    const buffers = new BatchBuffers(1000);
    const a = buffers.take();
    const big = buffers.take(buffers.size + 1);
    expect(big.length).toBeGreaterThan(buffers.size);
    buffers.release(big);
    expect(buffers.take().buffer).not.toBe(big.buffer);
    buffers.release(a);
    expect(buffers.take().buffer).toBe(a.buffer);
  });
});

/** JSON Lines of every position, and the errors, of a run over one file; `recycle`: each text given back once read. */
async function run(path: string, threads: number, batchBytes?: number, recycle = false): Promise<{ text: string; errors: GameError[] }> {
  const r = new AnalysisRun({
    inputs: [fileInput(path)],
    worker: { output: 'jsonl', allPositions: true, filter: ALL_MOTIFS, verify: false },
    threads,
    batchBytes,
  });
  let text = '';
  const errors: GameError[] = [];
  for await (const b of r) {
    text += decoder.decode(b.text);
    if (recycle) r.recycle(b.text);
    errors.push(...b.errors);
  }
  return { text, errors };
}

describe("sharedCopy (-f parquet's bytes)", () => {
  it('copies into the memory given back when it is large enough, else into new shared memory of whole MiB', () => {
    const bytes = Uint8Array.from({ length: 3000 }, (_, i) => i & 0xff);
    const room = new SharedArrayBuffer(4096);
    const into = sharedCopy(bytes, room);
    expect(into.buffer).toBe(room);
    expect([...into]).toEqual([...bytes]);
    const small = new SharedArrayBuffer(100);
    const fresh = sharedCopy(bytes, small);
    expect(fresh.buffer).not.toBe(small);
    expect(fresh.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(fresh.buffer.byteLength).toBe(1 << 20);
    expect([...fresh]).toEqual([...bytes]);
    expect(sharedCopy(new Uint8Array((1 << 20) + 1), null).buffer.byteLength).toBe(2 << 20);
  });
});

describe('batches in reused shared memory', () => {
  it("tiny batches, two threads and a recovery that renumbers the batches in flight give one batch's output", async () => {
    // a game cut off inside a comment swallows the next game, up to that game's comment: the worker
    // recovers it, so the batches in flight then are numbered wrongly and analysed again, from their buffers
    const broken = '[Event "cut"]\n\n1. e4 { [%clk 0:01\n\n[Event "swallowed"]\n\n1. d4 { ok } d5 2. c4 e6 *\n\n';
    const path = join(tempDir('buffers'), 'games.pgn');
    writeFileSync(path, Buffer.concat([Buffer.from(broken), readFileSync(corpusPath('games/pgnmentor-style-Fischer.pgn'))]));
    const whole = await run(path, 1, 64 << 20);
    const reused = await run(path, 2, 4096);
    expect(whole.errors.map((e) => [e.game, e.kind])).toEqual([[1, 'incomplete']]);
    expect(whole.text).toContain('{"game":2,"ply":1,"fen":"rnbqkbnr/pppppppp/8/8/3P4/'); // the swallowed game, recovered
    expect(whole.text.split('\n').length).toBeGreaterThan(1000);
    expect(reused.errors).toEqual(whole.errors);
    expect(reused.text).toEqual(whole.text);
  });

  it('with the output memory given back, the batches analysed again after a recovery are sent none a worker may be writing in', async () => {
    // the recovery comes after many batches, when every batch in flight was sent memory given back
    const broken = '[Event "cut"]\n\n1. e4 { [%clk 0:01\n\n[Event "swallowed"]\n\n1. d4 { ok } d5 2. c4 e6 *\n\n';
    const games = readFileSync(corpusPath('games/pgnmentor-style-Fischer.pgn'));
    const path = join(tempDir('outboxes'), 'games.pgn');
    writeFileSync(path, Buffer.concat([games, Buffer.from('\n\n' + broken), games]));
    const whole = await run(path, 1, 64 << 20);
    expect(whole.errors.map((e) => e.kind)).toEqual(['incomplete']);
    const recycled = await run(path, 2, 4096, true);
    expect(recycled.errors).toEqual(whole.errors);
    expect(recycled.text).toEqual(whole.text);
  });
});
