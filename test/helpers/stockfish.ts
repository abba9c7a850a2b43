// The real engine for the puzzle tests: `stockfish` on the PATH or Debian's /usr/games/stockfish, as the
// CLI finds it. Without one the engine tests are skipped, and say so once per file.
import { resolveEngine } from '../../src/puzzles/engine-path.js';

/** The engine's path, or null (after a warning naming `what` is skipped). */
export function stockfishOrSkip(what: string): string | null {
  try {
    return resolveEngine(undefined);
  } catch {
    console.warn(`${what} SKIPPED: no stockfish on the PATH nor at /usr/games/stockfish (apt-get install stockfish)`);
    return null;
  }
}
