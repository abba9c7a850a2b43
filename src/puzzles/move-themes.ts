// The puzzle themes of lichess's names that its tagger (lichess-puzzler, tagger/cook.py) reads from the kinds
// of the solution's moves, the material along the line and the kings' surroundings; terms as in
// puzzle-themes.ts (P, si, ri, Ai, Bi; the solver's moves s1 … sn). "Advanced": a pawn move to the mover's
// 6th rank or beyond, or a promotion; "very advanced": to its 7th or 8th. Material: P 1, N 3, B 3, R 5, Q 9.
//
//   promotion        some si promotes
//   underPromotion   the first si that mates or promotes: a mate by promoting to a knight, or a promotion
//                    to anything but a queen
//   enPassant        some si takes en passant
//   castling         some si castles
//   attackingF2F7    the first si that takes on f2 or f7 leaves the opponent's king on e1 or e8 (same side)
//   advancedPawn     some si is a very advanced pawn move
//   sacrifice        after some si, i ≥ 2, the solver's material lead is 2 or more below that at P, and no
//                    reply ri promotes
//   quietMove        some si, i < n, neither checks nor escapes check, takes nothing, attacks no enemy piece
//                    from where it lands, is no advanced pawn move and no king move
//   defensiveMove    sn (with 3 legal moves or more at Bn) neither checks nor takes, attacks no enemy piece
//                    and is no advanced pawn move; or the first si that checks or takes comes after one that
//                    escaped check from Bi with 3 legal moves or more (a quiet escape)
//   exposedKing      at P the opponent's king stands on its own half's last three ranks (from the solver's
//                    side: the 6th to 8th), with no pawn of its side in front of it (straight or diagonal) or
//                    beside it, and some si other than the first and the last gives check
//   kingsideAttack / queensideAttack   (not with backRankMate or fork) at P the opponent's king on its back
//                    rank on files g–h (a–c), 20 (18) pieces or more on the board, some si checks; a score
//                    over the si, +1 for a check, +1 for a capture within 3 king steps of the corner (h or a
//                    on that rank), else −1 for a move landing 5 or more away, reaches 2
import { popCount } from '../core/bitboard.js';
import { BISHOP, KING, KNIGHT, opponent, PAWN, QUEEN, ROOK, sideHi, sideLo, typeHi, typeLo } from '../core/board.js';
import { FLAG_CASTLE, FLAG_EP, moveFlags, moveFrom, movePromo, moveTo } from '../core/move.js';
import { isCheckmate, legalMoves } from '../core/movegen.js';
import type { Position } from '../core/position.js';
import { fileOf, rankOf } from '../core/squares.js';
import type { PuzzleLine } from '../tactics/line.js';
import { materialBalance } from '../tactics/material-search.js';
import { attacksFrom, isCapture } from '../tactics/threats.js';
import { distance, sideAt, typeAt } from './board-facts.js';

const s = new Int32Array(2);
const legal = new Int32Array(256);
const F2 = 13;
const F7 = 53;
const E1 = 4;
const E8 = 60;

/** The solver's move indices in the line (k = 1, 3, …). */
function solverMoves(line: PuzzleLine): number[] {
  const out: number[] = [];
  for (let k = 1; k < line.count; k += 2) out.push(k);
  return out;
}

/** The themes of the solution's moves, kings and material, added to `out`. */
export function moveThemes(line: PuzzleLine, out: Set<string>): void {
  const ks = solverMoves(line);
  const m = (k: number): number => line.moves[k];
  if (ks.some((k) => movePromo(m(k)) !== 0)) out.add('promotion');
  if (underPromotion(line, ks)) out.add('underPromotion');
  if (ks.some((k) => (moveFlags(m(k)) & FLAG_EP) !== 0)) out.add('enPassant');
  if (ks.some((k) => (moveFlags(m(k)) & FLAG_CASTLE) !== 0)) out.add('castling');
  if (attackingF2F7(line, ks)) out.add('attackingF2F7');
  if (ks.some((k) => advancedPawnMove(line, k, 7))) out.add('advancedPawn');
  if (sacrifice(line, ks)) out.add('sacrifice');
  if (quietMove(line, ks)) out.add('quietMove');
  if (defensiveMove(line, ks)) out.add('defensiveMove');
  if (exposedKing(line, ks)) out.add('exposedKing');
}

/** kingsideAttack or queensideAttack, or null; the caller leaves it out beside backRankMate and fork. */
export function sideAttack(line: PuzzleLine): string | null {
  if (attackOn(line, 7, [6, 7], 20)) return 'kingsideAttack';
  if (attackOn(line, 0, [0, 1, 2], 18)) return 'queensideAttack';
  return null;
}

function underPromotion(line: PuzzleLine, ks: number[]): boolean {
  for (const k of ks) {
    const promo = movePromo(line.moves[k]);
    if (isCheckmate(line.positions[k + 1])) return promo === KNIGHT;
    if (promo !== 0 && promo !== QUEEN) return true;
  }
  return false;
}

function attackingF2F7(line: PuzzleLine, ks: number[]): boolean {
  for (const k of ks) {
    const m = line.moves[k];
    const to = moveTo(m);
    if ((to !== F2 && to !== F7) || !isCapture(line.positions[k], m)) continue;
    const after = line.positions[k + 1];
    const king = to === F7 ? E8 : E1;
    return typeAt(after, king) === KING && sideAt(after, king) !== line.puzzle.turn;
  }
  return false;
}

/** Whether move k is a promotion or a pawn move to the mover's `fromRank`-th rank (1-based: 6 advanced, 7 very advanced) or beyond. */
function advancedPawnMove(line: PuzzleLine, k: number, fromRank: number): boolean {
  const m = line.moves[k];
  const before = line.positions[k];
  if (typeAt(before, moveFrom(m)) !== PAWN || (moveFlags(m) & FLAG_CASTLE) !== 0) return false;
  const rank = rankOf(moveTo(m));
  const own = before.turn === 0 ? rank + 1 : 8 - rank;
  return movePromo(m) !== 0 || own >= fromRank;
}

function sacrifice(line: PuzzleLine, ks: number[]): boolean {
  const solver = line.puzzle.turn;
  const start = materialBalance(line.puzzle, solver);
  const down = ks.slice(1).some((k) => materialBalance(line.positions[k + 1], solver) - start <= -2);
  if (!down) return false;
  for (let k = 2; k < line.count; k += 2) if (movePromo(line.moves[k]) !== 0) return false;
  return true;
}

/** Whether the piece that move k landed attacks an enemy piece from there (in the position after it). */
function attacksEnemy(line: PuzzleLine, k: number): boolean {
  const after = line.positions[k + 1];
  const m = line.moves[k];
  const at = (moveFlags(m) & FLAG_CASTLE) !== 0 ? after.king(line.puzzle.turn) : moveTo(m);
  attacksFrom(after, at, s, 0);
  const them = line.puzzle.turn ^ 1;
  return ((s[0] & sideLo(after.bb, them)) | (s[1] & sideHi(after.bb, them))) !== 0;
}

function quietMove(line: PuzzleLine, ks: number[]): boolean {
  return ks.some((k) => {
    if (k === line.count - 1) return false;
    const m = line.moves[k];
    const before = line.positions[k];
    return (
      !line.positions[k + 1].isCheck() &&
      !before.isCheck() &&
      !isCapture(before, m) &&
      !attacksEnemy(line, k) &&
      !advancedPawnMove(line, k, 6) &&
      typeAt(before, moveFrom(m)) !== KING
    );
  });
}

function defensiveMove(line: PuzzleLine, ks: number[]): boolean {
  const last = line.count - 1;
  const m = line.moves[last];
  if (
    last % 2 === 1 &&
    legalMoves(line.positions[last], legal) >= 3 &&
    !line.positions[last + 1].isCheck() &&
    !isCapture(line.positions[last], m) &&
    !attacksEnemy(line, last) &&
    !advancedPawnMove(line, last, 6)
  )
    return true;
  for (const k of ks) {
    if (line.positions[k + 1].isCheck() || isCapture(line.positions[k], line.moves[k])) return false;
    if (legalMoves(line.positions[k], legal) < 3) return false;
    if (line.positions[k].isCheck()) return true;
  }
  return false;
}

function exposedKing(line: PuzzleLine, ks: number[]): boolean {
  const p = line.puzzle;
  const solver = p.turn;
  const king = p.king(opponent(solver));
  const rel = (sq: number): number => (solver === 0 ? rankOf(sq) : 7 - rankOf(sq));
  if (rel(king) < 5) return false;
  const step = solver === 0 ? -8 : 8;
  const near = [king + step];
  if (fileOf(king) > 0) near.push(king - 1, king + step - 1);
  if (fileOf(king) < 7) near.push(king + 1, king + step + 1);
  if (near.some((t) => t >= 0 && t < 64 && typeAt(p, t) === PAWN && sideAt(p, t) !== solver)) return false;
  return ks.slice(1, -1).some((k) => line.positions[k + 1].isCheck());
}

function attackOn(line: PuzzleLine, cornerFile: number, kingFiles: number[], pieces: number): boolean {
  const p = line.puzzle;
  const solver = p.turn;
  const back = solver === 0 ? 7 : 0;
  const king = p.king(opponent(solver));
  if (rankOf(king) !== back || !kingFiles.includes(fileOf(king))) return false;
  const ks = solverMoves(line);
  if (popCount(p.occLo(), p.occHi()) < pieces || !ks.some((k) => line.positions[k + 1].isCheck())) return false;
  const corner = back * 8 + cornerFile;
  let score = 0;
  for (const k of ks) {
    const m = line.moves[k];
    const to = (moveFlags(m) & FLAG_CASTLE) !== 0 ? line.positions[k + 1].king(solver) : moveTo(m);
    const d = distance(corner, to);
    if (line.positions[k + 1].isCheck()) score++;
    if (isCapture(line.positions[k], m) && d <= 3) score++;
    else if (d >= 5) score--;
  }
  return score >= 2;
}

/**
 * The endgame kind at P and after s1 alike: pawnEndgame (kings and pawns only), else queenEndgame,
 * rookEndgame, bishopEndgame, knightEndgame (kings, pawns and that piece, which is on the board), else
 * queenRookEndgame (one queen, a rook or more, nothing but kings, pawns, queens and rooks); or null.
 */
export function endgameTheme(line: PuzzleLine): string | null {
  const boards = [line.positions[1], line.positions[2]];
  for (const [type, name] of ENDGAMES) if (boards.every((b) => onlyWith(b, type))) return name;
  return boards.every(queenAndRooks) ? 'queenRookEndgame' : null;
}

const ENDGAMES: readonly [number, string][] = [
  [PAWN, 'pawnEndgame'],
  [QUEEN, 'queenEndgame'],
  [ROOK, 'rookEndgame'],
  [BISHOP, 'bishopEndgame'],
  [KNIGHT, 'knightEndgame'],
];

/** How many pieces of each type (both sides) stand on the board. */
function typeCounts(pos: Position): number[] {
  return [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING].map((t) => popCount(typeLo(pos.bb, t), typeHi(pos.bb, t)));
}

function onlyWith(pos: Position, type: number): boolean {
  const n = typeCounts(pos);
  return n[type] > 0 && n.every((c, t) => c === 0 || t === type || t === KING || t === PAWN);
}

function queenAndRooks(pos: Position): boolean {
  const n = typeCounts(pos);
  return n[QUEEN] === 1 && n[ROOK] > 0 && n[KNIGHT] === 0 && n[BISHOP] === 0;
}
