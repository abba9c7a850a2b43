import { describe, expect, it } from 'vitest';
import { readHeaders } from '../../src/pgn/headers.js';
import { decodeText, scanGame, tagValue, tokenizeMoves, type ScanError } from '../../src/pgn/movetext.js';
import { expectMainLineOfPgnParser, expectResultsEndGames, gamesOf, scanErrors } from '../helpers/movetext-files.js';

const utf8 = new TextEncoder();
const bytes = (text: string): Uint8Array => utf8.encode(text);

interface Scan {
  tags: Array<[string, string]>;
  moves: string[];
  result: string | null;
  error: ScanError | null;
}

function scan(text: string | Uint8Array): Scan {
  const b = typeof text === 'string' ? bytes(text) : text;
  const out: Scan = { tags: [], moves: [], result: null, error: null };
  out.error = scanGame(b, {
    tag(ns, ne, vs, ve) {
      out.tags.push([decodeText(b, ns, ne), tagValue(b, vs, ve)]);
    },
    move(s, e) {
      out.moves.push(decodeText(b, s, e));
    },
    result(s, e) {
      out.result = decodeText(b, s, e);
    },
  });
  return out;
}

describe('scanGame on hand-written movetext', () => {
  it('strips move numbers written with or without a space', () => {
    expect(tokenizeMoves(bytes('1.d4 Nf6 2.c4 e6'))).toEqual(['d4', 'Nf6', 'c4', 'e6']);
    expect(tokenizeMoves(bytes('1. e4 e5 2 Nf3 12...Nc6'))).toEqual(['e4', 'e5', 'Nf3', 'Nc6']);
    expect(tokenizeMoves(bytes('[FEN "x"]\n\n27... Rxd8 28. Qe2 ... Kf8 *'))).toEqual(['Rxd8', 'Qe2', 'Kf8']);
    expect(tokenizeMoves(bytes('1 . e4 1..e5 2.. Nf3. 2'))).toEqual(['e4', 'e5', 'Nf3']);
    expect(scan('1. e4 10-0').moves).toEqual(['e4', '10-0']); // digits then more: a symbol, not a number
  });

  it('finds the end of a comment at any length, wherever the game lies in its buffer', () => {
    for (let len = 0; len <= 80; len++) {
      for (const filler of ['x', '\u00e9', '|']) {
        const comment = filler.repeat(len).slice(0, len);
        const game = bytes(`1. e4 {${comment}} e5 {${comment}}`);
        for (const at of [0, 1, 3]) {
          const buffer = new Uint8Array(game.length + at + 3).fill(0x7d); // a } around the game is not its
          buffer.set(game, at);
          expect(tokenizeMoves(buffer.subarray(at, at + game.length)), `${len} ${filler} ${at}`).toEqual(['e4', 'e5']);
          expect(scan(buffer.subarray(at, at + game.length - 1)).error?.reason).toBe('unterminated comment');
        }
      }
    }
  });

  it('skips comments, variations, NAGs and detached glyphs; keeps suffixes', () => {
    const text =
      '1. e4 {c (x) } e5 (1... c5 2. Nf3 (2. c3 {no ) here}) {a)b} d6 ; (\n) 2. Nf3 $1 Nc6 $14 !? ' +
      '3. Bb5!? a6?! ; rest (\n4. Ba4\n% (escaped\n4... Nf6 *';
    expect(scan(text)).toEqual({
      tags: [],
      moves: ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5!?', 'a6?!', 'Ba4', 'Nf6'],
      result: '*',
      error: null,
    });
  });

  it('ends a comment at its first }, whatever it holds, and reads nothing inside line comments', () => {
    expect(tokenizeMoves(bytes('1. e4 { a { b } e5 {}Nf3 1...{x}Nc6 2.{[%clk 0:01:00]}Bb5'))).toEqual(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']);
    // braces do not nest and quotes do not protect a }: what follows the first } is movetext again
    expect(scan('1. e4 {say "}" here} e5').error).toEqual({ offset: 13, text: '"', reason: "unexpected '\"'", incomplete: false });
    expect(tokenizeMoves(bytes('1. e4 ; {x ( [y\r\ne5 ;}\n% {z\r% (\n2. Nf3 *'))).toEqual(['e4', 'e5', 'Nf3']);
    // % escapes a line only in column 0; elsewhere it is a symbol byte
    expect(scan('1. e4 %x e5').moves).toEqual(['e4', '%x', 'e5']);
    expect(scan('1. e4 $12 $3 e5!? !! 2... d4').moves).toEqual(['e4', 'e5!?', 'd4']);
  });

  it('keeps promotion, check, mate, castling and null-move tokens as written', () => {
    expect(tokenizeMoves(bytes('1. e8=Q+ O-O-O# 2. O-O 0-0 3. -- Z0 *'))).toEqual(['e8=Q+', 'O-O-O#', 'O-O', '0-0', '--', 'Z0']);
  });

  it('reads an en passant mark glued on or after a space as no part of the move', () => {
    expect(tokenizeMoves(bytes('1. e4 a6 2. e5 d5 3. exd6e.p. c6 4. d4 b5 5. dxc6 e.p. Kd7 *'))).toEqual([
      'e4',
      'a6',
      'e5',
      'd5',
      'exd6',
      'c6',
      'd4',
      'b5',
      'dxc6',
      'Kd7',
    ]);
    expect(tokenizeMoves(bytes('1. e4 e.p. {x} e5 e.p.'))).toEqual(['e4', 'e5']);
    // only the whole mark, ending there: anything else stays the move text it was
    expect(scan('1. exd6e.p.x').moves).toEqual(['exd6e', 'p', 'x']);
    expect(scan('1. exd6e.p c6').moves).toEqual(['exd6e', 'p', 'c6']);
    expect(scan('1. exd6ep c6').moves).toEqual(['exd6ep', 'c6']);
    expect(scan('1. exd6 e.p.x').moves).toEqual(['exd6', 'e', 'p', 'x']);
    // check and annotation signs may follow the mark, as some programs write them
    expect(tokenizeMoves(bytes('1. exd6e.p.+ Kd7 2. exd6 e.p.!? Kd7'))).toEqual(['exd6', 'Kd7', 'exd6', 'Kd7']);
  });

  it('reports each result with its byte range and stops there', () => {
    for (const result of ['1-0', '0-1', '1/2-1/2', '*']) {
      const text = `1. e4 e5 ${result}`;
      let range: [number, number] = [-1, -1];
      const error = scanGame(bytes(text), { tag() {}, move() {}, result: (s, e) => (range = [s, e]) });
      expect(error).toBeNull();
      expect(text.slice(...range)).toBe(result);
    }
    expect(scan('1. e4 1-0 2. d4').moves).toEqual(['e4']);
    expect(scan('1. e4 12.1-0').result).toBe('1-0');
    expect(scan('1. e4 e5').result).toBeNull();
  });

  it('reads tag pairs, before or after comments, with escapes and odd spacing', () => {
    const text = '{lead}\n[Event "a \\"b\\" \\\\ c"]\n[ Site  "x"  ] [Empty ""]\n[White ""Mirage""]\n1. e4 *';
    expect(scan(text).tags).toEqual([
      ['Event', 'a "b" \\ c'],
      ['Site', 'x'],
      ['Empty', ''],
      ['White', '"Mirage"'],
    ]);
  });

  it('stops when the sink says so', () => {
    const seen: string[] = [];
    const b = bytes('1. e4 e5 2. Nf3 {unterminated');
    const error = scanGame(b, {
      tag() {},
      move: (s, e) => {
        seen.push(decodeText(b, s, e));
        return seen.length < 2;
      },
      result() {},
    });
    expect(error).toBeNull();
    expect(seen).toEqual(['e4', 'e5']);
  });

  it('returns errors with the offset in the game, the text and a reason', () => {
    // incomplete: the game ends inside the construct (cut off), rather than holding a mistake
    const cases: Array<[string, number, string, string, boolean]> = [
      ['1. e4 {never closed', 6, '{never', 'unterminated comment', true],
      ['1. e4 (1. d4 {)} d5 *', 6, '(1.', 'unterminated variation', true],
      ['1. e4 e5 ) *', 9, ')', "unexpected ')'", false],
      ['1. e4 [Event "x"] *', 6, '[Event', 'tag pair after movetext', false],
      ['1. e4 $x *', 6, '$x', 'bad NAG', false],
      ['1. e4 $1-0', 6, '$1-0', 'bad NAG', false],
      ['[Event "x\n[Site "y"]\n*', 0, '[Event', 'unterminated tag value', false],
      ['[Event "x', 0, '[Event', 'unterminated tag value', true],
      ['[Site]\n*', 0, '[Site]', 'malformed tag pair', false],
      ['1. e4 }', 6, '}', "unexpected '}'", false],
    ];
    for (const [text, offset, errorText, reason, incomplete] of cases) {
      expect(scan(text).error, text).toEqual({ offset, text: errorText, reason, incomplete });
    }
    const long = scan(`{${'x'.repeat(100)}`).error;
    expect(long?.text.length).toBe(40);
    expect(() => tokenizeMoves(bytes('1. e4 )'))).toThrow("unexpected ')' at offset 6: )");
  });
});

describe('tag values and headers', () => {
  it('decodes UTF-8, and Latin-1 for the bytes that are not UTF-8', () => {
    const b = new Uint8Array([0x57, 0xe4, 0x6c, 0x20, 0xc3, 0xa9, 0x20, 0xe2, 0x80, 0x99, 0x20, 0x82, 0xf0, 0x9f, 0x98, 0x80]);
    expect(tagValue(b, 0, b.length)).toBe('Wäl é ’ \u0082😀');
    expect(tagValue(bytes('Quadros,Andr\u00e9'), 0, 14)).toBe('Quadros,André');
    // Truncated, overlong and surrogate sequences fall back byte by byte.
    const bad = new Uint8Array([0xc3, 0x41, 0xe0, 0x80, 0x80, 0xed, 0xa0, 0x80, 0xe2, 0x82]);
    expect(tagValue(bad, 0, bad.length)).toBe('\u00c3A\u00e0\u0080\u0080\u00ed\u00a0\u0080\u00e2\u0082');
  });

  it('decodes as the UTF-8 decoder does at every length, ASCII or not, inside a larger buffer', () => {
    const utf8 = new TextDecoder();
    for (let len = 0; len <= 70; len++) {
      const ascii = Array.from({ length: len }, (_, k) => 0x20 + ((k * 37 + len) % 95));
      for (const at of [-1, 0, len >> 1, len - 1]) {
        const text = ascii.slice();
        if (at >= 0 && len > 0) text[at] = 0xc3; // then 0xa9 below: é
        const b = new Uint8Array([0x41, ...text.flatMap((c, k) => (k === at ? [c, 0xa9] : [c])), 0x42]);
        expect(decodeText(b, 1, b.length - 1), `${len} ${at}`).toBe(utf8.decode(b.subarray(1, b.length - 1)));
      }
    }
  });

  it('readHeaders gives all tags in order, the first of repeated names, and FEN/SetUp/Variant', () => {
    const h = readHeaders(
      bytes('[Event "e"]\n[Variant "Chess960"]\n[SetUp "1"]\n[FEN "8/8/8/8/8/8/8/K1k5 w - - 0 1"]\n[Event "dup"]\n\n1. Kb2 [Late "no"] *'),
    );
    expect([...h.tags]).toEqual([
      ['Event', 'e'],
      ['Variant', 'Chess960'],
      ['SetUp', '1'],
      ['FEN', '8/8/8/8/8/8/8/K1k5 w - - 0 1'],
    ]);
    expect([h.fen, h.setUp, h.variant]).toEqual(['8/8/8/8/8/8/8/K1k5 w - - 0 1', '1', 'Chess960']);
    expect(readHeaders(bytes('1. e4 *'))).toEqual({ tags: new Map(), fen: undefined, setUp: undefined, variant: undefined });
  });

  it('falls back to Latin-1 in the corpus files that are not UTF-8', () => {
    const blacks = new Set(gamesOf('excerpts/pgnmentor-style-not-utf8.pgn').map((g) => readHeaders(g).tags.get('Black')));
    expect(blacks.has('Wälbers, W.')).toBe(true);
    // A CP437 é, read as Latin-1: the bytes are kept, not replaced.
    expect(blacks.has('Quadros,Andr\u0082')).toBe(true);
  });
});

describe('scanGame on real games', () => {
  it('gives as many moves as [PlyCount] in every lichess 2017-05 game', () => {
    const games = gamesOf('games/lichess-db-2017-05-no-event-tag-clocks.pgn');
    expect(games.length).toBe(298);
    for (const g of games) {
      const plies = Number(readHeaders(g).tags.get('PlyCount'));
      expect(tokenizeMoves(g).length).toBe(plies);
    }
  });

  it('scans every game of these files without error', () => {
    const files = [
      'games/twic-sample-232games.pgn',
      'excerpts/pgnmentor-style-not-utf8.pgn',
      'excerpts/lichess-jishanshaikh4-chess960.pgn.zst',
      'excerpts/lichess-DrNykterstein-DrDrunkenstein-first-400.pgn.zst',
      'fixtures/pgn/annotated.pgn',
      'fixtures/pgn/tricky/cr-only.pgn',
      'fixtures/pgn/tricky/null-move.pgn',
      'fixtures/pgn/tricky/escape-percent.pgn',
    ];
    for (const path of files) expect(scanErrors(path), path).toEqual([]);
  });

  it('agrees with the splitter: a result is the last thing in its game', () => {
    for (const path of [
      'games/lichess-db-2016-05-no-event-tag.pgn.zst',
      'excerpts/pgnmentor-style-two-blank-lines.pgn',
      'fixtures/pgn/annotated.pgn',
      'fixtures/pgn/tricky/errors.pgn',
      'fixtures/pgn/tricky/unterminated.pgn',
    ])
      expectResultsEndGames(path);
  });

  it('gives the same main line as pgn-parser for the games it parses', () => {
    for (const path of [
      'games/twic-sample-232games.pgn',
      'fixtures/pgn/annotated.pgn',
      'excerpts/lichess-DrNykterstein-DrDrunkenstein-first-400.pgn.zst',
    ]) {
      expectMainLineOfPgnParser(path);
    }
  });

  it('measures its speed', () => {
    const sink = { tag() {}, move() {}, result() {} };
    for (const path of ['games/lichess-db-2016-05-no-event-tag.pgn.zst', 'games/pgnmentor-style-Fischer.pgn']) {
      const games = gamesOf(path);
      const total = games.reduce((n, g) => n + g.length, 0);
      let best = Infinity;
      for (let round = 0; round < 5; round++) {
        const t0 = performance.now();
        for (const g of games) scanGame(g, sink);
        best = Math.min(best, performance.now() - t0);
      }
      console.log(`tokenizer: ${path}: ${(total / 1e3 / best).toFixed(0)} MB/s`);
    }
  });
});
