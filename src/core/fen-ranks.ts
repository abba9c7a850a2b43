// The piece placement field of a FEN from a table of half-ranks (a lookup-table technique). A half-rank
// is a 16-bit key, four squares in each of four piece sets read from the position's int32 halves; the
// key's entry holds that half-rank's text as it stands in a FEN, "4" to "pppp": up to four ASCII bytes
// packed in an int32, stored with one 4-byte write (DataView). The two halves of a rank join the left's
// trailing digit and the right's leading digit into one. No branch and no loop over pieces, where a scan
// rank by rank spends a clz32, a digit and a letter on each piece.
import { BISHOP, BLACK, KING, KNIGHT, LETTER_BYTES, PAWN, QUEEN, ROOK, sideHalf, typeHalf } from './board.js';

/**
 * The key of four squares: bit i of each nibble for square i of the half, nibble 0 the black pieces,
 * nibbles 1–3 the bits of the mailbox code's type + 1 (P 1, N 2, B 3, R 4, Q 5, K 6), from the sets
 * P|B|Q, N|B|K and R|Q|K. Keys with a type of 7 or a black empty square are never looked up.
 */
const KEYS = 1 << 16;

/** A half-rank's text, square a of the half in the low byte. */
const TEXT = new Int32Array(KEYS);
/** The text's length (bits 0–2), its leading empties (bits 3–5) and trailing empties (bits 6–8). */
const META = new Uint16Array(KEYS);

/** Fills TEXT and META: on the first FEN written, not on loading (many threads write none). */
function fillTables(): void {
  for (let key = 0; key < KEYS; key++) {
    let text = 0;
    let len = 0;
    let empties = 0;
    let lead = -1;
    for (let i = 0; i < 4; i++) {
      const k = key >> i;
      const code = ((k & 1) << 3) | ((k >> 4) & 1) | ((k >> 7) & 2) | ((k >> 10) & 4);
      if (code === 0) {
        empties++;
        continue;
      }
      if (lead < 0) lead = empties;
      if (empties > 0) text |= (48 + empties) << (8 * len++);
      text |= LETTER_BYTES[code] << (8 * len++);
      empties = 0;
    }
    if (empties > 0) text |= (48 + empties) << (8 * len++);
    TEXT[key] = text;
    META[key] = len | ((lead < 0 ? 4 : lead) << 3) | (empties << 6);
  }
}

/** The buffer last written to and a DataView of it, for 4-byte stores at any offset: made once per buffer. */
let viewed: Uint8Array | null = null;
let view: DataView<ArrayBufferLike> = new DataView(new ArrayBuffer(0));

/**
 * Writes the piece placement of a position's piece sets into buf from n and returns the end, a '/' after
 * every rank, the last one included: the caller overwrites it. Writes up to 3 bytes past the end.
 */
export function writePlacement(bb: Int32Array, buf: Uint8Array, n: number): number {
  if (buf !== viewed) {
    if (viewed === null) fillTables();
    viewed = buf;
    view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  }
  return writeRanks(bb, 0, writeRanks(bb, 1, n));
}

/** The four ranks of one int32 half of the board (h: 0 low, 1 high), the highest first. */
function writeRanks(bb: Int32Array, h: number, n: number): number {
  const bishops = typeHalf(bb, BISHOP, h);
  const queens = typeHalf(bb, QUEEN, h);
  const kings = typeHalf(bb, KING, h);
  // the bits of type + 1 as three sets, and the black pieces: the nibbles of the keys
  const black = sideHalf(bb, BLACK, h);
  const t0 = typeHalf(bb, PAWN, h) | bishops | queens;
  const t1 = typeHalf(bb, KNIGHT, h) | bishops | kings;
  const t2 = typeHalf(bb, ROOK, h) | queens | kings;
  const out = view;
  // the keys' bytes side by side: each rank's byte holds two nibbles of a key, its left or right half's
  const leftLow = (black & 0x0f0f0f0f) | ((t0 & 0x0f0f0f0f) << 4);
  const leftHigh = (t1 & 0x0f0f0f0f) | ((t2 & 0x0f0f0f0f) << 4);
  const rightLow = ((black >>> 4) & 0x0f0f0f0f) | (t0 & 0xf0f0f0f0);
  const rightHigh = ((t1 >>> 4) & 0x0f0f0f0f) | (t2 & 0xf0f0f0f0);
  for (let s = 24; s >= 0; s -= 8) {
    const kl = ((leftLow >>> s) & 255) | (((leftHigh >>> s) & 255) << 8);
    const kr = ((rightLow >>> s) & 255) | (((rightHigh >>> s) & 255) << 8);
    const ml = META[kl];
    const mr = META[kr];
    const trail = ml >> 6;
    // both halves empty at the join: the left's last byte (its digit) dropped, its count added to the right's first
    const join = ((trail + 7) & (((mr >> 3) & 7) + 7)) >> 3;
    // four bytes stored whatever the length: the bytes past it are written over next
    out.setInt32(n, TEXT[kl], true);
    n += (ml & 7) - join;
    out.setInt32(n, TEXT[kr] + (trail & -join), true);
    n += mr & 7;
    out.setUint8(n++, 0x2f); // /
  }
  return n;
}
