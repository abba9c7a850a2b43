// The tactic module's entry, compiled to WebAssembly (npm run build: dist/src/tactics/wasm/search.wasm);
// src/tactics/search-module.ts loads it and is its only caller. The material search of the tactic verdicts on
// 64-bit sets: src/tactics/search.ts defines its tree; this is the algorithm. Why WebAssembly: a set is
// one 64-bit register, and V8 compiles a module's code once per process for every worker.
//
// What keeps it cheap without changing a value: alpha-beta (fail-soft); a move that cannot give check at a
// node whose children stand pat is worth at most the balance after it, so it is skipped when that cannot
// beat alpha (futility with an exact bound), and a quiescence node where no capture could beat alpha and
// no check exists is settled from attack sets without generating its moves (quietBound); the reply that
// refuted a sibling (a killer) is tried before the moves are generated; moves are ordered by SEE (MVV/LVA
// among equals). Positions live in slots (board.ts), one per ply: the caller writes the root's sets and
// mailbox into slot 0 and calls setRoot(); each move is made by copying a slot into the next. The line is
// kept in a triangular table: a node's line is its best move and the line of the child that gave its value.
import {
  attackersTo, balance, checkersOf, epOf, isCapture, makeMove, moveGain, occupied, pieces, setUp, side, slot, turnOf, at,
  value, typeAt, CASTLE, CHECK_INFO, SLOT, KEYS, KILLERS, MOVES, PLIES, PV, PV_END, BISHOP, KNIGHT, PAWN, QUEEN, ROOK,
} from './board';
import { anyCaptureCheck, anyCheck, mayDiscover, mayGiveCheck, prepareChecks, quietChecks, CI_BYTES } from './checks';
import { generate, isLegal, isPseudoLegal } from './movegen';
import { see } from './see';

export { BETWEEN, KINGS, KNIGHTS, LINES, MASKS, MOVES, PAWNS, PLIES, PV, SLOTS, VALUES } from './board';

export const MATE: i32 = 1000;
/** Quiescence plies at most. */
export const Q_PLIES: i32 = 8;
/** Main plies (every legal move, no standing pat) before quiescence: two, or more for a deeper look. */
let mainPlies: i32 = 2;
/** Plies from the root where quiescence ends. */
let maxPly: i32 = 2 + Q_PLIES;
const INF: i32 = 100000;
// ordering keys: non-losing captures and promotions first (by SEE, then MVV/LVA), then quiet moves, then
// losing captures
const KEY_GOOD: i32 = 1 << 24;
const KEY_QUIET: i32 = 1 << 20;
/** quietBound's answer when the node must be searched. */
const UNSETTLED: i32 = INF;

let nodes: f64 = 0;
/** The best bound of the captures candidates() left out (fail-soft). */
let skipped: i32 = 0;
/** Per ply, the node count when its check information was made (so that it is made once per node). */
const CI_STAMP: usize = CHECK_INFO + <usize>PLIES * CI_BYTES;

@inline function movesAt(ply: i32): usize {
  return MOVES + (<usize>ply << 10);
}
@inline function keysAt(ply: i32): usize {
  return KEYS + (<usize>ply << 10);
}
@inline function moveAt(ply: i32, i: i32): i32 {
  return load<i32>(movesAt(ply) + (<usize>i << 2));
}
@inline function keyAt(ply: i32, i: i32): i32 {
  return load<i32>(keysAt(ply) + (<usize>i << 2));
}
@inline function ciAt(ply: i32): usize {
  return CHECK_INFO + <usize>ply * CI_BYTES;
}
@inline function pvEnd(ply: i32): i32 {
  return load<i32>(PV_END + (<usize>ply << 2));
}
@inline function setPvEnd(ply: i32, v: i32): void {
  store<i32>(PV_END + (<usize>ply << 2), v);
}
@inline function inCheck(ply: i32): bool {
  return checkersOf(slot(ply)) != 0;
}

/** Positions visited since the module was made, roots included. */
export function nodeCount(): f64 {
  return nodes;
}

/** Derives slot 0's fields once the caller has written its sets and mailbox: side to move, en passant, castling rooks (4 bytes). */
export function setRoot(turn: i32, ep: i32, castling: i32): void {
  const p = slot(0);
  store<i32>(p + CASTLE, castling);
  setUp(p, turn, ep);
}

/** The material balance of the root (the side to move's view). */
export function rootBalance(): i32 {
  return balance(slot(0));
}

/**
 * What the root's side to move wins back by the plainest means of `taken` pawns the opponent's last move
 * took: the least of it and the best SEE (at least 0) of its captures and promotions (to a queen or none).
 */
export function rootRegain(taken: i32): i32 {
  const p = slot(0);
  const moves = movesAt(0);
  const n = generate(p, moves, true);
  let back = 0;
  for (let i = 0; i < n && back < taken; i++) {
    const m = load<i32>(moves + (<usize>i << 2));
    const promo = (m >> 12) & 7;
    if (promo == 0 || promo == QUEEN) back = max(back, see(p, m));
  }
  return min(taken, back);
}

/**
 * Fail-soft search of the root in the window (alpha, beta): the value when it lies inside, else a bound on
 * the value's side of the window. Its line: lineLength() moves at PV.
 */
/** The main plies of the next searches (2 to PLIES - Q_PLIES - 1). */
export function setMainPlies(n: i32): void {
  mainPlies = n;
  maxPly = n + Q_PLIES;
}

export function searchRoot(alpha: i32, beta: i32): i32 {
  start();
  return full(0, -1, alpha, beta, balance(slot(0)));
}

/** searchRoot() with the root's only move m (a legal move). */
export function searchMove(m: i32, alpha: i32, beta: i32): i32 {
  start();
  const v = visit(0, m, -1, alpha, beta, balance(slot(0)));
  extend(0, m);
  return v;
}

/** Moves in the last search's line. */
export function lineLength(): i32 {
  return pvEnd(0);
}

function start(): void {
  memory.fill(KILLERS, 0xff, <usize>PLIES << 2);
  setPvEnd(0, 0);
  nodes++;
}

/** The line of the node at ply: m, then the line of the child at ply + 1. */
function extend(ply: i32, m: i32): void {
  const o = PV + (<usize>(ply * PLIES) << 2);
  const c = o + (<usize>PLIES << 2);
  store<i32>(o + (<usize>ply << 2), m);
  const end = pvEnd(ply + 1);
  for (let i = ply + 1; i < end; i++) store<i32>(o + (<usize>i << 2), load<i32>(c + (<usize>i << 2)));
  setPvEnd(ply, end > ply + 1 ? end : ply + 1);
}

/**
 * A node that tries every legal move with no standing pat: a main ply (k = -1; ply 0 the side to move, ply
 * 1 the reply) or a quiescence node in check at quiescence ply k. None: mated in check, else stalemate.
 */
function full(ply: i32, k: i32, alpha: i32, beta: i32, bal: i32): i32 {
  const p = slot(ply);
  setPvEnd(ply, ply);
  let best = -INF;
  // the move that refuted the last sibling often refutes this one too: try it before generating
  const killer = validKiller(ply);
  if (killer >= 0) {
    best = visit(ply, killer, k, alpha, beta, bal);
    if (best >= beta) return best;
    if (best > alpha) {
      alpha = best;
      extend(ply, killer);
    }
  }
  const n = generate(p, movesAt(ply), false);
  if (n == 0) return checkersOf(p) != 0 ? ply - MATE : 0;
  order(ply, n);
  // the reply's children stand pat: a move that gives no check is worth at most the balance after it
  const futile = ply == mainPlies - 1;
  if (futile) prepare(ply);
  const ci = ciAt(ply);
  for (let i = 0; i < n; i++) {
    const m = pick(ply, i, n);
    if (m == killer) continue;
    const bound = bal + moveGain(p, m);
    const v = futile && bound <= alpha && !mayGiveCheck(p, ci, m) ? bound : visit(ply, m, k, alpha, beta, bal);
    if (v > best) {
      best = v;
      if (v > alpha) {
        alpha = v;
        extend(ply, m);
        if (alpha >= beta) {
          store<i32>(KILLERS + (<usize>ply << 2), m);
          break;
        }
      }
    }
  }
  return best;
}

/** Makes m at this ply and searches the child: the next main ply, else quiescence ply k + 1. */
function visit(ply: i32, m: i32, k: i32, alpha: i32, beta: i32, bal: i32): i32 {
  const after = -(bal + moveGain(slot(ply), m));
  make(ply, m);
  return -(ply + 1 < mainPlies ? full(ply + 1, -1, -beta, -alpha, after) : quiesce(ply + 1, k + 1, -beta, -alpha, after));
}

@inline function make(ply: i32, m: i32): void {
  makeMove(slot(ply), slot(ply + 1), m);
  nodes++;
}

/** The killer of this ply if it is a legal move of the position there, else -1. */
function validKiller(ply: i32): i32 {
  const m = load<i32>(KILLERS + (<usize>ply << 2));
  const p = slot(ply);
  return m >= 0 && isPseudoLegal(p, m) && isLegal(p, m) ? m : -1;
}

/** A quiescence node at quiescence ply k (0 = the first, where checks are tried too). */
function quiesce(ply: i32, k: i32, alpha: i32, beta: i32, bal: i32): i32 {
  setPvEnd(ply, ply);
  if (ply >= maxPly) return bal;
  if (inCheck(ply)) return full(ply, k, alpha, beta, bal);
  if (bal >= beta) return bal;
  if (bal > alpha) alpha = bal;
  const settled = quietBound(ply, k, alpha, bal);
  if (settled != UNSETTLED) return settled;
  const p = slot(ply);
  // the captures and promotions, then at the first ply the other moves that may give check
  const c = candidates(ply, k, alpha, bal, generate(p, movesAt(ply), true));
  let best = max(bal, skipped);
  for (let i = 0; i < c; i++) {
    const m = pick(ply, i, c);
    const after = -(bal + moveGain(p, m));
    make(ply, m);
    // below KEY_GOOD: a losing capture or a quiet move, tried at the first ply when it does give check
    if (!inCheck(ply + 1) && keyAt(ply, i) < KEY_GOOD) continue;
    const v = -quiesce(ply + 1, k + 1, -beta, -alpha, after);
    if (v > best) {
      best = v;
      if (v > alpha) {
        alpha = v;
        extend(ply, m);
        if (alpha >= beta) break;
      }
    }
  }
  return best;
}

/** Whether a move is a capture or a queen promotion: what quiescence tries besides checks. */
@inline function tactical(p: usize, m: i32): bool {
  return isCapture(p, m) || ((m >> 12) & 7) == QUEEN;
}

/**
 * Ordering key of a capture or promotion: by SEE (≥ 0: at least KEY_GOOD), then MVV/LVA. A plain capture of
 * a piece worth at least its capturer cannot lose: keyed by that difference, a bound under its SEE, which
 * is not computed.
 */
function captureKey(p: usize, m: i32): i32 {
  const cap = at(p, (m >> 6) & 63);
  const victim = cap != 0 ? (cap & 7) - 1 : PAWN;
  const mover = (at(p, m & 63) & 7) - 1;
  const mvvLva = victim * 8 + 7 - mover;
  const sv = cap != 0 && (m >> 12) == 0 && value(victim) >= value(mover) ? value(victim) - value(mover) : see(p, m);
  return (sv >= 0 ? KEY_GOOD : 0) + (sv + 128) * 64 + mvvLva;
}

/**
 * The moves a quiescence node not in check may try, keyed and packed at the front of its list, from its n
 * captures and promotions there: those with SEE ≥ 0 (a queen promotion, a capture), at the first ply (k = 0)
 * the others that may give check, then the quiet moves and under-promotions that may. A capture that cannot
 * give check is worth at most the balance after it; when that cannot beat alpha it is left out and the best
 * such bound kept in `skipped` (fail-soft). Returns the count.
 */
function candidates(ply: i32, k: i32, alpha: i32, bal: i32, n: i32): i32 {
  const p = slot(ply);
  const moves = movesAt(ply);
  const keys = keysAt(ply);
  prepare(ply);
  const ci = ciAt(ply);
  skipped = -INF;
  let c = 0;
  for (let i = 0; i < n; i++) {
    const m = load<i32>(moves + (<usize>i << 2));
    const mayCheck = mayGiveCheck(p, ci, m);
    let key = KEY_QUIET;
    if (tactical(p, m)) {
      const bound = bal + moveGain(p, m);
      if (!mayCheck && bound <= alpha) {
        if (bound > skipped) skipped = bound;
        continue;
      }
      key = captureKey(p, m);
      if (key < KEY_GOOD && (k > 0 || !mayCheck)) continue;
    } else if (k > 0 || !mayCheck) continue; // an under-promotion
    store<i32>(moves + (<usize>c << 2), m);
    store<i32>(keys + (<usize>c << 2), key);
    c++;
  }
  if (k > 0) return c;
  const q = quietChecks(p, ci, moves + (<usize>c << 2));
  for (let i = 0; i < q; i++) store<i32>(keys + (<usize>(c + i) << 2), KEY_QUIET);
  return c + q;
}

/** Ordering keys of the n legal moves at this ply. */
function order(ply: i32, n: i32): void {
  const p = slot(ply);
  const moves = movesAt(ply);
  const keys = keysAt(ply);
  for (let i = 0; i < n; i++) {
    const m = load<i32>(moves + (<usize>i << 2));
    store<i32>(keys + (<usize>i << 2), isCapture(p, m) || ((m >> 12) & 7) != 0 ? captureKey(p, m) : KEY_QUIET);
  }
}

/** Swaps the best-keyed move of [i, n) into place i and returns it (selection as the search goes). */
function pick(ply: i32, i: i32, n: i32): i32 {
  const moves = movesAt(ply);
  const keys = keysAt(ply);
  let b = i;
  let bk = load<i32>(keys + (<usize>i << 2));
  for (let j = i + 1; j < n; j++) {
    const kj = load<i32>(keys + (<usize>j << 2));
    if (kj > bk) {
      b = j;
      bk = kj;
    }
  }
  const m = load<i32>(moves + (<usize>b << 2));
  store<i32>(moves + (<usize>b << 2), load<i32>(moves + (<usize>i << 2)));
  store<i32>(keys + (<usize>b << 2), load<i32>(keys + (<usize>i << 2)));
  store<i32>(moves + (<usize>i << 2), m);
  store<i32>(keys + (<usize>i << 2), bk);
  return m;
}

/**
 * Settles a quiescence node not in check (alpha already raised to the stand pat) from attack sets, without
 * generating its moves: when no capture can beat alpha by its value and no candidate can give check, the
 * node fails low (returns alpha). UNSETTLED when it must be searched: a capture of value ≥ need = alpha -
 * bal + 1 with SEE ≥ 0 exists (or need ≤ 1: pawns count), en passant or a promotion is possible, a piece may
 * uncover a check, or a check (at the first ply) or a capture that checks exists.
 */
function quietBound(ply: i32, k: i32, alpha: i32, bal: i32): i32 {
  const p = slot(ply);
  const need = alpha - bal + 1;
  if (need <= value(PAWN) || epOf(p) >= 0) return UNSETTLED;
  const us = turnOf(p);
  // a pawn one step from promoting: on rank 7 (white) or rank 2 (black)
  const sevenths = pieces(p, PAWN) & side(p, us) & (us == 0 ? <i64>0x00ff000000000000 : <i64>0xff00);
  if (sevenths != 0) return UNSETTLED;
  // the enemy pieces worth at least `need`: any of them attacked leaves the node to the search
  let t = pieces(p, QUEEN);
  if (need <= value(ROOK)) t |= pieces(p, ROOK);
  if (need <= value(KNIGHT)) t |= pieces(p, KNIGHT) | pieces(p, BISHOP);
  if (need > value(QUEEN)) t = 0;
  t &= side(p, us ^ 1);
  for (; t != 0; t &= t - 1) if (takeable(p, <i32>ctz(t))) return UNSETTLED;
  prepare(ply);
  const ci = ciAt(ply);
  if (mayDiscover(ci)) return UNSETTLED;
  return (k == 0 ? anyCheck(p, ci) : anyCaptureCheck(p, ci)) ? UNSETTLED : alpha;
}

/** Whether the side to move has a capture of the piece on sq with SEE ≥ 0 (no promotion is possible here). */
function takeable(p: usize, sq: i32): bool {
  const worth = value(typeAt(p, sq));
  for (let a = attackersTo(p, occupied(p), sq) & side(p, turnOf(p)); a != 0; a &= a - 1) {
    const from = <i32>ctz(a);
    if (worth >= value(typeAt(p, from)) || see(p, from | (sq << 6)) >= 0) return true;
  }
  return false;
}

/** The check information of the position at this ply, once per node. */
function prepare(ply: i32): void {
  const stamp = CI_STAMP + (<usize>ply << 3);
  if (load<f64>(stamp) == nodes) return;
  store<f64>(stamp, nodes);
  prepareChecks(slot(ply), ciAt(ply));
}

// For the tests (test/tactics/search-module.test.ts): the module's move generation and SEE on the root slot.
/** The root's legal moves (or with `tactical` its captures and promotions) at MOVES; their count. */
export function rootMoves(tactical: bool): i32 {
  return generate(slot(0), MOVES, tactical);
}
/** SEE of move m at the root. */
export function rootSee(m: i32): i32 {
  return see(slot(0), m);
}
/** Plays legal move m at the root: the root becomes the position after it. */
export function playRoot(m: i32): void {
  makeMove(slot(0), slot(1), m);
  memory.copy(slot(0), slot(1), SLOT);
}
