// The counts of one statistics dimension (docs/design.md §11) in typed arrays indexed by value (and value ×
// motif key, value × tactic key): what the workers add to per position and per game without allocating,
// and its JSON form {value: {games, positions, motifs, positionsWith, gamesWith, tactics}}, which merging
// adds back key by key.
import { MOTIF_KEYS, type MotifKey } from '../motifs/catalogue.js';
import { TACTIC_THEMES } from '../tactics/themes.js';

export type MotifCounts = Record<MotifKey, number>;

/**
 * Statistics keys of the tactic verdicts (src/tactics/verdict.ts): `tactic` any verdict for the side to
 * move, `tactic.mate` a forced mate, `tactic.THEME` a verdict whose line uses the theme. A verdict's bits:
 * tacticBits().
 */
export const TACTIC_KEYS: readonly string[] = ['tactic', 'tactic.mate', ...TACTIC_THEMES.map((t) => `tactic.${t}`)];
export type TacticCounts = Record<string, number>;
const T = TACTIC_KEYS.length;

/** The keys of a verdict as bits (1 << index in TACTIC_KEYS): tactic, mate when it is one, its themes. */
export function tacticBits(mate: boolean, themeBits: number): number {
  return 1 | (mate ? 2 : 0) | (themeBits << 2);
}

/**
 * Tactic verdicts by key: `positions` with such a verdict for the side to move, and of those where a move
 * was played, `found` (the move played is a winning move) and `missed` (it is not).
 */
export interface TacticsJSON {
  positions: TacticCounts;
  found: TacticCounts;
  missed: TacticCounts;
}

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
  tactics: TacticsJSON;
}

/** A dimension's figures by value label; a value with no game and no position is left out. */
export type DimJSON = Partial<Record<string, DimValue>>;

const K = MOTIF_KEYS.length;
/** Where markGame() puts the tactic counts, and the length of its mark. */
const MARK_TACTICS = 1 + 2 * K;
export const MARK_LENGTH = MARK_TACTICS + 3 * T;

/** How many numbers each counter holds per value, in the order of DimCounts.arrays(). */
const WIDTHS: readonly number[] = [1, 1, K, K, K, T, T, T];
/** The numbers of one value: its share of a vector. */
export const ROW = WIDTHS.reduce((n, w) => n + w, 0);

export class DimCounts {
  readonly games: Float64Array;
  readonly positions: Float64Array;
  /** value * K + key, as the three below */
  readonly motifs: Float64Array;
  readonly positionsWith: Float64Array;
  readonly gamesWith: Float64Array;
  /** value * T + tactic key, as the two below */
  readonly tacticPositions: Float64Array;
  readonly tacticFound: Float64Array;
  readonly tacticMissed: Float64Array;

  /**
   * `labels`: the values in JSON order (a --group-by dimension has none: its values come as counted, by
   * index, and are named by a ValueTable); `n`: room for this many values.
   */
  constructor(
    readonly labels: readonly string[],
    readonly n = labels.length,
  ) {
    this.games = new Float64Array(n);
    this.positions = new Float64Array(n);
    this.motifs = new Float64Array(n * K);
    this.positionsWith = new Float64Array(n * K);
    this.gamesWith = new Float64Array(n * K);
    this.tacticPositions = new Float64Array(n * T);
    this.tacticFound = new Float64Array(n * T);
    this.tacticMissed = new Float64Array(n * T);
  }

  /**
   * Adds one game of value v: its figures are what `all` (the corpus totals, value 0) gained since
   * `mark` (markGame()); `bits` its keys.
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
    const t = v * T;
    const at = MARK_TACTICS;
    for (let k = 0; k < T; k++) {
      this.tacticPositions[t + k] += all.tacticPositions[k] - mark[at + k];
      this.tacticFound[t + k] += all.tacticFound[k] - mark[at + T + k];
      this.tacticMissed[t + k] += all.tacticMissed[k] - mark[at + 2 * T + k];
    }
  }

  /** Its counters in a fixed order, for a Stats vector (stats.ts); `n`: those of the first n values only. */
  arrays(n = this.n): Float64Array[] {
    const all = [
      this.games,
      this.positions,
      this.motifs,
      this.positionsWith,
      this.gamesWith,
      this.tacticPositions,
      this.tacticFound,
      this.tacticMissed,
    ];
    return n === this.n ? all : all.map((a, i) => a.subarray(0, n * WIDTHS[i]));
  }

  /** A copy with room for `n` values (n ≥ this.n), for a dimension whose values outgrow it. */
  grown(n: number): DimCounts {
    const g = new DimCounts(this.labels, n);
    const to = g.arrays();
    this.arrays().forEach((a, i) => to[i].set(a));
    return g;
  }

  /**
   * Adds the counts of n values as arrays(n) laid them out from src[at] on, value j's into value map[j];
   * returns where they end.
   */
  addFrom(src: Float64Array, at: number, n: number, map: Int32Array): number {
    const to = this.arrays();
    for (let i = 0; i < to.length; i++) {
      const w = WIDTHS[i];
      for (let j = 0; j < n; j++) {
        const from = at + j * w;
        const into = map[j] * w;
        for (let k = 0; k < w; k++) to[i][into + k] += src[from + k];
      }
      at += n * w;
    }
    return at;
  }

  /** Adds value v of another dimension's counts into value `into` of this one. */
  addValue(into: number, o: DimCounts, v: number): void {
    const to = this.arrays();
    o.arrays().forEach((a, i) => {
      const w = WIDTHS[i];
      for (let k = 0; k < w; k++) to[i][into * w + k] += a[v * w + k];
    });
  }

  /**
   * Remembers in `mark` (MARK_LENGTH) what addGame() measures a game from: positions, then motifs and
   * positionsWith by motif key, then the tactic positions, found and missed by tactic key.
   */
  markGame(mark: Float64Array): void {
    mark[0] = this.positions[0];
    for (let k = 0; k < K; k++) {
      mark[1 + k] = this.motifs[k];
      mark[1 + K + k] = this.positionsWith[k];
    }
    mark.set(this.tacticPositions.subarray(0, T), MARK_TACTICS);
    mark.set(this.tacticFound.subarray(0, T), MARK_TACTICS + T);
    mark.set(this.tacticMissed.subarray(0, T), MARK_TACTICS + 2 * T);
  }

  /** Counts a verdict of keys `bits` (tacticBits()) at value v; `played`: 1 found, 2 missed, 0 no move played. */
  addTactic(v: number, bits: number, played: number): void {
    addBits(this.tacticPositions, v * T, bits);
    if (played === 1) addBits(this.tacticFound, v * T, bits);
    else if (played === 2) addBits(this.tacticMissed, v * T, bits);
  }

  value(v: number): DimValue {
    return {
      games: this.games[v],
      positions: this.positions[v],
      motifs: counts(this.motifs, v * K),
      positionsWith: counts(this.positionsWith, v * K),
      gamesWith: counts(this.gamesWith, v * K),
      tactics: {
        positions: tacticCounts(this.tacticPositions, v * T),
        found: tacticCounts(this.tacticFound, v * T),
        missed: tacticCounts(this.tacticMissed, v * T),
      },
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
    // statistics written before the verdicts have none: they add 0
    addTacticCounts(this.tacticPositions, v * T, o.tactics?.positions);
    addTacticCounts(this.tacticFound, v * T, o.tactics?.found);
    addTacticCounts(this.tacticMissed, v * T, o.tactics?.missed);
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

/** The T counts from base on, by tactic key. */
function tacticCounts(a: Float64Array, base: number): TacticCounts {
  const out: TacticCounts = {};
  for (let k = 0; k < T; k++) out[TACTIC_KEYS[k]] = a[base + k];
  return out;
}

/** Adds counts by tactic key at base (missing keys count as 0). */
function addTacticCounts(a: Float64Array, base: number, c: Partial<TacticCounts> | undefined): void {
  if (!c) return;
  for (let k = 0; k < T; k++) a[base + k] += c[TACTIC_KEYS[k]] ?? 0;
}
