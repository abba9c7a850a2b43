// Stage 1's candidate test (docs/design.md §12), fed every position of a game in order. For a position P (the
// solver to move; Q the position before, where the opponent moved) with v(X) the material search's value
// of X for its side to move (src/tactics/material-search.ts) and bal(X) its material balance:
// - material: v(P) ≥ bal(P) + 2 — the search wins two pawns over the balance — and v(P) ≥ −v(Q) + 2: the
//   opponent's move cost it two pawns against the best the same search gave it at Q (the blunder test; an
//   exchange already under way, where P's gain is Q's recapture, is no candidate);
// - mate: v(P) is a mate for the solver and −v(Q) was not one already;
// - eval: the game's [%eval] after the opponent's move is two pawns or more better for the solver than
//   the one before it, both first clipped to ±1000 cp, so "winning" to "winning more" does not fire.
// A position with fewer than two legal moves is never a candidate (it cannot start a puzzle).
// Cost: most positions stop at one null-window search, "is v(P) ≥ bal(P) + 2?"; only those that pass
// get exact values of P and Q.
import { legalMoves } from '../core/movegen.js';
import { Position } from '../core/position.js';
import { MATE, MaterialSearch, materialBalance } from '../tactics/material-search.js';
import type { CandidateRule } from './types.js';

/** The rules in bit order: rule k fired when bit 1 << k of position()'s answer is set. */
export const RULES: readonly CandidateRule[] = ['mate', 'material', 'eval'];
const MATE_BIT = 1;
const MATERIAL_BIT = 2;
const EVAL_BIT = 4;

/** Pawns the solver must gain, and centipawns the [%eval] must swing. */
export const MIN_GAIN = 2;
export const MIN_SWING_CP = 200;
const EVAL_CLIP_CP = 1000;

/** What stage 1 did, summed over batches for the run's summary. */
export interface Stage1Counts {
  [name: string]: number;
  positions: number;
  /** Positions whose search found the gain (or a mate) before the blunder test. */
  searchFired: number;
  /** …of which the blunder test dropped these (the gain was there before the opponent's move). */
  notBlunder: number;
  mate: number;
  material: number;
  eval: number;
  /** Positions that fired but have fewer than two legal moves. */
  oneLegal: number;
}

function noCounts(): Stage1Counts {
  return { positions: 0, searchFired: 0, notBlunder: 0, mate: 0, material: 0, eval: 0, oneLegal: 0 };
}

const clip = (cp: number): number => Math.max(-EVAL_CLIP_CP, Math.min(EVAL_CLIP_CP, cp));

export class Stage1 {
  /** The solver's gain over the balance at the last candidate, in pawns (≥ MATE: a mate); 0 for eval only. */
  gain = 0;
  /** The search's best move at the last candidate (-1 when only the eval fired). */
  best = -1;
  private readonly search = new MaterialSearch();
  private readonly q = new Position();
  private readonly moves = new Int32Array(256);
  private hasQ = false;
  private evalQ = NaN;
  private counts = noCounts();

  beginGame(): void {
    this.hasQ = false;
    this.evalQ = NaN;
  }

  /** The rules (bits in RULES order) that make `pos` a candidate; 0 for none. `evalWhiteCp`: NaN if none. */
  position(pos: Position, evalWhiteCp: number): number {
    this.counts.positions++;
    let rules = this.hasQ ? this.searchRules(pos) : 0;
    const sign = pos.turn === 0 ? 1 : -1; // the solver's view of White's evaluation
    if (sign * (clip(evalWhiteCp) - clip(this.evalQ)) >= MIN_SWING_CP) rules |= EVAL_BIT; // NaN compares false
    if ((rules & (MATE_BIT | MATERIAL_BIT)) === 0) {
      this.best = -1;
      this.gain = 0;
    }
    if (rules !== 0 && legalMoves(pos, this.moves) < 2) {
      this.counts.oneLegal++;
      rules = 0;
    }
    this.count(rules);
    this.q.copyFrom(pos);
    this.hasQ = true;
    this.evalQ = evalWhiteCp;
    return rules;
  }

  /** The material and mate rules at P, the blunder test against Q included. */
  private searchRules(pos: Position): number {
    const s = this.search;
    const bal = materialBalance(pos);
    if (!s.atLeast(pos, bal + MIN_GAIN)) return 0;
    this.counts.searchFired++;
    const vP = s.value(pos);
    const best = s.best;
    const before = -s.value(this.q); // the solver's outcome at Q, as the opponent's best left it
    const mate = vP >= MATE && before < MATE;
    const material = !mate && vP < MATE && vP - bal >= MIN_GAIN && vP - before >= MIN_GAIN;
    if (!mate && !material) {
      this.counts.notBlunder++;
      return 0;
    }
    this.gain = mate ? MATE : vP - bal;
    this.best = best;
    return mate ? MATE_BIT : MATERIAL_BIT;
  }

  private count(rules: number): void {
    const c = this.counts;
    if ((rules & MATE_BIT) !== 0) c.mate++;
    if ((rules & MATERIAL_BIT) !== 0) c.material++;
    if ((rules & EVAL_BIT) !== 0) c.eval++;
  }

  /** The counts so far, and a fresh start. */
  takeCounts(): Stage1Counts {
    const c = this.counts;
    this.counts = noCounts();
    return c;
  }
}
