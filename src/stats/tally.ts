// One set of figures counted from positions and games: the corpus row `all` and every dimension — the
// standing ones (speed, rating band, ECO letter and result of the game; the phase of the position) and
// those --group-by adds (docs/design.md §11). Stats counts one Tally of every record and move, and with
// --player two more: the player's and the opponents' (`sides` says whose records, played tags and
// tactics a tally counts). Counted into typed arrays, nothing allocated per position: a game's dimensions
// take what `all` gained since the game began (DimCounts.addGame), a position's are counted as it comes.
import { PHASES } from '../core/phase.js';
import { REC_CODE, REC_SIDE, STRIDE } from '../motifs/buffer.js';
import { MOTIF_KEYS, MOTIFS, PLAYED, PLAYED_FOUND, PLAYED_MISSED } from '../motifs/catalogue.js';
import type { PositionView } from '../analysis/view.js';
import { addBits, DimCounts, MARK_LENGTH, tacticBits, type DimJSON, type DimValue } from './dim-counts.js';
import { DIMENSION_NAMES, DIMENSIONS, GAME_DIMENSIONS, type Dimension } from './dimensions.js';

const K = MOTIF_KEYS.length;
/** Key index of each played tag's bit: the played keys follow the static ones (catalogue.ts MOTIF_KEYS). */
const PLAYED_KEY: readonly [number, number][] = PLAYED.map((p, i) => [p.bit, MOTIFS.length + i]);
/** Both sides, as Tally.sides holds them (bit 1 << side). */
export const BOTH_SIDES = 3;

/** The values of a field of the position that one game reached, and the keys it had at each. */
class Reached {
  private bits: Int32Array<ArrayBuffer> = new Int32Array(16);
  /** The game (numbered by this tracker) in which each value was last reached. */
  private stamp: Int32Array<ArrayBuffer> = new Int32Array(16);
  private list: Int32Array<ArrayBuffer> = new Int32Array(16);
  private n = 0;
  private game = 1;

  reach(v: number, bits: number): void {
    if (v >= this.stamp.length) {
      const size = Math.max(v + 1, 2 * this.stamp.length);
      this.bits = grow(this.bits, size);
      this.stamp = grow(this.stamp, size);
    }
    if (this.stamp[v] !== this.game) {
      this.stamp[v] = this.game;
      this.bits[v] = 0;
      if (this.n === this.list.length) this.list = grow(this.list, 2 * this.n);
      this.list[this.n++] = v;
    }
    this.bits[v] |= bits;
  }

  /** Counts the game into the values it reached, and starts the next. */
  endGame(c: DimCounts): void {
    for (let i = 0; i < this.n; i++) {
      const v = this.list[i];
      c.games[v]++;
      addBits(c.gamesWith, v * K, this.bits[v]);
    }
    this.n = 0;
    this.game++;
  }
}

function grow(a: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const g = new Int32Array(size);
  g.set(a);
  return g;
}

/** A tally's own figures in the JSON: those of its corpus row, and by dimension (`by`, made by Stats). */
export type TallyJSON = DimValue & { by: Record<string, DimJSON> };

export class Tally {
  /** The figures of every position and game counted: one value. */
  readonly all = new DimCounts(['all']);
  readonly dims: Record<Dimension, DimCounts>;
  private readonly gameDims: DimCounts[];
  private readonly byPhase: DimCounts;
  /** Per --group-by dimension, in Stats' order: its counts, replaced by a larger copy when its values outgrow them. */
  readonly groups: DimCounts[];
  /** The groups that are fields of the position, and of the game. */
  private readonly positionGroups: Int32Array;
  private readonly gameGroups: Int32Array;
  /** Per position group (same order): what the game reached. */
  private readonly reached: Reached[];
  /** The sides whose records, played tags and tactics this tally counts (bit 1 << side). */
  sides = BOTH_SIDES;

  // the game being counted: the totals at its start, the keys it had, the phases it reached
  private readonly mark = new Float64Array(MARK_LENGTH);
  private gameBits = 0;
  private readonly phaseBits = new Int32Array(PHASES.length);
  private phasesReached = 0;

  /** `positionGroup[g]`: whether --group-by dimension g is a field of the position. */
  constructor(positionGroup: readonly boolean[]) {
    this.dims = Object.fromEntries(DIMENSION_NAMES.map((d) => [d, new DimCounts(DIMENSIONS[d])])) as Record<Dimension, DimCounts>;
    this.gameDims = GAME_DIMENSIONS.map((d) => this.dims[d]);
    this.byPhase = this.dims.phase;
    this.groups = positionGroup.map(() => new DimCounts([], 16));
    const indices = positionGroup.map((_, g) => g);
    this.positionGroups = Int32Array.from(indices.filter((g) => positionGroup[g]));
    this.gameGroups = Int32Array.from(indices.filter((g) => !positionGroup[g]));
    this.reached = Array.from(this.positionGroups, () => new Reached());
  }

  /** Room for n values in group g. */
  fit(g: number, n: number): void {
    if (n > this.groups[g].n) this.groups[g] = this.groups[g].grown(Math.max(n, 2 * this.groups[g].n));
  }

  /** Before the first position of a game. */
  beginGame(): void {
    this.all.markGame(this.mark);
  }

  /**
   * Counts one position (tagged or not): its phase, and `values[g]`, the value of each group that is a
   * field of the position. Records count when their side is one of `sides`; played tags and the tactic
   * when the side to move is.
   */
  addPosition(v: PositionView, phase: number, values: Int32Array): void {
    const ph = this.byPhase;
    const pg = this.positionGroups;
    this.all.positions[0]++;
    ph.positions[phase]++;
    this.phasesReached |= 1 << phase;
    for (let i = 0; i < pg.length; i++) this.groups[pg[i]].positions[values[pg[i]]]++;
    const mover = (this.sides >> v.pos.turn) & 1;
    if (v.tactic !== null && mover !== 0) this.addTactic(v, phase, values);
    let seen = v.buf.count === 0 ? 0 : this.addRecords(v, phase * K, values);
    if (v.played !== 0 && mover !== 0) seen |= this.addPlayed(v.played, phase * K, values);
    for (let i = 0; i < pg.length; i++) this.reached[i].reach(values[pg[i]], seen);
    if (seen === 0) return;
    this.gameBits |= seen;
    this.phaseBits[phase] |= seen;
    addBits(this.all.positionsWith, 0, seen);
    addBits(ph.positionsWith, phase * K, seen);
    for (let i = 0; i < pg.length; i++) addBits(this.groups[pg[i]].positionsWith, values[pg[i]] * K, seen);
  }

  /** Counts the position's tactic verdict, found or missed by the move played. */
  private addTactic(v: PositionView, phase: number, values: Int32Array): void {
    const j = v.tactic!;
    const bits = tacticBits(j.mate > 0, j.themeBits());
    const verdict = (v.played & PLAYED_FOUND) !== 0 ? 1 : (v.played & PLAYED_MISSED) !== 0 ? 2 : 0;
    this.all.addTactic(0, bits, verdict);
    this.byPhase.addTactic(phase, bits, verdict);
    const pg = this.positionGroups;
    for (let i = 0; i < pg.length; i++) this.groups[pg[i]].addTactic(values[pg[i]], bits, verdict);
  }

  /** Counts the position's static records of the sides counted; returns their keys as bits. */
  private addRecords(v: PositionView, phaseBase: number, values: Int32Array): number {
    const d = v.buf.data;
    const n = v.buf.count;
    const motifs = this.all.motifs;
    const phaseMotifs = this.byPhase.motifs;
    const pg = this.positionGroups;
    const sides = this.sides;
    let seen = 0;
    for (let i = 0; i < n; i++) {
      const o = i * STRIDE;
      if (((sides >> d[o + REC_SIDE]) & 1) === 0) continue;
      const key = d[o + REC_CODE]; // static keys are indexed by record code
      motifs[key]++;
      phaseMotifs[phaseBase + key]++;
      for (let k = 0; k < pg.length; k++) this.groups[pg[k]].motifs[values[pg[k]] * K + key]++;
      seen |= 1 << key;
    }
    return seen;
  }

  /** Counts the played tags (the mover's); returns their keys as bits. */
  private addPlayed(played: number, phaseBase: number, values: Int32Array): number {
    const pg = this.positionGroups;
    let seen = 0;
    for (let k = 0; k < PLAYED_KEY.length; k++) {
      if ((played & PLAYED_KEY[k][0]) === 0) continue;
      const key = PLAYED_KEY[k][1];
      this.all.motifs[key]++;
      this.byPhase.motifs[phaseBase + key]++;
      for (let i = 0; i < pg.length; i++) this.groups[pg[i]].motifs[values[pg[i]] * K + key]++;
      seen |= 1 << key;
    }
    return seen;
  }

  /**
   * Counts the game begun: `gameValue`, its value of each standing game dimension (GAME_DIMENSIONS order);
   * `values[g]`, its value of each group that is a field of the game.
   */
  endGame(gameValue: Int32Array, values: Int32Array): void {
    const bits = this.gameBits;
    for (let i = 0; i < this.gameDims.length; i++) this.gameDims[i].addGame(gameValue[i], this.all, this.mark, bits);
    const gg = this.gameGroups;
    for (let i = 0; i < gg.length; i++) this.groups[gg[i]].addGame(values[gg[i]], this.all, this.mark, bits);
    this.all.games[0]++; // (its positions and motifs were counted position by position)
    addBits(this.all.gamesWith, 0, bits);
    const ph = this.byPhase;
    for (let p = 0; p < this.phaseBits.length; p++) {
      if ((this.phasesReached & (1 << p)) === 0) continue;
      ph.games[p]++;
      addBits(ph.gamesWith, p * K, this.phaseBits[p]);
      this.phaseBits[p] = 0;
    }
    const pg = this.positionGroups;
    for (let i = 0; i < pg.length; i++) this.reached[i].endGame(this.groups[pg[i]]);
    this.gameBits = 0;
    this.phasesReached = 0;
  }

  /** The counters of the corpus row and the standing dimensions, in a fixed order (a Stats vector's). */
  arrays(): Float64Array[] {
    return [...this.all.arrays(), ...DIMENSION_NAMES.flatMap((d) => this.dims[d].arrays())];
  }

  /** Every count back to zero. */
  clear(): void {
    for (const a of this.arrays()) a.fill(0);
    for (const g of this.groups) for (const a of g.arrays()) a.fill(0);
  }

  /** The standing dimensions' JSON, by name. */
  standingJSON(): Record<Dimension, DimJSON> {
    return Object.fromEntries(DIMENSION_NAMES.map((d) => [d, this.dims[d].toJSON()])) as Record<Dimension, DimJSON>;
  }

  /** Adds the corpus row and the standing dimensions of a tally's JSON (missing entries count as 0). */
  mergeStanding(o: Partial<DimValue> & { by?: Record<string, DimJSON> }): void {
    this.all.mergeValue(0, o);
    for (const d of DIMENSION_NAMES) this.dims[d].merge(o.by?.[d]);
  }
}
