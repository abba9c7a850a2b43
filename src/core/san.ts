// SAN in and out. The reader takes what real files hold — O-O/0-0, e8=Q and e8Q, suffixes + # ! ?,
// superfluous disambiguation, long algebraic (Ng1-f3, e2xd3) and UCI (e2e4, e7e8q, e1g1, e1h1) — straight
// from bytes with no regular expression and no allocation: it finds the pieces that reach the target by
// reverse attack lookup and keeps the legal ones. The writer is canonical, as chess.js writes, in ASCII bytes
// straight into an output buffer (writeSan, writeUci, as writeFen does); moveToSan/moveToUci are its strings.
import { bishopAttacks, kingAttacks, knightAttacks, pawnAttacks, queenAttacks, rookAttacks } from './attacks.js';
import { BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK, Sets, WHITE, piecesHi, piecesLo } from './board.js';
import { bitHi, bitLo } from './bitboard.js';
import {
  encodeMove,
  FLAG_CASTLE,
  FLAG_DOUBLE,
  FLAG_EP,
  FLAG_NULL,
  moveFlags,
  moveFrom,
  movePromo,
  moveTo,
  NULL_MOVE,
  type Move,
} from './move.js';
import { castleLegal, hasLegalMove, isLegal } from './movegen.js';
import { LONG, Position, SHORT } from './position.js';
import { squareName, writeSquare } from './squares.js';
import { toFen } from './fen.js';

export const SAN_MALFORMED = -1;
export const SAN_ILLEGAL = -2;
export const SAN_AMBIGUOUS = -3;

const LETTERS = 'PNBRQK';
const NONE = -1;

/** A move that cannot be played here; `reason` says why, the message names the move and the position. */
export class SanError extends Error {
  constructor(
    readonly san: string,
    readonly reason: string,
    readonly fen: string,
  ) {
    super(`${reason}: "${san}" in ${fen}`);
    this.name = 'SanError';
  }
}

function pieceType(c: number): number {
  switch (c) {
    case 78:
      return KNIGHT; // N
    case 66:
      return BISHOP; // B
    case 82:
      return ROOK; // R
    case 81:
      return QUEEN; // Q
    case 75:
      return KING; // K
    default:
      return NONE;
  }
}

function isFile(c: number): boolean {
  return c >= 97 && c <= 104;
}

function isRank(c: number): boolean {
  return c >= 49 && c <= 56;
}

function isCastleChar(c: number): boolean {
  return c === 79 || c === 48 || c === 111; // O 0 o
}

/** The piece type a promotion letter names (N B R Q, n b r q in UCI), by byte; 0 for any other byte. */
const PROMOTION_TYPE = new Uint8Array(256);
for (const letter of 'NBRQ') {
  const c = letter.charCodeAt(0);
  PROMOTION_TYPE[c] = PROMOTION_TYPE[c + 32] = pieceType(c);
}

/** A file letter's file (a-h: 0-7) and a rank digit's rank (1-8: 0-7), by byte; -1 for any other byte. */
const FILE_OF = new Int8Array(256).fill(-1);
const RANK_OF = new Int8Array(256).fill(-1);
for (let c = 0; c < 256; c++) {
  if (isFile(c)) FILE_OF[c] = c - 97;
  if (isRank(c)) RANK_OF[c] = c - 49;
}

const sc = new Int32Array(4);

/**
 * Own pieces of `type` that reach `to` on the board (pawn pushes included), as (lo, hi) in sc[0], sc[1].
 * It reads the words of `Sets`: the accessors' inlining would push its attack look-ups out of line (board.ts).
 */
function reachers(pos: Position, type: number, to: number, capture: boolean): void {
  const bb = pos.bb;
  const us = pos.turn;
  const oLo = bb[Sets.WhiteLo] | bb[Sets.BlackLo];
  const oHi = bb[Sets.WhiteHi] | bb[Sets.BlackHi];
  switch (type) {
    case PAWN:
      if (capture) {
        pawnAttacks(us ^ 1, to, sc, 0);
      } else {
        sc[0] = 0;
        sc[1] = 0;
        const one = us === WHITE ? to - 8 : to + 8;
        if (one >= 0 && one < 64) {
          if (pos.board[one] === 0) {
            const two = us === WHITE ? to - 16 : to + 16;
            if (to >> 3 === (us === WHITE ? 3 : 4)) sc[two >> 5] = 1 << (two & 31);
          } else sc[one >> 5] = 1 << (one & 31);
        }
      }
      break;
    case KNIGHT:
      knightAttacks(to, sc, 0);
      break;
    case BISHOP:
      bishopAttacks(oLo, oHi, to, sc, 0);
      break;
    case ROOK:
      rookAttacks(oLo, oHi, to, sc, 0);
      break;
    case QUEEN:
      queenAttacks(oLo, oHi, to, sc, 0);
      break;
    default:
      kingAttacks(to, sc, 0);
  }
  sc[0] &= bb[Sets.PawnsLo + 2 * type] & bb[Sets.WhiteLo + 2 * us];
  sc[1] &= bb[Sets.PawnsHi + 2 * type] & bb[Sets.WhiteHi + 2 * us];
}

const MAX_MATCHES = 16;

/**
 * What a SAN text matched: the legal moves it can mean (the move itself when one; the candidates, for
 * the error message, when ambiguous). The caller owns one and hands it to parseSanBytes and then to
 * sanErrorReason, so the reason is read from what this parse returned.
 */
export class SanMatches {
  readonly moves = new Int32Array(MAX_MATCHES);
  count = 0;
}

/**
 * The legal moves of our `type` to `to`, filtered by from-file/rank (-1 = any), into found: their
 * number. `promo` 0 means none was written.
 */
function match(pos: Position, type: number, to: number, fromFile: number, fromRank: number, promo: number, found: SanMatches): number {
  const us = pos.turn;
  const target = pos.board[to];
  if (target !== 0 && target >> 3 === us) return 0;
  const capture = type === PAWN && (target !== 0 || to === pos.ep || (fromFile >= 0 && fromFile !== (to & 7)));
  reachers(pos, type, to, capture);
  for (let half = 0; half < 2; half++) {
    let set = sc[half];
    while (set !== 0) {
      const from = half * 32 + 31 - Math.clz32(set & -set);
      set &= set - 1;
      if (fromFile >= 0 && (from & 7) !== fromFile) continue;
      if (fromRank >= 0 && from >> 3 !== fromRank) continue;
      let flags = 0;
      let p = 0;
      if (type === PAWN) {
        if (capture && target === 0) flags = FLAG_EP;
        else if (Math.abs(to - from) === 16) flags = FLAG_DOUBLE;
        const last = to >= 56 || to < 8;
        if (last !== (promo !== 0)) return SAN_ILLEGAL; // promotion missing, or written where none is possible
        p = promo;
      } else if (promo !== 0) return SAN_MALFORMED;
      const m = encodeMove(from, to, p, flags);
      if (isLegal(pos, m) && found.count < MAX_MATCHES) found.moves[found.count++] = m;
    }
  }
  return found.count;
}

function castle(pos: Position, wing: number): number {
  const r = pos.castleRook[pos.turn * 2 + wing];
  if (r < 0 || !castleLegal(pos, r)) return SAN_ILLEGAL;
  return encodeMove(pos.kingSq, r, 0, FLAG_CASTLE);
}

/** A king move written as the king's two-square step or onto its own castling rook (UCI, LAN). */
function kingCastle(pos: Position, from: number, to: number): number {
  if (from !== pos.kingSq) return NONE;
  const cr = pos.castleRook;
  const us = pos.turn;
  for (let w = SHORT; w <= LONG; w++) {
    const r = cr[us * 2 + w];
    if (r < 0) continue;
    const kt = (from & 56) + (w === LONG ? 2 : 6);
    if (
      to === r ||
      (to === kt && Math.abs(to - from) === 2 && pos.board[to] === 0) ||
      (to === kt && !pos.chess960 && Math.abs(to - from) === 2)
    ) {
      return castleLegal(pos, r) ? encodeMove(from, r, 0, FLAG_CASTLE) : SAN_ILLEGAL;
    }
  }
  return NONE;
}

/**
 * Reads one move written in SAN (or long algebraic / UCI) from b[start, end) and returns the legal move,
 * or a negative SAN_* code; `found` receives the legal moves the text matched. Allocates nothing.
 */
export function parseSanBytes(pos: Position, b: Uint8Array, start: number, end: number, found: SanMatches): number {
  found.count = 0;
  while (end > start) {
    const c = b[end - 1];
    if (c === 43 || c === 35 || c === 33 || c === 63)
      end--; // + # ! ?
    else break;
  }
  const len = end - start;
  if (len < 2) return SAN_MALFORMED;
  const c0 = b[start];
  if (isCastleChar(c0)) return castleText(pos, b, start, len);
  if (len === 2 && c0 === 45 && b[start + 1] === 45) return pos.isCheck() ? SAN_ILLEGAL : NULL_MOVE; // -- (not out of check)
  // promotion: =Q, Q after the rank, or q in UCI (right after the rank: e7e8=q is not read). What it
  // would leave is worked out for every move, the branch only choosing: the first promotion, met late,
  // then finds its operations with type feedback (computed in the branch, they deoptimized the tokenizer).
  const last = b[end - 1];
  const letter = PROMOTION_TYPE[last];
  const promoEnd = end - (last < 97 && b[end - 2] === 61 ? 2 : 1);
  let promo = 0;
  if (!isRank(last)) {
    if (!letter) return SAN_MALFORMED;
    promo = letter;
    end = promoEnd; // a q after anything but the rank leaves no square: malformed below
  }
  if (end - start < 2) return SAN_MALFORMED;
  const toFile = b[end - 2];
  const toRank = b[end - 1];
  if (!isFile(toFile) || !isRank(toRank)) return SAN_MALFORMED;
  return pieceMove(pos, b, start, end - 2, (toRank - 49) * 8 + (toFile - 97), promo, found);
}

/** O-O, O-O-O (also with 0 or o) at b[start, start + len). */
function castleText(pos: Position, b: Uint8Array, start: number, len: number): number {
  if (len === 3 && b[start + 1] === 45 && isCastleChar(b[start + 2])) return castle(pos, SHORT);
  if (len === 5 && b[start + 1] === 45 && isCastleChar(b[start + 2]) && b[start + 3] === 45 && isCastleChar(b[start + 4])) {
    return castle(pos, LONG);
  }
  return SAN_MALFORMED;
}

/**
 * A move to `to` whose text before the target square is b[start, e): the piece letter, a from-file, rank
 * or square, a capture mark. Returns the one legal move it means, or a negative SAN_* code.
 */
function pieceMove(pos: Position, b: Uint8Array, start: number, e: number, to: number, promo: number, found: SanMatches): number {
  const c0 = b[start];
  let p = start;
  let type = pieceType(c0);
  if (type !== NONE) p++;
  else {
    type = PAWN;
    if (c0 === 80) p++; // Pe4: some programs write the pawn's letter
  }
  if (e > p && (b[e - 1] === 120 || b[e - 1] === 58 || b[e - 1] === 45)) e--; // x : -
  let fromFile = -1;
  let fromRank = -1;
  if (e - p === 2 && isFile(b[p]) && isRank(b[p + 1])) {
    fromFile = b[p] - 97;
    fromRank = b[p + 1] - 49;
    const from = fromRank * 8 + fromFile;
    const code = pos.board[from];
    if (code === 0 || code >> 3 !== pos.turn) return SAN_ILLEGAL;
    // a from-square names the piece itself: long algebraic and UCI need no piece letter
    const actual = (code & 7) - 1;
    if (c0 === b[p] && type === PAWN) type = actual;
    else if (actual !== type) return SAN_ILLEGAL;
    if (type === KING) {
      const c = kingCastle(pos, from, to);
      if (c !== NONE) return c;
    }
  } else if (e - p === 1) {
    // a from-file or a from-rank, both read by table: the first rank (R1a3), met late, then shares the
    // file's operations and their type feedback (tested apart, it deoptimized pieceMove)
    fromFile = FILE_OF[b[p]];
    fromRank = RANK_OF[b[p]];
    if ((fromFile & fromRank) < 0) return SAN_MALFORMED; // neither
  } else if (e !== p) return SAN_MALFORMED;
  if (type !== PAWN && promo !== 0) return SAN_MALFORMED; // type first: it has feedback before any promotion
  const n = match(pos, type, to, fromFile, fromRank, promo, found);
  if (n === 1) return found.moves[0];
  if (n === 0) return SAN_ILLEGAL;
  return n > 1 ? SAN_AMBIGUOUS : n;
}

const encodeBuf = new Uint8Array(64);
const parsed = new SanMatches();

/** Reads a SAN string; throws SanError naming the move, the reason and the position. */
export function parseSan(pos: Position, san: string): Move {
  const text = san.trim();
  let m = SAN_MALFORMED;
  if (text.length <= encodeBuf.length) {
    for (let i = 0; i < text.length; i++) encodeBuf[i] = text.charCodeAt(i) & 0xff;
    m = parseSanBytes(pos, encodeBuf, 0, text.length, parsed);
  }
  if (m >= 0) return m;
  throw new SanError(san, sanErrorReason(pos, m, parsed), toFen(pos));
}

/** The reason for a negative parseSanBytes() result and what it matched, written out (slow path). */
export function sanErrorReason(pos: Position, code: number, found: SanMatches): string {
  switch (code) {
    case SAN_ILLEGAL:
      return 'illegal move';
    case SAN_AMBIGUOUS: {
      const names: string[] = [];
      for (let i = 0; i < found.count; i++) names.push(sanWithFrom(pos, found.moves[i]));
      return `ambiguous SAN: ${names.join(', ')}`;
    }
    default:
      return 'malformed move';
  }
}

function sanWithFrom(pos: Position, m: number): string {
  const from = moveFrom(m);
  const type = (pos.board[from] & 7) - 1;
  return (type === PAWN ? '' : LETTERS[type]) + squareName(from) + squareName(moveTo(m));
}

let after: Position | null = null; // made on first use: no position before the tables are installed

/** Most bytes writeSan() writes (Qh4xe1+, exd8=Q#) and writeUci() (e7e8q). */
export const MAX_SAN_BYTES = 7;
export const MAX_UCI_BYTES = 5;

/**
 * What a SAN names of the from-square (disambiguation()'s bits). Their values are counts too: writeSan
 * adds `d & FROM_FILE` and `(d & FROM_RANK) >> 1` to its length, so they stay 1 and 2.
 */
const FROM_FILE = 1;
const FROM_RANK = 2;
// Both, as one constant: written `FROM_FILE | FROM_RANK` in disambiguation(), the or was a binary operation
// with no type feedback until the first move that needs it, which deoptimized writeSan.
const FROM_SQUARE = FROM_FILE | FROM_RANK;

/**
 * Canonical SAN of a legal move as ASCII bytes at b[at], at most MAX_SAN_BYTES (room ensured by the
 * caller); returns the end. Minimal disambiguation, x for captures, =Q, + or #. `afterMove`: the position
 * after the move when the caller has it already (null: the move is made here), to read check and mate.
 */
export function writeSan(pos: Position, m: Move, afterMove: Position | null, b: Uint8Array, at: number): number {
  const from = moveFrom(m);
  const to = moveTo(m);
  const flags = moveFlags(m);
  let n = at;
  if ((flags & FLAG_NULL) !== 0) {
    b[n] = 45; // --
    b[n + 1] = 45;
    return n + 2;
  }
  if ((flags & FLAG_CASTLE) !== 0) {
    b[n] = 79; // O-O
    b[n + 1] = 45;
    b[n + 2] = 79;
    n += 3;
    if (to < from) {
      b[n] = 45; // -O
      b[n + 1] = 79;
      n += 2;
    }
  } else {
    const type = (pos.board[from] & 7) - 1;
    const capture = pos.board[to] !== 0 || (flags & FLAG_EP) !== 0;
    if (type === PAWN) {
      if (capture) b[n++] = 97 + (from & 7);
    } else {
      b[n++] = LETTERS.charCodeAt(type);
      // file and rank written for every piece move, counted by what disambiguation() asks for: the first
      // move naming a rank (R1a3), met late, then finds these operations with type feedback
      const d = disambiguation(pos, type, from, to);
      b[n] = 97 + (from & 7);
      n += d & FROM_FILE;
      b[n] = 49 + (from >> 3);
      n += (d & FROM_RANK) >> 1;
    }
    if (capture) b[n++] = 120; // x
    n = writeSquare(b, n, to);
    if (type === PAWN) n = writePromotion(b, n, PROMOTION_SAN[movePromo(m)]);
  }
  let next = afterMove;
  if (next === null) {
    next = after ??= new Position();
    next.copyFrom(pos);
    next.play(m);
  }
  if (next.isCheck()) b[n++] = hasLegalMove(next) ? 43 : 35; // + #
  return n;
}

/** What a piece move's SAN must name of its from-square (FROM_FILE, FROM_RANK bits): the least that tells it apart. */
function disambiguation(pos: Position, type: number, from: number, to: number): number {
  if (type === KING) return 0;
  // no other piece of the type (most queen moves, many others): nothing to tell apart, no attack sets made
  const bb = pos.bb;
  const us = pos.turn;
  const lo = piecesLo(bb, us, type) & ~bitLo(from);
  const hi = piecesHi(bb, us, type) & ~bitHi(from);
  if ((lo | hi) === 0) return 0;
  reachers(pos, type, to, true);
  let others = 0;
  let sameFile = 0;
  let sameRank = 0;
  for (let half = 0; half < 2; half++) {
    let set = sc[half];
    while (set !== 0) {
      const sq = half * 32 + 31 - Math.clz32(set & -set);
      set &= set - 1;
      if (sq === from || !isLegal(pos, encodeMove(sq, to, 0, 0))) continue;
      others++;
      if ((sq & 7) === (from & 7)) sameFile++;
      if (sq >> 3 === from >> 3) sameRank++;
    }
  }
  if (others === 0) return 0;
  if (sameFile > 0 && sameRank > 0) return FROM_SQUARE;
  if (sameFile > 0) return FROM_RANK;
  return FROM_FILE;
}

/**
 * The move in UCI as ASCII bytes at b[at], at most MAX_UCI_BYTES (room ensured by the caller); returns
 * the end. The king goes to its target square, or onto its rook in Chess960 (UCI_Chess960).
 */
export function writeUci(pos: Position, m: Move, b: Uint8Array, at: number): number {
  const flags = moveFlags(m);
  if ((flags & FLAG_NULL) !== 0) {
    for (let i = 0; i < 4; i++) b[at + i] = 48; // 0000
    return at + 4;
  }
  const from = moveFrom(m);
  let to = moveTo(m);
  if ((flags & FLAG_CASTLE) !== 0 && !pos.chess960) to = (from & 56) + (to < from ? 2 : 6);
  return writePromotion(b, writeSquare(b, writeSquare(b, at, from), to), PROMOTION_UCI[movePromo(m)]);
}

/** A promotion's text by piece type (none, N, B, R, Q), ASCII bytes from the low one: =Q in SAN, q in UCI. */
const PROMOTION_SAN = Int32Array.of(0, 0x4e3d, 0x423d, 0x523d, 0x513d);
const PROMOTION_UCI = Int32Array.of(0, 0x6e, 0x62, 0x72, 0x71);

/**
 * Writes a promotion's `text` (0: none) after the square ending at b[n - 1]; returns the end. One loop
 * writes that square's last byte again, then the text's: every pawn move runs it, so the first promotion,
 * met late, finds its operations with type feedback (a branch of their own deoptimized writeSan and
 * writeUci), and nothing is written past the end.
 */
function writePromotion(b: Uint8Array, n: number, text: number): number {
  let bytes = b[n - 1] | (text << 8);
  let i = n - 1;
  do {
    b[i++] = bytes;
    bytes >>>= 8;
  } while (bytes !== 0);
  return i;
}

const textBytes = new Uint8Array(MAX_SAN_BYTES);

/**
 * The n bytes (2 to 7) writeSan/writeUci wrote into textBytes, as a string: the bytes passed as arguments,
 * a third of the cost of fromCharCode.apply on a subarray (a view allocated, then read as an array).
 */
function text(n: number): string {
  const b = textBytes;
  switch (n) {
    case 2:
      return String.fromCharCode(b[0], b[1]);
    case 3:
      return String.fromCharCode(b[0], b[1], b[2]);
    case 4:
      return String.fromCharCode(b[0], b[1], b[2], b[3]);
    case 5:
      return String.fromCharCode(b[0], b[1], b[2], b[3], b[4]);
    case 6:
      return String.fromCharCode(b[0], b[1], b[2], b[3], b[4], b[5]);
    default:
      return String.fromCharCode(b[0], b[1], b[2], b[3], b[4], b[5], b[6]);
  }
}

/** writeSan() as a string, for the formats that want one; `afterMove` as there, when the caller has it. */
export function moveToSan(pos: Position, m: Move, afterMove?: Position): string {
  return text(writeSan(pos, m, afterMove ?? null, textBytes, 0));
}

/** writeUci() as a string. */
export function moveToUci(pos: Position, m: Move): string {
  return text(writeUci(pos, m, textBytes, 0));
}
