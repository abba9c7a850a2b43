// The WebAssembly tokenizer (src/pgn/wasm/movetext.ts, behind scanGame) against the JavaScript one it
// replaced (test/helpers/reference-tokenizer.ts), event by event: every tag pair, move and result range
// handed to the sink, in order, and the syntax error (offset, text, reason, incomplete). On every game of
// the repository's files (the shared corpus's: tokenizer-wasm.corpus.test.ts), on damaged copies of real
// games, with sinks that stop the scan, and
// on games that make the scan go on from where it stopped (more events than one call holds) and grow the
// module's memory, scanned between short games whose ends the memory's stale bytes must not extend.
import { describe, expect, it } from 'vitest';
import { scanGame, type ScanError } from '../../src/pgn/movetext.js';
import { fixtureGameFiles, readCorpusBytes, readFileBytes, splitGames } from '../helpers/corpus.js';
import { random01 } from '../helpers/random.js';
import { disagreements, trace } from '../helpers/tokenizer-compare.js';

const enc = new TextEncoder();

describe('the WebAssembly tokenizer hands the sink what the JavaScript one did', () => {
  it("on every game of the repository's game files", () => {
    let games = 0;
    for (const f of fixtureGameFiles().filter((p) => /\.pgn(\.zst)?$/.test(p))) {
      const gs = splitGames(readFileBytes(f)).map((g) => g.bytes);
      games += gs.length;
      expect(disagreements(gs), f).toEqual([]);
    }
    expect(games).toBeGreaterThan(10_000);
  });

  it('on the first 3,000 games of the lichess 2016 file, also with sinks that stop at a random move', () => {
    const gs = splitGames(readCorpusBytes('games/lichess-db-2016-05-no-event-tag.pgn.zst'), 3000).map((g) => g.bytes);
    expect(disagreements(gs)).toEqual([]);
    const rnd = random01(7);
    const stops = gs.map(() => 1 + Math.floor(rnd() * 80));
    expect(disagreements(gs, (i) => stops[i])).toEqual([]);
  });

  it('on 12,000 damaged copies of real games: bytes PGN gives a meaning to put in, bytes cut out, ends cut off', () => {
    const rnd = random01(2026);
    const sources = splitGames(readCorpusBytes('games/twic-sample-232games.pgn')).map((g) => g.bytes);
    sources.push(...splitGames(readCorpusBytes('games/lichess-db-2017-05-no-event-tag-clocks.pgn'), 100).map((g) => g.bytes));
    const special = enc.encode('{}()[];$*".%\n\r\\e.p.+#!?0-1/2 ');
    const damaged: Uint8Array[] = [];
    for (let k = 0; k < 12_000; k++) {
      const g = sources[Math.floor(rnd() * sources.length)];
      const at = Math.floor(rnd() * g.length);
      const how = Math.floor(rnd() * 3);
      if (how === 0) {
        const ins = special.subarray(Math.floor(rnd() * special.length)).subarray(0, 1 + Math.floor(rnd() * 4));
        damaged.push(new Uint8Array([...g.subarray(0, at), ...ins, ...g.subarray(at)]));
      } else if (how === 1) damaged.push(new Uint8Array([...g.subarray(0, at), ...g.subarray(at + 1 + Math.floor(rnd() * 20))]));
      else damaged.push(g.slice(0, at));
    }
    expect(disagreements(damaged)).toEqual([]);
    // the same scans must have met every kind of syntax error
    const reasons = new Set(damaged.map((g) => trace(scanGame, g).error?.reason.replace(/'.'/, "'?'")).filter((r) => r !== undefined));
    expect([...reasons].sort()).toEqual([
      'bad NAG',
      'malformed tag pair',
      'tag pair after movetext',
      "unexpected '?'",
      'unterminated comment',
      'unterminated tag value',
      'unterminated variation',
    ]);
  });

  it('on games of more events than one call holds and larger than the memory, each followed by short games cut at their end', () => {
    const moves = Array.from({ length: 4000 }, (_, i) => `${i + 1}. Nf3 Nf6 2. Ng1 Ng8`).join(' ');
    const tags = Array.from({ length: 3500 }, (_, i) => `[T${i} "v${i}"]`).join('\n');
    const comment = `{ ${'x'.repeat(600_000)} }`;
    const variation = `( ${'e4 { a } '.repeat(50_000)} )`;
    const long = [
      `[Event "x"]\n\n${moves} 1-0`,
      `${tags}\n\n1. e4 *`,
      `[Event "x"]\n\n1. e4 ${comment} e5 ${variation} 2. Nf3 0-1`,
      `${tags}\n\n${moves}`,
    ];
    // short games, each whole then cut: the cut one stops where the whole one's bytes, still in the memory,
    // would complete a token
    const whole = [
      '1. exd6e.p. 1-0',
      '[Event "x"] 1. e4 *',
      '1. e4 {c} *',
      '1. e4 (e5) *',
      '1. e4 $1 *',
      '1/2-1/2',
      '1. e4 1-0',
      '[Event "x"]\n\n*',
    ];
    const cut = whole.flatMap((w, i) => [w, w.slice(0, [10, 9, 7, 7, 7, 6, 8, 10][i])]);
    const games = long.flatMap((g) => [g, ...cut]).map((t) => enc.encode(t));
    expect(disagreements(games)).toEqual([]);
    expect(trace(scanGame, games[0]).events.length / 3).toBeGreaterThan(16_000);
  });

  it('refuses to be called from inside a scan (its events would be overwritten)', () => {
    const game = enc.encode('1. e4 e5 *');
    const inner = (): ScanError | null => scanGame(game, { tag() {}, move() {}, result() {} });
    expect(() => scanGame(game, { tag() {}, move: () => void inner(), result() {} })).toThrow(/inside a scan/);
    expect(trace(scanGame, game).events).toEqual([1, 3, 5, 1, 6, 8, 2, 9, 10]); // and works after that
  });
});
