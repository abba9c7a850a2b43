// The material search of the tactic verdicts: alpha-beta over two plies (the side to move, the reply),
// then a capture quiescence; the value is the best material balance the side to move can reach, in pawns,
// or a mate. It is the puzzles' stage-1 search (src/puzzles/search.ts) with what a verdict needs: mates
// scored by their distance, the principal variation, and a root move imposed (what a move played is worth).
//
// The tree, exactly (test/tactics/search.test.ts checks it against a plain minimax of the same tree):
// - the two main plies try every legal move, with no standing pat; a main-ply node without legal moves is
//   mated in check, else worth 0 (stalemate);
// - a quiescence node in check tries every legal move, no standing pat; without one it is mated;
// - a quiescence node not in check stands pat on the material balance (P 1, N 3, B 3, R 5, Q 9, from the
//   side to move's view) or plays a capture (en passant and capture-promotions included) or a queen
//   promotion whose SEE is ≥ 0, and at its first ply any move that gives check. Like an engine's
//   quiescence it does not look for stalemate: standing pat needs no legal move;
// - quiescence ends after Q_PLIES plies (ply MAX_PLY from the root) on the material balance, in check too.
// A side mated at ply p (moves made from the root) is worth -(MATE - p): a mate in n moves of the side to
// move at the root is worth MATE - (2n - 1). Every mate in 1 and in 2 is in the tree (the mating move of a
// mate in 2 is a check at the first quiescence ply, every evasion is tried), so the shortest mate found is
// the shortest there is when it is one of those; a longer one found is a forced mate, perhaps not the
// shortest. A mate is forced in the tree: a defender not in check stands pat, so the mated side never
// had a way out there.
//
// What keeps it cheap without changing a value: alpha-beta (fail-soft); a move that cannot give check at a
// node whose children stand pat is worth at most the balance after it, so it is skipped when that cannot
// beat alpha (futility with an exact bound), and a quiescence node where no capture could beat alpha and
// no check exists is settled from attack sets without generating its moves (quietBound); the reply that
// refuted a sibling (a killer) is tried before the moves are generated; moves are ordered by SEE (MVV/LVA
// among equals). Positions are made by copying into a preallocated stack: nothing is allocated per node.
//
// The principal variation is kept in a triangular table: a node's line is its best move and the line of
// the child that gave its value. It is exact for a value found inside the window (value(), moveValue()).
import { attacksTo } from '../core/attacks.js';
import { KNIGHT, PAWN, PIECE_VALUES, QUEEN, ROOK, WHITE, Sets } from '../core/board.js';
import { FLAG_CASTLE, FLAG_EP, moveFlags, moveFrom, movePromo, moveTo } from '../core/move.js';
import { isLegal, isPseudoLegal, legalMoves, legalTacticalMoves } from '../core/movegen.js';
import { Position } from '../core/position.js';
import { see } from '../core/see.js';
import { materialBalance, moveGain } from '../puzzles/search.js';
import { anyCaptureCheck, anyCheck, CI_WORDS, mayDiscover, mayGiveCheck, prepareChecks } from './check-info.js';

/** A mate at the root's ply 0 would be worth MATE; one at ply p is worth MATE - p to the mating side. */
export const MATE = 1000;
/** Quiescence plies at most; then the material balance stands. */
export const Q_PLIES = 8;
/** Plies from the root where quiescence ends: the two main plies, then Q_PLIES. */
export const MAX_PLY = 2 + Q_PLIES;
/** Values at least this are mates for the side to move at the root (at most -this: it is mated). */
export const MATE_BOUND = MATE - MAX_PLY;
const INF = 100_000;
const MAX_MOVES = 256;
const PV_STRIDE = MAX_PLY + 1;
// ordering keys: non-losing captures and promotions first (by SEE, then MVV/LVA), then quiet moves, then
// losing captures
const KEY_GOOD = 1 << 24;
const KEY_QUIET = 1 << 20;
/** quietBound's answer when the node must be searched. */
const UNSETTLED = INF;

/** Whether a value is a mate for the side to move (it mates). */
export function isMateScore(v: number): boolean {
  return v >= MATE_BOUND;
}

/** The number of moves of the mating side in a mate worth v (v ≥ MATE_BOUND). */
export function mateMoves(v: number): number {
  return (MATE - v + 1) >> 1;
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
export class TacticSearch {
  /** Positions visited since construction, the roots included. */
  nodes = 0;
  private readonly stack: Position[] = [];
  /** Per ply: the legal moves, then their ordering keys. */
  private readonly moves: Int32Array[] = [];
  private readonly keys: Int32Array[] = [];
  /** Per ply: the move that last refuted a sibling there (-1: none). */
  private readonly killers = new Int32Array(MAX_PLY + 1);
  /** Per ply: the check information (check-info.ts), and the node it was made for. */
  private readonly checkInfo = new Int32Array((MAX_PLY + 1) * CI_WORDS);
  private readonly checkInfoNode = new Float64Array(MAX_PLY + 1);
  /** Triangular table: the line of the node at ply p is pv[p * PV_STRIDE + p …], pvEnd[p] exclusive. */
  private readonly pv = new Int32Array(PV_STRIDE * PV_STRIDE);
  private readonly pvEnd = new Int32Array(PV_STRIDE);
  private readonly s = new Int32Array(2);
  /** The best bound of the captures candidates() left out (fail-soft). */
  private skipped = 0;

  constructor() {
    for (let i = 0; i <= MAX_PLY; i++) {
      this.stack.push(new Position());
      this.moves.push(new Int32Array(MAX_MOVES));
      this.keys.push(new Int32Array(MAX_MOVES));
    }
  }

  /** The best material balance the side to move reaches (pawns, its view), or a mate score; pvMove/pvLength/pvAt read its line. */
  value(pos: Position): number {
    return this.root(pos, -INF, INF);
  }

  /** Whether value(pos) ≥ t, by a null-window search (cheaper than the value). */
  atLeast(pos: Position, t: number): boolean {
    return this.root(pos, t - 1, t) >= t;
  }

  /** What legal move m is worth to the side to move at pos: the value of the tree with m imposed at the root, its line read as value()'s. */
  moveValue(pos: Position, m: number): number {
    return this.rootMove(pos, m, -INF, INF);
  }

  /** Whether moveValue(pos, m) ≥ t, by a null-window search. */
  moveAtLeast(pos: Position, m: number, t: number): boolean {
    return this.rootMove(pos, m, t - 1, t) >= t;
  }

  /** The first move of the last search's line (-1: none, the side to move had no move or the search failed low). */
  get pvMove(): number {
    return this.pvEnd[0] > 0 ? this.pv[0] : -1;
  }

  /** Moves in the last search's line. */
  get pvLength(): number {
    return this.pvEnd[0];
  }

  /** Move i of the last search's line. */
  pvAt(i: number): number {
    return this.pv[i];
  }

  /**
   * Fail-soft search of pos in the window (alpha, beta): the value when it lies inside, else a bound on the
   * value's side of the window (≤ alpha: an upper bound, ≥ beta: a lower bound).
   */
  private root(pos: Position, alpha: number, beta: number): number {
    this.start(pos);
    return this.full(0, -1, alpha, beta, materialBalance(pos));
  }

  /** root() with the root's only move m. */
  private rootMove(pos: Position, m: number, alpha: number, beta: number): number {
    this.start(pos);
    const v = this.visit(0, m, -1, alpha, beta, materialBalance(pos));
    this.extend(0, m);
    return v;
  }

  private start(pos: Position): void {
    this.stack[0].copyFrom(pos);
    this.killers.fill(-1);
    this.pvEnd[0] = 0;
    this.nodes++;
  }

  /** The line of the node at ply: m, then the line of the child at ply + 1. */
  private extend(ply: number, m: number): void {
    const pv = this.pv;
    const o = ply * PV_STRIDE;
    const c = o + PV_STRIDE;
    pv[o + ply] = m;
    const end = this.pvEnd[ply + 1];
    for (let i = ply + 1; i < end; i++) pv[o + i] = pv[c + i];
    this.pvEnd[ply] = end > ply + 1 ? end : ply + 1;
  }

  /**
   * A node that tries every legal move with no standing pat: a main ply (k = -1; ply 0 the side to move,
   * ply 1 the reply) or a quiescence node in check at quiescence ply k. None: mated in check, else stalemate.
   */
  private full(ply: number, k: number, alpha: number, beta: number, bal: number): number {
    const pos = this.stack[ply];
    this.pvEnd[ply] = ply;
    let best = -INF;
    // the move that refuted the last sibling often refutes this one too: try it before generating
    const killer = this.validKiller(ply);
    if (killer >= 0) {
      best = this.visit(ply, killer, k, alpha, beta, bal);
      if (best >= beta) return best;
      if (best > alpha) {
        alpha = best;
        this.extend(ply, killer);
      }
    }
    const n = legalMoves(pos, this.moves[ply]);
    if (n === 0) return pos.isCheck() ? ply - MATE : 0;
    this.order(ply, n);
    // the reply's children stand pat: a move that gives no check is worth at most the balance after it
    const futile = ply === 1;
    const o = ply * CI_WORDS;
    if (futile) this.prepareChecks(ply);
    for (let i = 0; i < n; i++) {
      const m = this.pick(ply, i, n);
      if (m === killer) continue;
      const bound = bal + moveGain(pos, m);
      const v = futile && bound <= alpha && !mayGiveCheck(pos, this.checkInfo, o, m) ? bound : this.visit(ply, m, k, alpha, beta, bal);
      if (v > best) {
        best = v;
        if (v > alpha) {
          alpha = v;
          this.extend(ply, m);
          if (alpha >= beta) {
            this.killers[ply] = m;
            break;
          }
        }
      }
    }
    return best;
  }

  /** Makes m at this ply and searches the child: the reply after ply 0, else quiescence ply k + 1. */
  private visit(ply: number, m: number, k: number, alpha: number, beta: number, bal: number): number {
    const after = 0 - (bal + moveGain(this.stack[ply], m)); // 0 - x, not -x: no -0 (a heap number)
    this.make(ply, m);
    return 0 - (ply === 0 ? this.full(1, -1, -beta, -alpha, after) : this.quiesce(ply + 1, k + 1, -beta, -alpha, after));
  }

  /** The position after m of the position at this ply, in the next slot of the stack. */
  private make(ply: number, m: number): Position {
    const child = this.stack[ply + 1];
    child.copyFrom(this.stack[ply]);
    child.play(m);
    this.nodes++;
    return child;
  }

  /** The killer of this ply if it is a legal move of the position there, else -1. */
  private validKiller(ply: number): number {
    const m = this.killers[ply];
    const pos = this.stack[ply];
    return m >= 0 && isPseudoLegal(pos, m) && isLegal(pos, m) ? m : -1;
  }

  /** A quiescence node at quiescence ply k (0 = the first, where checks are tried too). */
  private quiesce(ply: number, k: number, alpha: number, beta: number, bal: number): number {
    const pos = this.stack[ply];
    this.pvEnd[ply] = ply;
    if (ply >= MAX_PLY) return bal;
    if (pos.isCheck()) return this.full(ply, k, alpha, beta, bal);
    if (bal >= beta) return bal;
    if (bal > alpha) alpha = bal;
    const settled = this.quietBound(ply, k, alpha, bal);
    if (settled !== UNSETTLED) return settled;
    // past its first ply quiescence tries only captures and promotions: the quiet moves are not generated
    const n = k === 0 ? legalMoves(pos, this.moves[ply]) : legalTacticalMoves(pos, this.moves[ply]);
    const c = this.candidates(ply, k, alpha, bal, n);
    let best = Math.max(bal, this.skipped);
    for (let i = 0; i < c; i++) {
      const m = this.pick(ply, i, c);
      const after = 0 - (bal + moveGain(pos, m));
      // below KEY_GOOD: a losing capture or a quiet move, tried at the first ply when it does give check
      if (!this.make(ply, m).isCheck() && this.keys[ply][i] < KEY_GOOD) continue;
      const v = 0 - this.quiesce(ply + 1, k + 1, -beta, -alpha, after);
      if (v > best) {
        best = v;
        if (v > alpha) {
          alpha = v;
          this.extend(ply, m);
          if (alpha >= beta) break;
        }
      }
    }
    return best;
  }

  /**
   * The moves a quiescence node not in check may try, keyed and packed at the front of its list: captures
   * and queen promotions with SEE ≥ 0, and at the first ply (k = 0) the other moves that may give check.
   * A capture that cannot give check is worth at most the balance after it; when that cannot beat alpha it
   * is left out and the best such bound kept in `skipped` (fail-soft). Returns the count.
   */
  private candidates(ply: number, k: number, alpha: number, bal: number, n: number): number {
    const pos = this.stack[ply];
    const moves = this.moves[ply];
    const keys = this.keys[ply];
    const ci = this.checkInfo;
    const o = ply * CI_WORDS;
    this.prepareChecks(ply);
    this.skipped = -INF;
    let c = 0;
    for (let i = 0; i < n; i++) {
      const m = moves[i];
      const tac = tactical(pos, m);
      if (!tac && k > 0) continue;
      const mayCheck = mayGiveCheck(pos, ci, o, m);
      let key = KEY_QUIET;
      if (tac) {
        const bound = bal + moveGain(pos, m);
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

  /**
   * Settles a quiescence node not in check (alpha already raised to the stand pat) from attack sets, without
   * generating its moves: when no capture can beat alpha by its value and no candidate can give check, the
   * node fails low (returns alpha, a valid upper bound). UNSETTLED when it must be searched: a capture of
   * value ≥ need = alpha - bal + 1 with SEE ≥ 0 exists (or need ≤ 1: pawns count), en passant or a promotion is
   * possible, a piece may uncover a check, or a check (at the first ply) or a capture that checks exists.
   */
  private quietBound(ply: number, k: number, alpha: number, bal: number): number {
    const pos = this.stack[ply];
    const need = alpha - bal + 1;
    if (need <= PIECE_VALUES[PAWN] || pos.ep >= 0) return UNSETTLED;
    const bb = pos.bb;
    const us = pos.turn;
    // a pawn one step from promoting: on rank 7 (white, high half bits 16–23) or rank 2 (black, low half)
    const sevenths = us === WHITE ? bb[Sets.PawnsHi] & bb[Sets.WhiteHi] & 0x00ff0000 : bb[Sets.PawnsLo] & bb[Sets.BlackLo] & 0x0000ff00;
    if (sevenths !== 0) return UNSETTLED;
    const occLo = bb[Sets.WhiteLo] | bb[Sets.BlackLo];
    const occHi = bb[Sets.WhiteHi] | bb[Sets.BlackHi];
    // the enemy pieces worth at least `need`: any of them attacked leaves the node to the search
    let tLo = bb[Sets.QueensLo];
    let tHi = bb[Sets.QueensHi];
    if (need <= PIECE_VALUES[ROOK]) {
      tLo |= bb[Sets.RooksLo];
      tHi |= bb[Sets.RooksHi];
    }
    if (need <= PIECE_VALUES[KNIGHT]) {
      tLo |= bb[Sets.KnightsLo] | bb[Sets.BishopsLo];
      tHi |= bb[Sets.KnightsHi] | bb[Sets.BishopsHi];
    }
    if (need > PIECE_VALUES[QUEEN]) tLo = tHi = 0;
    tLo &= bb[Sets.WhiteLo + 2 * (us ^ 1)];
    tHi &= bb[Sets.WhiteHi + 2 * (us ^ 1)];
    for (; tLo !== 0; tLo ^= 1 << (31 - Math.clz32(tLo))) if (this.takeable(ply, 31 - Math.clz32(tLo), occLo, occHi)) return UNSETTLED;
    for (; tHi !== 0; tHi ^= 1 << (31 - Math.clz32(tHi))) if (this.takeable(ply, 63 - Math.clz32(tHi), occLo, occHi)) return UNSETTLED;
    this.prepareChecks(ply);
    const ci = this.checkInfo;
    const o = ply * CI_WORDS;
    if (mayDiscover(ci, o)) return UNSETTLED;
    return (k === 0 ? anyCheck(pos, ci, o) : anyCaptureCheck(pos, ci, o)) ? UNSETTLED : alpha;
  }

  /**
   * Whether the side to move has a capture of the piece on sq that quiescence would try: one with SEE ≥ 0
   * (a losing capture is tried only as a check, which quietBound looks for apart). No promotion is
   * possible here (quietBound saw to that), so each capture is the plain move from its attacker.
   */
  private takeable(ply: number, sq: number, occLo: number, occHi: number): boolean {
    const pos = this.stack[ply];
    const bb = pos.bb;
    attacksTo(bb, occLo, occHi, sq, this.s, 0);
    const aLo = this.s[0] & bb[Sets.WhiteLo + 2 * pos.turn];
    const aHi = this.s[1] & bb[Sets.WhiteHi + 2 * pos.turn];
    for (let h = 0; h < 2; h++) {
      for (let a = h === 0 ? aLo : aHi; a !== 0; a ^= 1 << (31 - Math.clz32(a))) {
        if (see(pos, (h * 32 + 31 - Math.clz32(a)) | (sq << 6)) >= 0) return true;
      }
    }
    return false;
  }

  /** The check information of the position at this ply, once per node. */
  private prepareChecks(ply: number): void {
    if (this.checkInfoNode[ply] === this.nodes) return;
    this.checkInfoNode[ply] = this.nodes;
    prepareChecks(this.stack[ply], this.checkInfo, ply * CI_WORDS);
  }
}
