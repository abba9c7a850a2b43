// Corpus statistics: counted per position and per game by the workers (typed arrays, nothing allocated
// per position), shipped to the main thread as one vector of every count (vector(): a typed array, which
// a structured clone copies at memory speed) and added up there; written as JSON (toJSON: fixed key
// order). Every number is a count, so adding vectors, or merging the JSON of several Stats, gives exactly
// what counting everything in one would (tested); the one mean is recomputed, never added.
//
// StatsJSON (the --stats file, docs/design.md §11):
//   version         STATS_VERSION: files of another version do not merge
//   games, positions, rejected, taggedPositions   (tagged: at least one record or played tag)
//   motifs          counts of records per key, MOTIF_KEYS (src/motifs/catalogue.ts): the static
//                   "pin.absolute" … "xray" (potential motifs of both sides) and the played "played.check" …
//   positionsWith, gamesWith   per key, the positions / games having at least one such record
//   tactics         the tactic verdicts (src/tactics/verdict.ts) by key, TACTIC_KEYS (src/stats/dim-counts.ts):
//                   "tactic", "tactic.mate", "tactic.THEME": {positions, found, missed}, each {key: count}:
//                   positions with such a verdict for the side to move, and where the move played from
//                   them was found or missed (as the keys played.found and played.missed count them)
//   bySide          {w: {…}, b: {…}}: motifs by the side whose motif it is (played tags: the mover)
//   byPly           buckets of 10 plies "0-9", … "190-199", "200+", each {positions, motifs},
//                   from "0-9" up to the last bucket holding a position
//   perGame         histogram of tagged positions per game: "0", "1", "2-4", "5-9", "10-19", "20+"
//   gameMotifPositions     the sum over games of their tagged positions (what the mean is made of)
//   motifPositionsPerGame  its mean per game (4 decimals; 0 without games)
//   by              per dimension (src/stats/dimensions.ts) and value: {games, positions, motifs,
//                   positionsWith, gamesWith, tactics}; phase counts positions, its games those reaching it
//   outcome         per key {win, draw, loss}: per game and side having the key, the result for that side
//   frontSquares    per static key {w: [64], b: [64]}: the square (a1 = 0 … h8 = 63) of the front piece
//                   of each record by owner (battery: the chain's slider next to its first target)
// Rejected games count only in `rejected`. The CLI adds `run`: the run's id, version, inputs (each with its
// identity and shard) and times; merge-stats replaces it with the list of the runs it added up.
import { GamePhase } from '../core/phase.js';
import type { DerivedFields } from '../pgn/derived.js';
import { REC_CODE, REC_FRONT, REC_LENGTH, REC_SIDE, REC_SQUARES, REC_TARGET1, STRIDE } from '../motifs/buffer.js';
import { isChain, MOTIFS, MOTIF_KEYS, PLAYED, PLAYED_FOUND, PLAYED_MISSED, type MotifRow, type MotifKey } from '../motifs/catalogue.js';
import {
  addBits,
  addCounts,
  counts,
  DimCounts,
  MARK_LENGTH,
  tacticBits,
  type DimJSON,
  type MotifCounts,
  type TacticsJSON,
} from './dim-counts.js';
import type { TacticJudge } from '../tactics/verdict.js';
import {
  BLACK_WINS,
  DIMENSION_NAMES,
  DIMENSIONS,
  DRAW,
  GAME_DIMENSIONS,
  gameValues,
  RESULT_AT,
  WHITE_WINS,
  type Dimension,
} from './dimensions.js';
import type { PositionView } from '../analysis/view.js';

export type { MotifCounts, TacticsJSON } from './dim-counts.js';

/** Every count of a Stats in one fixed order (Stats.vector), as batches carry them to the main thread. */
export type StatsVector = Float64Array;

/** The vector's scalars before its arrays: rejected, taggedPositions, gameMotifPositions. */
const SCALARS = 5;

/** The length of a vector holding the scalars and these counter arrays. */
function vectorLength(arrays: readonly Float64Array[]): number {
  return arrays.reduce((n, a) => n + a.length, SCALARS);
}

/**
 * The version of the StatsJSON layout; merge-stats refuses files of another. Still 2 with `tactics` and the
 * played keys found and missed: a file written before them merges as having none (missing counts are 0).
 */
export const STATS_VERSION = 2;

export interface PlyBucket {
  positions: number;
  motifs: MotifCounts;
}

export interface Outcome {
  win: number;
  draw: number;
  loss: number;
}

export type StaticKey = MotifRow['key'];

/**
 * An input as a run read it: enough for merge-stats to tell the same input counted twice, wherever its
 * statistics were made (src/cli/input-identity.ts).
 */
export interface InputIdentity {
  /** As given on the command line ('-' for stdin). */
  path: string;
  /** Its size in bytes as stored; null for stdin, a pipe, or a file that could not be read. */
  size: number | null;
  /** SHA-256 (hex) of its first and last 64 KiB as stored (the whole file up to 128 KiB); null as size. */
  fingerprint: string | null;
  /** The part analysed: --shard's "I/N", "1/1" for the whole input; null when not recorded. */
  shard: string | null;
}

/** One run, as a merged file lists the runs it adds up. */
export interface RunRecord {
  /** Made at random by the run: the same statistics merged twice show it twice. Null for a file that predates it. */
  id: string | null;
  /** The pgn-xray that made the run (null when not recorded). */
  version: string | null;
  inputs: InputIdentity[];
}

/** Run metadata of the file of one run: never added, ignored by equality (docs/design.md §11). */
export interface RunInfo extends RunRecord {
  id: string;
  version: string;
  seconds: number;
  /** CPU seconds of the whole process (every thread) up to the end of the run. */
  cpu?: { user: number; system: number };
  /** CPU seconds of the main thread and of each worker (Linux only); the rest went to V8's and libuv's threads. */
  threads?: { main: number; workers: number[] };
}

/** Run metadata of a merged file: the merging pgn-xray and every run merged. */
export interface MergedRunInfo {
  version: string;
  merged: RunRecord[];
}

export interface StatsJSON {
  version: number;
  games: number;
  positions: number;
  rejected: number;
  taggedPositions: number;
  motifs: MotifCounts;
  positionsWith: MotifCounts;
  gamesWith: MotifCounts;
  tactics: TacticsJSON;
  bySide: { w: MotifCounts; b: MotifCounts };
  byPly: Record<string, PlyBucket>;
  perGame: Record<string, number>;
  gameMotifPositions: number;
  motifPositionsPerGame: number;
  by: Record<Dimension, DimJSON>;
  outcome: Record<MotifKey, Outcome>;
  frontSquares: Record<StaticKey, { w: number[]; b: number[] }>;
  run?: RunInfo | MergedRunInfo;
  /** With --where: the query, and the games and positions analysed (the counts above are of its matches). */
  where?: WhereJSON;
}

/** What a --where run analysed, beside the matches its counts describe. */
export interface WhereJSON {
  query: string;
  games: number;
  positions: number;
}

const K = MOTIF_KEYS.length;
const STATIC = MOTIFS.length;
/** Key index of each played tag's bit: the played keys follow the static ones (catalogue.ts MOTIF_KEYS). */
const PLAYED_KEY: readonly [number, number][] = PLAYED.map((p, i) => [p.bit, STATIC + i]);
const PLY_BUCKETS = 21;
export const PLY_BUCKET_LABELS: readonly string[] = Array.from({ length: PLY_BUCKETS }, (_, i) =>
  i === PLY_BUCKETS - 1 ? `${i * 10}+` : `${i * 10}-${i * 10 + 9}`,
);
export const GAME_BUCKET_LABELS: readonly string[] = ['0', '1', '2-4', '5-9', '10-19', '20+'];
const OUTCOMES = ['win', 'draw', 'loss'] as const;
const WIN = 0,
  DRAWN = 1,
  LOSS = 2;

function gameBucket(n: number): number {
  return n <= 1 ? Math.max(n, 0) : n <= 4 ? 2 : n <= 9 ? 3 : n <= 19 ? 4 : 5;
}

/** The square of a record's front piece; for a chain, its slider next to its first target. */
function frontSquare(d: Int32Array, o: number, code: number): number {
  if (!isChain(code)) return d[o + REC_FRONT];
  const first = d[o + REC_SQUARES];
  return d[o + REC_TARGET1] < first ? first : d[o + REC_SQUARES + d[o + REC_LENGTH] - 1];
}

/** Outcome index (WIN, DRAWN, LOSS) of a result index for a side, or -1 when the result is unknown. */
function outcomeOf(result: number, side: number): number {
  if (result === DRAW) return DRAWN;
  if (result === WHITE_WINS) return side === 0 ? WIN : LOSS;
  if (result === BLACK_WINS) return side === 1 ? WIN : LOSS;
  return -1;
}

export class Stats {
  rejected = 0;
  taggedPositions = 0;
  gameMotifPositions = 0;
  /** Games and positions analysed, counted or not: with --where only the matches are counted. */
  analysedGames = 0;
  analysedPositions = 0;
  /** The --where query whose matches these are (written as `where`), or null: every position counted. */
  where: string | null = null;
  /** The corpus as one dimension of one value: games, positions, motifs, positionsWith, gamesWith. */
  private readonly all = new DimCounts(['all']);
  private readonly dims: Record<Dimension, DimCounts>;
  private readonly gameDims: DimCounts[];
  /** dims.phase, counted per position */
  private readonly byPhase: DimCounts;
  /** side * K + key */
  private readonly bySide = new Float64Array(2 * K);
  private readonly plyPositions = new Float64Array(PLY_BUCKETS);
  /** bucket * K + key */
  private readonly byPly = new Float64Array(PLY_BUCKETS * K);
  private readonly perGame = new Float64Array(GAME_BUCKET_LABELS.length);
  /** (WIN | DRAWN | LOSS) * K + key */
  private readonly outcome = new Float64Array(3 * K);
  /** (code * 2 + side) * 64 + square */
  private readonly squares = new Float64Array(STATIC * 2 * 64);

  // The game being counted: its dimension values, the totals at its start, the keys it had.
  private readonly gameValue = new Int32Array(GAME_DIMENSIONS.length);
  private readonly mark = new Float64Array(MARK_LENGTH);
  private gameBits = 0;
  private readonly sideBits = new Int32Array(2);
  private readonly phaseBits = new Int32Array(DIMENSIONS.phase.length);
  private phasesReached = 0;
  private readonly phase = new GamePhase();

  constructor() {
    this.dims = Object.fromEntries(DIMENSION_NAMES.map((d) => [d, new DimCounts(DIMENSIONS[d])])) as Record<Dimension, DimCounts>;
    this.gameDims = GAME_DIMENSIONS.map((d) => this.dims[d]);
    this.byPhase = this.dims.phase;
  }

  get games(): number {
    return this.all.games[0];
  }

  get positions(): number {
    return this.all.positions[0];
  }

  /** Before the first position of a game that replays: its derived fields give its dimension values. */
  beginGame(derived: DerivedFields): void {
    gameValues(derived, this.gameValue);
    this.all.markGame(this.mark);
  }

  /** Counts one position (tagged or not) with its records and played tags, as the view holds them. */
  addPosition(v: PositionView): void {
    this.analysedPositions++;
    const phase = this.phase.of(v.pos, v.ply);
    // Math.min, not `ply >= 200 ? PLY_BUCKETS - 1 : …`: a branch first taken past ply 200 deoptimized the
    // worker's whole game loop, into which this is inlined, long after it was optimized
    const bucket = Math.min((v.ply / 10) | 0, PLY_BUCKETS - 1);
    const ph = this.byPhase;
    this.all.positions[0]++;
    ph.positions[phase]++;
    this.phasesReached |= 1 << phase;
    this.plyPositions[bucket]++;
    if (v.tactic !== null) this.addTactic(v.tactic, v.played, phase);
    if (v.buf.count === 0 && v.played === 0) return;
    this.taggedPositions++;
    let seen = this.addRecords(v, phase * K, bucket * K);
    if (v.played !== 0) seen |= this.addPlayed(v.played, v.pos.turn, phase * K, bucket * K);
    this.gameBits |= seen;
    this.phaseBits[phase] |= seen;
    addBits(this.all.positionsWith, 0, seen);
    addBits(ph.positionsWith, phase * K, seen);
  }

  /** Counts the position's tactic verdict, found or missed by the move played (already filtered). */
  private addTactic(j: TacticJudge, played: number, phase: number): void {
    const bits = tacticBits(j.mate > 0, j.themeBits());
    const verdict = (played & PLAYED_FOUND) !== 0 ? 1 : (played & PLAYED_MISSED) !== 0 ? 2 : 0;
    this.all.addTactic(0, bits, verdict);
    this.byPhase.addTactic(phase, bits, verdict);
  }

  /** Counts the position's static records; returns their keys as bits. */
  private addRecords(v: PositionView, phaseBase: number, plyBase: number): number {
    const d = v.buf.data;
    const n = v.buf.count;
    const motifs = this.all.motifs;
    const phaseMotifs = this.byPhase.motifs;
    let seen = 0;
    for (let i = 0; i < n; i++) {
      const o = i * STRIDE;
      const key = d[o + REC_CODE]; // static keys are indexed by record code
      const side = d[o + REC_SIDE];
      motifs[key]++;
      phaseMotifs[phaseBase + key]++;
      this.bySide[side * K + key]++;
      this.byPly[plyBase + key]++;
      this.squares[(key * 2 + side) * 64 + frontSquare(d, o, key)]++;
      this.sideBits[side] |= 1 << key;
      seen |= 1 << key;
    }
    return seen;
  }

  /** Counts the played tags (the mover's); returns their keys as bits. */
  private addPlayed(played: number, side: number, phaseBase: number, plyBase: number): number {
    let seen = 0;
    for (let k = 0; k < PLAYED_KEY.length; k++) {
      if ((played & PLAYED_KEY[k][0]) === 0) continue;
      const key = PLAYED_KEY[k][1];
      this.all.motifs[key]++;
      this.byPhase.motifs[phaseBase + key]++;
      this.bySide[side * K + key]++;
      this.byPly[plyBase + key]++;
      seen |= 1 << key;
    }
    this.sideBits[side] |= seen;
    return seen;
  }

  /** A position analysed but not counted (--where did not match it). */
  passPosition(): void {
    this.analysedPositions++;
  }

  /** A game analysed but not counted (--where matched none of its positions): no beginGame() before it. */
  passGame(): void {
    this.analysedGames++;
  }

  /** Counts the game begun by beginGame(), with the number of its tagged positions. */
  endGame(motifPositions: number): void {
    this.analysedGames++;
    this.gameMotifPositions += motifPositions;
    this.perGame[gameBucket(motifPositions)]++;
    for (let i = 0; i < this.gameDims.length; i++) this.gameDims[i].addGame(this.gameValue[i], this.all, this.mark, this.gameBits);
    this.all.games[0]++; // (its positions and motifs were counted position by position)
    addBits(this.all.gamesWith, 0, this.gameBits);
    const ph = this.byPhase;
    for (let p = 0; p < this.phaseBits.length; p++) {
      if ((this.phasesReached & (1 << p)) === 0) continue;
      ph.games[p]++;
      addBits(ph.gamesWith, p * K, this.phaseBits[p]);
      this.phaseBits[p] = 0;
    }
    for (let side = 0; side < 2; side++) {
      const o = outcomeOf(this.gameValue[RESULT_AT], side);
      if (o >= 0) addBits(this.outcome, o * K, this.sideBits[side]);
      this.sideBits[side] = 0;
    }
    this.gameBits = 0;
    this.phasesReached = 0;
  }

  /** Every counter array in one fixed order: what vector() writes after the scalars and addVector() adds. */
  private counters(): Float64Array[] {
    const dims = DIMENSION_NAMES.flatMap((d) => this.dims[d].arrays());
    return [...this.all.arrays(), ...dims, this.bySide, this.plyPositions, this.byPly, this.perGame, this.outcome, this.squares];
  }

  /**
   * Every count as one vector, between games: one copy each way, where a batch's nested toJSON() objects
   * were cloned field by field and fed the main thread's garbage collector.
   */
  vector(): StatsVector {
    const arrays = this.counters();
    const v = new Float64Array(vectorLength(arrays));
    v[0] = this.rejected;
    v[1] = this.taggedPositions;
    v[2] = this.gameMotifPositions;
    v[3] = this.analysedGames;
    v[4] = this.analysedPositions;
    let at = SCALARS;
    for (const a of arrays) {
      v.set(a, at);
      at += a.length;
    }
    return v;
  }

  /** Adds the counts of a vector() (of this build: the layout is not a file format). */
  addVector(v: StatsVector): void {
    const arrays = this.counters();
    const size = vectorLength(arrays);
    if (v.length !== size) throw new RangeError(`a statistics vector of ${v.length} counts, expected ${size}`);
    this.rejected += v[0];
    this.taggedPositions += v[1];
    this.gameMotifPositions += v[2];
    this.analysedGames += v[3];
    this.analysedPositions += v[4];
    let at = SCALARS;
    for (const a of arrays) {
      for (let i = 0; i < a.length; i++) a[i] += v[at + i];
      at += a.length;
    }
  }

  /**
   * Every count back to zero, between batches: a worker's sink keeps its one Stats for good, because
   * replacing it after each batch turned the field mutable and deoptimized the game loop (V8 had
   * compiled the first Stats into it as a constant).
   */
  clear(): void {
    this.rejected = 0;
    this.taggedPositions = 0;
    this.gameMotifPositions = 0;
    this.analysedGames = 0;
    this.analysedPositions = 0;
    for (const a of this.counters()) a.fill(0);
  }

  /** A Stats holding a vector's counts. */
  static fromVector(v: StatsVector): Stats {
    const s = new Stats();
    s.addVector(v);
    return s;
  }

  /** Counts one rejected game. */
  addRejected(): void {
    this.rejected++;
  }

  toJSON(): StatsJSON {
    const all = this.all.value(0);
    return {
      version: STATS_VERSION,
      games: all.games,
      positions: all.positions,
      rejected: this.rejected,
      taggedPositions: this.taggedPositions,
      motifs: all.motifs,
      positionsWith: all.positionsWith,
      gamesWith: all.gamesWith,
      tactics: all.tactics,
      bySide: { w: counts(this.bySide, 0), b: counts(this.bySide, K) },
      byPly: this.plyJSON(),
      perGame: Object.fromEntries(GAME_BUCKET_LABELS.map((l, i) => [l, this.perGame[i]])),
      gameMotifPositions: this.gameMotifPositions,
      motifPositionsPerGame: all.games === 0 ? 0 : Math.round((this.gameMotifPositions / all.games) * 10000) / 10000,
      by: Object.fromEntries(DIMENSION_NAMES.map((d) => [d, this.dims[d].toJSON()])) as Record<Dimension, DimJSON>,
      outcome: Object.fromEntries(MOTIF_KEYS.map((k, i) => [k, this.outcomeOf(i)])) as Record<MotifKey, Outcome>,
      frontSquares: Object.fromEntries(
        MOTIFS.map((m) => [m.key, { w: this.squareList(m.code, 0), b: this.squareList(m.code, 1) }]),
      ) as StatsJSON['frontSquares'],
      ...(this.where !== null ? { where: { query: this.where, games: this.analysedGames, positions: this.analysedPositions } } : {}),
    };
  }

  private plyJSON(): Record<string, PlyBucket> {
    let lastBucket = -1;
    for (let i = 0; i < PLY_BUCKETS; i++) if (this.plyPositions[i] > 0) lastBucket = i;
    const byPly: Record<string, PlyBucket> = {};
    for (let i = 0; i <= lastBucket; i++)
      byPly[PLY_BUCKET_LABELS[i]] = { positions: this.plyPositions[i], motifs: counts(this.byPly, i * K) };
    return byPly;
  }

  private outcomeOf(key: number): Outcome {
    return { win: this.outcome[WIN * K + key], draw: this.outcome[DRAWN * K + key], loss: this.outcome[LOSS * K + key] };
  }

  private squareList(code: number, side: number): number[] {
    return Array.from(this.squares.subarray((code * 2 + side) * 64, (code * 2 + side + 1) * 64));
  }

  /**
   * Adds another Stats' figures, as toJSON() gave them (missing entries count as 0; `run` and the mean
   * are not added). The caller checks a file read from disk first: its version, counts and keys (src/stats/merge.ts).
   */
  merge(o: StatsJSON): void {
    this.all.mergeValue(0, o);
    this.analysedGames += o.where?.games ?? o.games ?? 0;
    this.analysedPositions += o.where?.positions ?? o.positions ?? 0;
    if (o.where !== undefined) this.where = o.where.query;
    this.rejected += o.rejected ?? 0;
    this.taggedPositions += o.taggedPositions ?? 0;
    this.gameMotifPositions += o.gameMotifPositions ?? 0;
    addCounts(this.bySide, 0, o.bySide?.w);
    addCounts(this.bySide, K, o.bySide?.b);
    this.mergePly(o.byPly);
    GAME_BUCKET_LABELS.forEach((l, i) => (this.perGame[i] += o.perGame?.[l] ?? 0));
    for (const d of DIMENSION_NAMES) this.dims[d].merge(o.by?.[d]);
    MOTIF_KEYS.forEach((k, i) => OUTCOMES.forEach((r, j) => (this.outcome[j * K + i] += o.outcome?.[k]?.[r] ?? 0)));
    for (const m of MOTIFS) {
      for (let side = 0; side < 2; side++) {
        const list = o.frontSquares?.[m.key]?.[side === 0 ? 'w' : 'b'] ?? [];
        for (let sq = 0; sq < 64; sq++) this.squares[(m.code * 2 + side) * 64 + sq] += list[sq] ?? 0;
      }
    }
  }

  private mergePly(byPly: Record<string, PlyBucket> | undefined): void {
    for (const [label, bucket] of Object.entries(byPly ?? {})) {
      const i = PLY_BUCKET_LABELS.indexOf(label);
      if (i < 0) throw new RangeError(`unknown ply bucket "${label}"`);
      this.plyPositions[i] += bucket.positions ?? 0;
      addCounts(this.byPly, i * K, bucket.motifs);
    }
  }
}
