// swallowedGame (src/pgn/recover.ts) against the version before its memchr search, kept here as the
// oracle: every `[` after the tag section, in order, kept when a line end comes before it and the lines
// from it start a whole game. The same answer on corpus games and on games with other games, line ends
// and brackets spliced in, for every kind of line end and any start of the search.
import { describe, expect, it } from 'vitest';
import { swallowedGame } from '../../src/pgn/recover.js';
import { readCorpusBytes, splitGames } from '../helpers/corpus.js';
import { mulberry32 } from '../helpers/random.js';

const latin1 = new TextDecoder('latin1');
const TAG_PAIR = String.raw`\[[A-Za-z0-9_+#=:-]+[ \t]+"(?:[^"\\\r\n]|\\.)*"[ \t]*\]`;
const TAG_LINE = new RegExp(String.raw`^[ \t]*${TAG_PAIR}[ \t]*$`);

function gameStartsAt(text: string, at: number): boolean {
  const lines = text.slice(at, at + 4096).split(/\r?\n/);
  let k = 0;
  while (k < lines.length && TAG_LINE.test(lines[k])) k++;
  if (k === 0 || k >= lines.length - 1 || lines[k].trim() !== '') return false;
  while (k < lines.length && lines[k].trim() === '') k++;
  return k < lines.length && /^\s*(\d+\.|[a-hNBRQKO]|\*|1-0|0-1|1\/2)/.test(lines[k]);
}

function oracle(bytes: Uint8Array, tagsEnd: number): number {
  const text = latin1.decode(bytes);
  for (let i = bytes.indexOf(0x5b, tagsEnd); i >= 0; i = bytes.indexOf(0x5b, i + 1)) {
    if ((bytes[i - 1] === 0x0a || bytes[i - 1] === 0x0d) && gameStartsAt(text, i)) return i;
  }
  return -1;
}

const utf8 = new TextEncoder();
const SPLICES = [
  '\n[Event "x"]\n[Site "y"]\n\n1. e4 e5 *\n',
  '\r\n[Event "x"]\r\n\r\n1. d4 *',
  '\r[Event "x"]\r\r1. c4 *',
  '\n[',
  '\r[',
  '\n',
  '\r',
  '[Event "x"]\n\n1. e4',
  '\n[Event "x"]\n1. e4',
  '\n[%clk 0:01:00]\n\n1. e4',
  '{\n[Event "q"]\n\n1. e4 }',
].map((s) => utf8.encode(s));

describe('swallowedGame', () => {
  it('gives what the byte-by-byte search gave, on corpus games and on games with things spliced in', () => {
    const next = mulberry32(5);
    const games = [
      'games/lichess-db-2017-05-no-event-tag-clocks.pgn',
      'games/pgnmentor-style-Fischer.pgn',
      'fixtures/pgn/tricky/cr-only.pgn',
      'games/twic-sample-232games.pgn',
    ].flatMap((f) => splitGames(readCorpusBytes(f)).map((g) => g.bytes));
    let found = 0;
    for (let round = 0; round < 6000; round++) {
      let bytes = games[next() % games.length];
      for (let k = next() % 4; k > 0; k--) {
        const at = next() % (bytes.length + 1);
        bytes = Buffer.concat([bytes.subarray(0, at), SPLICES[next() % SPLICES.length], bytes.subarray(at)]);
      }
      const tagsEnd = next() % 3 === 0 ? 0 : next() % (bytes.length + 2);
      const want = oracle(bytes, tagsEnd);
      if (want >= 0) found++;
      expect(swallowedGame(bytes, tagsEnd), `round ${round}`).toBe(want);
    }
    expect(found).toBeGreaterThan(500);
  });
});
