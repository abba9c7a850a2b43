// The WebAssembly tokenizer against the JavaScript one it replaced (test/helpers/tokenizer-compare.ts), event
// by event, on every game of the shared corpus: its game files but the largest, its tricky files, and the
// first 3,000 games of the largest with sinks that stop at a random move.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusDir, filesUnder, readCorpusBytes, splitGames } from '../helpers/corpus.js';
import { random01 } from '../helpers/random.js';
import { disagreements } from '../helpers/tokenizer-compare.js';

const BIG = 'games/lichess-jishanshaikh4.pgn.zst';

describe('the WebAssembly tokenizer hands the sink what the JavaScript one did', () => {
  it('on every game of the corpus games but the largest, and of the tricky files', () => {
    const dir = corpusDir();
    const files = [
      ...readdirSync(join(dir, 'games'))
        .map((f) => `games/${f}`)
        .filter((f) => f !== BIG),
      ...filesUnder(join(dir, 'tricky')).map((p) => p.slice(dir.length + 1)),
    ];
    let games = 0;
    for (const f of files) {
      const gs = splitGames(readCorpusBytes(f)).map((g) => g.bytes);
      games += gs.length;
      expect(disagreements(gs), f).toEqual([]);
    }
    expect(games).toBeGreaterThan(30_000);
  });

  it('on the first 3,000 games of the largest file, also with sinks that stop at a random move', () => {
    const gs = splitGames(readCorpusBytes(BIG), 3000).map((g) => g.bytes);
    expect(disagreements(gs)).toEqual([]);
    const rnd = random01(7);
    const stops = gs.map(() => 1 + Math.floor(rnd() * 80));
    expect(disagreements(gs, (i) => stops[i])).toEqual([]);
  });
});
