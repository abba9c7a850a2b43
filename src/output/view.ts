// The output formats' interface: a formatter turns the views of src/analysis/view.ts into text.
import type { GameInfo, GameText, PositionView } from '../analysis/view.js';

export type { GameInfo, GameText, PositionView };

/**
 * One output format. The worker calls position() for each position it writes (tagged ones, or all with
 * --all-positions), then endGame() once per game; both return text to append to the output.
 */
export interface Formatter {
  /** Written once at the start of the whole output ('' if none). */
  header(): string;
  /** Before the game's positions: what the game gives every line (the --tags values) is prepared here. */
  beginGame(info: GameInfo): void;
  position(v: PositionView): string;
  /** After the game's positions: PGN writes the game here with its comments; others return ''. */
  endGame(text: GameText): string;
}
