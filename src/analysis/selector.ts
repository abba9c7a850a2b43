// What decides which positions of a game are kept, when the tagged ones are not what is asked: --where's
// evaluator (src/query/evaluate.ts) implements it, and whoever builds the analyzer passes one in, so that
// the analysis knows nothing of the query language.
import type { Position } from '../core/position.js';
import type { GameInfo, PositionView } from './view.js';

export interface PositionSelector {
  /** Whether it reads the game's tag values: the reader then keeps every tag. */
  readonly usesTags: boolean;
  /** A game begins: its fields, and its tags by name (null when the game has none). */
  beginGame(info: GameInfo, tagOf: (name: string) => string | null): void;
  /**
   * Whether the position is kept: its records and played bits, the move played from it (`move`, -1 at the
   * end) and the position it leads to; it may write the move's SAN into v.san.
   */
  matches(v: PositionView, move: number, after: Position | null): boolean;
}
