// The tactic verdict of a position and the verdict on the move played from it. Definitions:
// - the baseline is the material balance of the side to move S now (P 1, N 3, B 3, R 5, Q 9, its view)
//   plus what the opponent's last move took (or gained by promoting) that S wins back by the plainest
//   means: the least of what it took and the best SEE of S's captures. An exchange under way — a recapture,
//   or taking a piece the opponent left en prise when it took — is no tactic; winning the material back by
//   other means (a fork) or winning more than was taken is one. (Against the balance before the opponent's
//   move, winning back by a fork what could not be retaken would be no tactic; against the balance now,
//   every recapture would be one.)
// - the verdict: S has a move that reaches, by the material search's tree (search.ts: two plies, then
//   captures), a balance of at least the baseline + 2 (`gain` = that value less the baseline), or a forced
//   mate (`mate` = its number of moves of S); `move` is the first move of the search's principal variation,
//   `themes` the motifs that line uses (themes.ts);
// - the move played from a position with a verdict is `found` when it wins at least the gain less one pawn
//   over the same baseline, by the same search with that move imposed (for a mate: it keeps a forced mate
//   in the tree), else `missed`.
// Cost: each position gets a null-window search at the threshold (the cheapest "no"), and only those that
// pass it the exact value and its line (a search in the window (threshold - 1, ∞)); with the gate on, only
// positions where a move may win are searched.
import { moveToSan, moveToUci } from '../core/san.js';
import { Position } from '../core/position.js';
import type { MotifBuffer } from '../motifs/buffer.js';
import { materialBalance } from './material-search.js';
import { TacticGate } from './gate.js';
import { INF, isMateScore, MAX_PLY, MATE_BOUND, mateMoves, TacticSearch } from './search.js';
import { LineThemes, themeBitsOf } from './themes.js';

/** The least gain over the baseline, in pawns, that makes a tactic. */
export const MIN_GAIN = 2;
/** A move played is found when it wins at least the verdict's gain less this (pawns). */
export const FOUND_SLACK = 1;

/** The verdict of a position as plain data: `gain` for a material win, `mate` for a forced mate. */
export interface Tactic {
  move: string;
  uci: string;
  gain?: number;
  mate?: number;
  themes: string[];
}

export type Played = 'found' | 'missed';

/** What the judge did, for the profile: positions seen, sent past the gate, with a verdict. */
export interface JudgeCounts {
  positions: number;
  searched: number;
  verdicts: number;
}

export interface JudgeOptions {
  /**
   * true: the gate (gate.ts) sends on only the positions where a move may win, which saves little time
   * (those it drops are the cheap ones to search) and drops a few verdicts (docs/design.md §14 has the
   * figures); default false: every position is searched, the verdicts exact.
   */
  gate?: boolean;
}

/** Judges positions one at a time; one per worker (its search and scratch are reused). */
export class TacticJudge {
  /** Whether the last position judged has a verdict; the fields below describe it. */
  present = false;
  /** The winning move (core encoding); -1 without a verdict. */
  move = -1;
  /** Pawns won over the baseline (0 for a mate). */
  gain = 0;
  /** Moves of the winning side to the mate (0: no mate). */
  mate = 0;
  /** The search's value of the position and the baseline it is measured against (pawns, the side to move's view). */
  value = 0;
  baseline = 0;
  readonly counts: JudgeCounts = { positions: 0, searched: 0, verdicts: 0 };
  private readonly search = new TacticSearch();
  private readonly gate = new TacticGate();
  private readonly useGate: boolean;
  private readonly lineThemes = new LineThemes();
  /** The judged position, its predecessor and the move between (kept only for a verdict). */
  private readonly pos = new Position();
  private readonly before = new Position();
  private hasBefore = false;
  private lastMove = -1;
  private readonly line = new Int32Array(MAX_PLY);
  private lineLength = 0;
  /** The verdict's themes and their bits, worked out at the first asking (null, -1: not yet). */
  private themeList: readonly string[] | null = null;
  private bits = -1;

  constructor(opts: JudgeOptions = {}) {
    this.useGate = opts.gate === true;
  }

  /**
   * Judges pos for its side to move; `before` is the position before the opponent's last move `lastMove`
   * (null, -1 at a game's start). `motifs`: the motif scan of pos, unfiltered, if the caller has it.
   * Returns whether there is a verdict. Allocates nothing when there is none.
   */
  position(pos: Position, before: Position | null, lastMove: number, motifs: MotifBuffer | null = null): boolean {
    this.counts.positions++;
    this.present = false;
    this.move = -1;
    this.themeList = null;
    this.bits = -1;
    const bal = materialBalance(pos);
    const baseline = before !== null ? this.baselineOf(pos, bal, before) : bal;
    const t = baseline + MIN_GAIN;
    if (this.useGate && !this.gate.open(pos, t - bal, motifs)) return false;
    this.counts.searched++;
    const s = this.search;
    if (!s.atLeast(pos, t)) return false;
    const v = s.window(pos, t - 1, INF);
    if (s.pvMove < 0) return false; // no legal move: a stalemate is worth 0, but there is no move to win with
    this.counts.verdicts++;
    this.present = true;
    this.value = v;
    this.baseline = baseline;
    this.move = s.pvMove;
    this.mate = isMateScore(v) ? mateMoves(v) : 0;
    this.gain = this.mate > 0 ? 0 : v - baseline;
    this.keep(pos, before, lastMove);
    return true;
  }

  /**
   * The material now plus what the opponent's last move took (or promoted) that we win back by the plainest
   * means: min(what it took, the best SEE of our captures, ≥ 0). A recapture, or taking a piece it left en
   * prise, is an exchange under way; winning it back otherwise (a fork) or winning more is a tactic.
   */
  private baselineOf(pos: Position, bal: number, before: Position): number {
    const taken = materialBalance(before, pos.turn) - bal;
    return taken <= 0 ? bal : bal + this.search.regain(pos, taken);
  }

  /** Keeps what the verdict's readers need after the search is reused: the position, its predecessor, the line. */
  private keep(pos: Position, before: Position | null, lastMove: number): void {
    this.pos.copyFrom(pos);
    this.hasBefore = before !== null;
    if (before !== null) this.before.copyFrom(before);
    this.lastMove = lastMove;
    const n = this.search.pvLength;
    for (let i = 0; i < n; i++) this.line[i] = this.search.pvAt(i);
    this.lineLength = n;
  }

  /** The winning line from the judged position (moves in the core encoding), a copy. */
  winningLine(): number[] {
    return Array.from(this.line.subarray(0, this.lineLength));
  }

  /** The themes of the verdict's line, sorted, a copy (there must be a verdict). */
  themes(): string[] {
    return [...this.lineThemesOnce()];
  }

  /** The verdict's themes as bits, 1 << index in TACTIC_THEMES (themes.ts); there must be a verdict. */
  themeBits(): number {
    if (this.bits < 0) this.bits = themeBitsOf(this.lineThemesOnce());
    return this.bits;
  }

  /** The line's themes, read once per verdict however many readers ask (the outputs, --where, the statistics). */
  private lineThemesOnce(): readonly string[] {
    if (!this.present) throw new Error('themes() without a verdict');
    this.themeList ??= this.lineThemes.themes(this.hasBefore ? this.before : null, this.lastMove, this.pos, this.line, this.lineLength);
    return this.themeList;
  }

  /** The verdict as plain data (there must be one), its keys in the order the outputs write them. */
  tactic(): Tactic {
    const move = moveToSan(this.pos, this.move);
    const uci = moveToUci(this.pos, this.move);
    const themes = this.themes();
    return this.mate > 0 ? { move, uci, mate: this.mate, themes } : { move, uci, gain: this.gain, themes };
  }

  /** The verdict on legal move m played from the judged position (there must be a verdict). */
  judgePlayed(m: number): Played {
    if (!this.present) throw new Error('judgePlayed() without a verdict');
    if (m === this.move) return 'found';
    const t = this.mate > 0 ? MATE_BOUND : this.value - FOUND_SLACK;
    return this.search.moveAtLeast(this.pos, m, t) ? 'found' : 'missed';
  }
}
