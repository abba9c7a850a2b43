import { describe, expect, it } from 'vitest';
import { GameSplitter } from '../../src/pgn/splitter.js';
import { readCorpusBytes as readCorpus } from '../helpers/corpus.js';
import { chunked, split, type Seen } from '../helpers/split-seen.js';

const utf8 = new TextEncoder();

// The tricky stream, as the games it must give and the bytes between them.
const PARTS: Array<['game' | 'gap', string]> = [
  ['gap', '\uFEFF% an escape line before anything, [Event "no"] 1-0\n'],
  [
    'game',
    '[Event "One"]\n[Site "x \\"quoted\\" ] y"]\n[White "Äé"]\n\n' +
      '{ A comment before move 1, with a blank line\n\n[Event "x"] ; ( 1-0 *\n}\n' +
      '1. e4 ; line comment 1-0 * [Event "y"]\n' +
      'e5 (1... c5 {var) 0-1 *} 2. Nf3 (2. d4 *) 1-0) 2. Nf3\n' +
      '% escaped [Event "z"] 1-0\n' +
      'Nc6\n\n3. Bb5 $1 a6 1/2-1/2',
  ],
  ['gap', ' '],
  // A comment after a result opens the next game; comments do not end a tag section.
  ['game', '{trailing comment}\n[Site "no event tag"]\n[Result "*"]\n\n1. d4 d5 *'],
  ['gap', '\n\n'],
  ['game', '1. c4 c5 2. Nc3 1-0'],
  ['gap', '\n'],
  ['game', '[Event "tag only 1"]\n[Round "1"]'],
  ['gap', '\n\n'],
  ['game', '[Event "tag only 2"]\n[Round "2"]'],
  ['gap', '\n\n'],
  ['game', '[Event "blank inside tags"]\n\n[Site "same game"]\n\n\n1. f4 e5 0-1'],
  ['gap', '\r\n\r\n'],
  ['game', '[Event "crlf"]\r\n[Site "?"]\r\n\r\n1.d4 Nf6 2.c4 e6\r\n\r\n1-0'],
  ['gap', '\r\n\r\n'],
  ['game', '[Event "no result"]\r\n\r\n1. e4 e5 ; no result'],
  ['gap', '\r\n'],
  ['game', '[Event "next"]\r\n1. d4 *'],
  ['gap', '\r\r'],
  ['game', '[Event "mac"]\r[Site "?"]\r\r1. e4 {multi\r\rline\r[Event "m"]} e5 0-1'],
  ['gap', '\r\r'],
  ['game', '[Event "mac tags"]'],
  ['gap', '\r\r'],
  ['game', '[Event "mac 2"]\r\r1. e4 *'],
  ['gap', '\r\n\uFEFF'],
  ['game', '[Event "bom again"]\n1. e4 1-0'],
  ['gap', '\n%[Event "escaped"] 1-0\n'],
  ['game', '[Event "1-0 in a tag"] [Result "1-0"]\n1. e4 {1-0} (1-0) 0-0 e5  [stray] 1/2 1-0x $1 *'],
  ['gap', '\n'],
  ['game', '[Event "last"]\n[Round "\\\\"]\n\n1. e4 e5'],
  ['gap', '\n\n'],
];

const TRICKY = utf8.encode(PARTS.map(([, text]) => text).join(''));

function expected(): Seen[] {
  const games: Seen[] = [];
  let offset = 0;
  for (const [kind, text] of PARTS) {
    const bytes = utf8.encode(text);
    if (kind === 'game') {
      games.push({ index: games.length, offset, text: Buffer.from(bytes).toString('latin1'), tooLarge: false });
    }
    offset += bytes.length;
  }
  return games;
}

describe('GameSplitter on a tricky stream', () => {
  const whole = split([TRICKY]);

  it('finds the games', () => {
    expect(whole).toEqual(expected());
  });

  it('gives the same games for every split into two chunks', () => {
    for (let p = 0; p <= TRICKY.length; p++) {
      const got = split([TRICKY.subarray(0, p), TRICKY.subarray(p)]);
      if (JSON.stringify(got) !== JSON.stringify(whole)) expect({ p, got }).toEqual({ p, got: whole });
    }
  });

  it('gives the same games one byte at a time and in random chunks', () => {
    expect(split(chunked(TRICKY, 1))).toEqual(whole);
    let seed = 12345;
    for (let round = 0; round < 200; round++) {
      const chunks: Uint8Array[] = [];
      for (let i = 0; i < TRICKY.length; ) {
        seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
        const size = seed % 23;
        chunks.push(TRICKY.subarray(i, i + size));
        i += size;
      }
      expect(split(chunks)).toEqual(whole);
    }
  });

  it('marks games over maxGameBytes and keeps going, whatever the chunking', () => {
    const max = 60;
    const limited = split([TRICKY], { maxGameBytes: max });
    expect(limited).toEqual(whole.map((g) => (g.text.length > max ? { ...g, text: '', tooLarge: true } : g)));
    expect(limited.filter((g) => g.tooLarge).length).toBeGreaterThan(3);
    for (let p = 0; p <= TRICKY.length; p++) {
      const got = split([TRICKY.subarray(0, p), TRICKY.subarray(p)], { maxGameBytes: max });
      if (JSON.stringify(got) !== JSON.stringify(limited)) expect({ p, got }).toEqual({ p, got: limited });
    }
    expect(split(chunked(TRICKY, 1), { maxGameBytes: max })).toEqual(limited);
  });
});

describe('GameSplitter on random streams', () => {
  const PIECES = [
    '[Event "x"]',
    '[Site "a\\"b"]',
    '[Event "y"]\n',
    '[',
    ']',
    '"',
    '\\',
    '{',
    '}',
    '(',
    ')',
    ';',
    '%',
    '1-0',
    '0-1',
    '1/2-1/2',
    '*',
    ' ',
    ' ',
    ' ',
    '\n',
    '\n',
    '\n\n',
    '\r\n',
    '\r',
    '\uFEFF',
    'e4',
    'Nf3',
    '12.',
    '1...',
    '$1',
    '-',
    '1',
    '0',
    '/',
    '2',
    'x',
  ];

  it('gives the same games whatever the chunking', () => {
    let seed = 2024;
    const next = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    for (let round = 0; round < 300; round++) {
      let text = '';
      for (let k = next(300); k > 0; k--) text += PIECES[next(PIECES.length)];
      const input = utf8.encode(text);
      for (const opts of [{}, { maxGameBytes: 20 }]) {
        const whole = split([input], opts);
        expect(split(chunked(input, 1), opts), text).toEqual(whole);
        const chunks: Uint8Array[] = [];
        for (let i = 0; i < input.length; ) {
          const size = next(18);
          chunks.push(input.subarray(i, i + size));
          i += size;
        }
        expect(split(chunks, opts), text).toEqual(whole);
      }
    }
  });
});

describe('GameSplitter edge cases', () => {
  const games = (text: string): string[] => split([utf8.encode(text)]).map((g) => g.text);

  it('gives nothing for empty, blank or comment-only input', () => {
    expect(games('')).toEqual([]);
    expect(games(' \r\n\t\n')).toEqual([]);
    expect(games('\uFEFF')).toEqual([]);
    expect(games('{just a comment}\n; and a line comment\n% and an escape\n')).toEqual([]);
  });

  it('handles streams shorter than its look-around', () => {
    expect(games('e4')).toEqual(['e4']);
    expect(games('*')).toEqual(['*']);
    expect(games('[A "b"]')).toEqual(['[A "b"]']);
    expect(games('1. e4 {x')).toEqual(['1. e4 {x']);
    expect(games('1-0 0-1')).toEqual(['1-0', '0-1']);
  });

  it('compares a tag name only if it ends near its [', () => {
    const text = `[Event "a"]\n\n[${' '.repeat(300)}Event "b"]\n1. e4 *`;
    const input = utf8.encode(text);
    for (const size of [input.length, 1, 7, 64]) expect(split(chunked(input, size)).map((g) => g.text)).toEqual([text]);
    expect(games('[Event "a"]\n\n[ Event "b"]\n1. e4 *')).toEqual(['[Event "a"]', '[ Event "b"]\n1. e4 *']);
  });

  it('lets an unterminated comment run to the end of the stream', () => {
    expect(games('[Event "a"]\n1. e4 {open\n\n[Event "b"]\n1. d4 *\n')).toEqual(['[Event "a"]\n1. e4 {open\n\n[Event "b"]\n1. d4 *']);
  });

  it('resynchronises at the end of a line after an unterminated tag value', () => {
    expect(games('[Event "a]\n[Site "b"]\n1. e4 *\n[Event "c"]\n1. d4 *')).toEqual([
      '[Event "a]\n[Site "b"]\n1. e4 *',
      '[Event "c"]\n1. d4 *',
    ]);
  });

  it('ends a game at a tag section after movetext even inside an open variation', () => {
    expect(games('1. e4 (1. d4 d5\n\n[Event "b"]\n1. c4 *')).toEqual(['1. e4 (1. d4 d5', '[Event "b"]\n1. c4 *']);
  });

  it('only ends a game at a result that stands alone', () => {
    expect(games('1. e4 e5 21-0 1-0x x1-0 0-0 --0 1/2-1/2x 1/2 *')).toEqual(['1. e4 e5 21-0 1-0x x1-0 0-0 --0 1/2-1/2x 1/2 *']);
    expect(games('1. e4 e5 12.1-0 {after}')).toEqual(['1. e4 e5 12.1-0']);
  });

  it('keeps a % that is not in column 0 as movetext', () => {
    expect(games('1. e4 %x 1-0\n[Event "b"] *')).toEqual(['1. e4 %x 1-0', '[Event "b"] *']);
  });
});

describe('GameSplitter on real games', () => {
  const cases: Array<[string, number]> = [
    ['games/lichess-db-2016-05-no-event-tag.pgn.zst', 4798],
    ['games/pgnmentor-style-Fischer.pgn', 827],
    ['games/twic-sample-232games.pgn', 232],
    ['tricky/scalachess/FWWRC.pgn', 605],
    ['tricky/scalachess/uzchesscup.pgn', 45],
    ['fixtures/pgn/tricky/empty-line-in-tags.pgn', 2],
    ['fixtures/pgn/tricky/cr-only.pgn', 2],
    ['fixtures/pgn/tricky/bom-crlf.pgn', 2],
    ['fixtures/pgn/tricky/escape-percent.pgn', 2],
  ];

  for (const [path, count] of cases) {
    it(`${path}: ${count} games, the same in 4096- and 7-byte chunks`, () => {
      const bytes = readCorpus(path);
      const whole = split([bytes]);
      expect(whole.length).toBe(count);
      expect(whole.every((g) => !g.tooLarge && g.text.length > 0)).toBe(true);
      expect(split(chunked(bytes, 4096))).toEqual(whole);
      expect(split(chunked(bytes, 7))).toEqual(whole);
    });
  }

  it('counts one game per [Event tag line in the pgnmentor games with two blank lines before their movetext', () => {
    // the 7 such games of the pgnmentor files, each with the games beside it (the whole files: splitter.corpus.test.ts)
    const bytes = readCorpus('excerpts/pgnmentor-style-two-blank-lines.pgn');
    expect(
      Buffer.from(bytes)
        .toString('latin1')
        .match(/\]\r\n\r\n\r\n/g)?.length,
    ).toBe(7);
    expect(split([bytes]).length).toBe(
      Buffer.from(bytes)
        .toString('latin1')
        .match(/^\[Event /gm)?.length,
    );
    expect(split([bytes]).length).toBe(19);
  });

  it('measures its speed', () => {
    for (const path of ['games/lichess-db-2016-05-no-event-tag.pgn.zst', 'games/pgnmentor-style-Fischer.pgn']) {
      const bytes = readCorpus(path);
      const chunks = chunked(bytes, 1 << 16);
      let best = Infinity;
      for (let round = 0; round < 5; round++) {
        const t0 = performance.now();
        let n = 0;
        const splitter = new GameSplitter();
        for (const c of chunks) splitter.push(c, () => n++);
        splitter.end(() => n++);
        best = Math.min(best, performance.now() - t0);
      }
      console.log(`splitter: ${path}: ${(bytes.length / 1e3 / best).toFixed(0)} MB/s`);
    }
  });
});
