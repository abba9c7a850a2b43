// Example positions of each motif key for the report's boards (docs/design.md §11), chosen so that merging
// is exact: of all the positions where a key occurs, the EXAMPLES_PER_KEY with the smallest hash (of the
// board and the key, example-hash.ts), one per distinct FEN, ties broken by the example's text and its
// game's fields. A run's examples are then a function of the set of its positions, not of how the games
// were split, so a merge ("union, keep the smallest") of shards equals one run over them all.
//
// An example shows the key's first record in the position (in the scan's order, docs/design.md §5) as
// text: `KEY SIDE SLIDER FRONT BACK` for a line record (pin.absolute w b5 c6 e8), `KEY SIDE SQUARE… >
// TARGET…` for a battery (battery w d1 d2 > d7), `KEY SIDE UCI` for a tag of the move played
// (played.check b d8h4), SIDE being the owner's (the mover's).
//
// On the hot path (only positions with a record or a played tag) the picker hashes the board once and
// each key the position has, and compares each hash with the largest kept for the key: only a hash that
// may enter builds a string.
import { toFen } from '../core/fen.js';
import { moveToUci } from '../core/san.js';
import { squareName } from '../core/squares.js';
import type { GameText, PositionView } from '../analysis/view.js';
import {
  REC_BACK,
  REC_CODE,
  REC_FRONT,
  REC_LENGTH,
  REC_SIDE,
  REC_SLIDER,
  REC_SQUARES,
  REC_TARGET1,
  REC_TARGET2,
  STRIDE,
} from '../motifs/buffer.js';
import { isChain, MOTIFS, MOTIF_KEYS, SIDES, type MotifKey } from '../motifs/catalogue.js';
import { BoardHasher, fnv1a } from './example-hash.js';
import { keepFirst, PickedGames, textOrder, type PickedGame } from './picks.js';

/** Examples kept per motif key. */
export const EXAMPLES_PER_KEY = 3;

/** One example position of a motif key, as the statistics file holds it, with its game's tags (picks.ts). */
export interface Example extends PickedGame {
  /** The hash of its board and key (example-hash.ts exampleHash()). */
  hash: number;
  fen: string;
  record: string;
  /** The position's ply in its game (0: the game's first position). */
  ply: number;
}

/** The examples by motif key, each list sorted (compareExamples), at most EXAMPLES_PER_KEY long. */
export type ExamplesJSON = Partial<Record<MotifKey, Example[]>>;

/** The total order of examples: by hash, then by their text (FEN, record), then by their game's fields. */
export function compareExamples(a: Example, b: Example): number {
  if (a.hash !== b.hash) return a.hash - b.hash;
  return textOrder(orderText(a), orderText(b));
}

function orderText(e: Example): string {
  return JSON.stringify([e.fen, e.record, e.site, e.ply, e.white, e.black, e.date]);
}

const K = MOTIF_KEYS.length;
const STATIC = MOTIFS.length;
/** Larger than any 32-bit hash: a key with room left takes any example. */
const OPEN = 2 ** 32;
/** Each key's seed: the FNV-1a of its name. */
const SEEDS = Int32Array.from(MOTIF_KEYS, (k) => fnv1a(k));

/**
 * Picks the examples of the positions it is shown: one per worker's Stats, kept for the worker's life (every
 * batch ships what it holds: the smallest hashes the worker has seen, all from batches written by then).
 */
export class ExamplePicker {
  private readonly kept: Example[][] = MOTIF_KEYS.map(() => []);
  /** Per key, the largest hash kept once the key is full, else OPEN. */
  private readonly bound = new Float64Array(K).fill(OPEN);
  private readonly hasher = new BoardHasher();
  private readonly games = new PickedGames();

  /** The game the next positions belong to: its tags are read only if one of its positions is kept. */
  beginGame(text: GameText | null): void {
    this.games.beginGame(text);
  }

  /** Offers a position for the keys it has (bits, 1 << index in MOTIF_KEYS; the caller passes only positions with some). */
  add(v: PositionView, keys: number): void {
    this.hasher.load(v.pos);
    while (keys !== 0) {
      const key = 31 - Math.clz32(keys & -keys);
      keys &= keys - 1;
      const h = this.hasher.hash(SEEDS[key]);
      if (h <= this.bound[key]) this.offer(key, h, v);
    }
  }

  /** The slow path: an example whose hash may enter the key's list, built and merged in. */
  private offer(key: number, hash: number, v: PositionView): void {
    this.keep(key, [{ hash, fen: toFen(v.pos), record: recordText(key, v), ply: v.ply, ...this.games.fields() }]);
  }

  /** Merges examples into a key's list (one per FEN, the smallest EXAMPLES_PER_KEY), and moves its bound. */
  private keep(key: number, more: readonly Example[]): void {
    const list = keepFirst(this.kept[key], more, compareExamples, EXAMPLES_PER_KEY);
    this.kept[key] = list;
    this.bound[key] = list.length === EXAMPLES_PER_KEY ? list[EXAMPLES_PER_KEY - 1].hash : OPEN;
  }

  /** Adds examples of a file or of another picker (any order). */
  merge(o: ExamplesJSON | undefined): void {
    if (o === undefined) return;
    MOTIF_KEYS.forEach((k, key) => {
      const more = o[k];
      if (more !== undefined && more.length > 0) this.keep(key, more);
    });
  }

  /** The examples kept, by key (keys without one left out). */
  toJSON(): ExamplesJSON {
    const out: ExamplesJSON = {};
    MOTIF_KEYS.forEach((k, key) => {
      if (this.kept[key].length > 0) out[k] = this.kept[key];
    });
    return out;
  }
}

/** The key's first record in the position (the scan's order) as text; a played key's, the move played. */
function recordText(key: number, v: PositionView): string {
  const k = MOTIF_KEYS[key];
  if (key >= STATIC) return `${k} ${SIDES[v.pos.turn]} ${moveToUci(v.pos, v.move)}`;
  const d = v.buf.data;
  let o = 0;
  while (d[o + REC_CODE] !== key) o += STRIDE;
  const sq = (at: number): string => squareName(d[o + at]);
  const side = SIDES[d[o + REC_SIDE]];
  if (!isChain(key)) return `${k} ${side} ${sq(REC_SLIDER)} ${sq(REC_FRONT)} ${sq(REC_BACK)}`;
  const chain = Array.from(d.subarray(o + REC_SQUARES, o + REC_SQUARES + d[o + REC_LENGTH]), squareName);
  const targets = d[o + REC_TARGET2] >= 0 ? [sq(REC_TARGET1), sq(REC_TARGET2)] : [sq(REC_TARGET1)];
  return `${k} ${side} ${chain.join(' ')} > ${targets.join(' ')}`;
}
