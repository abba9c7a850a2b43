// The board layout (docs/design.md §4): piece-type and colour indices, and where a Position's piece sets live
// in its 16-word Int32Array. Every read of that array goes through the names of `Sets`, never a number.

/**
 * Piece types as a const enum for the hot loops: tsc writes the number into every use, where an imported
 * `const` is a load from a module cell and a check each time V8 reads it (the motif scan ran 14% more
 * instructions with them, valgrind). The names below are the same numbers for everyone else.
 */
export const enum Piece {
  Pawn = 0,
  Knight = 1,
  Bishop = 2,
  Rook = 3,
  Queen = 4,
  King = 5,
}

export const PAWN = Piece.Pawn;
export const KNIGHT = Piece.Knight;
export const BISHOP = Piece.Bishop;
export const ROOK = Piece.Rook;
export const QUEEN = Piece.Queen;
export const KING = Piece.King;

/** Piece values in pawns by piece type (docs/design.md §5): P 1, N 3, B 3, R 5, Q 9, K 100. */
export const PIECE_VALUES: readonly number[] = [1, 3, 3, 5, 9, 100];

export const WHITE = 0;
export const BLACK = 1;
/**
 * A side as the core numbers it: WHITE 0, BLACK 1, the index of its piece set (Sets.WhiteLo + 2 × side).
 * Records and FEN write it as a letter, 'w' or 'b' (the motif catalogue's Side).
 */
export type Colour = typeof WHITE | typeof BLACK;
/** The other side. */
export function opponent(side: Colour): Colour {
  return (side ^ 1) as Colour;
}

/**
 * ASCII of the FEN letter by mailbox code (side * 8 + type + 1, position.ts's pieceCode): upper case white,
 * lower case black, `?` where no piece is. The one table: the FEN writer and the records' piece letters.
 */
export const LETTER_BYTES = Uint8Array.from('?PNBRQK??pnbrqk?', (c) => c.charCodeAt(0));

/**
 * The word of each set's half: piece type t of both colours at PawnsLo + 2t (lo) and PawnsHi + 2t (hi),
 * colour c at WhiteLo + 2c and WhiteHi + 2c. Compound sets are unions of these, e.g. the occupancy
 * bb[Sets.WhiteLo] | bb[Sets.BlackLo].
 *
 * A const enum rather than accessor functions: tsc writes the number itself into every access, so a read
 * costs what bb[12] costs. Accessors are inlined, but each inlining spends V8's per-function inlining
 * budget (920 bytecode bytes): in attackedExcept, move generation and refresh they pushed the slider
 * look-ups out of line, and perft ran 30% more instructions (valgrind, Kiwipete).
 */
export const enum Sets {
  PawnsLo = 0,
  PawnsHi = 1,
  KnightsLo = 2,
  KnightsHi = 3,
  BishopsLo = 4,
  BishopsHi = 5,
  RooksLo = 6,
  RooksHi = 7,
  QueensLo = 8,
  QueensHi = 9,
  KingsLo = 10,
  KingsHi = 11,
  WhiteLo = 12,
  WhiteHi = 13,
  BlackLo = 14,
  BlackHi = 15,
}

/** Words of a piece-set array: six piece types and two colours, two halves each. */
export const BOARD_WORDS = 16;
