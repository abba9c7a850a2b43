// The values a --group-by dimension has met, numbered as met: a label's index is where its counts sit in
// the dimension's counters (DimCounts). A field of the game looks its label up once per game; a field of
// the position looks its small whole-number code up in a typed array, per position, without allocating
// (a label is made once, the first time its code is met). Past its bound a dimension's JSON lists the
// values with the most games and adds up the others under "(other)".
import { DimCounts, type DimJSON } from './dim-counts.js';

export class ValueTable {
  readonly labels: string[] = [];
  private readonly index = new Map<string, number>();
  /** Index by code (position fields), -1 where not met; grown as codes need. */
  private codes = new Int32Array(64).fill(-1);

  get size(): number {
    return this.labels.length;
  }

  /** The index of a label, numbered now when it is new. */
  indexOf(label: string): number {
    let i = this.index.get(label);
    if (i === undefined) {
      i = this.labels.length;
      this.labels.push(label);
      this.index.set(label, i);
    }
    return i;
  }

  /** The index of a label already numbered, else undefined. */
  find(label: string): number | undefined {
    return this.index.get(label);
  }

  /** The index of a code (0 or more), its label made by `label` the first time it is met. */
  indexOfCode(code: number, label: (code: number) => string): number {
    if (code < this.codes.length) {
      const i = this.codes[code];
      if (i >= 0) return i;
    } else {
      const grown = new Int32Array(Math.max(code + 1, this.codes.length * 2)).fill(-1);
      grown.set(this.codes);
      this.codes = grown;
    }
    const i = this.indexOf(label(code));
    this.codes[code] = i;
    return i;
  }

  /** Forgets every value (a worker's table, between batches). */
  clear(): void {
    this.labels.length = 0;
    this.index.clear();
    this.codes.fill(-1);
  }
}

/** The fold of a dimension's values past its bound (docs/design.md §11). */
export const OTHER = '(other)';
/** A dimension keeps at most this many values in a statistics file; the rest add up under OTHER. */
export const KEPT_VALUES = 1000;
/**
 * The most values a dimension tells apart while counting (memory: about 0.7 KB each in every tally); values
 * first met after that add up under OTHER at once, so a field with a value per game (Site) cannot grow the
 * run's memory without bound. Below it the kept values are exact; past it they are the most played of
 * those met first, and the run says so.
 */
export const VALUES_MET_LIMIT = 50_000;

const WHOLE = /^\d{1,15}$/;

/** Order of labels whose games tie: whole numbers by value, before any other label; other labels by code unit. */
export function labelOrder(a: string, b: string): number {
  const wa = WHOLE.test(a);
  const wb = WHOLE.test(b);
  if (wa && wb) return Number(a) - Number(b);
  if (wa !== wb) return wa ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The values a file keeps, in the order it lists them: by games, most first, ties by labelOrder; at most
 * `bound` of them, each with a game (OTHER is never one: it is the fold). `games(i)`: the games of value i.
 */
export function keptValues(labels: readonly string[], games: (i: number) => number, bound: number): number[] {
  const order: number[] = [];
  for (let i = 0; i < labels.length; i++) if (labels[i] !== OTHER && games(i) > 0) order.push(i);
  order.sort((a, b) => games(b) - games(a) || labelOrder(labels[a], labels[b]));
  return order.slice(0, bound);
}

/**
 * A --group-by dimension's JSON: the kept values (indices into `labels`) in order, then OTHER adding up
 * every other value that has a count (an OTHER met in a file merged among them).
 */
export function foldedJSON(c: DimCounts, labels: readonly string[], kept: readonly number[]): DimJSON {
  const out: DimJSON = {};
  const has = (i: number): boolean => c.games[i] !== 0 || c.positions[i] !== 0;
  for (const i of kept) if (has(i)) out[labels[i]] = c.value(i);
  const isKept = new Uint8Array(labels.length);
  for (const i of kept) isKept[i] = 1;
  const other = new DimCounts([OTHER]);
  let folded = false;
  for (let i = 0; i < labels.length; i++) {
    if (isKept[i] === 1 || !has(i)) continue;
    other.addValue(0, c, i);
    folded = true;
  }
  if (folded) out[OTHER] = other.value(0);
  return out;
}
