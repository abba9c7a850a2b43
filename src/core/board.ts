// The board layout (docs/design.md §4): piece-type and colour indices, where a Position's piece sets live in
// its 16-word Int32Array (`Sets`), and the named reads of those sets (piecesLo(bb, side, type) and the rest).

/**
 * Piece types as a const enum for the hot loops: tsc writes the number into every use, where an imported
 * `const` is a load from a module cell and a check each time V8 reads it. The names below are the same
 * numbers for everyone else.
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
 * colour c at WhiteLo + 2c and WhiteHi + 2c. Code reads them through the accessors below; only the
 * innermost kernels index the words by these names, never by a number. attacks.ts, movegen.ts and
 * Position's king, refresh and toggle also run from tsc's modules (perft, the library), where each call of
 * an imported function reads and checks a module cell; a const enum's name is the number itself. SAN's
 * reachers and the stage-1 search's check tests inline attack look-ups, which inlined accessors would push
 * out of line: V8 inlines at most so many bytes of bytecode into one function.
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

// Named reads of the layout, one half each (lo: squares 0–31, hi: 32–63). Const arrow functions, not
// function declarations: V8 inlines both, but a declaration is a mutable binding, which each inlined call
// still loads and checks; a const one it folds away, so in the workers' bundle a read costs what the
// enum's does.

/** The pieces of `type`, both sides. */
export const typeLo = (bb: Int32Array, type: number): number => bb[Sets.PawnsLo + 2 * type];
export const typeHi = (bb: Int32Array, type: number): number => bb[Sets.PawnsHi + 2 * type];

/** Every piece of `side`. */
export const sideLo = (bb: Int32Array, side: number): number => bb[Sets.WhiteLo + 2 * side];
export const sideHi = (bb: Int32Array, side: number): number => bb[Sets.WhiteHi + 2 * side];

/** The pieces of `side` of `type`. */
export const piecesLo = (bb: Int32Array, side: number, type: number): number => bb[Sets.PawnsLo + 2 * type] & bb[Sets.WhiteLo + 2 * side];
export const piecesHi = (bb: Int32Array, side: number, type: number): number => bb[Sets.PawnsHi + 2 * type] & bb[Sets.WhiteHi + 2 * side];

/** Every piece on the board. */
export const occupiedLo = (bb: Int32Array): number => bb[Sets.WhiteLo] | bb[Sets.BlackLo];
export const occupiedHi = (bb: Int32Array): number => bb[Sets.WhiteHi] | bb[Sets.BlackHi];

/** One half (h: 0 lo, 1 hi) of the pieces of `type`, both sides, or of every piece of `side`: for a loop over both halves. */
export const typeHalf = (bb: Int32Array, type: number, h: number): number => bb[Sets.PawnsLo + 2 * type + h];
export const sideHalf = (bb: Int32Array, side: number, h: number): number => bb[Sets.WhiteLo + 2 * side + h];

/** The rooks and queens of both sides: the pieces that move along ranks and files. */
export const rooksQueensLo = (bb: Int32Array): number => bb[Sets.RooksLo] | bb[Sets.QueensLo];
export const rooksQueensHi = (bb: Int32Array): number => bb[Sets.RooksHi] | bb[Sets.QueensHi];

/** The bishops and queens of both sides: the pieces that move along diagonals. */
export const bishopsQueensLo = (bb: Int32Array): number => bb[Sets.BishopsLo] | bb[Sets.QueensLo];
export const bishopsQueensHi = (bb: Int32Array): number => bb[Sets.BishopsHi] | bb[Sets.QueensHi];
