// Corpus statistics: counted per position by the workers (allocation-free, typed arrays), shipped to the
// main thread as plain JSON (toJSON, structured-cloneable, deterministic key order) and merged there.
// Merging the JSON of several Stats gives exactly what adding everything to one would (tested).
//
// StatsJSON (the --stats file, DESIGN.md §6):
//   games, positions, rejected, taggedPositions   integers (tagged: at least one record or played tag)
//   motifs          counts of records per key, MOTIF_KEYS (src/motifs/catalogue.ts): the static
//                   "pin.absolute" … "xray" (potential motifs of both sides) and the played "played.check" …
//   positionsWith   per key, the positions having at least one such record
//   bySide          {w: {…}, b: {…}}: motifs by the side whose motif it is (played tags: the mover)
//   byPly           buckets of 10 plies "0-9", "10-19", … "190-199", "200+", each {positions, motifs},
//                   from "0-9" up to the last bucket holding a position
//   perGame         histogram of tagged positions per game: "0", "1", "2-4", "5-9", "10-19", "20+"
//   gameMotifPositions     the sum over games of their tagged positions (what the mean is made of)
//   motifPositionsPerGame  its mean per game (4 decimals; 0 without games)
import { STRIDE, REC_CODE, REC_SIDE } from '../motifs/buffer.js';
import { MOTIFS, MOTIF_KEYS, PLAYED, type MotifKey } from '../motifs/catalogue.js';
import type { PositionView } from './view.js';

export type MotifCounts = Record<MotifKey, number>;

export interface PlyBucket {
  positions: number;
  motifs: MotifCounts;
}

export interface StatsJSON {
  games: number;
  positions: number;
  rejected: number;
  taggedPositions: number;
  motifs: MotifCounts;
  positionsWith: MotifCounts;
  bySide: { w: MotifCounts; b: MotifCounts };
  byPly: Record<string, PlyBucket>;
  perGame: Record<string, number>;
  gameMotifPositions: number;
  motifPositionsPerGame: number;
}

const K = MOTIF_KEYS.length;
/** Key index of each played tag's bit: the played keys follow the static ones (catalogue.ts MOTIF_KEYS). */
const PLAYED_KEY: readonly [number, number][] = PLAYED.map((p, i) => [p.bit, MOTIFS.length + i]);
const PLY_BUCKETS = 21;
export const PLY_BUCKET_LABELS: readonly string[] = Array.from({ length: PLY_BUCKETS }, (_, i) =>
  i === PLY_BUCKETS - 1 ? `${i * 10}+` : `${i * 10}-${i * 10 + 9}`);
export const GAME_BUCKET_LABELS: readonly string[] = ['0', '1', '2-4', '5-9', '10-19', '20+'];
const PLY_INDEX = new Map(PLY_BUCKET_LABELS.map((l, i) => [l, i]));
const GAME_INDEX = new Map(GAME_BUCKET_LABELS.map((l, i) => [l, i]));

function gameBucket(n: number): number {
  return n <= 1 ? (n < 0 ? 0 : n) : n <= 4 ? 2 : n <= 9 ? 3 : n <= 19 ? 4 : 5;
}

export class Stats {
  games = 0;
  positions = 0;
  rejected = 0;
  taggedPositions = 0;
  gameMotifPositions = 0;
  private readonly motifs = new Float64Array(K);
  private readonly positionsWith = new Float64Array(K);
  /** side * K + key */
  private readonly bySide = new Float64Array(2 * K);
  private readonly plyPositions = new Float64Array(PLY_BUCKETS);
  /** bucket * K + key */
  private readonly byPly = new Float64Array(PLY_BUCKETS * K);
  private readonly perGame = new Float64Array(GAME_BUCKET_LABELS.length);

  /** Counts one position (tagged or not) with its records and played tags, as the view holds them. */
  addPosition(v: PositionView): void {
    this.positions++;
    const bucket = v.ply >= 200 ? PLY_BUCKETS - 1 : (v.ply / 10) | 0;
    this.plyPositions[bucket]++;
    const n = v.buf.count;
    const played = v.played;
    if (n === 0 && played === 0) return;
    this.taggedPositions++;
    const d = v.buf.data;
    const motifs = this.motifs;
    const bySide = this.bySide;
    const byPly = this.byPly;
    const plyBase = bucket * K;
    let seen = 0;
    for (let i = 0; i < n; i++) {
      const o = i * STRIDE;
      const key = d[o + REC_CODE]; // static keys are indexed by record code
      motifs[key]++;
      bySide[d[o + REC_SIDE] * K + key]++;
      byPly[plyBase + key]++;
      seen |= 1 << key;
    }
    if (played !== 0) {
      const sideBase = v.pos.turn * K;
      for (let k = 0; k < PLAYED_KEY.length; k++) {
        if ((played & PLAYED_KEY[k][0]) === 0) continue;
        const key = PLAYED_KEY[k][1];
        motifs[key]++;
        bySide[sideBase + key]++;
        byPly[plyBase + key]++;
        seen |= 1 << key;
      }
    }
    const pw = this.positionsWith;
    while (seen !== 0) {
      pw[31 - Math.clz32(seen & -seen)]++;
      seen &= seen - 1;
    }
  }

  /** Counts one replayed game with the number of its tagged positions. */
  addGame(motifPositions: number): void {
    this.games++;
    this.gameMotifPositions += motifPositions;
    this.perGame[gameBucket(motifPositions)]++;
  }

  /** Counts one rejected game. */
  addRejected(): void {
    this.rejected++;
  }

  /** Adds another Stats' figures (as toJSON() gave them; missing entries count as 0). */
  merge(o: StatsJSON): void {
    this.games += o.games ?? 0;
    this.positions += o.positions ?? 0;
    this.rejected += o.rejected ?? 0;
    this.taggedPositions += o.taggedPositions ?? 0;
    this.gameMotifPositions += o.gameMotifPositions ?? 0;
    addCounts(this.motifs, 0, o.motifs);
    addCounts(this.positionsWith, 0, o.positionsWith);
    addCounts(this.bySide, 0, o.bySide?.w);
    addCounts(this.bySide, K, o.bySide?.b);
    if (o.byPly) {
      for (const label of Object.keys(o.byPly)) {
        const i = PLY_INDEX.get(label);
        if (i === undefined) continue;
        this.plyPositions[i] += o.byPly[label].positions ?? 0;
        addCounts(this.byPly, i * K, o.byPly[label].motifs);
      }
    }
    if (o.perGame) {
      for (const label of Object.keys(o.perGame)) {
        const i = GAME_INDEX.get(label);
        if (i !== undefined) this.perGame[i] += o.perGame[label] ?? 0;
      }
    }
  }

  toJSON(): StatsJSON {
    let lastBucket = -1;
    for (let i = 0; i < PLY_BUCKETS; i++) if (this.plyPositions[i] > 0) lastBucket = i;
    const byPly: Record<string, PlyBucket> = {};
    for (let i = 0; i <= lastBucket; i++) {
      byPly[PLY_BUCKET_LABELS[i]] = { positions: this.plyPositions[i], motifs: counts(this.byPly, i * K) };
    }
    const perGame: Record<string, number> = {};
    for (let i = 0; i < GAME_BUCKET_LABELS.length; i++) perGame[GAME_BUCKET_LABELS[i]] = this.perGame[i];
    return {
      games: this.games,
      positions: this.positions,
      rejected: this.rejected,
      taggedPositions: this.taggedPositions,
      motifs: counts(this.motifs, 0),
      positionsWith: counts(this.positionsWith, 0),
      bySide: { w: counts(this.bySide, 0), b: counts(this.bySide, K) },
      byPly,
      perGame,
      gameMotifPositions: this.gameMotifPositions,
      motifPositionsPerGame: this.games === 0 ? 0 : Math.round((this.gameMotifPositions / this.games) * 10000) / 10000,
    };
  }

  /** The readable table of summaryTable() for these figures. */
  summaryTable(): string {
    return summaryTable(this.toJSON());
  }
}

function counts(a: Float64Array, base: number): MotifCounts {
  const out = {} as MotifCounts;
  for (let k = 0; k < K; k++) out[MOTIF_KEYS[k]] = a[base + k];
  return out;
}

function addCounts(a: Float64Array, base: number, c: Partial<MotifCounts> | undefined): void {
  if (!c) return;
  for (let k = 0; k < K; k++) a[base + k] += c[MOTIF_KEYS[k]] ?? 0;
}

/** 1234567 -> "1,234,567" (no locale data needed). */
function grouped(n: number): string {
  const s = String(Math.round(n));
  let out = '';
  const neg = s.startsWith('-') ? 1 : 0;
  for (let i = neg; i < s.length; i++) {
    if (i > neg && (s.length - i) % 3 === 0) out += ',';
    out += s[i];
  }
  return (neg ? '-' : '') + out;
}

/**
 * A readable, aligned table of the figures for stderr: games, positions, rejected, positions per game,
 * then per motif key its count, its rate per 1000 positions and the share of positions having it.
 */
export function summaryTable(s: StatsJSON): string {
  const pct = (n: number, of: number): string => (of === 0 ? '-' : ((100 * n) / of).toFixed(2) + '%');
  const head: [string, string][] = [
    ['games', grouped(s.games)],
    ['rejected', grouped(s.rejected)],
    ['positions', grouped(s.positions)],
    ['positions/game', s.games === 0 ? '-' : (s.positions / s.games).toFixed(1)],
    ['tagged positions', `${grouped(s.taggedPositions)} (${pct(s.taggedPositions, s.positions)})`],
    ['tagged positions/game', s.games === 0 ? '-' : s.motifPositionsPerGame.toFixed(1)],
  ];
  const w0 = Math.max(...head.map(([k]) => k.length));
  let out = '';
  for (const [k, v] of head) out += `${k.padEnd(w0)}  ${v}\n`;
  const rows: string[][] = [['motif', 'count', 'per 1000 pos', 'positions with']];
  for (const key of MOTIF_KEYS) {
    const c = s.motifs?.[key] ?? 0;
    rows.push([
      key,
      grouped(c),
      s.positions === 0 ? '-' : ((1000 * c) / s.positions).toFixed(2),
      pct(s.positionsWith?.[key] ?? 0, s.positions),
    ]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  out += '\n';
  for (const r of rows) out += r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('   ') + '\n';
  return out;
}
