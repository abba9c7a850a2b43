// The puzzle themes of lichess's names that its tagger (lichess-puzzler, tagger/cook.py) reads from a few
// consecutive moves of the line: a solver move, the reply before it and the solver move before that. Terms as
// in puzzle-themes.ts; for move k of the line (k = 0 the setup), to(k) is where it lands (a castling king's
// square), before(k) and after(k) the positions around it. "Hanging": not defended, a defender behind an
// enemy slider counting (board-facts.ts); "in a bad spot": attacked and hanging, or attacked by a cheaper
// piece than the king. Values P 1, N 3, B 3, R 5, Q 9, the king 99 where a rule compares it.
//
//   attraction        a solver move to a square, the reply taking on it with the king, a queen or a rook, then
//                     a solver move by a piece attacking that square, which checks the king there or is
//                     followed by a solver capture on that square
//   deflection        a later si takes (not a piece worth more than its taker) or promotes, on a square that
//                     neither of the two moves before it went to; the reply before it either retook on the
//                     square of the solver's move before or escaped check; the replying piece had guarded
//                     si's square (or, for a promotion, stood on its file and guarded its start) and no longer
//                     does from where it went; the solver's move before took nothing worth less than its
//                     piece's kind number (lichess compares a value with python-chess's type number here)
//   clearance         a later si, not a capture, moves a slider whose path (or landing square) the solver's
//                     move before had vacated, that move no promotion, landing elsewhere, not in check before
//                     si, nor si a check after a king reply; the vacating move took nothing or left its piece
//                     in a bad spot
//   interference      a later si takes a hanging piece on a square other than the reply's; two moves earlier a
//                     slider guarded that square and the solver's move before (or the reply itself, with the
//                     opponent's piece: self-interference) landed between them
//   intermezzo        the first later si that takes, on a square the reply's piece did not guard and the
//                     solver's move before did not go to: the setup or reply before that took on the same
//                     square, and si was already legal then (the solver played a move in between)
//   capturingDefender a later si mates, or takes a hanging piece worth no more than its taker (not the king)
//                     on a square other than the reply's; the solver's move before did not give check, did
//                     not move si's piece, and landed on a square whose piece, before it, defended si's
//                     square, in a position not in check
//   trappedPiece     a later si takes a piece other than a pawn; that piece (where it stood before the reply
//                     when the reply moved it there) was, before the reply, not pinned and not in check, in a
//                     bad spot, with every move of its own taking nothing worth as much and landing in a bad
//                     spot
import { between } from '../core/attacks.js';
import { hasBit } from '../core/bitboard.js';
import { BISHOP, KING, PAWN, PIECE_VALUES, QUEEN, ROOK } from '../core/board.js';
import { FLAG_CASTLE, moveFlags, moveFrom, movePromo, moveTo } from '../core/move.js';
import { isCheckmate, legalMoves } from '../core/movegen.js';
import type { Position } from '../core/position.js';
import { moveToUci } from '../core/san.js';
import { fileOf } from '../core/squares.js';
import { attacksFrom, isCapture } from '../tactics/threats.js';
import { type PuzzleLine, uciMove } from '../tactics/line.js';
import { attackers, inBadSpot, isDefended, NONE, sideAt, typeAt } from './board-facts.js';

const s = new Int32Array(2);
const legal = new Int32Array(256);
/** Values with the king, where a rule compares a king. */
const KING_VALUES = [1, 3, 3, 5, 9, 99];

/** The line read move by move: where each move lands, what it took, what moved. */
class Moves {
  constructor(readonly line: PuzzleLine) {}

  get count(): number {
    return this.line.count;
  }
  /** The position before move k. */
  before(k: number): Position {
    return this.line.positions[k];
  }
  /** The position after move k. */
  after(k: number): Position {
    return this.line.positions[k + 1];
  }
  from(k: number): number {
    return moveFrom(this.line.moves[k]);
  }
  /** Where move k lands: a castling king's square (the encoding's target is its rook). */
  to(k: number): number {
    const m = this.line.moves[k];
    return (moveFlags(m) & FLAG_CASTLE) !== 0 ? this.after(k).king(this.before(k).turn) : moveTo(m);
  }
  promotes(k: number): boolean {
    return movePromo(this.line.moves[k]) !== 0;
  }
  /** The type of the piece that stood on to(k) before move k (NONE: an empty square, en passant too). */
  took(k: number): number {
    return (moveFlags(this.line.moves[k]) & FLAG_CASTLE) !== 0 ? NONE : typeAt(this.before(k), this.to(k));
  }
  /** The type of the piece that move k left on to(k). */
  moved(k: number): number {
    return typeAt(this.after(k), this.to(k));
  }
  isCapture(k: number): boolean {
    return isCapture(this.before(k), this.line.moves[k]);
  }
  /** The solver's moves after the first: k = 3, 5, … */
  laterSolverMoves(): number[] {
    const out: number[] = [];
    for (let k = 3; k < this.count; k += 2) out.push(k);
    return out;
  }
}

/** Whether the piece on `from` (if any) attacks `sq` in pos. */
function attacksSquare(pos: Position, from: number, sq: number): boolean {
  if (pos.board[from] === 0) return false;
  attacksFrom(pos, from, s, 0);
  return hasBit(s[0], s[1], sq);
}

/** Whether sq lies strictly between a and b on a line through both. */
function isBetween(a: number, b: number, sq: number): boolean {
  between(a, b, s, 0);
  return hasBit(s[0], s[1], sq);
}

function isSlider(type: number): boolean {
  return type === BISHOP || type === ROOK || type === QUEEN;
}

/** The themes read from consecutive moves of the line, added to `out`. */
export function sequenceThemes(line: PuzzleLine, out: Set<string>): void {
  const l = new Moves(line);
  if (attraction(l)) out.add('attraction');
  if (deflection(l)) out.add('deflection');
  if (clearance(l)) out.add('clearance');
  if (interference(l, true) || interference(l, false)) out.add('interference');
  if (intermezzo(l)) out.add('intermezzo');
  if (capturingDefender(l)) out.add('capturingDefender');
  if (trappedPiece(l)) out.add('trappedPiece');
}

function attraction(l: Moves): boolean {
  for (let k = 1; k + 2 < l.count; k += 2) {
    const sq = l.to(k);
    if (l.to(k + 1) !== sq) continue;
    const attracted = l.moved(k + 1);
    if (attracted !== KING && attracted !== QUEEN && attracted !== ROOK) continue;
    const solver = l.before(k).turn;
    if (!attackers(l.after(k + 2), solver, sq).includes(l.to(k + 2))) continue;
    if (attracted === KING) return true;
    if (k + 4 < l.count && l.to(k + 4) === sq) return true;
  }
  return false;
}

function deflection(l: Moves): boolean {
  for (const k of l.laterSolverMoves()) {
    const took = l.took(k);
    if (took === NONE && !l.promotes(k)) continue;
    if (took !== NONE && KING_VALUES[took] > KING_VALUES[l.moved(k)]) continue;
    const sq = l.to(k);
    const earlier = l.took(k - 2);
    // lichess compares the value taken with python-chess's piece-type number (pawn 1 … king 6)
    if (earlier !== NONE && PIECE_VALUES[earlier] >= l.moved(k - 2) + 1) continue;
    if (sq === l.to(k - 1) || sq === l.to(k - 2)) continue;
    if (l.to(k - 1) !== l.to(k - 2) && !l.after(k - 2).isCheck()) continue;
    const guard = l.from(k - 1);
    const guarded =
      attacksSquare(l.after(k - 2), guard, sq) ||
      (l.promotes(k) && fileOf(sq) === fileOf(guard) && attacksSquare(l.after(k - 2), guard, l.from(k)));
    if (guarded && !attacksSquare(l.before(k), l.to(k - 1), sq)) return true;
  }
  return false;
}

function clearance(l: Moves): boolean {
  for (const k of l.laterSolverMoves()) {
    if (l.took(k) !== NONE || !isSlider(l.moved(k))) continue;
    const p = k - 2;
    if (l.promotes(p) || l.to(p) === l.from(k) || l.to(p) === l.to(k) || l.before(k).isCheck()) continue;
    if (l.after(k).isCheck() && l.moved(k - 1) === KING) continue;
    if (l.from(p) !== l.to(k) && !isBetween(l.from(k), l.to(k), l.from(p))) continue;
    if (l.took(p) === NONE || inBadSpot(l.after(p), l.to(p))) return true;
  }
  return false;
}

/** The first defender (lowest square; a1 counts as none, as in lichess) of sq for `side` in pos, or NONE. */
function firstDefender(pos: Position, side: number, sq: number): number {
  const d = attackers(pos, side, sq);
  return d.length === 0 || d[0] === 0 ? NONE : d[0];
}

/** interference by the solver's move before si (own) or by the reply (self: the opponent's piece). */
function interference(l: Moves, self: boolean): boolean {
  for (const k of l.laterSolverMoves()) {
    const sq = l.to(k);
    if (l.took(k) === NONE || (!self && sq === l.to(k - 1)) || isDefended(l.before(k), sq)) continue;
    const then = self ? l.after(k - 2) : l.before(k - 2);
    const defender = firstDefender(then, sideAt(l.before(k), sq), sq);
    if (defender === NONE || !isSlider(typeAt(then, defender))) continue;
    if (isBetween(sq, defender, l.to(self ? k - 1 : k - 2))) return true;
  }
  return false;
}

function intermezzo(l: Moves): boolean {
  for (const k of l.laterSolverMoves()) {
    if (!l.isCapture(k)) continue;
    const sq = l.to(k);
    const them = l.before(k).turn ^ 1;
    if (attackers(l.after(k - 2), them, sq).includes(l.from(k - 1)) || l.to(k - 2) === sq) continue;
    const played = moveToUci(l.before(k), l.line.moves[k]);
    return l.to(k - 3) === sq && l.isCapture(k - 3) && uciMove(l.before(k - 2), played) >= 0;
  }
  return false;
}

function capturingDefender(l: Moves): boolean {
  for (const k of l.laterSolverMoves()) {
    const took = l.took(k);
    const piece = l.moved(k);
    const taken =
      took !== NONE &&
      piece !== KING &&
      PIECE_VALUES[took] <= PIECE_VALUES[piece] &&
      !isDefended(l.before(k), l.to(k)) &&
      l.to(k - 1) !== l.to(k);
    if (!isCheckmate(l.after(k)) && !taken) continue;
    const p = k - 2;
    if (l.after(p).isCheck() || l.to(p) === l.from(k)) continue;
    const init = l.before(p);
    const d = l.to(p);
    if (init.board[d] !== 0 && attackers(init, sideAt(init, d), l.to(k)).includes(d) && !init.isCheck()) return true;
  }
  return false;
}

function trappedPiece(l: Moves): boolean {
  for (const k of l.laterSolverMoves()) {
    const took = l.took(k);
    if (took === NONE || took === PAWN) continue;
    const sq = l.to(k - 1) === l.to(k) ? l.from(k - 1) : l.to(k);
    if (trapped(l.before(k - 1), sq)) return true;
  }
  return false;
}

/** A piece (not a pawn or king) of the side to move, unpinned and not in check, in a bad spot that every move of its own leaves it in. */
function trapped(pos: Position, sq: number): boolean {
  if (pos.board[sq] === 0 || pos.isCheck() || pos.isPinned(sq)) return false;
  const type = typeAt(pos, sq);
  if (type === PAWN || type === KING || !inBadSpot(pos, sq)) return false;
  const n = legalMoves(pos, legal);
  for (let i = 0; i < n; i++) {
    const m = legal[i];
    if (moveFrom(m) !== sq) continue;
    const target = typeAt(pos, moveTo(m));
    if (target !== NONE && PIECE_VALUES[target] >= PIECE_VALUES[type]) return false;
    const after = pos.clone();
    after.play(m);
    if (!inBadSpot(after, moveTo(m))) return false;
  }
  return true;
}
