/**
 * A slow, obvious, independent oracle for the bitboard core.
 *
 * Everything here works square by square: rays are walked one step at a time with
 * (file, rank) arithmetic and bounds checks. Nothing is imported from src/, and no
 * bitboard tricks are used for the attack logic. 64-bit sets are represented either
 * as a boolean[64] ("Bools") or as two int32 halves ("Halves": lo = squares 0..31,
 * hi = squares 32..63, bit i of a half = square i or 32 + i), the same convention as
 * the core (see docs/design.md §4). Only the conversion helpers touch bits.
 *
 * Squares: a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63 (sq = rank * 8 + file).
 */

/** A 64-bit set as one boolean per square. */
export type Bools = boolean[];
/** A 64-bit set as [lo, hi] int32 halves. */
export type Halves = [lo: number, hi: number];

export const LINE_RANK = 0;
export const LINE_FILE = 1;
/** a1-h8 direction */
export const LINE_DIAG = 2;
/** h1-a8 direction */
export const LINE_ANTI = 3;
export type LineKind = 0 | 1 | 2 | 3;
export const LINE_KINDS: readonly LineKind[] = [LINE_RANK, LINE_FILE, LINE_DIAG, LINE_ANTI];

export const WHITE = 0;
export const BLACK = 1;
export type Side = 0 | 1;

export const PAWN = 0;
export const KNIGHT = 1;
export const BISHOP = 2;
export const ROOK = 3;
export const QUEEN = 4;
export const KING = 5;
export type PieceType = 0 | 1 | 2 | 3 | 4 | 5;

/** [df, dr] steps of the two opposite rays of each line kind. */
const LINE_DIRS: readonly (readonly [number, number])[][] = [
  [
    [1, 0],
    [-1, 0],
  ], // rank
  [
    [0, 1],
    [0, -1],
  ], // file
  [
    [1, 1],
    [-1, -1],
  ], // diagonal a1-h8
  [
    [-1, 1],
    [1, -1],
  ], // anti-diagonal h1-a8
];

const KNIGHT_STEPS: readonly (readonly [number, number])[] = [
  [1, 2],
  [2, 1],
  [2, -1],
  [1, -2],
  [-1, -2],
  [-2, -1],
  [-2, 1],
  [-1, 2],
];
const KING_STEPS: readonly (readonly [number, number])[] = [
  [1, 0],
  [1, 1],
  [0, 1],
  [-1, 1],
  [-1, 0],
  [-1, -1],
  [0, -1],
  [1, -1],
];

// ---------------------------------------------------------------------------
// Squares and conversions
// ---------------------------------------------------------------------------

export function fileOf(sq: number): number {
  return sq % 8;
}
export function rankOf(sq: number): number {
  return Math.floor(sq / 8);
}
export function onBoard(file: number, rank: number): boolean {
  return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}
export function sqOf(file: number, rank: number): number {
  return rank * 8 + file;
}
export function squareName(sq: number): string {
  return 'abcdefgh'[fileOf(sq)]! + String(rankOf(sq) + 1);
}
export function parseSquare(name: string): number {
  const f = 'abcdefgh'.indexOf(name[0] ?? '');
  const r = '12345678'.indexOf(name[1] ?? '');
  if (name.length !== 2 || f < 0 || r < 0) throw new Error(`bad square ${name}`);
  return sqOf(f, r);
}

export function emptyBools(): Bools {
  return new Array<boolean>(64).fill(false);
}

/** Is square sq set in the halves? */
export function hasSq(lo: number, hi: number, sq: number): boolean {
  return sq < 32 ? ((lo >>> sq) & 1) === 1 : ((hi >>> (sq - 32)) & 1) === 1;
}

export function halvesToBools(lo: number, hi: number): Bools {
  const b = emptyBools();
  for (let sq = 0; sq < 64; sq++) b[sq] = hasSq(lo, hi, sq);
  return b;
}

export function boolsToHalves(b: readonly boolean[]): Halves {
  let lo = 0;
  let hi = 0;
  for (let sq = 0; sq < 64; sq++) {
    if (!b[sq]) continue;
    if (sq < 32) lo |= 1 << sq;
    else hi |= 1 << (sq - 32);
  }
  return [lo | 0, hi | 0];
}

export function squaresToHalves(squares: Iterable<number>): Halves {
  let lo = 0;
  let hi = 0;
  for (const sq of squares) {
    if (sq < 0 || sq > 63) throw new Error(`bad square index ${sq}`);
    if (sq < 32) lo |= 1 << sq;
    else hi |= 1 << (sq - 32);
  }
  return [lo | 0, hi | 0];
}

export function halvesToSquares(lo: number, hi: number): number[] {
  const out: number[] = [];
  for (let sq = 0; sq < 64; sq++) if (hasSq(lo, hi, sq)) out.push(sq);
  return out;
}

export function squaresToBools(squares: Iterable<number>): Bools {
  const b = emptyBools();
  for (const sq of squares) b[sq] = true;
  return b;
}

export function boolsToSquares(b: readonly boolean[]): number[] {
  const out: number[] = [];
  for (let sq = 0; sq < 64; sq++) if (b[sq]) out.push(sq);
  return out;
}

/** "0x<hi>_<lo>" style dump for failure messages. */
export function hex(lo: number, hi: number): string {
  const h = (x: number) => (x >>> 0).toString(16).padStart(8, '0');
  return `lo=0x${h(lo)} hi=0x${h(hi)}`;
}

export function squareList(lo: number, hi: number): string {
  return '[' + halvesToSquares(lo, hi).map(squareName).join(',') + ']';
}

export function sameHalves(a: Halves, lo: number, hi: number): boolean {
  return (a[0] | 0) === (lo | 0) && (a[1] | 0) === (hi | 0);
}

/** Occupancy given either way. */
export type OccLike = readonly boolean[] | Halves;

function occAt(occ: OccLike, sq: number): boolean {
  if (occ.length === 64) return (occ as readonly boolean[])[sq] === true;
  const h = occ as Halves;
  return hasSq(h[0], h[1], sq);
}

// ---------------------------------------------------------------------------
// Rays and slider attacks
// ---------------------------------------------------------------------------

/**
 * Walk from sq in direction (df, dr): every square is attacked until and including the
 * first occupied one, or the edge of the board.
 */
export function rayWalk(occ: OccLike, sq: number, df: number, dr: number): number[] {
  const out: number[] = [];
  let f = fileOf(sq) + df;
  let r = rankOf(sq) + dr;
  while (onBoard(f, r)) {
    const s = sqOf(f, r);
    out.push(s);
    if (occAt(occ, s)) break;
    f += df;
    r += dr;
  }
  return out;
}

/** Attacks of a slider on sq along one line kind (both directions), as a square list. */
export function lineAttackSquares(occ: OccLike, sq: number, line: LineKind): number[] {
  const [a, b] = LINE_DIRS[line]!;
  return [...rayWalk(occ, sq, a![0], a![1]), ...rayWalk(occ, sq, b![0], b![1])];
}

export function lineAttacks(occ: OccLike, sq: number, line: LineKind): Bools {
  return squaresToBools(lineAttackSquares(occ, sq, line));
}

export function rookAttackSquares(occ: OccLike, sq: number): number[] {
  return [...lineAttackSquares(occ, sq, LINE_RANK), ...lineAttackSquares(occ, sq, LINE_FILE)];
}
export function bishopAttackSquares(occ: OccLike, sq: number): number[] {
  return [...lineAttackSquares(occ, sq, LINE_DIAG), ...lineAttackSquares(occ, sq, LINE_ANTI)];
}
export function queenAttackSquares(occ: OccLike, sq: number): number[] {
  return [...rookAttackSquares(occ, sq), ...bishopAttackSquares(occ, sq)];
}

export function rookAttacks(occ: OccLike, sq: number): Bools {
  return squaresToBools(rookAttackSquares(occ, sq));
}
export function bishopAttacks(occ: OccLike, sq: number): Bools {
  return squaresToBools(bishopAttackSquares(occ, sq));
}
export function queenAttacks(occ: OccLike, sq: number): Bools {
  return squaresToBools(queenAttackSquares(occ, sq));
}

// (lo, hi) flavoured variants, returning halves.
export function lineAttacksH(lo: number, hi: number, sq: number, line: LineKind): Halves {
  return squaresToHalves(lineAttackSquares([lo, hi], sq, line));
}
export function rookAttacksH(lo: number, hi: number, sq: number): Halves {
  return squaresToHalves(rookAttackSquares([lo, hi], sq));
}
export function bishopAttacksH(lo: number, hi: number, sq: number): Halves {
  return squaresToHalves(bishopAttackSquares([lo, hi], sq));
}
export function queenAttacksH(lo: number, hi: number, sq: number): Halves {
  return squaresToHalves(queenAttackSquares([lo, hi], sq));
}

/** The full line mask through sq of a line kind, excluding sq itself (edge to edge). */
export function lineMaskSquares(sq: number, line: LineKind): number[] {
  return lineAttackSquares(emptyBools(), sq, line);
}

// ---------------------------------------------------------------------------
// Leapers and pawns
// ---------------------------------------------------------------------------

function stepTargets(sq: number, steps: readonly (readonly [number, number])[]): number[] {
  const out: number[] = [];
  for (const [df, dr] of steps) {
    const f = fileOf(sq) + df;
    const r = rankOf(sq) + dr;
    if (onBoard(f, r)) out.push(sqOf(f, r));
  }
  return out;
}

export function knightAttackSquares(sq: number): number[] {
  return stepTargets(sq, KNIGHT_STEPS);
}
export function kingAttackSquares(sq: number): number[] {
  return stepTargets(sq, KING_STEPS);
}
/** Squares a pawn of `side` standing on sq attacks (diagonally forward). */
export function pawnAttackSquares(side: Side, sq: number): number[] {
  const dr = side === WHITE ? 1 : -1;
  return stepTargets(sq, [
    [-1, dr],
    [1, dr],
  ]);
}

export function knightAttacksH(sq: number): Halves {
  return squaresToHalves(knightAttackSquares(sq));
}
export function kingAttacksH(sq: number): Halves {
  return squaresToHalves(kingAttackSquares(sq));
}
export function pawnAttacksH(side: Side, sq: number): Halves {
  return squaresToHalves(pawnAttackSquares(side, sq));
}

// ---------------------------------------------------------------------------
// between / line / mayMove
// ---------------------------------------------------------------------------

/** The unit step from a towards b if they share a rank, file or diagonal, else null. */
export function direction(a: number, b: number): [number, number] | null {
  if (a === b) return null;
  const df = fileOf(b) - fileOf(a);
  const dr = rankOf(b) - rankOf(a);
  if (df !== 0 && dr !== 0 && Math.abs(df) !== Math.abs(dr)) return null;
  return [Math.sign(df), Math.sign(dr)];
}

/** Squares strictly between a and b when aligned, else none. */
export function betweenSquares(a: number, b: number): number[] {
  const d = direction(a, b);
  if (!d) return [];
  const out: number[] = [];
  let f = fileOf(a) + d[0];
  let r = rankOf(a) + d[1];
  while (sqOf(f, r) !== b) {
    out.push(sqOf(f, r));
    f += d[0];
    r += d[1];
  }
  return out;
}

/** The whole line through a and b, both included, edge to edge; none if not aligned (or a === b). */
export function lineSquares(a: number, b: number): number[] {
  const d = direction(a, b);
  if (!d) return [];
  const out: number[] = [a];
  for (const s of [1, -1]) {
    let f = fileOf(a) + s * d[0];
    let r = rankOf(a) + s * d[1];
    while (onBoard(f, r)) {
      out.push(sqOf(f, r));
      f += s * d[0];
      r += s * d[1];
    }
  }
  return out.sort((x, y) => x - y);
}

export function betweenH(a: number, b: number): Halves {
  return squaresToHalves(betweenSquares(a, b));
}
export function lineH(a: number, b: number): Halves {
  return squaresToHalves(lineSquares(a, b));
}

/** No occupied square strictly between from and to. */
export function mayMove(from: number, to: number, occ: OccLike): boolean {
  for (const s of betweenSquares(from, to)) if (occAt(occ, s)) return false;
  return true;
}

// ---------------------------------------------------------------------------
// A simple board: 64 piece codes
// ---------------------------------------------------------------------------

/** Piece code: 0 = empty, else (side << 3) | (type + 1). */
export type NaiveBoard = number[];

export function pieceCode(side: Side, type: PieceType): number {
  return (side << 3) | (type + 1);
}
export function pieceSide(code: number): Side {
  return (code >> 3) as Side;
}
export function pieceType(code: number): PieceType {
  return ((code & 7) - 1) as PieceType;
}
export function emptyBoard(): NaiveBoard {
  return new Array<number>(64).fill(0);
}

export function boardOccupancy(board: NaiveBoard): Bools {
  return board.map((c) => c !== 0);
}

/** Squares attacked by the piece standing on `from`, with occupancy `occ` for sliders. */
export function pieceAttackSquares(code: number, from: number, occ: OccLike): number[] {
  switch (pieceType(code)) {
    case PAWN:
      return pawnAttackSquares(pieceSide(code), from);
    case KNIGHT:
      return knightAttackSquares(from);
    case BISHOP:
      return bishopAttackSquares(occ, from);
    case ROOK:
      return rookAttackSquares(occ, from);
    case QUEEN:
      return queenAttackSquares(occ, from);
    case KING:
      return kingAttackSquares(from);
  }
  throw new Error(`bad piece code ${code}`);
}

/**
 * All pieces of both colours attacking sq: piece by piece, "does the piece on s attack
 * sq" (not the super-piece trick). Sliders see through nothing: `occ` is the occupancy
 * used for their rays (it may differ from the board's own occupancy).
 */
export function attacksTo(board: NaiveBoard, occ: OccLike, sq: number): Bools {
  const out = emptyBools();
  for (let s = 0; s < 64; s++) {
    const code = board[s]!;
    if (code === 0 || s === sq) continue;
    if (pieceAttackSquares(code, s, occ).includes(sq)) out[s] = true;
  }
  return out;
}

export function attacksToH(board: NaiveBoard, occ: OccLike, sq: number): Halves {
  return boolsToHalves(attacksTo(board, occ, sq));
}

/** Is sq attacked by any piece of `bySide`? */
export function attacked(board: NaiveBoard, occ: OccLike, sq: number, bySide: Side): boolean {
  for (let s = 0; s < 64; s++) {
    const code = board[s]!;
    if (code === 0 || s === sq || pieceSide(code) !== bySide) continue;
    if (pieceAttackSquares(code, s, occ).includes(sq)) return true;
  }
  return false;
}

/**
 * Attack map: for every square holding a piece, the squares that piece attacks (with `occ`
 * for sliders); null for empty squares. Lets a test ask many attacksTo questions per board.
 */
export function attackMap(board: NaiveBoard, occ: OccLike): (Bools | null)[] {
  const map: (Bools | null)[] = [];
  for (let s = 0; s < 64; s++) {
    const code = board[s]!;
    map.push(code === 0 ? null : squaresToBools(pieceAttackSquares(code, s, occ)));
  }
  return map;
}

/** attacksTo(board, occ, sq) read off an attack map made with the same board and occ. */
export function attacksToFromMap(map: readonly (Bools | null)[], sq: number): Bools {
  const out = emptyBools();
  for (let s = 0; s < 64; s++) if (s !== sq && map[s]?.[sq]) out[s] = true;
  return out;
}

/** attacked(board, occ, sq, bySide) read off an attack map made with the same board and occ. */
export function attackedFromMap(board: NaiveBoard, map: readonly (Bools | null)[], sq: number, bySide: Side): boolean {
  for (let s = 0; s < 64; s++) {
    if (s !== sq && board[s] !== 0 && pieceSide(board[s]!) === bySide && map[s]?.[sq]) return true;
  }
  return false;
}

/**
 * The core's `bb` layout (Position piece sets, Int32Array(16)): bb[2t], bb[2t+1] = lo/hi
 * of piece type t of both colours (PAWN=0 .. KING=5); bb[12..13] white, bb[14..15] black.
 */
export function boardToBB(board: NaiveBoard): Int32Array {
  const bb = new Int32Array(16);
  for (let s = 0; s < 64; s++) {
    const code = board[s]!;
    if (code === 0) continue;
    const t = pieceType(code);
    const side = pieceSide(code);
    const half = s < 32 ? 0 : 1;
    const bit = 1 << (s & 31);
    bb[2 * t + half] |= bit;
    bb[12 + 2 * side + half] |= bit;
  }
  return bb;
}

// ---------------------------------------------------------------------------
// X-ray attacks
// ---------------------------------------------------------------------------

export type SliderKind = 'rook' | 'bishop' | 'queen';

function sliderLines(kind: SliderKind): LineKind[] {
  if (kind === 'rook') return [LINE_RANK, LINE_FILE];
  if (kind === 'bishop') return [LINE_DIAG, LINE_ANTI];
  return [LINE_RANK, LINE_FILE, LINE_DIAG, LINE_ANTI];
}

/**
 * X-ray attacks by walking: on every ray, find the first occupied square F; if F is one
 * of the blockers, the x-ray squares are those beyond F up to and including the next
 * occupied square (or the edge). This is the meaning of the seed's formula
 * `attacks ^ attacks(occ ^ (blockers & attacks))` when blockers are a subset of occ.
 */
export function xrayWalk(occ: OccLike, blockers: OccLike, sq: number, lines: readonly LineKind[]): Bools {
  const out = emptyBools();
  for (const line of lines) {
    for (const [df, dr] of LINE_DIRS[line]!) {
      let f = fileOf(sq) + df;
      let r = rankOf(sq) + dr;
      // find the first occupied square
      while (onBoard(f, r) && !occAt(occ, sqOf(f, r))) {
        f += df;
        r += dr;
      }
      if (!onBoard(f, r) || !occAt(blockers, sqOf(f, r))) continue;
      f += df;
      r += dr;
      while (onBoard(f, r)) {
        const s = sqOf(f, r);
        out[s] = true;
        if (occAt(occ, s)) break;
        f += df;
        r += dr;
      }
    }
  }
  return out;
}

/** The seed's formula taken literally (for any blockers), computed with the naive walkers. */
export function xrayFormula(occ: OccLike, blockers: OccLike, sq: number, lines: readonly LineKind[]): Bools {
  const attacks = emptyBools();
  for (const line of lines) for (const s of lineAttackSquares(occ, sq, line)) attacks[s] = true;
  const occ2 = emptyBools();
  for (let s = 0; s < 64; s++) occ2[s] = occAt(occ, s) !== (occAt(blockers, s) && attacks[s]);
  const attacks2 = emptyBools();
  for (const line of lines) for (const s of lineAttackSquares(occ2, sq, line)) attacks2[s] = true;
  return attacks.map((a, s) => a !== attacks2[s]);
}

export function xrayAttacks(kind: SliderKind, occ: OccLike, blockers: OccLike, sq: number): Bools {
  return xrayWalk(occ, blockers, sq, sliderLines(kind));
}

export function xrayAttacksH(kind: SliderKind, occLo: number, occHi: number, blkLo: number, blkHi: number, sq: number): Halves {
  return boolsToHalves(xrayWalk([occLo, occHi], [blkLo, blkHi], sq, sliderLines(kind)));
}

export function xrayLineAttacksH(occLo: number, occHi: number, blkLo: number, blkHi: number, sq: number, line: LineKind): Halves {
  return boolsToHalves(xrayWalk([occLo, occHi], [blkLo, blkHi], sq, [line]));
}

/** The literal formula in halves, for blockers that need not be a subset of occ. */
export function xrayFormulaH(lines: readonly LineKind[], occLo: number, occHi: number, blkLo: number, blkHi: number, sq: number): Halves {
  return boolsToHalves(xrayFormula([occLo, occHi], [blkLo, blkHi], sq, lines));
}

export function sliderLinesOf(kind: SliderKind): LineKind[] {
  return sliderLines(kind);
}

// ---------------------------------------------------------------------------
// Seeded PRNG
// ---------------------------------------------------------------------------

export { mulberry32 } from './random.js';

/** Random occupancy with per-square density p in [0, 1]. */
export function randomOcc(rnd: () => number, p: number): Halves {
  const sqs: number[] = [];
  for (let sq = 0; sq < 64; sq++) if (rnd() / 4294967296 < p) sqs.push(sq);
  return squaresToHalves(sqs);
}
