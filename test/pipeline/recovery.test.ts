// docs/design.md §7: no valid game is lost to a broken neighbour. A game cut off inside a comment swallows
// the games after it until the splitter finds the comment's end; a rejected game whose bytes hold
// another tag section is split again there, and game numbers count the recovered games.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, XrayError, type GameError, type PositionRecord } from '../../src/index.js';
import { runCli } from '../helpers/cli.js';
import { readCorpusBytes, splitGames } from '../helpers/corpus.js';
import { random01 } from '../helpers/random.js';
import { tempDir } from '../helpers/temp.js';

const latin1 = new TextDecoder('latin1');

/** The records and rejections of the text; binary bytes in it (a junk control byte) are reported at the end, after every record. */
async function records(pgn: string): Promise<{ records: PositionRecord[]; errors: GameError[] }> {
  const errors: GameError[] = [];
  const out: PositionRecord[] = [];
  try {
    for await (const r of analyze({ pgn }, { allPositions: true, threads: 2, onReject: (e) => errors.push(e) })) out.push(r);
  } catch (e) {
    if (!(e instanceof XrayError && e.kind === 'input-corrupt' && errors.some((g) => g.kind === 'binary'))) throw e;
  }
  return { records: out, errors };
}

/** The records of each game, without its number: what must survive whatever surrounds the game. */
function byGame(rs: PositionRecord[]): Map<number, string[]> {
  const m = new Map<number, string[]>();
  for (const r of rs) {
    const { game, ...rest } = r;
    if (!m.has(game)) m.set(game, []);
    m.get(game)!.push(JSON.stringify(rest));
  }
  return m;
}

describe('recovery of the games a broken game swallowed', () => {
  it("the issue's repro: A cut inside a comment is rejected, B and C are analysed as games 2 and 3", async () => {
    const input =
      '[Event "A"]\n\n1. e4 { [%clk 0:01\n\n[Event "B"]\n\n1. d4 { ok } d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 *\n\n[Event "C"]\n\n1. e4 e5 *\n';
    const errors = join(tempDir('recovery'), 'errors.jsonl');
    const r = await runCli(['-', '--all-positions', '-q', '--errors', errors], { stdin: input });
    expect(r.code, r.stderr).toBe(0);
    const rs = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as PositionRecord);
    expect(rs.filter((x) => x.game === 2).map((x) => x.move)).toEqual(['d4', 'd5', 'c4', 'e6', 'Nc3', 'Nf6', 'Bg5', 'Be7', null]);
    expect(rs.filter((x) => x.game === 3).map((x) => x.move)).toEqual(['e4', 'e5', null]);
    expect(rs.some((x) => x.game === 1)).toBe(false);
    const err = JSON.parse(readFileSync(errors, 'utf8').trim()) as GameError;
    expect(err).toMatchObject({ game: 1, offset: 0, kind: 'incomplete' });
    expect(input.slice(input.indexOf('[Event "B"]'))).toContain('1. d4');
  });

  it('a valid game whose comment quotes a tag pair stays one game', async () => {
    const input = '[Event "A"]\n\n1. e4 { see\n[Event "x"]\nin the notes } e5 2. Nf3 *\n';
    const { records: rs, errors } = await records(input);
    expect(errors).toEqual([]);
    expect(rs.map((x) => [x.game, x.move])).toEqual([
      [1, 'e4'],
      [1, 'e5'],
      [1, 'Nf3'],
      [1, null],
    ]);
  });

  it('the next [Event glued onto the last line of a broken game starts the next game', async () => {
    const input = '[Event "A"]\n\n1. e4 { cut off 1-0[Event "B"]\n[Site "b"]\n\n1. d4 d5 *\n';
    const { records: rs, errors } = await records(input);
    expect(errors.map((e) => e.game)).toEqual([1]);
    expect(rs.map((x) => [x.game, x.move])).toEqual([
      [2, 'd4'],
      [2, 'd5'],
      [2, null],
    ]);
  });

  it('every 7th game cut inside a comment: every other game is analysed, with the same records', async () => {
    const games = splitGames(readCorpusBytes('games/lichess-db-2017-05-no-event-tag-clocks.pgn')).map((g) => latin1.decode(g.bytes));
    const good: string[] = [];
    let lastGood = 0;
    const garbled = games.map((g, i) => {
      if (i % 7 !== 3) {
        good.push(g);
        lastGood = i + 1;
        return g;
      }
      return g.slice(0, g.indexOf('{', g.indexOf('\n1.')) + 4); // cut inside the first comment
    });
    const clean = byGame((await records(good.join('\n\n') + '\n')).records);
    const broken = await records(garbled.join('\n\n') + '\n');
    expect(broken.errors.length).toBe(games.length - good.length);
    expect(broken.errors.every((e) => e.kind === 'incomplete')).toBe(true);
    const got = byGame(broken.records);
    expect(got.size).toBe(clean.size);
    expect([...got.values()]).toEqual([...clean.values()]);
    // numbers count every game, rejected ones included
    const numbers = [...got.keys()];
    expect(numbers[numbers.length - 1]).toBe(lastGood);
  });

  it('property: garbage of any kind between good games never loses a good game', async () => {
    const games = splitGames(readCorpusBytes('games/mliebelt-32games.pgn'))
      .map((g) => latin1.decode(g.bytes))
      .slice(0, 12);
    const clean = [...byGame((await records(games.join('\n\n') + '\n')).records).values()];
    const rnd = random01(7);
    const junk = [
      '{ unterminated',
      '(',
      '( 1. e4 {',
      '[Event "',
      '[Site "x"]',
      '1. e4 {',
      ';',
      '%',
      '}',
      ')',
      '$',
      '1-0',
      '\u0001\u0002',
      '{ [%clk 0:01',
    ];
    for (let trial = 0; trial < 12; trial++) {
      const at = 1 + Math.floor(rnd() * (games.length - 1));
      let garbage = '';
      for (let k = 0, n = 1 + Math.floor(rnd() * 4); k < n; k++)
        garbage += junk[Math.floor(rnd() * junk.length)] + (rnd() < 0.5 ? '\n' : ' ');
      const input = [...games.slice(0, at), garbage, ...games.slice(at)].join('\n\n') + '\n';
      const got = [...byGame((await records(input)).records).values()];
      // every good game's records appear, in order, whatever was made of the garbage
      let i = 0;
      for (const g of got) if (i < clean.length && JSON.stringify(g) === JSON.stringify(clean[i])) i++;
      expect(i, `trial ${trial}: garbage ${JSON.stringify(garbage)} before game ${at + 1}`).toBe(clean.length);
    }
  });
});
