// The output formats' interface: a formatter turns the views of src/analysis/view.ts into text.
import type { GameInfo, GameText, PositionView } from '../analysis/view.js';

export type { GameInfo, GameText, PositionView };

/**
 * One output format. The worker calls position() for each position it writes (tagged ones, or all with
 * --all-positions), then endGame() once per game; both append to the formatter's output, which take()
 * hands over as UTF-8 bytes once per batch: the bytes go to the file as they are, with no string built
 * per game in the worker and no encoding on the main thread.
 */
export interface Formatter {
  /** Before the game's positions: what the game gives every line (the --tags values) is prepared here; PGN keeps its text. */
  beginGame(info: GameInfo, text: GameText): void;
  position(v: PositionView): void;
  /** After the game's positions: PGN writes the game here with its comments; the line formats nothing. */
  endGame(text: GameText): void;
  /**
   * The output written since the last take(), as UTF-8; the formatter's output is empty afterwards. The
   * bytes are the formatter's own, handed over (a view of a SharedArrayBuffer, AsciiWriter.handOver);
   * `outbox`: memory given back once an earlier output was written, for the formatter to write on in.
   */
  take(outbox?: SharedArrayBuffer | null): Uint8Array;
  /** Bytes of output written since the last take(). */
  size(): number;
}
