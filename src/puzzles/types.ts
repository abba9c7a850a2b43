// The plain data the puzzle stages hand each other (docs/design.md §12): stage 1's candidates (made in the
// workers, cloned to the main thread), the engine's answers (src/puzzles/uci.ts), and the verified puzzle
// that the themes and the writers read.

/**
 * Why a position went to the engine: stage 1's material search found a mate, a gain, or the game's [%eval]
 * swung; or stage 1 sent it on for nothing but the engine screen (src/puzzles/screen.ts).
 */
export type CandidateRule = 'mate' | 'material' | 'eval' | 'screen';

/** A position P after the opponent's move, worth asking the engine about. */
export interface Candidate {
  /** 1-based game number in input order over all inputs. */
  game: number;
  /** Ply of P in its game (the opponent's setup move is ply - 1 → ply). */
  ply: number;
  /** FEN of the position before the opponent's move (lichess's FEN column). */
  fenBefore: string;
  /** The opponent's move in UCI (the first move of lichess's Moves column). */
  setup: string;
  /** FEN of P, where the solver is to move. */
  fen: string;
  /** The rules that fired, in CandidateRule order. */
  rules: CandidateRule[];
  /** Stage 1's value for the solver over the material balance, in pawns (≥ 1000 for a mate), 0 if only [%eval]. */
  gain: number;
  /** Stage 1's best move for the solver in UCI ('' when only [%eval] fired). */
  best: string;
  /** The game's Site tag and Opening tag (null when absent). */
  site: string | null;
  opening: string | null;
  /**
   * A Chess960 game: its FENs give castling rights as Shredder-FEN (rook files), its castling moves in UCI are
   * the king taking its rook (UCI_Chess960).
   */
  chess960: boolean;
}

/** An engine score from the side to move's view: centipawns, or mate in `mate` moves (negative: mated). */
export type Score = { cp: number; mate?: undefined } | { mate: number; cp?: undefined };

/** One `info … multipv k … pv …` line as last reported before `bestmove`. */
export interface EngineLine {
  multipv: number;
  depth: number;
  score: Score;
  /** The principal variation in UCI. */
  pv: string[];
}

/** An engine's answer to one `go`. */
export interface EngineAnswer {
  /** Lines by multipv rank (lines[0] is the best), at most the multipv asked for. */
  lines: EngineLine[];
  bestmove: string;
  /** Nodes the engine reported for this search. */
  nodes: number;
  /**
   * The depth from which the best line's first move led multipv 1 to the end (how deep the engine had to
   * look before it settled on its move); 0 when there is no line.
   */
  settled: number;
}

/** A verified puzzle (or, with `--engine none`, stage 1's unverified one). */
export interface Puzzle {
  /** Stable id: game number and ply, e.g. `g12p34`. */
  id: string;
  game: number;
  ply: number;
  /** The position before the opponent's move (Shredder-FEN castling rights in Chess960). */
  fenBefore: string;
  /** UCI moves: the opponent's setup move, then the solution (solver, reply, …, ending on a solver move). */
  moves: string[];
  /** Mate in n for the solver at P (n ≥ 1), or null for a material puzzle. */
  mateIn: number | null;
  /** The engine's score for the solver at P in centipawns (a mate counts as 10,000 − n). */
  cp: number;
  /** The estimated difficulty on lichess's rating scale, and the estimate's error (src/puzzles/rating.ts). */
  rating: number;
  ratingDeviation: number;
  themes: string[];
  /** The game's Site with `#ply` (lichess's GameUrl), '' when there is no Site. */
  gameUrl: string;
  /** lichess-style opening tags from the game's Opening tag ('' when absent). */
  openingTags: string;
  verified: boolean;
  /** From a Chess960 game (the PGN writer's [Variant "Chess960"]). */
  chess960: boolean;
}
