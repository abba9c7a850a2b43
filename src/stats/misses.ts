// A player's costliest misses (--player; docs/design.md §11, §14): of the positions where the player was to
// move, had a winning tactic (a verdict) and played a move that missed it, the MISSES_KEPT costliest, one per
// distinct FEN. Costliest first: a forced mate before any material gain (the shorter mate first), then the
// larger gain, then the hash of the board (example-hash.ts, seeded with the key `played.missed`, as the
// example positions of that key are), then the text — a total order, so the list is kept as the examples
// are (picks.ts: union, keep the first) and a merge of shards equals one run.
//
// The hot path (a miss of the player) allocates nothing: the miss's rank is compared with the last kept
// one's, and only a miss that may enter hashes the board; only one that may enter after its hash builds its
// FEN, SAN and the rest.
import { toFen } from '../core/fen.js';
import { moveToSan, moveToUci } from '../core/san.js';
import type { GameText, PositionView } from '../analysis/view.js';
import type { Tactic } from '../tactics/verdict.js';
import { BoardHasher, fnv1a } from './example-hash.js';
import { keepFirst, PickedGames, textOrder, type PickedGame } from './picks.js';

/** Misses kept. */
export const MISSES_KEPT = 6;
/** The motif key whose seed hashes a miss's board (exampleHash(fen, MISS_HASH_KEY)). */
export const MISS_HASH_KEY = 'played.missed';
const SEED = fnv1a(MISS_HASH_KEY);
/** Below any gain's rank (a gain g ranks −g): a mate in n ranks n − MATE_FIRST. */
const MATE_FIRST = 1e6;

/** One miss of the player, as the statistics file holds it (player.misses). */
export interface Miss extends PickedGame {
  /** The hash of its board (exampleHash(fen, MISS_HASH_KEY)). */
  hash: number;
  fen: string;
  /** The position's ply in its game (0: the game's first position). */
  ply: number;
  /** The verdict the move played missed: the winning move, its gain or mate, the line's themes. */
  tactic: Tactic;
  /** The move played instead. */
  played: { move: string; uci: string };
}

/** The rank of a verdict by its cost, smaller first: a mate in n, then the larger gain. */
function rank(mate: number, gain: number): number {
  return mate > 0 ? mate - MATE_FIRST : -gain;
}

function rankOf(m: Miss): number {
  return rank(m.tactic.mate ?? 0, m.tactic.gain ?? 0);
}

function orderText(m: Miss): string {
  return JSON.stringify([m.fen, m.tactic.uci, m.played.uci, m.tactic.themes, m.site, m.ply, m.white, m.black, m.date]);
}

/** The total order of misses: costliest first (a mate, the shorter first; then the larger gain), then by hash and text. */
export function compareMisses(a: Miss, b: Miss): number {
  const r = rankOf(a) - rankOf(b);
  if (r !== 0) return r;
  if (a.hash !== b.hash) return a.hash - b.hash;
  return textOrder(orderText(a), orderText(b));
}

/** Picks the costliest misses of the positions it is shown; one per worker's Stats, kept for the worker's life as the examples are. */
export class MissPicker {
  private kept: Miss[] = [];
  /** The rank and hash of the last miss kept once the list is full; else Infinity: any miss may enter. */
  private boundRank = Infinity;
  private boundHash = Infinity;
  private readonly hasher = new BoardHasher();
  private readonly games = new PickedGames();

  /** The game the next positions belong to: its tags are read only if one of its misses is kept. */
  beginGame(text: GameText | null): void {
    this.games.beginGame(text);
  }

  /** Offers a position whose move played missed its verdict (v.tactic not null), the player to move. */
  add(v: PositionView): void {
    const j = v.tactic!;
    const r = rank(j.mate, j.gain);
    if (r > this.boundRank) return;
    this.hasher.load(v.pos);
    const h = this.hasher.hash(SEED);
    if (r === this.boundRank && h > this.boundHash) return;
    const played = { move: moveToSan(v.pos, v.move), uci: moveToUci(v.pos, v.move) };
    this.keep([{ hash: h, fen: toFen(v.pos), ply: v.ply, tactic: j.tactic(), played, ...this.games.fields() }]);
  }

  /** Merges misses into the list, and moves its bound. */
  private keep(more: readonly Miss[]): void {
    this.kept = keepFirst(this.kept, more, compareMisses, MISSES_KEPT);
    const last = this.kept.length === MISSES_KEPT ? this.kept[MISSES_KEPT - 1] : null;
    this.boundRank = last === null ? Infinity : rankOf(last);
    this.boundHash = last === null ? Infinity : last.hash;
  }

  /** Adds misses of a file or of another picker (any order). */
  merge(more: readonly Miss[]): void {
    if (more.length > 0) this.keep(more);
  }

  /** The misses kept, costliest first. */
  toJSON(): Miss[] {
    return this.kept;
  }
}
