// The counts of one statistics dimension (docs/design.md §11) in typed arrays indexed by value (and value ×
// motif key): what the workers add to per position and per game without allocating, and its JSON form
// {value: {games, positions, motifs, positionsWith, gamesWith}}, which merging adds back key by key.
import { MOTIF_KEYS, type MotifKey } from '../motifs/catalogue.js';

export type MotifCounts = Record<MotifKey, number>;

/** The figures of one value of a dimension (or of the whole corpus). */
export interface DimValue {
  games: number;
  positions: number;
  /** Records per motif key. */
  motifs: MotifCounts;
  /** Positions with at least one record of the key. */
  positionsWith: MotifCounts;
  /** Games with at least one record of the key. */
  gamesWith: MotifCounts;
}

/** A dimension's figures by value label; a value with no game and no position is left out. */
export type DimJSON = Partial<Record<string, DimValue>>;

const K = MOTIF_KEYS.length;

export class DimCounts {
  readonly games: Float64Array;
  readonly positions: Float64Array;
  /** value * K + key, as the three below */
  readonly motifs: Float64Array;
  readonly positionsWith: Float64Array;
  readonly gamesWith: Float64Array;

  constructor(readonly labels: readonly string[]) {
    const n = labels.length;
    this.games = new Float64Array(n);
    this.positions = new Float64Array(n);
    this.motifs = new Float64Array(n * K);
    this.positionsWith = new Float64Array(n * K);
    this.gamesWith = new Float64Array(n * K);
  }

  /**
   * Adds one game of value v: its figures are what `all` (the corpus totals, value 0) gained since
   * `mark` (all's positions, then motifs, then positionsWith at the game's start); `bits` its keys.
   */
  addGame(v: number, all: DimCounts, mark: Float64Array, bits: number): void {
    this.games[v]++;
    this.positions[v] += all.positions[0] - mark[0];
    const base = v * K;
    for (let k = 0; k < K; k++) {
      this.motifs[base + k] += all.motifs[k] - mark[1 + k];
      this.positionsWith[base + k] += all.positionsWith[k] - mark[1 + K + k];
    }
    addBits(this.gamesWith, base, bits);
  }

  /** Its counters in a fixed order, for a Stats vector (stats.ts). */
  arrays(): Float64Array[] {
    return [this.games, this.positions, this.motifs, this.positionsWith, this.gamesWith];
  }

  /** Remembers in `mark` what addGame() measures a game from. */
  markGame(mark: Float64Array): void {
    mark[0] = this.positions[0];
    for (let k = 0; k < K; k++) {
      mark[1 + k] = this.motifs[k];
      mark[1 + K + k] = this.positionsWith[k];
    }
  }

  value(v: number): DimValue {
    return {
      games: this.games[v],
      positions: this.positions[v],
      motifs: counts(this.motifs, v * K),
      positionsWith: counts(this.positionsWith, v * K),
      gamesWith: counts(this.gamesWith, v * K),
    };
  }

  toJSON(): DimJSON {
    const out: DimJSON = {};
    for (let v = 0; v < this.labels.length; v++) {
      if (this.games[v] !== 0 || this.positions[v] !== 0) out[this.labels[v]] = this.value(v);
    }
    return out;
  }

  /** Adds the figures of value v (missing entries count as 0). */
  mergeValue(v: number, o: Partial<DimValue> | undefined): void {
    if (o === undefined) return;
    this.games[v] += o.games ?? 0;
    this.positions[v] += o.positions ?? 0;
    addCounts(this.motifs, v * K, o.motifs);
    addCounts(this.positionsWith, v * K, o.positionsWith);
    addCounts(this.gamesWith, v * K, o.gamesWith);
  }

  /** Adds another dimension's JSON; a value label this one does not have is an error of the file. */
  merge(o: DimJSON | undefined): void {
    if (o === undefined) return;
    for (const label of Object.keys(o)) {
      const v = this.labels.indexOf(label);
      if (v < 0) throw new RangeError(`unknown value "${label}" (expected one of ${this.labels.join(', ')})`);
      this.mergeValue(v, o[label]);
    }
  }
}

/** Adds 1 at base + k for every bit k of bits. */
export function addBits(a: Float64Array, base: number, bits: number): void {
  while (bits !== 0) {
    a[base + 31 - Math.clz32(bits & -bits)]++;
    bits &= bits - 1;
  }
}

/** The K counts from base on, by motif key. */
export function counts(a: Float64Array, base: number): MotifCounts {
  const out = {} as MotifCounts;
  for (let k = 0; k < K; k++) out[MOTIF_KEYS[k]] = a[base + k];
  return out;
}

/** Adds counts by motif key at base (missing keys count as 0). */
export function addCounts(a: Float64Array, base: number, c: Partial<MotifCounts> | undefined): void {
  if (!c) return;
  for (let k = 0; k < K; k++) a[base + k] += c[MOTIF_KEYS[k]] ?? 0;
}
