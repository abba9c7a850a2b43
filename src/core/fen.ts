// FEN in and out. Parsing names the field and what was found for every malformed field; output is
// character for character what chess.js writes for a standard position (en passant square only when a
// legal capture exists); Chess960 castling rights read as X-FEN or Shredder-FEN and written as X-FEN.
import { attacked, pawnAttacks } from './attacks.js';
import { BLACK, KING, PAWN, ROOK, WHITE, opponent, piecesHi, piecesLo, type Colour } from './board.js';
import { writePlacement } from './fen-ranks.js';
import { epLegal } from './movegen.js';
import { LONG, Position, SHORT } from './position.js';
import { parseSquare, squareName, writeSquare, type Square } from './squares.js';

export const INITIAL_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** A FEN that cannot be read; `field` names the part at fault. */
export class FenError extends Error {
  constructor(
    readonly field: string,
    detail: string,
    readonly fen: string,
  ) {
    super(`bad FEN ${field}: ${detail} (in "${fen}")`);
    this.name = 'FenError';
  }
}

const PIECES = 'pnbrqk';

export interface FenOptions {
  /**
   * Chess960 even when the castling field is KQkq (X-FEN): K and Q then mean the outermost rooks wherever
   * king and rooks stand. Castling rights as file letters (Shredder-FEN) mean Chess960 without it.
   */
  chess960?: boolean;
}

function readPlacement(pos: Position, text: string, fen: string): void {
  const ranks = text.split('/');
  if (ranks.length !== 8) throw new FenError('piece placement', `${ranks.length} ranks, expected 8`, fen);
  for (let i = 0; i < 8; i++) {
    const rank = 7 - i;
    let file = 0;
    for (const ch of ranks[i]) {
      if (ch >= '1' && ch <= '8') {
        file += ch.charCodeAt(0) - 48;
      } else {
        const type = PIECES.indexOf(ch.toLowerCase());
        if (type < 0) throw new FenError('piece placement', `unexpected character '${ch}' in rank ${rank + 1}`, fen);
        if (file > 7) throw new FenError('piece placement', `rank ${rank + 1} ("${ranks[i]}") covers more than 8 squares`, fen);
        if (type === PAWN && (rank === 0 || rank === 7)) {
          throw new FenError('piece placement', `pawn on ${squareName(rank * 8 + file)}`, fen);
        }
        pos.put(ch === ch.toLowerCase() ? BLACK : WHITE, type, rank * 8 + file);
        file++;
      }
    }
    if (file !== 8) throw new FenError('piece placement', `rank ${rank + 1} ("${ranks[i]}") covers ${file} squares, expected 8`, fen);
  }
  for (const side of [WHITE, BLACK]) {
    let n = 0;
    for (let sq = 0; sq < 64; sq++) if (pos.board[sq] === side * 8 + KING + 1) n++;
    if (n !== 1) throw new FenError('piece placement', `${n} ${side === WHITE ? 'white' : 'black'} kings, expected 1`, fen);
  }
}

/** The rook square a castling letter stands for, or -1 when the position has no such right. */
function castlingRook(pos: Position, side: Colour, ch: string, chess960: boolean): Square {
  const back = side === WHITE ? 0 : 56;
  const ksq = pos.king(side);
  if ((ksq & 56) !== back) return -1;
  const rook = side * 8 + ROOK + 1;
  const upper = ch.toUpperCase();
  let sq = -1;
  if (upper === 'K') {
    for (let f = 7; f > (ksq & 7) && sq < 0; f--) if (pos.board[back + f] === rook) sq = back + f;
  } else if (upper === 'Q') {
    for (let f = 0; f < (ksq & 7) && sq < 0; f++) if (pos.board[back + f] === rook) sq = back + f;
  } else {
    const f = upper.charCodeAt(0) - 65;
    if (pos.board[back + f] === rook && f !== (ksq & 7)) sq = back + f;
  }
  // standard chess: only the e-file king with corner rooks can castle
  if (!chess960 && sq >= 0 && ((ksq & 7) !== 4 || ((sq & 7) !== 0 && (sq & 7) !== 7))) return -1;
  return sq;
}

function readCastling(pos: Position, text: string, fen: string, chess960: boolean): void {
  if (text === '-') return;
  for (const ch of text) {
    if (!/^[KQA-Hkqa-h]$/.test(ch)) throw new FenError('castling', `unexpected character '${ch}' in "${text}"`, fen);
    const side = ch === ch.toUpperCase() ? WHITE : BLACK;
    const sq = castlingRook(pos, side, ch, chess960);
    if (sq < 0) continue; // a right the position cannot have is dropped, as chess.js does
    pos.castleRook[side * 2 + (sq < pos.king(side) ? LONG : SHORT)] = sq;
  }
}

function readInt(text: string | undefined, field: string, min: number, dflt: number, fen: string): number {
  if (text === undefined) return dflt;
  if (!/^\d{1,6}$/.test(text) || Number(text) < min) throw new FenError(field, `"${text}" is not an integer ≥ ${min}`, fen);
  return Number(text);
}

/** Reads a FEN (four to six fields; missing clocks default to 0 and 1). Throws FenError. */
export function parseFen(fen: string, opts: FenOptions = {}): Position {
  const fields = fen.trim().split(/\s+/);
  if (fields.length < 4 || fields.length > 6) throw new FenError('fields', `${fields.length} fields, expected 4 to 6`, fen);
  const pos = new Position();
  // a castling right named by its rook's file (A–H, a–h) exists only in Chess960: such a FEN is one,
  // told or not (a PGN [FEN] without [Variant], perft); KQkq alone keeps standard rules unless told
  pos.chess960 = opts.chess960 === true || /[A-Ha-h]/.test(fields[2]);
  readPlacement(pos, fields[0], fen);
  if (fields[1] !== 'w' && fields[1] !== 'b') throw new FenError('side to move', `"${fields[1]}", expected w or b`, fen);
  pos.turn = fields[1] === 'w' ? WHITE : BLACK;
  readCastling(pos, fields[2], fen, pos.chess960);
  if (fields[3] !== '-') {
    const ep = parseSquare(fields[3]);
    if (ep < 0 || ep >> 3 !== (pos.turn === WHITE ? 5 : 2)) {
      throw new FenError('en passant', `"${fields[3]}" is not a square on rank ${pos.turn === WHITE ? 6 : 3}`, fen);
    }
    const pawnSq = pos.turn === WHITE ? ep - 8 : ep + 8;
    const origin = pos.turn === WHITE ? ep + 8 : ep - 8;
    // keep only a target a double push can have left; anything else would let a phantom pawn be taken
    if (pos.board[pawnSq] === (pos.turn ^ 1) * 8 + PAWN + 1 && pos.board[ep] === 0 && pos.board[origin] === 0) pos.ep = ep;
  }
  pos.halfmove = readInt(fields[4], 'halfmove clock', 0, 0, fen);
  // 0 is common in hand-made FENs (lichess studies) and harmless: read as 1, as python-chess does
  pos.fullmove = Math.max(1, readInt(fields[5], 'fullmove number', 0, 1, fen));
  const them = opponent(pos.turn);
  if (attacked(pos.bb, pos.occLo(), pos.occHi(), pos.king(them), pos.turn)) {
    throw new FenError('side to move', `${them === WHITE ? 'white' : 'black'} is not to move but is in check`, fen);
  }
  pos.refresh();
  return pos;
}

const scratch = new Int32Array(2);

/**
 * The en passant square as chess.js writes it: only when a legal en passant capture exists; else -1.
 * The capturers stand on one rank (the 5th for white, the 4th for black), so one loop over that rank's
 * byte serves both colours, its square cleared before the test: each path a writeFen reached late (the
 * first capturer, the first black one, the first illegal capture) had no type feedback yet and
 * deoptimized the whole of writeFen, five times a worker with two loops.
 */
function epSquare(pos: Position): number {
  const ep = pos.ep;
  if (ep < 0) return -1;
  const us = pos.turn;
  pawnAttacks(us ^ 1, ep, scratch, 0); // squares from which a pawn of ours attacks ep
  const lo = scratch[0] & piecesLo(pos.bb, us, PAWN);
  const hi = scratch[1] & piecesHi(pos.bb, us, PAWN);
  // black's capturers are lo's top byte (a4-h4, squares 24-31), white's hi's bottom one (a5-h5, 32-39)
  let rank = ((lo >>> 24) | hi) & 255;
  const first = ep < 32 ? 24 : 32;
  while (rank !== 0) {
    const from = first + 31 - Math.clz32(rank & -rank);
    rank &= rank - 1;
    if (epLegal(pos, from, ep)) return ep;
  }
  return -1;
}

/** The castling field of standard chess by the rights gone (bit s: no castleRook[s]): ASCII, low byte first. */
const CASTLING_TEXT = new Int32Array(16);
const CASTLING_LENGTH = new Uint8Array(16);
for (let gone = 0; gone < 16; gone++) {
  const text = [...'KQkq'].filter((_, slot) => ((gone >> slot) & 1) === 0).join('') || '-';
  for (let i = 0; i < text.length; i++) CASTLING_TEXT[gone] |= text.charCodeAt(i) << (8 * i);
  CASTLING_LENGTH[gone] = text.length;
}

/** The castling field of Chess960 as X-FEN: K/Q for the outermost rook of a wing, the file letter otherwise. */
function writeCastling960(pos: Position, buf: Uint8Array, n: number): number {
  const board = pos.board;
  const start = n;
  for (let slot = 0; slot < 4; slot++) {
    const sq = pos.castleRook[slot];
    if (sq < 0) continue;
    const short = (slot & 1) === SHORT;
    const rook = board[sq];
    let outermost = true;
    for (let f = short ? (sq & 7) + 1 : 0; f < (short ? 8 : sq & 7); f++) if (board[(sq & 56) + f] === rook) outermost = false;
    const letter = outermost ? (short ? 0x4b : 0x51) : 0x41 + (sq & 7); // K, Q or the file
    buf[n++] = slot < 2 ? letter : letter + 32;
  }
  if (n === start) buf[n++] = 0x2d; // -
  return n;
}

/** Bytes a FEN can take at most (with room to spare): writeFen needs this much from `at`. */
export const MAX_FEN_BYTES = 128;

/**
 * Writes the FEN of the position as ASCII into buf from `at` and returns the end; `fields` 4 stops after
 * the en passant square (EPD). The one FEN writer: toFen() and the output formats both use it. Castling
 * as X-FEN (K/Q for the outermost rook of a wing, the file letter otherwise: KQkq in standard chess).
 */
export function writeFen(pos: Position, buf: Uint8Array, at: number, fields: 4 | 6 = 6): number {
  let n = writePlacement(pos.bb, buf, at | 0); // an int32 for V8: a tagged `at` kept n a Smi, untagged and retagged at every byte
  buf[n - 1] = 0x20; // over the last rank's '/'
  buf[n++] = pos.turn === WHITE ? 0x77 : 0x62; // w | b
  buf[n++] = 0x20;
  if (pos.chess960) n = writeCastling960(pos, buf, n);
  else {
    // standard chess keeps a right only with its corner rook (readCastling, play): the letters by the rights alone
    const cr = pos.castleRook;
    const gone = (cr[0] >>> 31) | ((cr[1] >>> 31) << 1) | ((cr[2] >>> 31) << 2) | ((cr[3] >>> 31) << 3);
    const text = CASTLING_TEXT[gone];
    buf[n] = text; // four bytes whatever the length: the ones past it are written over next
    buf[n + 1] = text >> 8;
    buf[n + 2] = text >> 16;
    buf[n + 3] = text >> 24;
    n += CASTLING_LENGTH[gone];
  }
  buf[n++] = 0x20;
  const ep = epSquare(pos);
  if (ep < 0) buf[n++] = 0x2d;
  else n = writeSquare(buf, n, ep);
  if (fields === 4) return n;
  buf[n++] = 0x20;
  n = writeUint(buf, n, pos.halfmove);
  buf[n++] = 0x20;
  return writeUint(buf, n, pos.fullmove);
}

/** Writes a non-negative integer below 2^31 in decimal into buf from n; returns the end. */
export function writeUint(buf: Uint8Array, n: number, x: number): number {
  if (x < 10) {
    buf[n] = 48 + x; // most clocks: no loop
    return n + 1;
  }
  // digits counted first, then written from the last one back: no recursion, no floating-point division
  let end = n + 1;
  for (let t = x; t >= 10; t = (t / 10) | 0) end++;
  for (let i = end, t = x; i > n; t = (t / 10) | 0) buf[--i] = 48 + (t % 10);
  return end;
}

const fenBytes = new Uint8Array(MAX_FEN_BYTES);

/** FEN of the position, identical to chess.js's fen() for standard positions. */
export function toFen(pos: Position): string {
  const n = writeFen(pos, fenBytes, 0);
  return String.fromCharCode.apply(null, fenBytes.subarray(0, n) as unknown as number[]);
}

/**
 * The FEN with Chess960 castling rights as Shredder-FEN: the castling rooks' files (HAha), which say Chess960
 * by themselves wherever the FEN goes without a variant (X-FEN's KQkq on a king off the e-file would be read
 * as standard chess and lose them). Standard chess, and Chess960 without castling rights, as toFen.
 */
export function toShredderFen(pos: Position): string {
  const fen = toFen(pos);
  if (!pos.chess960) return fen;
  let rights = '';
  for (let slot = 0; slot < 4; slot++) {
    const sq = pos.castleRook[slot];
    if (sq >= 0) rights += String.fromCharCode((slot < 2 ? 0x41 : 0x61) + (sq & 7)); // A–H, a–h
  }
  if (rights === '') return fen;
  const fields = fen.split(' ');
  fields[2] = rights;
  return fields.join(' ');
}

/** The initial position of standard chess. */
export function initialPosition(): Position {
  return parseFen(INITIAL_FEN);
}
