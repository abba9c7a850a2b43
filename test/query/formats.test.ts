// --where with every format and the library, on real games with clock comments and on games with
// variations: the same positions whatever the format; statistics still count every position; -f pgn writes
// exactly the games holding a matching position, whole, commented at the matching positions only, and
// both this tool and chess.js read those games back with the same moves.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { analyze } from '../../src/index.js';
import { decodeText } from '../../src/pgn/movetext.js';
import { runCli } from '../helpers/cli.js';
import { corpusPath, splitGames } from '../helpers/corpus.js';
import { chessJsMoves } from '../helpers/pgn-readers.js';
import { tempDir } from '../helpers/temp.js';

const INPUTS = [corpusPath('games/lichess-db-2017-05-no-event-tag-clocks.pgn'), corpusPath('games/mliebelt-32games.pgn')];
const WHERE = 'skewer.absolute or played.doubleCheck or (xray[back=Q] and ply > 30)';

interface Rec {
  game: number;
  ply: number;
  move: string | null;
  motifs: unknown[];
  played: string[];
}

const parse = (jsonl: string): Rec[] =>
  jsonl
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Rec);
const key = (r: { game: number; ply: number }): string => `${r.game}:${r.ply}`;

/** Each game's text, in input order over the inputs (game numbers count from 1). */
function inputGames(): string[] {
  return INPUTS.flatMap((f) => splitGames(readFileSync(f)).map((g) => decodeText(g.bytes, 0, g.bytes.length)));
}

describe('--where with every format', () => {
  let kept: Rec[] = [];
  let games: number[] = [];

  beforeAll(async () => {
    const r = await runCli([...INPUTS, '--where', WHERE, '-q']);
    expect(r.code, r.stderr).toBe(0);
    kept = parse(r.stdout);
    games = [...new Set(kept.map((k) => k.game))];
    expect(kept.length).toBeGreaterThan(20);
    expect(games.length).toBeGreaterThan(10);
    expect(games.length).toBeLessThan(inputGames().length / 2);
  });

  it('CSV and EPD write the same positions; -f none --stats counts the matches and what was analysed', async () => {
    const csv = await runCli([...INPUTS, '--where', WHERE, '-f', 'csv', '-q']);
    const rows = csv.stdout
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(',').slice(0, 2).join(':'));
    expect([...new Set(rows)]).toEqual(kept.map(key));
    const epd = await runCli([...INPUTS, '--where', WHERE, '-f', 'epd', '-q']);
    const ids = [...epd.stdout.matchAll(/id "game (\d+) ply (\d+)"/g)].map((m) => `${m[1]}:${m[2]}`);
    expect(ids).toEqual(kept.map(key));
    const dir = tempDir('where');
    for (const [name, extra] of [
      ['with', ['--where', WHERE]],
      ['without', []],
    ] as const) {
      const r = await runCli([...INPUTS, '-f', 'none', '-q', '--stats', join(dir, `${name}.json`), ...extra]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe('');
    }
    type Counts = { games: number; positions: number; where?: { query: string; games: number; positions: number } };
    const stats = (name: string): Counts => JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8')) as Counts;
    const all = stats('without');
    expect(stats('with')).toMatchObject({
      games: games.length,
      positions: kept.length,
      where: { query: WHERE, games: all.games, positions: all.positions },
    });
    expect(all.where).toBeUndefined();
  });

  it('the library yields the same positions', async () => {
    const got: string[] = [];
    for await (const rec of analyze(INPUTS, { where: WHERE, threads: 2 })) got.push(key(rec));
    expect(got).toEqual(kept.map(key));
    await expect(analyze(INPUTS, { where: 'pin[' }).next()).rejects.toBeInstanceOf(UsageError);
  });

  it('-f pgn writes the matching games whole, commented at the matching positions only', async () => {
    const r = await runCli([...INPUTS, '--where', WHERE, '-f', 'pgn', '-q']);
    expect(r.code, r.stderr).toBe(0);
    const out = splitGames(new TextEncoder().encode(r.stdout)).map((g) => decodeText(g.bytes, 0, g.bytes.length));
    expect(out.length).toBe(games.length);
    // chess.js reads each written game with the moves of the input game
    const input = inputGames();
    out.forEach((text, k) => {
      const moves = chessJsMoves(text);
      expect(moves, text).not.toBeNull();
      expect(moves).toEqual(chessJsMoves(input[games[k] - 1]));
    });
    // the comments hold the records and played tags of the matching positions, nothing more
    const entries = (command: string): number =>
      [...r.stdout.matchAll(new RegExp(`\\[%${command} ([^\\]]*)\\]`, 'g'))].reduce((n, m) => n + m[1].split(',').length, 0);
    expect(entries('xray')).toBe(kept.reduce((n, k) => n + k.motifs.length, 0));
    expect(entries('played')).toBe(kept.reduce((n, k) => n + k.played.length, 0));
  });

  it('this tool reads the written games back with the same moves and the same matching positions', async () => {
    const dir = tempDir('where');
    const file = join(dir, 'matching.pgn');
    writeFileSync(file, (await runCli([...INPUTS, '--where', WHERE, '-f', 'pgn', '-q'])).stdout);
    const renumber = (recs: Rec[]): Rec[] => recs.map((rec) => ({ ...rec, game: games[rec.game - 1] }));
    const again = await runCli([file, '--where', WHERE, '-q']);
    expect(renumber(parse(again.stdout))).toEqual(kept);
    const allBack = renumber(parse((await runCli([file, '--all-positions', '-q'])).stdout));
    const allIn = parse((await runCli([...INPUTS, '--all-positions', '-q'])).stdout).filter((rec) => games.includes(rec.game));
    expect(allBack.map((rec) => [key(rec), rec.move])).toEqual(allIn.map((rec) => [key(rec), rec.move]));
  });
});
