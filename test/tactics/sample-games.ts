// Real games replayed by the analyzer's own pass 1 for the tactic tests and tools: the bundled sample
// (fixtures/sample, no ../shared needed) or any PGN bytes, each game's positions, moves and derived fields.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { decompress } from 'fzstd';
import { GameReader } from '../../src/analysis/replay.js';
import { scanGame } from '../../src/pgn/movetext.js';
import { splitGames } from '../helpers/corpus.js';
import { ROOT } from '../helpers/cli.js';

/** The bundled sample's bytes, decompressed. */
export function sampleBytes(): Uint8Array {
  return decompress(readFileSync(resolve(ROOT, 'fixtures/sample/lichess-2016-05-3000.pgn.zst')));
}

/** One replayed game, borrowed: its reader is reused by the next game (copy what you keep). */
export interface Replayed {
  index: number;
  reader: GameReader;
}

/** The games of the PGN bytes that replay, standard chess only, up to `limit` of them; `tags`: tag values by name (reader.tagText). */
export function* replay(bytes: Uint8Array, limit = Infinity, tags = false): Generator<Replayed> {
  const reader = new GameReader(false, tags);
  let n = 0;
  for (const g of splitGames(bytes)) {
    if (n >= limit) return;
    reader.reset(g.bytes);
    if (scanGame(g.bytes, reader) !== null) continue;
    if (!reader.started) reader.setUp();
    if (reader.error !== null || reader.positions[0].chess960) continue;
    n++;
    yield { index: g.index, reader };
  }
}
