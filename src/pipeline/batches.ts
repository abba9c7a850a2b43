// One input's bytes as batches of games: the splitter finds game boundaries (or EPD lines are read one
// position each), the builder groups games into batches. Games cut off by damaged input are marked
// rejected (incomplete), never sent as shortened games; the damage itself is rethrown after them.
import type { XrayError } from '../errors.js';
import { GameSplitter, type RawGame } from '../pgn/splitter.js';
import { BatchBuilder, type Batch, type BatchBuffers, type KnownRejection } from './batch.js';
import { detectKind } from './source.js';
import { giveBack } from './zstd.js';

export interface BatchOptions {
  /** Offset in the input of the first byte of the chunks (a shard's start), read once the first chunk came. */
  base: () => number;
  maxGameBytes: number;
  batchGames: number;
  batchBytes: number;
  /** Batches made at batchGames and batchBytes before both limits double (Infinity: never); absent: never. */
  firstBatches?: number;
  /** Where batches' shared buffers come from and go back to (the run hands them back); else a builder's own. */
  buffers?: BatchBuffers;
}

/** Stops reading when it returns true (checked between chunks). */
export type StopCheck = () => boolean;

/** The chunks with the first one looked at (to tell PGN from EPD), then the rest. */
async function* withFirst(first: Uint8Array, rest: AsyncGenerator<Uint8Array>): AsyncGenerator<Uint8Array> {
  try {
    yield first;
    yield* rest;
  } finally {
    await rest.return(undefined); // a consumer that stops early closes the source (file, decoder process)
  }
}

/** Batches of one input's games, in input order; throws what the source threw after the games before it. */
export async function* inputBatches(name: string, chunks: AsyncGenerator<Uint8Array>, o: BatchOptions, stop: StopCheck): AsyncGenerator<Batch> {
  const first = await chunks.next();
  if (first.done === true) return;
  const all = withFirst(first.value, chunks);
  if (detectKind(name, first.value) === 'epd') yield* epdBatches(name, all, o, stop);
  else yield* pgnBatches(name, all, o, stop);
}

async function* pgnBatches(name: string, chunks: AsyncGenerator<Uint8Array>, o: BatchOptions, stop: StopCheck): AsyncGenerator<Batch> {
  const builder = new BatchBuilder('pgn', name, o.batchGames, o.batchBytes, o.buffers, o.firstBatches);
  const splitter = new GameSplitter({ maxGameBytes: o.maxGameBytes, views: true }); // the builder copies
  const full: Batch[] = [];
  let cut: KnownRejection | null = null;
  const tooLarge: KnownRejection = { kind: 'size', reason: `game over --max-game-bytes (${o.maxGameBytes} bytes)` };
  let base = -1;
  const onGame = (g: RawGame): void => {
    if (builder.add(base + g.offset, g.bytes, g.tooLarge === true ? tooLarge : cut)) full.push(builder.take());
  };
  let damage: XrayError | null = null;
  try {
    for await (const chunk of chunks) {
      if (stop()) return;
      if (base < 0) base = o.base();
      splitter.push(chunk, onGame);
      giveBack(chunk); // the splitter copied it: a decoded block's memory serves the next one
      while (full.length > 0) yield full.shift()!;
    }
  } catch (e) {
    damage = e as XrayError;
    cut = { kind: 'incomplete', reason: `cut off by the damage: ${(e as Error).message}` };
  }
  splitter.end(onGame);
  if (builder.count > 0) full.push(builder.take());
  // a game without its result is cut off only at the end of the input, and only there can it be the last
  // one: a game ends without its result in the stream only where the next one begins
  if (full.length > 0) full[full.length - 1].endsInput = true;
  while (full.length > 0) yield full.shift()!;
  if (damage !== null) throw damage;
}

async function* epdBatches(name: string, chunks: AsyncGenerator<Uint8Array>, o: BatchOptions, stop: StopCheck): AsyncGenerator<Batch> {
  // the FEN reader (the board code behind it) loads for EPD inputs only: a PGN run's main thread never needs it
  const { readPositions } = await import('./epd.js');
  const builder = new BatchBuilder('epd', name, o.batchGames, o.batchBytes, o.buffers, o.firstBatches);
  const enc = new TextEncoder();
  for await (const p of readPositions(chunks)) {
    if (stop()) return;
    const offset = o.base() + p.offset;
    const full = 'fen' in p ? builder.add(offset, enc.encode(p.fen)) : builder.add(offset, enc.encode(p.text), { kind: 'fen', reason: p.error });
    if (full) yield builder.take();
  }
  if (builder.count > 0) yield builder.take();
}
