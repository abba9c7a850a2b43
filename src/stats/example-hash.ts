// The hash that chooses the example positions (examples.ts): MurmurHash3 (x86, 32-bit) of the position's
// board bytes — 65 of them: the squares a1, b1 … h8, each its piece's code (0 empty, 1–6 white P N B R Q K,
// 9–14 black p n b r q k), then the side to move (0 white, 1 black) — seeded with the FNV-1a 32-bit hash of
// the motif key's name (`pin.absolute`). Both are published hashes with test vectors, and the bytes are
// what a FEN's first two fields say, so anyone can recompute an example's hash from its FEN and key, and a
// file is checked without replaying anything.
//
// The hot path (BoardHasher) reads the mailbox, which holds those codes, and writes no FEN (writing one and
// hashing it byte by byte weighed on the analysis without verdicts): the 16 blocks are mixed once per
// position, then each key the position has runs only the seeded part (16 multiply-adds).
import type { Position } from '../core/position.js';

const C1 = 0xcc9e2d51 | 0;
const C2 = 0x1b873593 | 0;
const N = 0xe6546b64 | 0;
/** The board bytes: 64 squares and the side to move. */
const BOARD_BYTES = 65;

function rotl(x: number, r: number): number {
  return (x << r) | (x >>> (32 - r));
}

/** A block of the text as MurmurHash3 mixes it before it meets the state (seed-independent). */
function mixK(k: number): number {
  return Math.imul(rotl(Math.imul(k, C1), 15), C2);
}

/** One block into the state. */
function step(h: number, k: number): number {
  return (Math.imul(rotl(h ^ k, 13), 5) + N) | 0;
}

/** The state's finish, given the text's length. */
function finish(h: number, length: number): number {
  h ^= length;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b | 0);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35 | 0);
  return (h ^ (h >>> 16)) >>> 0;
}

/** MurmurHash3_x86_32 of bytes with a seed (the published algorithm, the slow way). */
export function murmur3(bytes: Uint8Array, seed: number): number {
  const blocks = bytes.length >> 2;
  let h = seed | 0;
  for (let i = 0; i < blocks; i++) {
    const j = 4 * i;
    h = step(h, mixK(bytes[j] | (bytes[j + 1] << 8) | (bytes[j + 2] << 16) | (bytes[j + 3] << 24)));
  }
  let k = 0;
  const tail = 4 * blocks;
  for (let i = bytes.length - 1; i >= tail; i--) k = (k << 8) | bytes[i];
  if (bytes.length > tail) h ^= mixK(k);
  return finish(h, bytes.length);
}

/** FNV-1a 32-bit of an ASCII text. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ (text.charCodeAt(i) & 0xff), 0x01000193);
  return h >>> 0;
}

const LETTERS = '.PNBRQK..pnbrqk';

/** The board bytes of a FEN (from its placement and side fields), or null when they are not a board. */
export function boardBytes(fen: string): Uint8Array | null {
  const [placement, side] = fen.split(' ');
  const ranks = placement?.split('/') ?? [];
  if (ranks.length !== 8 || (side !== 'w' && side !== 'b')) return null;
  const bytes = new Uint8Array(BOARD_BYTES);
  for (let r = 0; r < 8; r++) {
    const squares = ranks[r].replace(/[1-8]/g, (n) => '.'.repeat(Number(n)));
    if (squares.length !== 8 || !/^[.pnbrqkPNBRQK]{8}$/.test(squares)) return null;
    for (let f = 0; f < 8; f++) bytes[(7 - r) * 8 + f] = LETTERS.indexOf(squares[f]); // the FEN's first rank is the 8th
  }
  bytes[64] = side === 'w' ? 0 : 1;
  return bytes;
}

/** The hash of an example of `key` in the position of this FEN (null when the FEN is no board): the slow way. */
export function exampleHash(fen: string, key: string): number | null {
  const bytes = boardBytes(fen);
  return bytes === null ? null : murmur3(bytes, fnv1a(key));
}

/** Hashes positions the fast way: the blocks of one position, then any number of seeds. */
export class BoardHasher {
  private readonly k = new Int32Array(17);

  /** Mixes the position's board bytes into its blocks (the last one the side to move, a tail of one byte). */
  load(pos: Position): void {
    const b = pos.board; // the mailbox's codes are the board bytes
    for (let i = 0; i < 16; i++) {
      const j = 4 * i;
      this.k[i] = mixK(b[j] | (b[j + 1] << 8) | (b[j + 2] << 16) | (b[j + 3] << 24));
    }
    this.k[16] = mixK(pos.turn);
  }

  /** The hash of the loaded position under a seed (a key's FNV-1a). */
  hash(seed: number): number {
    let h = seed | 0;
    for (let i = 0; i < 16; i++) h = step(h, this.k[i]);
    return finish(h ^ this.k[16], BOARD_BYTES);
  }
}
