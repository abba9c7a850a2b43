// One input's bytes as batches of games: the splitter finds game boundaries (or EPD lines are read one
// position each), the builder groups games into batches. Games cut off by damaged input are marked
// rejected (incomplete), never sent as shortened games; the damage itself is rethrown after them. A
// stretch of binary bytes is rejected as one game, never echoed, and reported once at the input's end.
import type { XrayError } from '../errors.js';
import { GameSplitter, type RawGame } from '../pgn/splitter.js';
import { BatchBuilder, type Batch, type BatchBuffers, type KnownRejection } from './batch.js';
import { corruptInput } from '../input/input-error.js';
import { detectKind } from '../input/source.js';
import { giveBack } from '../input/zstd.js';

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

const NO_BYTES = new Uint8Array(0);

/** The stretches of binary bytes of one input: each rejected as one game, the input reported once. */
class BinaryStretches {
  private count = 0;
  private bytes = 0;
  private first = -1;

  constructor(private readonly name: string) {}

  /** The rejection of the stretch [offset, end) whose first binary byte is at `first` (offsets in the input). */
  reject(offset: number, first: number, end: number): KnownRejection {
    if (this.first < 0) this.first = first;
    this.count++;
    this.bytes += end - offset;
    return { kind: 'binary', reason: `not PGN text: binary data at byte ${first}, ${end - offset} bytes up to the next game not read` };
  }

  /** What the input is reported for, or null when it held no binary bytes. */
  report(): XrayError | null {
    if (this.count === 0) return null;
    const stretches = this.count === 1 ? 'one stretch' : `${this.count} stretches`;
    return corruptInput(this.name, `not PGN text (binary data at byte ${this.first}): ${stretches} of ${this.bytes} bytes rejected`);
  }
}

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
export async function* inputBatches(
  name: string,
  chunks: AsyncGenerator<Uint8Array>,
  o: BatchOptions,
  stop: StopCheck,
): AsyncGenerator<Batch> {
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
  const binary = new BinaryStretches(name);
  let base = -1;
  const onGame = (g: RawGame): void => {
    const b = g.binary;
    const why = b !== undefined ? binary.reject(base + g.offset, base + b.first, base + b.end) : g.tooLarge === true ? tooLarge : cut;
    if (builder.add(base + g.offset, g.bytes, why)) full.push(builder.take());
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
  const notText = damage ?? binary.report();
  if (notText !== null) throw notText;
}

async function* epdBatches(name: string, chunks: AsyncGenerator<Uint8Array>, o: BatchOptions, stop: StopCheck): AsyncGenerator<Batch> {
  // the FEN reader (the board code behind it) loads for EPD inputs only: a PGN run's main thread never needs it
  const { readPositions } = await import('../input/epd-lines.js');
  const builder = new BatchBuilder('epd', name, o.batchGames, o.batchBytes, o.buffers, o.firstBatches);
  const enc = new TextEncoder();
  const binary = new BinaryStretches(name);
  let stretch: { offset: number; first: number; end: number } | null = null; // binary lines in a row, not added yet
  const add = (offset: number, bytes: Uint8Array, why: KnownRejection | null = null): Batch | null =>
    builder.add(offset, bytes, why) ? builder.take() : null;
  for await (const p of readPositions(chunks)) {
    if (stop()) return;
    const offset = o.base() + p.offset;
    if ('binary' in p) {
      const end = o.base() + p.end;
      if (stretch !== null) stretch.end = end;
      else stretch = { offset, first: o.base() + p.binary, end };
      continue;
    }
    const done = stretch !== null ? add(stretch.offset, NO_BYTES, binary.reject(stretch.offset, stretch.first, stretch.end)) : null;
    stretch = null;
    if (done !== null) yield done;
    const full = 'fen' in p ? add(offset, enc.encode(p.fen)) : add(offset, enc.encode(p.text), { kind: 'fen', reason: p.error });
    if (full !== null) yield full;
  }
  const last = stretch !== null ? add(stretch.offset, NO_BYTES, binary.reject(stretch.offset, stretch.first, stretch.end)) : null;
  if (last !== null) yield last;
  if (builder.count > 0) yield builder.take();
  const notText = binary.report();
  if (notText !== null) throw notText;
}
