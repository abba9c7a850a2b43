// Stage 1's material search (DESIGN.md §12): alpha-beta over two plies (the side to move, the reply), then
// a capture quiescence; the value is the best material balance the side to move can reach, in pawns.
//
// The tree, exactly (test/puzzles/search.test.ts checks it against a plain minimax of the same tree):
// - a node without legal moves is worth -MATE in check (mated), 0 otherwise (stalemate), at every ply;
// - the two main plies try every legal move, with no standing pat;
// - a quiescence node in check tries every legal move (no standing pat);
// - a quiescence node not in check may stand pat on the material balance (P 1, N 3, B 3, R 5, Q 9, from
//   the side to move's view), or play a capture (en passant and capture-promotions included) or a queen
//   promotion whose SEE is ≥ 0; at the first quiescence ply also any move that gives check;
// - quiescence stops at MAX_PLY plies from the root on the material balance (a bound that real positions
//   never reach: every capture takes a piece, and only the first quiescence ply adds quiet checks).
// Mates are worth ±MATE whatever their distance.
//
// Pruning keeps the value exact: alpha-beta (fail-soft), and a bound on moves that cannot give check at a
// node whose children may stand pat: such a move is worth at most max(balance after it, 0) to its side
// (the opponent stands pat, or is stalemated), so it is skipped when that cannot beat alpha. Moves are
// ordered by SEE (captures and promotions, MVV/LVA among equals), the rest after. Positions are made by
// copying into a preallocated stack (copyFrom + play): nothing is allocated per node.
import { between, bishopAttacks, knightAttacks, pawnAttacks, rookAttacks, xrayAttacksAlong, LINE_ANTI, LINE_DIAG, LINE_FILE, LINE_RANK } from '../core/attacks.js';
import { inSet } from '../core/bitboard.js';
import { BISHOP, KNIGHT, PAWN, PIECE_VALUES, QUEEN, ROOK, Sets } from '../core/board.js';
import { FLAG_CASTLE, FLAG_EP, moveFlags, moveFrom, movePromo, moveTo } from '../core/move.js';
import { legalMoves } from '../core/movegen.js';
import { Position } from '../core/position.js';
import { see } from '../core/see.js';

/** The value of a mate, from the winner's view. */
export const MATE = 1000;
export const STATS = new Float64Array(16);
/** Plies from the root past which quiescence stands pat whatever the position (in check too). */
export let MAX_PLY = 64;
export function setMaxPly(n: number): void { MAX_PLY = n; }
const INF = 100_000;
const MAX_MOVES = 256;
// ordering keys: non-losing captures and promotions first (by SEE, then MVV/LVA), then quiet moves, then
// losing captures
const KEY_GOOD = 1 << 24;
const KEY_QUIET = 1 << 20;
// per-ply words of the check information: enemy king square's check squares for pawn, knight, bishop and
// rook (a queen's are the bishop's and the rook's), then the pieces whose leaving may uncover a check
const CI_WORDS = 10;
const CI_DISCOVER = 8;

/** Bits in a set of (lo, hi), one step per bit: the sets counted here are a side's pieces of one kind. */
function count(lo: number, hi: number): number {
  let n = 0;
  for (let x = lo; x !== 0; x &= x - 1) n++;
  for (let x = hi; x !== 0; x &= x - 1) n++;
  return n;
}

/** Material of the side to move less the opponent's (P 1, N 3, B 3, R 5, Q 9), in pawns. */
export function materialBalance(pos: Position): number {
  const bb = pos.bb;
  const us = pos.turn;
  let bal = 0;
  for (let t = PAWN; t <= QUEEN; t++) {
    const lo = bb[Sets.PawnsLo + 2 * t];
    const hi = bb[Sets.PawnsHi + 2 * t];
    const mine = count(lo & bb[Sets.WhiteLo + 2 * us], hi & bb[Sets.WhiteHi + 2 * us]);
    const theirs = count(lo & bb[Sets.WhiteLo + 2 * (us ^ 1)], hi & bb[Sets.WhiteHi + 2 * (us ^ 1)]);
    bal += PIECE_VALUES[t] * (mine - theirs);
  }
  return bal;
}

/** Material a move wins outright: what it takes, plus a promotion's gain over the pawn. */
export function moveGain(pos: Position, m: number): number {
  const flags = moveFlags(m);
  if ((flags & FLAG_CASTLE) !== 0) return 0;
  const cap = pos.board[moveTo(m)];
  let g = (flags & FLAG_EP) !== 0 ? PIECE_VALUES[PAWN] : cap !== 0 ? PIECE_VALUES[(cap & 7) - 1] : 0;
  const promo = movePromo(m);
  if (promo !== 0) g += PIECE_VALUES[promo] - PIECE_VALUES[PAWN];
  return g;
}

/** Whether a move takes something (en passant included; castling, encoded king-takes-rook, does not). */
function isCapture(pos: Position, m: number): boolean {
  const f = moveFlags(m);
  return (f & FLAG_EP) !== 0 || (pos.board[moveTo(m)] !== 0 && (f & FLAG_CASTLE) === 0);
}

/** The quiescence moves besides checks: captures and queen promotions. */
function tactical(pos: Position, m: number): boolean {
  return isCapture(pos, m) || movePromo(m) === QUEEN;
}

/** Ordering key of a capture or promotion: by SEE (≥ 0: at least KEY_GOOD), then MVV/LVA. */
function captureKey(pos: Position, m: number): number {
  const sv = see(pos, m);
  const board = pos.board;
  const cap = board[moveTo(m)];
  const victim = cap !== 0 ? (cap & 7) - 1 : PAWN;
  const mvvLva = victim * 8 + 7 - ((board[moveFrom(m)] & 7) - 1);
  return (sv >= 0 ? KEY_GOOD : 0) + (sv + 128) * 64 + mvvLva;
}

/** The material search; one per worker, reused for every position. */
export class MaterialSearch {
  /** The best root move of the last search (for atLeast: one reaching the threshold when there is one); -1 if none. */
  best = -1;
  /** Positions visited since construction, the roots included. */
  nodes = 0;
  private readonly stack: Position[] = [];
  /** Per ply: the legal moves, then their ordering keys. */
  private readonly moves: Int32Array[] = [];
  private readonly keys: Int32Array[] = [];
  private readonly checkInfo = new Int32Array((MAX_PLY + 1) * CI_WORDS);
  private readonly s = new Int32Array(2);
  private readonly xr = new Int32Array(4);
  /** The best bound of the captures candidates() left out (fail-soft). */
  private skipped = 0;

  constructor() {
    for (let i = 0; i <= MAX_PLY; i++) {
      this.stack.push(new Position());
      this.moves.push(new Int32Array(MAX_MOVES));
      this.keys.push(new Int32Array(MAX_MOVES));
    }
  }

  /** The best material balance the side to move reaches (pawns, its view; ±MATE for mates). */
  value(pos: Position): number {
    return this.root(pos, -INF, INF);
  }

  /** Whether value(pos) ≥ t, by a null-window search (cheaper than the value). */
  atLeast(pos: Position, t: number): boolean {
    return this.root(pos, t - 1, t) >= t;
  }

  /** Fail-soft search of pos in the window (alpha, beta): exact inside it, a bound beyond it. */
  root(pos: Position, alpha: number, beta: number): number {
    this.stack[0].copyFrom(pos);
    this.best = -1;
    this.nodes++;
    return this.main(0, alpha, beta, materialBalance(pos));
  }

  /** A main-ply node (ply 0: the side to move, ply 1: the reply): every legal move, no standing pat. */
  private main(ply: number, alpha: number, beta: number, bal: number): number {
    const pos = this.stack[ply];
    STATS[ply]++;
    const n = legalMoves(pos, this.moves[ply]);
    if (n === 0) return pos.isCheck() ? -MATE : 0;
    this.order(ply, n);
    // the reply's children are quiescence nodes: a move that gives no check is bounded by the balance
    const bounded = ply === 1;
    if (bounded) this.prepareChecks(ply);
    let best = -INF;
    for (let i = 0; i < n; i++) {
      const m = this.pick(ply, i, n);
      const g = moveGain(pos, m);
      const bound = Math.max(bal + g, 0);
      let v: number;
      if (bounded && bound <= alpha && !this.mayGiveCheck(ply, m)) v = bound;
      else {
        this.make(ply, m);
        v = ply === 0 ? -this.main(1, -beta, -alpha, -(bal + g)) : -this.quiesce(2, 0, -beta, -alpha, -(bal + g));
      }
      if (v > best) {
        best = v;
        if (ply === 0) this.best = m;
        if (v > alpha) {
          alpha = v;
          if (alpha >= beta) break;
        }
      }
    }
    return best;
  }

  /** A quiescence node at quiescence ply k (0 = the first, where checks are tried too). */
  private quiesce(ply: number, k: number, alpha: number, beta: number, bal: number): number {
    const pos = this.stack[ply];
    if (ply >= MAX_PLY) return bal;
    STATS[2 + Math.min(k, 3) * 2 + (pos.isCheck() ? 1 : 0)]++;
    const n = legalMoves(pos, this.moves[ply]);
    if (n === 0) return pos.isCheck() ? -MATE : 0;
    if (pos.isCheck()) return this.evasions(ply, k, alpha, beta, bal, n);
    let best = bal;
    if (best >= beta) return best;
    if (best > alpha) alpha = best;
    const c = this.candidates(ply, k, alpha, bal, n);
    STATS[12 + (k === 0 ? 0 : 1)] += c;
    if (this.skipped > best) best = this.skipped;
    for (let i = 0; i < c; i++) {
      const m = this.pick(ply, i, c);
      const good = this.keys[ply][i] >= KEY_GOOD;
      const g = moveGain(pos, m);
      // a losing capture or a quiet move is a candidate only at the first ply, and tried only as a check
      if (!this.make(ply, m).isCheck() && !good) continue;
      const v = -this.quiesce(ply + 1, k + 1, -beta, -alpha, -(bal + g));
      if (v > best) {
        best = v;
        if (v > alpha) {
          alpha = v;
          if (alpha >= beta) break;
        }
      }
    }
    return best;
  }

  /** A quiescence node in check: every legal move, no standing pat. */
  private evasions(ply: number, k: number, alpha: number, beta: number, bal: number, n: number): number {
    const pos = this.stack[ply];
    this.order(ply, n);
    let best = -INF;
    for (let i = 0; i < n; i++) {
      const m = this.pick(ply, i, n);
      const g = moveGain(pos, m);
      this.make(ply, m);
      const v = -this.quiesce(ply + 1, k + 1, -beta, -alpha, -(bal + g));
      if (v > best) {
        best = v;
        if (v > alpha) {
          alpha = v;
          if (alpha >= beta) break;
        }
      }
    }
    return best;
  }

  /**
   * The moves a quiescence node not in check may try, keyed and packed at the front of its list: captures
   * and queen promotions with SEE ≥ 0, and at the first ply (k = 0) the other moves that may give check.
   * A capture that cannot give check is worth at most max(balance after it, 0) to its side; when that
   * cannot beat alpha it is left out, the best such bound kept in `skipped` (fail-soft). Returns the count.
   */
  private candidates(ply: number, k: number, alpha: number, bal: number, n: number): number {
    const pos = this.stack[ply];
    const moves = this.moves[ply];
    const keys = this.keys[ply];
    this.prepareChecks(ply);
    this.skipped = -INF;
    let c = 0;
    for (let i = 0; i < n; i++) {
      const m = moves[i];
      const tac = tactical(pos, m);
      if (!tac && k > 0) continue;
      const mayCheck = this.mayGiveCheck(ply, m);
      let key = KEY_QUIET;
      if (tac) {
        const bound = Math.max(bal + moveGain(pos, m), 0);
        if (!mayCheck && bound <= alpha) {
          if (bound > this.skipped) this.skipped = bound;
          continue;
        }
        key = captureKey(pos, m);
        if (key < KEY_GOOD && (k > 0 || !mayCheck)) continue;
      } else if (!mayCheck) continue;
      moves[c] = m;
      keys[c++] = key;
    }
    return c;
  }

  /** Ordering keys of the n legal moves at this ply. */
  private order(ply: number, n: number): void {
    const pos = this.stack[ply];
    const moves = this.moves[ply];
    const keys = this.keys[ply];
    for (let i = 0; i < n; i++) keys[i] = isCapture(pos, moves[i]) || movePromo(moves[i]) !== 0 ? captureKey(pos, moves[i]) : KEY_QUIET;
  }

  /** Swaps the best-keyed move of [i, n) into place i and returns it (selection as the search goes). */
  private pick(ply: number, i: number, n: number): number {
    const keys = this.keys[ply];
    const moves = this.moves[ply];
    let b = i;
    for (let j = i + 1; j < n; j++) if (keys[j] > keys[b]) b = j;
    const m = moves[b];
    const key = keys[b];
    moves[b] = moves[i];
    keys[b] = keys[i];
    moves[i] = m;
    keys[i] = key;
    return m;
  }

  /** The position after move m of the position at this ply, in the next slot of the stack. */
  private make(ply: number, m: number): Position {
    const child = this.stack[ply + 1];
    child.copyFrom(this.stack[ply]);
    child.play(m);
    this.nodes++;
    return child;
  }

  /**
   * The check information of the position at this ply for mayGiveCheck: the squares from which each piece
   * kind of the side to move attacks the enemy king, and the side's pieces standing between one of its
   * sliders and that king (x-rays through its own pieces by modifying occupancy, seed xray-attacks.md).
   */
  private prepareChecks(ply: number): void {
    const bb = this.stack[ply].bb;
    const ci = this.checkInfo;
    const o = ply * CI_WORDS;
    const us = this.stack[ply].turn;
    const ek = this.stack[ply].king(us ^ 1);
    const occLo = bb[Sets.WhiteLo] | bb[Sets.BlackLo];
    const occHi = bb[Sets.WhiteHi] | bb[Sets.BlackHi];
    const usLo = bb[Sets.WhiteLo + 2 * us];
    const usHi = bb[Sets.WhiteHi + 2 * us];
    pawnAttacks(us ^ 1, ek, ci, o);
    knightAttacks(ek, ci, o + 2);
    bishopAttacks(occLo, occHi, ek, ci, o + 4);
    rookAttacks(occLo, occHi, ek, ci, o + 6);
    // our sliders behind one of our pieces on a line to the king: that piece may uncover a check
    const s = this.s;
    xrayAttacksAlong(occLo, occHi, usLo, usHi, ek, LINE_RANK, LINE_FILE, this.xr, 0);
    let xLo = this.xr[0] & usLo & (bb[Sets.RooksLo] | bb[Sets.QueensLo]);
    let xHi = this.xr[1] & usHi & (bb[Sets.RooksHi] | bb[Sets.QueensHi]);
    xrayAttacksAlong(occLo, occHi, usLo, usHi, ek, LINE_DIAG, LINE_ANTI, this.xr, 0);
    xLo |= this.xr[0] & usLo & (bb[Sets.BishopsLo] | bb[Sets.QueensLo]);
    xHi |= this.xr[1] & usHi & (bb[Sets.BishopsHi] | bb[Sets.QueensHi]);
    let dLo = 0;
    let dHi = 0;
    for (; xLo !== 0; xLo &= xLo - 1) {
      between(ek, 31 - Math.clz32(xLo & -xLo), s, 0);
      dLo |= s[0];
      dHi |= s[1];
    }
    for (; xHi !== 0; xHi &= xHi - 1) {
      between(ek, 63 - Math.clz32(xHi & -xHi), s, 0);
      dLo |= s[0];
      dHi |= s[1];
    }
    ci[o + CI_DISCOVER] = dLo & usLo;
    ci[o + CI_DISCOVER + 1] = dHi & usHi;
  }

  /** Whether a move of the side to move at this ply may give check (never false when it does). */
  private mayGiveCheck(ply: number, m: number): boolean {
    if ((moveFlags(m) & (FLAG_EP | FLAG_CASTLE)) !== 0 || movePromo(m) !== 0) return true;
    const ci = this.checkInfo;
    const o = ply * CI_WORDS;
    const from = moveFrom(m);
    if (inSet(ci, o + CI_DISCOVER, from)) return true;
    const to = moveTo(m);
    switch ((this.stack[ply].board[from] & 7) - 1) {
      case PAWN: return inSet(ci, o, to);
      case KNIGHT: return inSet(ci, o + 2, to);
      case BISHOP: return inSet(ci, o + 4, to);
      case ROOK: return inSet(ci, o + 6, to);
      case QUEEN: return inSet(ci, o + 4, to) || inSet(ci, o + 6, to);
      default: return false; // a king checks only by uncovering (above) or castling
    }
  }
}
