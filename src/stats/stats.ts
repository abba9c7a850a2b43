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
//   examples        per key, up to 3 example positions chosen by a hash (examples.ts): only when asked for
//   player          with --player: the names, the games as White and as Black, the player's figures (`for`)
//                   and the opponents' (`against`), each a corpus row with every dimension; `misses`, the
//                   player's costliest misses (misses.ts), when the examples are asked for
// Rejected games count only in `rejected`. The CLI adds `run`: the run's id, version, inputs (each with its
// identity and shard) and times; merge-stats replaces it with the list of the runs it added up.
import { GamePhase } from '../core/phase.js';
import type { DerivedFields } from '../pgn/derived.js';
import { REC_CODE, REC_FRONT, REC_LENGTH, REC_SIDE, REC_SQUARES, REC_TARGET1, STRIDE } from '../motifs/buffer.js';
import { isChain, MOTIFS, MOTIF_KEYS, PLAYED, PLAYED_MISSED, type MotifRow, type MotifKey } from '../motifs/catalogue.js';
import { addBits, addCounts, counts, ROW, type DimJSON, type MotifCounts, type TacticsJSON } from './dim-counts.js';
import { BLACK_WINS, DIMENSION_NAMES, DRAW, GAME_DIMENSIONS, gameValues, RESULT_AT, WHITE_WINS, type Dimension } from './dimensions.js';
import { gameLabel, isPositionField, NUMBER_BOUND, POSITION_FIELDS, positionLabel, UNKNOWN } from './group-by.js';
import { BOTH_SIDES, Tally, type TallyJSON } from './tally.js';
import { foldedJSON, KEPT_VALUES, keptValues, OTHER, VALUES_MET_LIMIT, ValueTable } from './values.js';
import type { GameInfo, PositionView } from '../analysis/view.js';
import type { GameText } from '../analysis/view.js';
import { ExamplePicker, type ExamplesJSON } from './examples.js';
import { MissPicker, type Miss } from './misses.js';

export type { MotifCounts, TacticsJSON } from './dim-counts.js';

/**
 * Every count of a Stats (Stats.vector), as batches carry them to the main thread: the counts of fixed
 * layout in one typed array (a structured clone copies it at memory speed), and per --group-by dimension
 * the labels of the values met and their counts in every tally.
 */
export interface StatsVector {
  counts: Float64Array;
  groups: GroupVector[];
}

/** A --group-by dimension in a vector: its values' labels, and their counts (DimCounts.arrays(n)) in each tally, in order. */
export interface GroupVector {
  labels: string[];
  counts: Float64Array;
}

/** What a Stats counts besides the standing figures (the same in a run's workers and on its main thread). */
export interface StatsSpec {
  /** --group-by's dimensions (parseGroupBy: no standing one, each once): fields of the game or the position, or tags. */
  groupBy?: readonly string[];
  /** --player's names: the player's figures and the opponents' apart (the analyzer passes only their games). */
  player?: readonly string[];
}

/** What Stats.beginGame reads of a game besides its derived fields: its tags, the sides --player holds. */
export type GameTags = Pick<GameInfo, 'tagText' | 'player'>;
const NO_TAGS: GameTags = { tagText: () => null, player: 0 };

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

/** `by`: the standing dimensions, and --group-by's by field name. */
export type ByJSON = Record<Dimension, DimJSON> & Record<string, DimJSON>;

/**
 * --player's figures: the names, the games the player had White and Black in (a game between two of the
 * names counts in both), and the player's (`for`) and the opponents' (`against`) figures.
 */
export interface PlayerJSON {
  names: string[];
  white: number;
  black: number;
  for: TallyJSON;
  against: TallyJSON;
  /** The player's costliest misses (misses.ts), costliest first; with the example positions. */
  misses?: Miss[];
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
  by: ByJSON;
  outcome: Record<MotifKey, Outcome>;
  frontSquares: Record<StaticKey, { w: number[]; b: number[] }>;
  run?: RunInfo | MergedRunInfo;
  /** With --player: the player's figures and the opponents'. */
  player?: PlayerJSON;
  /** With --where: the query, and the games and positions analysed (the counts above are of its matches). */
  where?: WhereJSON;
  /** Example positions of each motif key (examples.ts), when the run was asked for a statistics file or a report. */
  examples?: ExamplesJSON;
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
/** The fields of the position --group-by counts, by their index in POSITION_FIELDS. */
const PLY = POSITION_FIELDS.indexOf('ply');
const MOVE_NUMBER = POSITION_FIELDS.indexOf('moveNumber');
const TURN = POSITION_FIELDS.indexOf('turn');
/** The code of `outcome` where the result is unknown (group-by.ts OUTCOMES). */
const OUTCOME_UNKNOWN = 3;
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

/** --player's tallies: the player's figures and the opponents', and the games by the player's colour. */
interface PlayerTallies {
  names: readonly string[];
  for: Tally;
  against: Tally;
  /** Games with the player as White, as Black. */
  games: Float64Array;
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
  /** The values toJSON() keeps per --group-by dimension, the rest folded into "(other)"; Infinity for a shard's file. */
  valuesKept = KEPT_VALUES;
  /** The values a --group-by dimension tells apart while adding vectors up; later new ones go to "(other)". */
  valuesMet = VALUES_MET_LIMIT;
  /** --group-by's dimensions, in the JSON's order. */
  readonly groupBy: readonly string[];
  /** Every record and move of the games counted. */
  private readonly main: Tally;
  /** --player's tallies, or null. */
  private readonly player: PlayerTallies | null;
  /** The main tally, then the player's and the opponents': the order of a vector. */
  private readonly tallies: Tally[];
  /** Per --group-by dimension: its values met, numbered; the room its counts have in every tally. */
  private readonly tables: ValueTable[];
  private readonly room: Int32Array;
  /** Per --group-by dimension: whether values past VALUES_MET_LIMIT went to OTHER as they came. */
  private readonly overflowed: boolean[];
  /** Per --group-by dimension: its index in POSITION_FIELDS, or -1 for a field of the game. */
  private readonly positionField: Int32Array;
  private readonly hasPositionFields: boolean;
  private readonly labelers: ((code: number) => string)[];
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

  // The game being counted: its values of the standing game dimensions and of each --group-by dimension
  // (of the position: the current position's), the keys each side had, the sides --player holds.
  private readonly gameValue = new Int32Array(GAME_DIMENSIONS.length);
  private readonly groupValue: Int32Array;
  private readonly sideBits = new Int32Array(2);
  private playerSides = 0;
  private readonly phase = new GamePhase();
  /** The example positions picked, or null: not asked for (collectExamples()). */
  private examples: ExamplePicker | null = null;
  /** --player's costliest misses, or null: no --player, or examples not asked for. */
  private misses: MissPicker | null = null;

  constructor(spec: StatsSpec = {}) {
    this.groupBy = [...(spec.groupBy ?? [])];
    const n = this.groupBy.length;
    const fields = this.groupBy.map((f) => (isPositionField(f) ? POSITION_FIELDS.indexOf(f) : -1));
    this.positionField = Int32Array.from(fields);
    this.hasPositionFields = fields.some((f) => f >= 0);
    this.labelers = fields.map((f) => (code: number) => positionLabel(POSITION_FIELDS[f], code));
    this.tables = this.groupBy.map(() => new ValueTable());
    this.groupValue = new Int32Array(n);
    const positional = fields.map((f) => f >= 0);
    this.main = new Tally(positional);
    const names = spec.player ?? [];
    this.player =
      names.length === 0 ? null : { names, for: new Tally(positional), against: new Tally(positional), games: new Float64Array(2) };
    this.tallies = this.player === null ? [this.main] : [this.main, this.player.for, this.player.against];
    this.room = Int32Array.from(this.main.groups, (g) => g.n);
    this.overflowed = this.main.groups.map(() => false);
  }

  get games(): number {
    return this.main.all.games[0];
  }

  get positions(): number {
    return this.main.all.positions[0];
  }

  /** Picks example positions from now on (a run that writes statistics or a report). */
  collectExamples(): void {
    this.examples ??= new ExamplePicker();
    if (this.player !== null) this.misses ??= new MissPicker();
  }

  /**
   * Before the first position of a game that replays: its derived fields give its standing dimensions'
   * values; `game`, its tags (--group-by) and the sides --player holds; `text`, the tags of an example position.
   */
  beginGame(derived: DerivedFields, game: GameTags = NO_TAGS, text: GameText | null = null): void {
    gameValues(derived, this.gameValue);
    this.examples?.beginGame(text);
    this.misses?.beginGame(text);
    this.phase.reset();
    const pf = this.positionField;
    for (let g = 0; g < pf.length; g++) {
      if (pf[g] >= 0) continue;
      const label = gameLabel(this.groupBy[g], derived, game.tagText) ?? UNKNOWN;
      this.setValue(g, this.tables[g].indexOf(label));
    }
    if (this.player !== null) {
      this.playerSides = game.player;
      this.player.for.sides = game.player;
      this.player.against.sides = BOTH_SIDES & ~game.player;
    }
    for (const t of this.tallies) t.beginGame();
  }

  /** Value i of --group-by dimension g for the game or position being counted, with room for it. */
  private setValue(g: number, i: number): void {
    this.roomFor(g, i);
    this.groupValue[g] = i;
  }

  /** Room for value i of --group-by dimension g in every tally. */
  private roomFor(g: number, i: number): void {
    if (i < this.room[g]) return;
    for (const t of this.tallies) t.fit(g, i + 1);
    this.room[g] = this.main.groups[g].n;
  }

  /** The position's value of each --group-by field of the position: a code, looked up without allocating. */
  private positionValues(v: PositionView): void {
    const pf = this.positionField;
    for (let g = 0; g < pf.length; g++) {
      const f = pf[g];
      if (f < 0) continue;
      const code =
        f === PLY
          ? Math.min(v.ply, NUMBER_BOUND)
          : f === MOVE_NUMBER
            ? Math.min(Math.max(v.pos.fullmove, 0), NUMBER_BOUND)
            : f === TURN
              ? v.pos.turn
              : this.outcomeCode(v.pos.turn);
      this.setValue(g, this.tables[g].indexOfCode(code, this.labelers[g]));
    }
  }

  /** The game's result for the side to move, as `outcome` codes it (win, draw, loss, unknown). */
  private outcomeCode(side: number): number {
    const o = outcomeOf(this.gameValue[RESULT_AT], side);
    return o < 0 ? OUTCOME_UNKNOWN : o;
  }

  /** Counts one position (tagged or not) with its records and played tags, as the view holds them. */
  addPosition(v: PositionView): void {
    this.analysedPositions++;
    const phase = this.phase.of(v.pos, v.ply);
    if (this.hasPositionFields) this.positionValues(v);
    for (let i = 0; i < this.tallies.length; i++) this.tallies[i].addPosition(v, phase, this.groupValue);
    // Math.min, not `ply >= 200 ? PLY_BUCKETS - 1 : …`: a branch first taken past ply 200 deoptimized the
    // worker's whole game loop, into which this is inlined, long after it was optimized
    const bucket = Math.min((v.ply / 10) | 0, PLY_BUCKETS - 1);
    this.plyPositions[bucket]++;
    if (v.buf.count === 0 && v.played === 0) return;
    this.taggedPositions++;
    let seen = this.addRecords(v, bucket * K);
    if (v.played !== 0) seen |= this.addPlayed(v.played, v.pos.turn, bucket * K);
    if (this.examples !== null) this.examples.add(v, seen);
    if (this.misses !== null && (v.played & PLAYED_MISSED) !== 0 && v.tactic !== null && ((this.playerSides >> v.pos.turn) & 1) !== 0)
      this.misses.add(v);
  }

  /** Counts the position's static records by side, ply and front square; returns their keys as bits. */
  private addRecords(v: PositionView, plyBase: number): number {
    const d = v.buf.data;
    const n = v.buf.count;
    let seen = 0;
    for (let i = 0; i < n; i++) {
      const o = i * STRIDE;
      const key = d[o + REC_CODE]; // static keys are indexed by record code
      const side = d[o + REC_SIDE];
      this.bySide[side * K + key]++;
      this.byPly[plyBase + key]++;
      this.squares[(key * 2 + side) * 64 + frontSquare(d, o, key)]++;
      this.sideBits[side] |= 1 << key;
      seen |= 1 << key;
    }
    return seen;
  }

  /** Counts the played tags (the mover's) by side and ply; returns their keys as bits. */
  private addPlayed(played: number, side: number, plyBase: number): number {
    let seen = 0;
    for (let k = 0; k < PLAYED_KEY.length; k++) {
      if ((played & PLAYED_KEY[k][0]) === 0) continue;
      const key = PLAYED_KEY[k][1];
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
    for (let i = 0; i < this.tallies.length; i++) this.tallies[i].endGame(this.gameValue, this.groupValue);
    if (this.player !== null) {
      this.player.games[0] += this.playerSides & 1;
      this.player.games[1] += (this.playerSides >> 1) & 1;
    }
    for (let side = 0; side < 2; side++) {
      const o = outcomeOf(this.gameValue[RESULT_AT], side);
      if (o >= 0) addBits(this.outcome, o * K, this.sideBits[side]);
      this.sideBits[side] = 0;
    }
  }

  /** Every counter array of fixed layout in one order: what vector() writes after the scalars and addVector() adds. */
  private counters(): Float64Array[] {
    const player = this.player === null ? [] : [this.player.games];
    return [
      ...this.tallies.flatMap((t) => t.arrays()),
      ...player,
      this.bySide,
      this.plyPositions,
      this.byPly,
      this.perGame,
      this.outcome,
      this.squares,
    ];
  }

  /**
   * Every count as one vector, between games: one copy each way, where a batch's nested toJSON() objects
   * were cloned field by field and fed the main thread's garbage collector.
   */
  vector(): StatsVector {
    const counts = new Float64Array(vectorLength(this.counters()));
    counts[0] = this.rejected;
    counts[1] = this.taggedPositions;
    counts[2] = this.gameMotifPositions;
    counts[3] = this.analysedGames;
    counts[4] = this.analysedPositions;
    concatInto(counts, SCALARS, this.counters());
    const groups = this.tables.map((table, g) => {
      const arrays = this.tallies.flatMap((t) => t.groups[g].arrays(table.size));
      return { labels: table.labels.slice(), counts: concatInto(new Float64Array(vectorLength(arrays) - SCALARS), 0, arrays) };
    });
    return { counts, groups };
  }

  /** Adds the counts of a vector() (of this build and spec: the layout is not a file format). */
  addVector(v: StatsVector): void {
    const arrays = this.counters();
    const size = vectorLength(arrays);
    const c = v.counts;
    if (c.length !== size) throw new RangeError(`a statistics vector of ${c.length} counts, expected ${size}`);
    if (v.groups.length !== this.tables.length)
      throw new RangeError(`a statistics vector of ${v.groups.length} --group-by dimensions, expected ${this.tables.length}`);
    v.groups.forEach((gv) => {
      const want = this.tallies.length * gv.labels.length * ROW;
      if (gv.counts.length !== want) throw new RangeError(`a --group-by dimension of ${gv.counts.length} counts, expected ${want}`);
    });
    this.rejected += c[0];
    this.taggedPositions += c[1];
    this.gameMotifPositions += c[2];
    this.analysedGames += c[3];
    this.analysedPositions += c[4];
    let at = SCALARS;
    for (const a of arrays) {
      for (let i = 0; i < a.length; i++) a[i] += c[at + i];
      at += a.length;
    }
    v.groups.forEach((gv, g) => this.addGroup(g, gv));
  }

  /** Adds a vector's counts of --group-by dimension g, its values numbered by this Stats' table. */
  private addGroup(g: number, gv: GroupVector): void {
    const n = gv.labels.length;
    const map = new Int32Array(n);
    for (let j = 0; j < n; j++) map[j] = this.metIndex(g, gv.labels[j]);
    let at = 0;
    for (const t of this.tallies) at = t.groups[g].addFrom(gv.counts, at, n, map);
  }

  /**
   * The index of a value of --group-by dimension g met while adding up (a worker's vector, a merged file),
   * with room for it: a new value past valuesMet goes to "(other)", so neither a run nor a merge of many
   * shards' files tells apart more values than the bound.
   */
  private metIndex(g: number, label: string): number {
    const table = this.tables[g];
    let i = table.find(label);
    if (i === undefined && table.size >= this.valuesMet) {
      this.overflowed[g] = true;
      i = table.indexOf(OTHER);
    }
    i ??= table.indexOf(label);
    this.roomFor(g, i);
    return i;
  }

  /**
   * Every count back to zero, and the values met forgotten, between batches: a worker's sink keeps its one
   * Stats for good, because replacing it after each batch turned the field mutable and deoptimized the game
   * loop (V8 had compiled the first Stats into it as a constant).
   */
  clear(): void {
    this.rejected = 0;
    this.taggedPositions = 0;
    this.gameMotifPositions = 0;
    this.analysedGames = 0;
    this.analysedPositions = 0;
    for (const a of this.counters()) a.fill(0);
    for (const t of this.tallies) t.clear();
    for (const table of this.tables) table.clear();
    // the examples stay: they are no counts but the smallest hashes seen, which every batch ships (a merge
    // keeps one of each); emptied at every batch, the picker would start over and build an example string
    // for every new smallest hash of every batch
  }

  /** The examples picked so far (null: not collected), as a batch carries them to the main thread. */
  takeExamples(): ExamplesJSON | null {
    return this.examples?.toJSON() ?? null;
  }

  /** Adds examples picked elsewhere (a batch's, a file's): from now on this one collects them too. */
  addExamples(e: ExamplesJSON): void {
    this.examples ??= new ExamplePicker(); // not the misses: a file may have examples and no misses (written before them)
    this.examples.merge(e);
  }

  /** The player's costliest misses so far (null: no --player, or not collected), as a batch carries them. */
  takeMisses(): Miss[] | null {
    return this.misses?.toJSON() ?? null;
  }

  /** Adds the player's misses picked elsewhere (a batch's, a file's): from now on this one collects them too. */
  addMisses(m: readonly Miss[]): void {
    if (this.player === null) throw new RangeError("a player's misses in statistics of no --player");
    this.misses ??= new MissPicker();
    this.misses.merge(m);
  }

  /** A Stats holding a vector's counts. */
  static fromVector(v: StatsVector, spec: StatsSpec = {}): Stats {
    const s = new Stats(spec);
    s.addVector(v);
    return s;
  }

  /** Counts one rejected game. */
  addRejected(): void {
    this.rejected++;
  }

  toJSON(): StatsJSON {
    const all = this.main.all.value(0);
    const kept = this.keptValues();
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
      by: this.byJSON(this.main, kept),
      outcome: Object.fromEntries(MOTIF_KEYS.map((k, i) => [k, this.outcomeOf(i)])) as Record<MotifKey, Outcome>,
      frontSquares: Object.fromEntries(
        MOTIFS.map((m) => [m.key, { w: this.squareList(m.code, 0), b: this.squareList(m.code, 1) }]),
      ) as StatsJSON['frontSquares'],
      ...(this.player !== null ? { player: this.playerJSON(this.player, kept) } : {}),
      ...(this.where !== null ? { where: { query: this.where, games: this.analysedGames, positions: this.analysedPositions } } : {}),
      ...(this.examples !== null ? { examples: this.examples.toJSON() } : {}),
    };
  }

  /** Per --group-by dimension, the values its JSON lists (valuesKept at most, chosen on the main tally's games). */
  private keptValues(): number[][] {
    return this.tables.map((t, g) => keptValues(t.labels, (i) => this.main.groups[g].games[i], this.valuesKept));
  }

  /**
   * One line per --group-by dimension with more values than toJSON() keeps: how many, and where the rest
   * went ("(other)").
   */
  foldWarnings(): string[] {
    const n = (x: number): string => x.toLocaleString('en');
    return this.tables.flatMap((t, g) => {
      const values = t.labels.filter((l, i) => l !== OTHER && this.main.groups[g].games[i] > 0).length;
      if (this.overflowed[g])
        return [
          `--group-by ${this.groupBy[g]}: over ${n(this.valuesMet)} values; values met after those were added up under "(other)" as they came, so the ${n(this.valuesKept)} kept are the most played of the first ${n(this.valuesMet)} met`,
        ];
      if (values <= this.valuesKept) return [];
      const rest = values - this.valuesKept;
      return [
        `--group-by ${this.groupBy[g]}: ${n(values)} values; the ${n(this.valuesKept)} with the most games kept, the other ${n(rest)} added up under "(other)"`,
      ];
    });
  }

  /** A tally's dimensions: the standing ones, then --group-by's, each folded past its kept values. */
  private byJSON(t: Tally, kept: number[][]): ByJSON {
    const by: ByJSON = t.standingJSON();
    this.groupBy.forEach((name, g) => (by[name] = foldedJSON(t.groups[g], this.tables[g].labels, kept[g])));
    return by;
  }

  private playerJSON(p: PlayerTallies, kept: number[][]): PlayerJSON {
    const side = (t: Tally): TallyJSON => ({ ...t.all.value(0), by: this.byJSON(t, kept) });
    const misses = this.misses === null ? {} : { misses: this.misses.toJSON() };
    return { names: [...p.names], white: p.games[0], black: p.games[1], for: side(p.for), against: side(p.against), ...misses };
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
   * are not added). The caller checks a file read from disk first: its version, counts and keys, and that
   * it has this Stats' --group-by dimensions and player (src/stats/merge.ts).
   */
  merge(o: StatsJSON): void {
    this.mergeTally(this.main, o);
    if (this.player !== null) {
      this.mergeTally(this.player.for, o.player?.for);
      this.mergeTally(this.player.against, o.player?.against);
      this.player.games[0] += o.player?.white ?? 0;
      this.player.games[1] += o.player?.black ?? 0;
      if (o.player?.misses !== undefined) this.addMisses(o.player.misses);
    }
    this.analysedGames += o.where?.games ?? o.games ?? 0;
    this.analysedPositions += o.where?.positions ?? o.positions ?? 0;
    if (o.where !== undefined) this.where = o.where.query;
    this.rejected += o.rejected ?? 0;
    this.taggedPositions += o.taggedPositions ?? 0;
    this.gameMotifPositions += o.gameMotifPositions ?? 0;
    addCounts(this.bySide, 0, o.bySide?.w);
    addCounts(this.bySide, K, o.bySide?.b);
    this.mergePly(o.byPly);
    if (o.examples !== undefined) this.addExamples(o.examples);
    GAME_BUCKET_LABELS.forEach((l, i) => (this.perGame[i] += o.perGame?.[l] ?? 0));
    MOTIF_KEYS.forEach((k, i) => OUTCOMES.forEach((r, j) => (this.outcome[j * K + i] += o.outcome?.[k]?.[r] ?? 0)));
    for (const m of MOTIFS) {
      for (let side = 0; side < 2; side++) {
        const list = o.frontSquares?.[m.key]?.[side === 0 ? 'w' : 'b'] ?? [];
        for (let sq = 0; sq < 64; sq++) this.squares[(m.code * 2 + side) * 64 + sq] += list[sq] ?? 0;
      }
    }
  }

  /** Adds a tally's JSON: its corpus row, standing dimensions and --group-by dimensions, value by value. */
  private mergeTally(t: Tally, o: Partial<TallyJSON> | undefined): void {
    if (o === undefined) return;
    t.mergeStanding(o);
    for (const name of Object.keys(o.by ?? {}))
      if (!DIMENSION_NAMES.includes(name as Dimension) && !this.groupBy.includes(name))
        throw new RangeError(`a --group-by dimension "${name}" these statistics do not have`);
    this.groupBy.forEach((name, g) => {
      for (const [label, value] of Object.entries(o.by?.[name] ?? {})) {
        const i = this.metIndex(g, label); // first: room for it may replace t.groups[g] with a larger copy
        t.groups[g].mergeValue(i, value);
      }
    });
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

/** The --group-by dimensions and the player of a statistics file: what a Stats merging it must count. */
export function specOf(o: StatsJSON): StatsSpec {
  return {
    groupBy: Object.keys(o.by ?? {}).filter((d) => !DIMENSION_NAMES.includes(d as Dimension)),
    player: o.player?.names ?? [],
  };
}

/** Copies the arrays one after another into `into` from `at`; returns `into`. */
function concatInto(into: Float64Array, at: number, arrays: readonly Float64Array[]): Float64Array {
  for (const a of arrays) {
    into.set(a, at);
    at += a.length;
  }
  return into;
}
