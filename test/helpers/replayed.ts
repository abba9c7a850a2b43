// Corpus games replayed by the analyzer's own pass 1 (GameReader): every position of each game that
// replays, with its moves and move-token ends, for tests and tools that walk real positions.
import { GameReader } from '../../src/analysis/replay.js';
import { scanGame } from '../../src/pgn/movetext.js';
import { readCorpusBytes, splitGames } from './corpus.js';

/** One replayed game, borrowed: its positions are reused by the next game (copy what you keep). */
export interface ReplayedGame {
  /** Index of the game in its file (0-based). */
  index: number;
  reader: GameReader;
}

/** The games of a corpus file that replay without error, up to `limit` of them. */
export function* replayedGames(rel: string, limit = Infinity): Generator<ReplayedGame> {
  const reader = new GameReader();
  let n = 0;
  for (const g of splitGames(readCorpusBytes(rel))) {
    if (n >= limit) return;
    reader.reset(g.bytes);
    if (scanGame(g.bytes, reader) !== null) continue;
    if (!reader.started) reader.setUp();
    if (reader.error !== null) continue;
    n++;
    yield { index: g.index, reader };
  }
}
