// Stage 1's material search (docs/design.md §12): alpha-beta over two plies (the side to move, the reply), then
// a capture quiescence; the value is the best material balance the side to move can reach, in pawns.
//
// The tree, exactly (test/tactics/material-search.test.ts checks it against a plain minimax of the same tree):
// - the two main plies try every legal move, with no standing pat; a main-ply node without legal moves is
//   worth -MATE in check (mated), else 0 (stalemate);
// - a quiescence node in check tries every legal move, no standing pat; without one it is mated (-MATE);
// - a quiescence node not in check stands pat on the material balance (P 1, N 3, B 3, R 5, Q 9, from the
//   side to move's view) or plays a capture (en passant and capture-promotions included) or a queen
//   promotion whose SEE is ≥ 0, and at its first ply any move that gives check. Like an engine's
//   quiescence it does not look for stalemate: standing pat needs no legal move;
// - quiescence ends after Q_PLIES plies (ply MAX_PLY from the root) on the material balance, in check too.
// Mates are worth ±MATE whatever their distance.
//
// What keeps it cheap without changing a value: alpha-beta (fail-soft); a move that cannot give check at a
// node whose children stand pat is worth at most the balance after it, so it is skipped when that cannot
// beat alpha (futility with an exact bound), and a quiescence node where no capture could beat alpha and
// no check exists is settled from attack sets without generating its moves (quietBound); the reply that
// refuted a sibling (a killer) is tried before the moves are generated; moves are ordered by SEE (MVV/LVA
// among equals). Positions are made by copying into a preallocated stack: nothing is allocated per node.
import {
  attacksTo,
  between,
  bishopAttacks,
  knightAttacks,
  pawnAttacks,
  rookAttacks,
  xrayAttacksAlong,
  LINE_ANTI,
  LINE_DIAG,
  LINE_FILE,
  LINE_RANK,
} from '../core/attacks.js';
import { inSet, popCount } from '../core/bitboard.js';
import {
  BISHOP,
  BLACK,
  KNIGHT,
  PAWN,
  PIECE_VALUES,
  QUEEN,
  ROOK,
  Sets,
  WHITE,
  occupiedHi,
  occupiedLo,
  piecesHi,
  piecesLo,
  sideHi,
  sideLo,
  typeHi,
  typeLo,
  type Colour,
} from '../core/board.js';
import { FLAG_CASTLE, FLAG_EP, moveFlags, moveFrom, movePromo, moveTo } from '../core/move.js';
import { isLegal, isPseudoLegal, legalMoves, legalTacticalMoves } from '../core/movegen.js';
import { Position } from '../core/position.js';
import { see } from '../core/see.js';

/** The value of a mate, from the winner's view. */
export const MATE = 1000;
/** Quiescence plies at most; then the material balance stands. */
export const Q_PLIES = 8;
/** Plies from the root where quiescence ends: the two main plies, then Q_PLIES. */
export const MAX_PLY = 2 + Q_PLIES;
const INF = 100_000;
const MAX_MOVES = 256;
// ordering keys: non-losing captures and promotions first (by SEE, then MVV/LVA), then quiet moves, then
// losing captures
const KEY_GOOD = 1 << 24;
const KEY_QUIET = 1 << 20;
// per-ply words of the check information: the enemy king's check squares for a pawn, knight, bishop and
// rook (a queen's are the bishop's and the rook's), then the pieces whose leaving may uncover a check
const CI_WORDS = 10;
const CI_DISCOVER = 8;
/** quietBound's answer when the node must be searched. */
const UNSETTLED = INF;

/** Material of `us` (default: the side to move) less the other side's (P 1, N 3, B 3, R 5, Q 9), in pawns. */
export function materialBalance(pos: Position, us = pos.turn): number {
  const bb = pos.bb;
  let bal = 0;
  for (let t = PAWN; t <= QUEEN; t++) {
    const lo = typeLo(bb, t);
    const hi = typeHi(bb, t);
    const mine = popCount(lo & sideLo(bb, us), hi & sideHi(bb, us));
    const theirs = popCount(lo & sideLo(bb, us ^ 1), hi & sideHi(bb, us ^ 1));
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
  /** Per ply: the move that last refuted a sibling there (-1: none). */
  private readonly killers = new Int32Array(MAX_PLY + 1);
  /** Per ply: the check information (prepareChecks), and the node it was made for. */
  private readonly checkInfo = new Int32Array((MAX_PLY + 1) * CI_WORDS);
  private readonly checkInfoNode = new Float64Array(MAX_PLY + 1);
  private readonly s = new Int32Array(4);
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

  /**
   * Fail-soft search of pos in the window (alpha, beta): the value when it lies inside, else a bound on the
   * value's side of the window (≤ alpha: an upper bound, ≥ beta: a lower bound).
   */
  root(pos: Position, alpha: number, beta: number): number {
    this.stack[0].copyFrom(pos);
    this.best = -1;
    this.killers.fill(-1);
    this.nodes++;
    return this.full(0, -1, alpha, beta, materialBalance(pos));
  }

  /**
   * A node that tries every legal move with no standing pat: a main ply (k = -1; ply 0 the side to move,
   * ply 1 the reply) or a quiescence node in check at quiescence ply k. None: mated in check, else stalemate.
   */
  private full(ply: number, k: number, alpha: number, beta: number, bal: number): number {
    const pos = this.stack[ply];
    let best = -INF;
    // the move that refuted the last sibling often refutes this one too: try it before generating
    const killer = this.validKiller(ply);
    if (killer >= 0) {
      best = this.visit(ply, killer, k, alpha, beta, bal);
      if (best >= beta) return best;
      if (best > alpha) alpha = best;
    }
    const n = legalMoves(pos, this.moves[ply]);
    if (n === 0) return pos.isCheck() ? -MATE : 0;
    this.order(ply, n);
    // the reply's children stand pat: a move that gives no check is worth at most the balance after it
    const futile = ply === 1;
    if (futile) this.prepareChecks(ply);
    for (let i = 0; i < n; i++) {
      const m = this.pick(ply, i, n);
      if (m === killer) continue;
      const bound = bal + moveGain(pos, m);
      const v = futile && bound <= alpha && !this.mayGiveCheck(ply, m) ? bound : this.visit(ply, m, k, alpha, beta, bal);
      if (v > best) {
        best = v;
        if (ply === 0) this.best = m;
        if (v > alpha) {
          alpha = v;
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
    const sevenths = us === WHITE ? piecesHi(bb, WHITE, PAWN) & 0x00ff0000 : piecesLo(bb, BLACK, PAWN) & 0x0000ff00;
    if (sevenths !== 0) return UNSETTLED;
    const occLo = occupiedLo(bb);
    const occHi = occupiedHi(bb);
    // the enemy pieces worth at least `need`: any of them attacked leaves the node to the search
    let tLo = typeLo(bb, QUEEN);
    let tHi = typeHi(bb, QUEEN);
    if (need <= PIECE_VALUES[ROOK]) {
      tLo |= typeLo(bb, ROOK);
      tHi |= typeHi(bb, ROOK);
    }
    if (need <= PIECE_VALUES[KNIGHT]) {
      tLo |= typeLo(bb, KNIGHT) | typeLo(bb, BISHOP);
      tHi |= typeHi(bb, KNIGHT) | typeHi(bb, BISHOP);
    }
    if (need > PIECE_VALUES[QUEEN]) tLo = tHi = 0;
    tLo &= sideLo(bb, us ^ 1);
    tHi &= sideHi(bb, us ^ 1);
    for (; tLo !== 0; tLo &= tLo - 1) if (this.takeable(ply, 31 - Math.clz32(tLo & -tLo), occLo, occHi)) return UNSETTLED;
    for (; tHi !== 0; tHi &= tHi - 1) if (this.takeable(ply, 63 - Math.clz32(tHi & -tHi), occLo, occHi)) return UNSETTLED;
    this.prepareChecks(ply);
    const o = ply * CI_WORDS;
    if ((this.checkInfo[o + CI_DISCOVER] | this.checkInfo[o + CI_DISCOVER + 1]) !== 0) return UNSETTLED;
    return (k === 0 ? this.anyCheck(ply) : this.anyCaptureCheck(ply)) ? UNSETTLED : alpha;
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
    const aLo = this.s[0] & sideLo(bb, pos.turn);
    const aHi = this.s[1] & sideHi(bb, pos.turn);
    for (let h = 0; h < 2; h++) {
      for (let a = h === 0 ? aLo : aHi; a !== 0; a &= a - 1) {
        if (see(pos, (h * 32 + 31 - Math.clz32(a & -a)) | (sq << 6)) >= 0) return true;
      }
    }
    return false;
  }

  // The check tests below (anyCheck to prepareChecks) read the words of `Sets`: the accessors' inlining
  // would push their attack look-ups out of line (core/board.ts).

  /** Whether a piece of the side to move (no piece uncovering one: quietBound saw to that) may give check. */
  private anyCheck(ply: number): boolean {
    const pos = this.stack[ply];
    const bb = pos.bb;
    const us = pos.turn;
    const ci = this.checkInfo;
    const o = ply * CI_WORDS;
    const s = this.s;
    const occLo = bb[Sets.WhiteLo] | bb[Sets.BlackLo];
    const occHi = bb[Sets.WhiteHi] | bb[Sets.BlackHi];
    const freeLo = ~bb[Sets.WhiteLo + 2 * us];
    const freeHi = ~bb[Sets.WhiteHi + 2 * us];
    for (let t = KNIGHT; t <= QUEEN; t++) {
      const pLo = bb[Sets.PawnsLo + 2 * t] & bb[Sets.WhiteLo + 2 * us];
      const pHi = bb[Sets.PawnsHi + 2 * t] & bb[Sets.WhiteHi + 2 * us];
      for (let h = 0; h < 2; h++) {
        for (let p = h === 0 ? pLo : pHi; p !== 0; p &= p - 1) {
          const sq = h * 32 + 31 - Math.clz32(p & -p);
          let aLo = 0;
          let aHi = 0;
          if (t === KNIGHT) {
            knightAttacks(sq, s, 0);
            aLo = s[0] & ci[o + 2];
            aHi = s[1] & ci[o + 3];
          }
          // a queen's every move meets both kinds of check squares (Qh7+ up the file against Kg8 is a bishop check)
          const checksLo = t === QUEEN ? ci[o + 4] | ci[o + 6] : t === BISHOP ? ci[o + 4] : ci[o + 6];
          const checksHi = t === QUEEN ? ci[o + 5] | ci[o + 7] : t === BISHOP ? ci[o + 5] : ci[o + 7];
          if (t === BISHOP || t === QUEEN) {
            bishopAttacks(occLo, occHi, sq, s, 0);
            aLo |= s[0] & checksLo;
            aHi |= s[1] & checksHi;
          }
          if (t === ROOK || t === QUEEN) {
            rookAttacks(occLo, occHi, sq, s, 0);
            aLo |= s[0] & checksLo;
            aHi |= s[1] & checksHi;
          }
          if (((aLo & freeLo) | (aHi & freeHi)) !== 0) return true;
        }
      }
    }
    return this.pawnChecks(ply) || this.castlingMayCheck(ply);
  }

  /** Whether a pawn of the side to move may step or capture onto one of its (at most two) check squares. */
  private pawnChecks(ply: number): boolean {
    const pos = this.stack[ply];
    const board = pos.board;
    const us = pos.turn;
    const ci = this.checkInfo;
    const o = ply * CI_WORDS;
    const pawn = us * 8 + PAWN + 1;
    const dir = us === WHITE ? 8 : -8;
    for (let h = 0; h < 2; h++) {
      for (let x = ci[o + h]; x !== 0; x &= x - 1) {
        const sq = h * 32 + 31 - Math.clz32(x & -x);
        const there = board[sq];
        if (there === 0) {
          const one = sq - dir;
          if (one >= 0 && one < 64 && board[one] === pawn) return true;
          const two = one - dir;
          if (one >= 0 && one < 64 && board[one] === 0 && two >> 3 === (us === WHITE ? 1 : 6) && board[two] === pawn) return true;
        } else if (there >> 3 !== us) {
          pawnAttacks(us ^ 1, sq, this.s, 0);
          const bb = pos.bb;
          if (
            ((this.s[0] & bb[Sets.PawnsLo] & bb[Sets.WhiteLo + 2 * us]) | (this.s[1] & bb[Sets.PawnsHi] & bb[Sets.WhiteHi + 2 * us])) !==
            0
          )
            return true;
        }
      }
    }
    return false;
  }

  /** Whether a castling right of the side to move would land its rook on a rook check square. */
  private castlingMayCheck(ply: number): boolean {
    const pos = this.stack[ply];
    const us = pos.turn;
    const rank = us === WHITE ? 0 : 56;
    const o = ply * CI_WORDS;
    return (
      (pos.castleRook[us * 2] >= 0 && inSet(this.checkInfo, o + 6, rank + 5)) ||
      (pos.castleRook[us * 2 + 1] >= 0 && inSet(this.checkInfo, o + 6, rank + 3))
    );
  }

  /** Whether the side to move may capture an enemy piece standing on a check square of the capturer's kind. */
  private anyCaptureCheck(ply: number): boolean {
    const pos = this.stack[ply];
    const bb = pos.bb;
    const us = pos.turn;
    const ci = this.checkInfo;
    const o = ply * CI_WORDS;
    const s = this.s;
    const occLo = bb[Sets.WhiteLo] | bb[Sets.BlackLo];
    const occHi = bb[Sets.WhiteHi] | bb[Sets.BlackHi];
    const themLo = bb[Sets.WhiteLo + 2 * (us ^ 1)];
    const themHi = bb[Sets.WhiteHi + 2 * (us ^ 1)];
    const usLo = bb[Sets.WhiteLo + 2 * us];
    const usHi = bb[Sets.WhiteHi + 2 * us];
    for (let t = PAWN; t <= ROOK; t++) {
      const cLo = bb[Sets.PawnsLo + 2 * t] & usLo;
      const cHi = bb[Sets.PawnsHi + 2 * t] & usHi;
      if ((cLo | cHi) === 0) continue;
      for (let h = 0; h < 2; h++) {
        for (let x = ci[o + 2 * t + h] & (h === 0 ? themLo : themHi); x !== 0; x &= x - 1) {
          const sq = h * 32 + 31 - Math.clz32(x & -x);
          if (t === PAWN) pawnAttacks(us ^ 1, sq, s, 0);
          else if (t === KNIGHT) knightAttacks(sq, s, 0);
          else if (t === BISHOP) bishopAttacks(occLo, occHi, sq, s, 0);
          else rookAttacks(occLo, occHi, sq, s, 0);
          if (((s[0] & cLo) | (s[1] & cHi)) !== 0) return true;
        }
      }
    }
    return this.queenCaptureChecks(ply, themLo, themHi);
  }

  /**
   * Whether a queen of the side to move may capture an enemy piece on a bishop or a rook check square: a
   * queen reaches either kind by either kind of move (Qxh7+ up the file against Kg8 checks on the diagonal).
   */
  private queenCaptureChecks(ply: number, themLo: number, themHi: number): boolean {
    const pos = this.stack[ply];
    const bb = pos.bb;
    const us = pos.turn;
    const qLo = bb[Sets.QueensLo] & bb[Sets.WhiteLo + 2 * us];
    const qHi = bb[Sets.QueensHi] & bb[Sets.WhiteHi + 2 * us];
    if ((qLo | qHi) === 0) return false;
    const ci = this.checkInfo;
    const o = ply * CI_WORDS;
    const s = this.s;
    const occLo = bb[Sets.WhiteLo] | bb[Sets.BlackLo];
    const occHi = bb[Sets.WhiteHi] | bb[Sets.BlackHi];
    for (let h = 0; h < 2; h++) {
      for (let x = (ci[o + 4 + h] | ci[o + 6 + h]) & (h === 0 ? themLo : themHi); x !== 0; x &= x - 1) {
        const sq = h * 32 + 31 - Math.clz32(x & -x);
        bishopAttacks(occLo, occHi, sq, s, 0);
        if (((s[0] & qLo) | (s[1] & qHi)) !== 0) return true;
        rookAttacks(occLo, occHi, sq, s, 0);
        if (((s[0] & qLo) | (s[1] & qHi)) !== 0) return true;
      }
    }
    return false;
  }

  /**
   * The check information of the position at this ply (once per node): the squares from which each piece
   * kind of the side to move attacks the enemy king, and the side's pieces standing between one of its
   * sliders and that king (x-rays through its own pieces by modifying occupancy, seed xray-attacks.md).
   */
  private prepareChecks(ply: number): void {
    if (this.checkInfoNode[ply] === this.nodes) return;
    this.checkInfoNode[ply] = this.nodes;
    const pos = this.stack[ply];
    const bb = pos.bb;
    const ci = this.checkInfo;
    const o = ply * CI_WORDS;
    const us = pos.turn;
    const ek = pos.king((us ^ 1) as Colour);
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
    xrayAttacksAlong(occLo, occHi, usLo, usHi, ek, LINE_RANK, LINE_FILE, s, 0);
    let xLo = s[0] & usLo & (bb[Sets.RooksLo] | bb[Sets.QueensLo]);
    let xHi = s[1] & usHi & (bb[Sets.RooksHi] | bb[Sets.QueensHi]);
    xrayAttacksAlong(occLo, occHi, usLo, usHi, ek, LINE_DIAG, LINE_ANTI, s, 0);
    xLo |= s[0] & usLo & (bb[Sets.BishopsLo] | bb[Sets.QueensLo]);
    xHi |= s[1] & usHi & (bb[Sets.BishopsHi] | bb[Sets.QueensHi]);
    let dLo = 0;
    let dHi = 0;
    for (let h = 0; h < 2; h++) {
      for (let x = h === 0 ? xLo : xHi; x !== 0; x &= x - 1) {
        between(ek, h * 32 + 31 - Math.clz32(x & -x), s, 0);
        dLo |= s[0];
        dHi |= s[1];
      }
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
      case PAWN:
        return inSet(ci, o, to);
      case KNIGHT:
        return inSet(ci, o + 2, to);
      case BISHOP:
        return inSet(ci, o + 4, to);
      case ROOK:
        return inSet(ci, o + 6, to);
      case QUEEN:
        return inSet(ci, o + 4, to) || inSet(ci, o + 6, to);
      default:
        return false; // a king checks only by uncovering (above) or castling
    }
  }
}
