/**
 * A slow, obvious, independent oracle for the motif engine (docs/design.md §5).
 *
 * Nothing here comes from src/: positions are read from FEN by a tiny parser of our own into a
 * 64-entry array of { side, type } | null, rays are walked one square at a time with (file, rank)
 * arithmetic, every attack is recomputed from scratch, the front piece's pseudo-legal moves are
 * enumerated square by square, and "exploitable" (E) is recomputed per (S, F, X). Batteries are
 * found a different way from the x-ray primitive: every line of the board is walked edge to edge
 * and its pieces are split into maximal runs of same-side compatible sliders.
 *
 * Squares: a1 = 0, b1 = 1, ..., h8 = 63 (sq = rank * 8 + file).
 */

export type SideName = 'w' | 'b';
export type LineName = 'rank' | 'file' | 'diagonal' | 'antiDiagonal';

export type MotifRecord =
  | { motif: 'pin'; kind: 'absolute' | 'relative'; side: SideName; slider: string; front: string; back: string; partial: boolean }
  | { motif: 'skewer'; kind: 'absolute' | 'relative'; side: SideName; slider: string; front: string; back: string }
  | { motif: 'discoveredCheck' | 'discoveredAttack' | 'xray'; side: SideName; slider: string; front: string; back: string }
  | { motif: 'battery'; side: SideName; squares: string[]; line: LineName; targets: string[] };

export interface BruteTags {
  checkers: string[];
  motifs: MotifRecord[];
}

/** The move played, as squares. For castling, `from`/`to` are the king's origin and destination. */
export interface BruteMove {
  from: string;
  to: string;
  castle?: boolean;
  /** castling only: the rook's origin (its destination is the f-file for g-side, d-file for c-side) */
  rookFrom?: string;
  /** informational; the oracle does not need it (the captured pawn simply vanishes in fenAfter) */
  epCapture?: boolean;
}

export const P = 0;
export const N = 1;
export const B = 2;
export const R = 3;
export const Q = 4;
export const K = 5;

export interface Piece {
  side: 0 | 1;
  type: number;
}
export type Board = (Piece | null)[];

export interface BrutePosition {
  board: Board;
  turn: 0 | 1;
  /** en passant target square from the FEN, -1 when '-' */
  ep: number;
}

const VALUE = [1, 3, 3, 5, 9, 100];
const SIDE_NAME: SideName[] = ['w', 'b'];
const FILES = 'abcdefgh';

export function sqName(sq: number): string {
  return FILES[sq % 8] + String(Math.floor(sq / 8) + 1);
}

export function sqParse(name: string): number {
  const f = FILES.indexOf(name[0]);
  const r = Number(name[1]) - 1;
  if (name.length !== 2 || f < 0 || !(r >= 0 && r < 8)) throw new Error(`bad square ${name}`);
  return r * 8 + f;
}

function fileOf(sq: number): number {
  return sq % 8;
}
function rankOf(sq: number): number {
  return Math.floor(sq / 8);
}
function at(f: number, r: number): number {
  return f >= 0 && f < 8 && r >= 0 && r < 8 ? r * 8 + f : -1;
}

/** Our own FEN reader: placement, side to move and en passant square (castling and clocks ignored). */
export function bruteParseFen(fen: string): BrutePosition {
  const fields = fen.trim().split(/\s+/);
  const board: Board = new Array<Piece | null>(64).fill(null);
  const rows = fields[0].split('/');
  if (rows.length !== 8) throw new Error(`bad placement in ${fen}`);
  for (let i = 0; i < 8; i++) {
    const r = 7 - i;
    let f = 0;
    for (const ch of rows[i]) {
      if (ch >= '1' && ch <= '8') {
        f += Number(ch);
        continue;
      }
      const type = 'pnbrqk'.indexOf(ch.toLowerCase());
      if (type < 0 || f > 7) throw new Error(`bad placement in ${fen}`);
      board[r * 8 + f] = { side: ch === ch.toLowerCase() ? 1 : 0, type };
      f++;
    }
    if (f !== 8) throw new Error(`bad rank ${rows[i]} in ${fen}`);
  }
  const turn: 0 | 1 = fields[1] === 'b' ? 1 : 0;
  const ep = fields[3] === undefined || fields[3] === '-' ? -1 : sqParse(fields[3]);
  return { board, turn, ep };
}

// ---------------------------------------------------------------------------------------------
// Geometry

const ORTHO: [number, number][] = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
];
const DIAG: [number, number][] = [
  [1, 1],
  [-1, -1],
  [1, -1],
  [-1, 1],
];
const KNIGHT_STEPS: [number, number][] = [
  [1, 2],
  [2, 1],
  [2, -1],
  [1, -2],
  [-1, -2],
  [-2, -1],
  [-2, 1],
  [-1, 2],
];
const KING_STEPS: [number, number][] = [...ORTHO, ...DIAG];

function isSlider(type: number): boolean {
  return type === B || type === R || type === Q;
}

/** The slider's directions. */
function sliderDirs(type: number): [number, number][] {
  if (type === B) return DIAG;
  if (type === R) return ORTHO;
  if (type === Q) return KING_STEPS;
  return [];
}

function lineOfDir(df: number, dr: number): LineName {
  if (dr === 0) return 'rank';
  if (df === 0) return 'file';
  return df === dr ? 'diagonal' : 'antiDiagonal';
}

function compatible(type: number, line: LineName): boolean {
  if (type === Q) return true;
  if (type === R) return line === 'rank' || line === 'file';
  if (type === B) return line === 'diagonal' || line === 'antiDiagonal';
  return false;
}

/** Is sq on the whole (edge to edge) line of kind `line` through `through`? */
function onWholeLine(line: LineName, through: number, sq: number): boolean {
  const f0 = fileOf(through);
  const r0 = rankOf(through);
  const f = fileOf(sq);
  const r = rankOf(sq);
  switch (line) {
    case 'rank':
      return r === r0;
    case 'file':
      return f === f0;
    case 'diagonal':
      return f - r === f0 - r0;
    case 'antiDiagonal':
      return f + r === f0 + r0;
  }
}

/** Does the piece on `from` (on this board) attack `target`? Pseudo-attacks by movement rules. */
function attacksSquare(board: Board, from: number, target: number): boolean {
  const pc = board[from];
  if (pc === null || from === target) return false;
  const df = fileOf(target) - fileOf(from);
  const dr = rankOf(target) - rankOf(from);
  switch (pc.type) {
    case P:
      return Math.abs(df) === 1 && dr === (pc.side === 0 ? 1 : -1);
    case N:
      return (Math.abs(df) === 1 && Math.abs(dr) === 2) || (Math.abs(df) === 2 && Math.abs(dr) === 1);
    case K:
      return Math.abs(df) <= 1 && Math.abs(dr) <= 1;
    default: {
      const ortho = df === 0 || dr === 0;
      const diag = Math.abs(df) === Math.abs(dr);
      if (!(ortho && (pc.type === R || pc.type === Q)) && !(diag && (pc.type === B || pc.type === Q))) return false;
      const sf = Math.sign(df);
      const sr = Math.sign(dr);
      let f = fileOf(from) + sf;
      let r = rankOf(from) + sr;
      while (at(f, r) !== target) {
        if (board[at(f, r)] !== null) return false;
        f += sf;
        r += sr;
      }
      return true;
    }
  }
}

/** All squares holding a piece of `side` that attacks `target`, ascending. */
function attackersOf(board: Board, target: number, side: number): number[] {
  const out: number[] = [];
  for (let sq = 0; sq < 64; sq++) {
    const pc = board[sq];
    if (pc !== null && pc.side === side && attacksSquare(board, sq, target)) out.push(sq);
  }
  return out;
}

function kingSquare(board: Board, side: number): number {
  for (let sq = 0; sq < 64; sq++) {
    const pc = board[sq];
    if (pc !== null && pc.side === side && pc.type === K) return sq;
  }
  return -1;
}

// ---------------------------------------------------------------------------------------------
// The rules of §5

/**
 * E(S, F, X): value(X) > value(S), or with the occupancy less F and less S no piece of X's side
 * other than F attacks X.
 */
function exploitable(board: Board, s: number, f: number, x: number): boolean {
  const xs = board[x]!;
  if (VALUE[xs.type] > VALUE[board[s]!.type]) return true;
  const reduced = board.slice();
  reduced[f] = null;
  reduced[s] = null;
  for (let d = 0; d < 64; d++) {
    if (d === x || d === f || d === s) continue;
    const pc = reduced[d];
    if (pc !== null && pc.side === xs.side && attacksSquare(reduced, d, x)) return false;
  }
  return true;
}

/** The destinations of F's pseudo-legal moves in the sense of §5 (as if F's side were to move). */
function pseudoDestinations(pos: BrutePosition, f: number): number[] {
  const board = pos.board;
  const pc = board[f]!;
  const side = pc.side;
  const out: number[] = [];
  const fileF = fileOf(f);
  const rankF = rankOf(f);
  // a destination may not hold an own piece or the enemy king
  const landable = (sq: number): boolean => {
    const t = board[sq];
    return t === null || (t.side !== side && t.type !== K);
  };
  switch (pc.type) {
    case P: {
      const dir = side === 0 ? 1 : -1;
      const one = at(fileF, rankF + dir);
      if (one >= 0 && board[one] === null) {
        out.push(one);
        const startRank = side === 0 ? 1 : 6;
        const two = at(fileF, rankF + 2 * dir);
        if (rankF === startRank && two >= 0 && board[two] === null) out.push(two);
      }
      for (const dfl of [-1, 1]) {
        const cap = at(fileF + dfl, rankF + dir);
        if (cap < 0) continue;
        const t = board[cap];
        if (t !== null && t.side !== side && t.type !== K) out.push(cap);
        if (t === null && cap === pos.ep && pos.turn === side) out.push(cap);
      }
      break;
    }
    case N:
    case K:
      for (const [a, b] of pc.type === N ? KNIGHT_STEPS : KING_STEPS) {
        const to = at(fileF + a, rankF + b);
        if (to >= 0 && landable(to)) out.push(to);
      }
      break;
    default:
      for (const [a, b] of sliderDirs(pc.type)) {
        let fl = fileF + a;
        let rk = rankF + b;
        for (let to = at(fl, rk); to >= 0; fl += a, rk += b, to = at(fl, rk)) {
          if (board[to] === null) {
            out.push(to);
            continue;
          }
          if (landable(to)) out.push(to);
          break;
        }
      }
  }
  return out;
}

function hasMoveOffLine(pos: BrutePosition, f: number, line: LineName, s: number): boolean {
  return pseudoDestinations(pos, f).some((to) => !onWholeLine(line, s, to));
}

/** Static motif records of the (S, F, X) triple (S's ray in direction line); rows are exclusive. */
function classify(pos: BrutePosition, s: number, f: number, x: number, line: LineName): MotifRecord | null {
  const board = pos.board;
  const S = board[s]!;
  const F = board[f]!;
  const X = board[x]!;
  const side = SIDE_NAME[S.side];
  const base = { slider: sqName(s), front: sqName(f), back: sqName(x) };
  const partial = isSlider(F.type) && compatible(F.type, line);
  if (F.side !== S.side) {
    // enemy front
    if (X.side === F.side) {
      if (F.type !== K && X.type === K) return { motif: 'pin', kind: 'absolute', side, ...base, partial };
      if (F.type === K) {
        return exploitable(board, s, f, x) ? { motif: 'skewer', kind: 'absolute', side, ...base } : null;
      }
      // both enemy non-kings
      if (VALUE[X.type] > VALUE[F.type]) {
        return exploitable(board, s, f, x) ? { motif: 'pin', kind: 'relative', side, ...base, partial } : null;
      }
      if (VALUE[F.type] > VALUE[X.type]) {
        return exploitable(board, s, f, x) ? { motif: 'skewer', kind: 'relative', side, ...base } : null;
      }
      return null;
    }
    // X is ours
    if (partial && X.type !== K) return { motif: 'xray', side, ...base };
    return null;
  }
  // own front
  if (isSlider(F.type) && compatible(F.type, line)) return null; // battery only
  if (X.side === S.side) return null;
  if (!hasMoveOffLine(pos, f, line, s)) return null;
  if (X.type === K) return { motif: 'discoveredCheck', side, ...base };
  return exploitable(board, s, f, x) ? { motif: 'discoveredAttack', side, ...base } : null;
}

/** All lines of the board of one kind, each as its squares in ascending order. */
function allLines(line: LineName): number[][] {
  const out: number[][] = [];
  const [df, dr] = line === 'rank' ? [1, 0] : line === 'file' ? [0, 1] : line === 'diagonal' ? [1, 1] : [-1, 1];
  for (let sq = 0; sq < 64; sq++) {
    // a line starts where one step back leaves the board
    if (at(fileOf(sq) - df, rankOf(sq) - dr) >= 0) continue;
    const squares: number[] = [];
    for (let f = fileOf(sq), r = rankOf(sq); at(f, r) >= 0; f += df, r += dr) squares.push(at(f, r));
    out.push(squares);
  }
  return out;
}

const LINE_NAMES: LineName[] = ['rank', 'file', 'diagonal', 'antiDiagonal'];
const LINES: Record<LineName, number[][]> = {
  rank: allLines('rank'),
  file: allLines('file'),
  diagonal: allLines('diagonal'),
  antiDiagonal: allLines('antiDiagonal'),
};

function batteries(board: Board): MotifRecord[] {
  const out: MotifRecord[] = [];
  for (const line of LINE_NAMES) {
    for (const squares of LINES[line]) {
      const occ = squares.filter((sq) => board[sq] !== null); // ascending
      let i = 0;
      while (i < occ.length) {
        const first = board[occ[i]]!;
        if (!compatible(first.type, line)) {
          i++;
          continue;
        }
        let j = i;
        while (j + 1 < occ.length && board[occ[j + 1]]!.side === first.side && compatible(board[occ[j + 1]]!.type, line)) j++;
        if (j > i) {
          const targets: number[] = [];
          if (i > 0 && board[occ[i - 1]]!.side !== first.side) targets.push(occ[i - 1]);
          if (j + 1 < occ.length && board[occ[j + 1]]!.side !== first.side) targets.push(occ[j + 1]);
          if (targets.length > 0) {
            out.push({
              motif: 'battery',
              side: SIDE_NAME[first.side],
              squares: occ.slice(i, j + 1).map(sqName),
              line,
              targets: targets.map(sqName),
            });
          }
        }
        i = j + 1;
      }
    }
  }
  return out;
}

export function bruteTag(pos: BrutePosition): BruteTags {
  const board = pos.board;
  const motifs: MotifRecord[] = [];
  for (let s = 0; s < 64; s++) {
    const S = board[s];
    if (S === null || !isSlider(S.type)) continue;
    for (const [df, dr] of sliderDirs(S.type)) {
      const line = lineOfDir(df, dr);
      let f = -1;
      let x = -1;
      for (let fl = fileOf(s) + df, rk = rankOf(s) + dr; at(fl, rk) >= 0; fl += df, rk += dr) {
        const sq = at(fl, rk);
        if (board[sq] === null) continue;
        if (f < 0) f = sq;
        else {
          x = sq;
          break;
        }
      }
      if (f < 0 || x < 0) continue;
      const rec = classify(pos, s, f, x, line);
      if (rec !== null) motifs.push(rec);
    }
  }
  motifs.push(...batteries(board));
  const king = kingSquare(board, pos.turn);
  const checkers = king < 0 ? [] : attackersOf(board, king, 1 - pos.turn).map(sqName);
  return { checkers, motifs };
}

export function bruteTagFen(fen: string): BruteTags {
  return bruteTag(bruteParseFen(fen));
}

/** Tags of the move played (check, discoveredAttack, discoveredCheck, doubleCheck), sorted. */
export function brutePlayedTags(fenBefore: string, fenAfter: string, move: BruteMove): string[] {
  const before = bruteParseFen(fenBefore).board;
  const after = bruteParseFen(fenAfter).board;
  const from = sqParse(move.from);
  const to = sqParse(move.to);
  const mover = before[from];
  if (mover === null) throw new Error(`no piece on ${move.from} in ${fenBefore}`);
  const us = mover.side;
  // moved pieces as (origin, destination)
  const moved: [number, number][] = [[from, to]];
  if (move.castle) {
    if (move.rookFrom === undefined) throw new Error('castling needs rookFrom');
    const rookFrom = sqParse(move.rookFrom);
    const rookTo = at(fileOf(to) === 6 ? 5 : 3, rankOf(to));
    moved.push([rookFrom, rookTo]);
  }
  const origins = moved.map((m) => m[0]);
  const destinations = moved.map((m) => m[1]);
  const tags: string[] = [];

  const themKing = kingSquare(after, 1 - us);
  const checkers = attackersOf(after, themKing, us);
  if (checkers.length > 0) tags.push('check');
  if (checkers.some((c) => !destinations.includes(c))) tags.push('discoveredCheck');
  if (checkers.length >= 2) tags.push('doubleCheck');

  let uncovered = false;
  for (let s = 0; s < 64 && !uncovered; s++) {
    const S = before[s];
    if (S === null || S.side !== us || !isSlider(S.type) || origins.includes(s)) continue;
    for (const [df, dr] of sliderDirs(S.type)) {
      let f = -1;
      let x = -1;
      for (let fl = fileOf(s) + df, rk = rankOf(s) + dr; at(fl, rk) >= 0; fl += df, rk += dr) {
        const sq = at(fl, rk);
        if (before[sq] === null) continue;
        if (f < 0) f = sq;
        else {
          x = sq;
          break;
        }
      }
      if (f < 0 || x < 0 || !origins.includes(f)) continue;
      const X = before[x]!;
      if (X.side === us || X.type === K) continue;
      const xAfter = after[x];
      if (xAfter === null || xAfter.side !== X.side || xAfter.type !== X.type) continue; // X gone
      const sAfter = after[s];
      if (sAfter === null || sAfter.side !== S.side || sAfter.type !== S.type) continue;
      if (attacksSquare(after, s, x)) {
        uncovered = true;
        break;
      }
    }
  }
  if (uncovered) tags.push('discoveredAttack');
  return tags.sort();
}

/** A canonical string of a record, for sorting and set comparison. */
export function recordKey(r: MotifRecord): string {
  const keys = Object.keys(r).sort();
  return JSON.stringify(r, keys);
}
