// The mate-by-pattern themes of a puzzle whose solution ends in checkmate, by lichess's names and its
// tagger's rules (lichess-puzzler, tagger/cook.py), read on the final position F with the mated king K and
// the solver's last move (its piece, where it went). One pattern at most, the first that fits in this order:
//
//   smotheredMate     a knight gives check and every square next to K holds a piece of K's side
//   backRankMate      K on its own back rank; each square in front of it (straight and diagonal) holds a
//                     piece of K's side that no solver piece attacks; a checker stands on that back rank
//   anastasiaMate     K on the a- or h-file, not in a corner rank; the last move, by a queen or a rook, went
//                     to K's file; K's side has a piece next to K towards the centre, and a solver knight
//                     stands three files towards the centre on K's rank
//   hookMate          the last move, by a rook, went next to K; a solver knight next to K defends the rook,
//                     and a solver pawn defends that knight
//   arabianMate       K in a corner; the last move, by a rook, went next to K; a solver knight two files and
//                     two ranks from K defends the rook
//   bodenMate / doubleBishopMate   the solver has two bishops or more, and every solver piece attacking K's
//                     square or a square next to it is a bishop; Boden when the first two bishops (by square)
//                     stand on either side of K's file, else double bishop
//   dovetailMate      K off the edge; the last move, by a queen, went diagonally next to K; every other square
//                     next to K is attacked by no solver piece, or by the queen alone and empty
import { kingAttacks } from '../core/attacks.js';
import { squaresOf } from '../core/bitboard.js';
import { BISHOP, KNIGHT, opponent, PAWN, piecesHi, piecesLo, QUEEN, ROOK } from '../core/board.js';
import { moveFlags, moveTo, FLAG_CASTLE } from '../core/move.js';
import type { Position } from '../core/position.js';
import { fileOf, rankOf } from '../core/squares.js';
import type { PuzzleLine } from '../tactics/line.js';
import { attackers, distance, NONE, sideAt, typeAt } from './board-facts.js';

const s = new Int32Array(2);

/** The squares next to sq (king steps), ascending. */
function around(sq: number): number[] {
  kingAttacks(sq, s, 0);
  return squaresOf(s[0], s[1]);
}

/** What the patterns read: the final position, the mated king, the solver, the last move's piece and square. */
interface Mate {
  f: Position;
  king: number;
  solver: number;
  piece: number;
  to: number;
}

/** The mate pattern of a solution ending in checkmate (the caller checks the mate), or null. */
export function matePattern(line: PuzzleLine): string | null {
  const f = line.positions[line.count];
  const last = line.moves[line.count - 1];
  const solver = line.puzzle.turn;
  const to = (moveFlags(last) & FLAG_CASTLE) !== 0 ? NONE : moveTo(last);
  const m: Mate = { f, king: f.king(opponent(solver)), solver, piece: to === NONE ? NONE : typeAt(f, to), to };
  if (smothered(m)) return 'smotheredMate';
  if (backRank(m)) return 'backRankMate';
  if (anastasia(m)) return 'anastasiaMate';
  if (hook(m)) return 'hookMate';
  if (arabian(m)) return 'arabianMate';
  return bishops(m) ?? (dovetail(m) ? 'dovetailMate' : null);
}

function checkers(m: Mate): number[] {
  return attackers(m.f, m.solver, m.king);
}

function smothered(m: Mate): boolean {
  if (!checkers(m).some((c) => typeAt(m.f, c) === KNIGHT)) return false;
  return around(m.king).every((t) => typeAt(m.f, t) !== NONE && sideAt(m.f, t) !== m.solver);
}

function backRank(m: Mate): boolean {
  const back = m.solver === 0 ? 7 : 0;
  if (rankOf(m.king) !== back) return false;
  const ahead = rankOf(m.king) + (m.solver === 0 ? -1 : 1);
  const front = around(m.king).filter((t) => rankOf(t) === ahead);
  const blocked = front.every((t) => typeAt(m.f, t) !== NONE && sideAt(m.f, t) !== m.solver && attackers(m.f, m.solver, t).length === 0);
  return blocked && checkers(m).some((c) => rankOf(c) === back);
}

function anastasia(m: Mate): boolean {
  const file = fileOf(m.king);
  const rank = rankOf(m.king);
  if ((file !== 0 && file !== 7) || rank === 0 || rank === 7) return false;
  if (m.to === NONE || fileOf(m.to) !== file || (m.piece !== QUEEN && m.piece !== ROOK)) return false;
  const inward = file === 0 ? 1 : -1;
  const blocker = m.king + inward;
  const knight = m.king + 3 * inward;
  return (
    typeAt(m.f, blocker) !== NONE && sideAt(m.f, blocker) !== m.solver && typeAt(m.f, knight) === KNIGHT && sideAt(m.f, knight) === m.solver
  );
}

function hook(m: Mate): boolean {
  if (m.piece !== ROOK || distance(m.to, m.king) !== 1) return false;
  return attackers(m.f, m.solver, m.to).some(
    (n) => typeAt(m.f, n) === KNIGHT && distance(n, m.king) === 1 && attackers(m.f, m.solver, n).some((p) => typeAt(m.f, p) === PAWN),
  );
}

function arabian(m: Mate): boolean {
  const file = fileOf(m.king);
  const rank = rankOf(m.king);
  if ((file !== 0 && file !== 7) || (rank !== 0 && rank !== 7)) return false;
  if (m.piece !== ROOK || distance(m.to, m.king) !== 1) return false;
  return attackers(m.f, m.solver, m.to).some(
    (n) => typeAt(m.f, n) === KNIGHT && Math.abs(rankOf(n) - rank) === 2 && Math.abs(fileOf(n) - file) === 2,
  );
}

function bishops(m: Mate): string | null {
  const own = squaresOf(piecesLo(m.f.bb, m.solver, BISHOP), piecesHi(m.f.bb, m.solver, BISHOP));
  if (own.length < 2) return null;
  for (const t of [m.king, ...around(m.king)]) if (attackers(m.f, m.solver, t).some((a) => typeAt(m.f, a) !== BISHOP)) return null;
  const k = fileOf(m.king);
  return fileOf(own[0]) < k === fileOf(own[1]) > k ? 'bodenMate' : 'doubleBishopMate';
}

function dovetail(m: Mate): boolean {
  const file = fileOf(m.king);
  const rank = rankOf(m.king);
  if (file === 0 || file === 7 || rank === 0 || rank === 7) return false;
  if (m.piece !== QUEEN || fileOf(m.to) === file || rankOf(m.to) === rank || distance(m.to, m.king) !== 1) return false;
  for (const t of around(m.king)) {
    if (t === m.to) continue;
    const by = attackers(m.f, m.solver, t);
    if (by.length === 1 && by[0] === m.to) {
      if (typeAt(m.f, t) !== NONE) return false;
    } else if (by.length > 0) return false;
  }
  return true;
}
