// Gzip decoding (concatenated members too) with node's zlib, paced by the consumer: a piece of
// input is written only when the output of the last one has been taken.
//
// Damage: zlib reports a cut stream only when it is told the input has ended, and on an error it
// destroys its stream, dropping any output still buffered there. So nothing is left buffered in
// it: output is taken by 'data' events as zlib makes it (each write inflates all it can), and the
// end is signalled only after every piece has been inflated and handed on. A cut stream thus
// yields every byte before the cut, then the error.
import { createGunzip, type Gunzip } from 'node:zlib';
import { damagedData } from './input-error.js';

/** Compressed bytes per write: bounds the output held at once to what one piece inflates to. */
const PIECE = 1 << 16;

/** Resolves when `start`'s callback runs, or when the stream closes first (an error, whose callback never comes). */
function settled(closed: Promise<void>, start: (done: () => void) => void): Promise<void> {
  return Promise.race([new Promise<void>((resolve) => start(() => resolve())), closed]);
}

/** The decompressed bytes of a gzip stream. */
export async function* gunzip(src: AsyncIterable<Uint8Array>, path: string): AsyncGenerator<Uint8Array> {
  const gz: Gunzip = createGunzip();
  let out: Buffer[] = [];
  let failure: Error | null = null;
  let fed = 0;
  gz.on('data', (b: Buffer) => out.push(b));
  gz.on('error', (e) => (failure ??= e));
  const closed = new Promise<void>((resolve) => gz.once('close', resolve));
  const taken = (): Buffer[] => {
    const ready = out;
    out = [];
    return ready;
  };
  try {
    for await (const chunk of src) {
      for (let i = 0; i < chunk.length && failure === null; i += PIECE) {
        const piece = chunk.subarray(i, i + PIECE);
        fed += piece.length;
        await settled(closed, (done) => gz.write(piece, done));
        yield* taken();
      }
      if (failure !== null) break;
    }
    // the end: zlib checks the last member is whole ('end' comes after the last 'data')
    if (failure === null) await settled(closed, (done) => gz.once('end', done).end());
    yield* taken();
    if (failure !== null) throw damagedData(path, 'gzip', fed, (failure as Error).message);
  } finally {
    gz.destroy();
  }
}
