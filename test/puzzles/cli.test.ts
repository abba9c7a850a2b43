// `pgn-xray puzzles` end to end with the real engine on real lichess puzzles (each a game: the position
// before the opponent's move, that move, lichess's solution): every emitted puzzle replays legally from its
// FEN in chess.js, its first move is the game's move into the puzzle position, its themes are what our tags
// say, the CSV has the lichess columns; the other formats read back; a broken game is reported and skipped;
// an engine that crashes costs its candidates, not the run.
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Chess } from 'chess.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { puzzleThemes } from '../../src/puzzles/puzzle-themes.js';
import { ENGINE_MODEL, RATING_MAX, RATING_MIN, STATIC_MODEL } from '../../src/puzzles/rating.js';
import { ROOT, runCli } from '../helpers/cli.js';
import { readCorpusBytes, splitGames } from '../helpers/corpus.js';
import { readCsv } from '../helpers/csv.js';
import { stockfishOrSkip } from '../helpers/stockfish.js';
import { tempDir } from '../helpers/temp.js';

const HEADER = ['PuzzleId', 'FEN', 'Moves', 'Rating', 'RatingDeviation', 'Popularity', 'NbPlays', 'Themes', 'GameUrl', 'OpeningTags'];
const GAMES = 30;
const BROKEN = 7; // this game (1-based) gets an illegal move
const FAST = ['--nodes', '60000', '--probe-nodes', '15000', '--engine-procs', '2', '-q'];
const engine = stockfishOrSkip('puzzles CLI tests');
const dir = tempDir('puzzles');
const input = join(dir, 'puzzles.pgn');
/** The games as written, for replaying each puzzle's game with chess.js. */
let texts: string[] = [];

/** The game's first `plies` moves played by chess.js from its [FEN] (the game's own text, apart from our core). */
function gameAt(text: string, plies: number): { fen: string; next: string } {
  const whole = new Chess();
  whole.loadPgn(text);
  const moves = whole.history({ verbose: true });
  const board = new Chess(whole.getHeaders().FEN);
  for (let i = 0; i < plies; i++) board.move(moves[i].san);
  const m = moves[plies];
  return { fen: board.fen(), next: m.from + m.to + (m.promotion ?? '') };
}

/** Plays UCI moves from a FEN with chess.js; throws on an illegal one. */
function play(fen: string, uci: string[]): Chess {
  const c = new Chess(fen);
  for (const u of uci) c.move({ from: u.slice(0, 2), to: u.slice(2, 4), promotion: u[4] });
  return c;
}

/** The row's Rating is an integer within the rating's bounds, its RatingDeviation the model's. */
function expectRated(row: string[], deviation: number): void {
  expect(row[3], row[0]).toMatch(/^\d+$/);
  expect(Number(row[3])).toBeGreaterThanOrEqual(RATING_MIN);
  expect(Number(row[3])).toBeLessThanOrEqual(RATING_MAX);
  expect(row[4], row[0]).toBe(String(deviation));
}

const fenKey = (fen: string): string => fen.split(' ').slice(0, 4).join(' ');

describe.skipIf(engine === null)('pgn-xray puzzles', () => {
  let rows: string[][] = [];
  let summary: { puzzles: number; candidates: number; rejected: number; games: number; engine: { calls: number } };

  beforeAll(async () => {
    const games = splitGames(readCorpusBytes('excerpts/lichess-puzzles-42k-themed-first-200.pgn'), GAMES).map((g) =>
      Buffer.from(g.bytes).toString('latin1'),
    );
    games[BROKEN - 1] = games[BROKEN - 1].replace(/\n\n(\d+\.+ ?)?\S+/, '\n\n$1Ke9'); // its first move is now illegal
    texts = games;
    writeFileSync(input, games.join('\n\n'));
    const r = await runCli([
      'puzzles',
      input,
      '-o',
      join(dir, 'out.csv'),
      '--summary',
      join(dir, 's.json'),
      '--errors',
      join(dir, 'e.jsonl'),
      ...FAST,
    ]);
    expect(r.code, r.stderr).toBe(0);
    rows = readCsv(readFileSync(join(dir, 'out.csv'), 'utf8'));
    summary = JSON.parse(readFileSync(join(dir, 's.json'), 'utf8'));
  });

  it('writes the lichess CSV columns, one row per puzzle, counted in the summary', () => {
    expect(rows[0]).toEqual(HEADER);
    expect(rows.length - 1).toBe(summary.puzzles);
    expect(summary.puzzles).toBeGreaterThan(GAMES / 3);
    expect(summary.engine.calls).toBeGreaterThan(summary.puzzles);
  });

  it('rates every puzzle: an integer Rating on lichess’s scale, the engine model’s RatingDeviation', () => {
    for (const r of rows.slice(1)) expectRated(r, ENGINE_MODEL.deviation);
    expect(new Set(rows.slice(1).map((r) => r[3])).size).toBeGreaterThan(3); // the ratings tell puzzles apart
  });

  it('replays every puzzle legally from its FEN, the first move being the game’s move into it, ending on a solver move', () => {
    for (const r of rows.slice(1)) {
      const [id, fen, moves] = r;
      const [, game, ply] = /^g(\d+)p(\d+)$/.exec(id)!.map(Number);
      const at = gameAt(texts[game - 1], ply - 1);
      expect(fenKey(fen), id).toBe(fenKey(at.fen));
      const uci = moves.split(' ');
      expect(uci[0], id).toBe(at.next);
      expect(uci.length % 2, id).toBe(0); // the setup move, then an odd solution
      expect(() => play(fen, uci), id).not.toThrow();
    }
  });

  it('gives each puzzle the themes our tags give its line', () => {
    for (const r of rows.slice(1)) {
      const themes = r[7].split(' ');
      const mate = themes.find((t) => /^mateIn\d$/.test(t));
      const cp = themes.includes('crushing') ? 600 : themes.includes('advantage') ? 200 : 0;
      const expected = puzzleThemes({ fenBefore: r[1], moves: r[2].split(' '), mateIn: mate ? Number(mate.slice(6)) : null, cp });
      expect(
        themes.filter((t) => !/^mate/.test(t)),
        r[0],
      ).toEqual(expected.filter((t) => !/^mate/.test(t)));
    }
  });

  it('finds lichess’s own puzzle at ply 1 with lichess’s first move in a good share of games', () => {
    let same = 0;
    for (const r of rows.slice(1)) {
      const [, game, ply] = /^g(\d+)p(\d+)$/.exec(r[0])!.map(Number);
      if (ply === 1 && r[2].split(' ')[1] === gameAt(texts[game - 1], 1).next) same++;
    }
    expect(same).toBeGreaterThanOrEqual(GAMES / 5); // 8 of 30 measured at these small node counts (52% at 100k nodes, puzzle-recall)
  });

  it('reports the broken game and goes on with the others', () => {
    const errors = readFileSync(join(dir, 'e.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(errors.map((e) => e.game)).toEqual([BROKEN]);
    expect(summary.rejected).toBe(1);
    expect(summary.games).toBe(GAMES - 1);
    expect(rows.slice(1).some((r) => r[0].startsWith(`g${BROKEN}p`))).toBe(false);
    expect(rows.slice(1).some((r) => Number(/^g(\d+)/.exec(r[0])![1]) > BROKEN)).toBe(true);
  });

  it('writes PGN that chess.js reads with the same moves, and EPD whose bm is legal', async () => {
    const pgn = await runCli(['puzzles', input, '-f', 'pgn', '--max-puzzles', '4', ...FAST]);
    expect(pgn.code, pgn.stderr).toBe(0);
    const games = pgn.stdout.trim().split(/\n\n(?=\[Event)/);
    expect(games).toHaveLength(4);
    for (const g of games) {
      const c = new Chess();
      c.loadPgn(g);
      const h = c.getHeaders();
      expect(h.SetUp).toBe('1');
      const row = rows.find((r) => r[0] === h.PuzzleId)!;
      expect(c.history({ verbose: true }).map((m) => m.lan)).toEqual(row[2].split(' '));
    }
    const epd = await runCli(['puzzles', input, '-f', 'epd', '--max-puzzles', '4', ...FAST]);
    expect(epd.code, epd.stderr).toBe(0);
    const lines = epd.stdout.trim().split('\n');
    expect(lines).toHaveLength(4);
    for (const l of lines) {
      const fen = l.split(' ').slice(0, 4).join(' ');
      const bm = /\bbm ([^;]+);/.exec(l)![1];
      expect(() => new Chess(`${fen} 0 1`).move(bm), l).not.toThrow();
    }
  });

  it('stops at --max-puzzles, the output ending at a whole puzzle', async () => {
    const r = await runCli(['puzzles', input, '--max-puzzles', '3', ...FAST]);
    expect(r.code, r.stderr).toBe(0);
    const got = readCsv(r.stdout);
    expect(got).toHaveLength(4);
    expect(got.slice(1)).toEqual(rows.slice(1, 4));
  });

  it('writes stage 1’s puzzles unverified with --engine none', async () => {
    const r = await runCli(['puzzles', input, '--engine', 'none', '-q']);
    expect(r.code, r.stderr).toBe(0);
    const got = readCsv(r.stdout).slice(1);
    expect(got.length).toBeGreaterThan(GAMES / 2);
    for (const row of got) {
      expect(row[7].split(' ')).toContain('unverified');
      expect(row[2].split(' ')).toHaveLength(2);
      expect(() => play(row[1], row[2].split(' ')), row[0]).not.toThrow();
      expectRated(row, STATIC_MODEL.deviation);
    }
  });

  it('drops the candidates of an engine that crashes on every search, then stops the run (exit 1) and says so', async () => {
    const fake = join(dir, 'crashing-engine');
    writeFileSync(fake, `#!/bin/sh\nexec "${process.execPath}" "${join(ROOT, 'dist/test/helpers/fake-uci.js')}" crash\n`);
    chmodSync(fake, 0o755);
    const r = await runCli([
      'puzzles',
      input,
      '--engine',
      fake,
      '--summary',
      join(dir, 'crash.json'),
      '--engine-procs',
      '1',
      '--max-puzzles',
      '1',
      '-q',
    ]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/^pgn-xray: the engine failed on 3 candidates in a row; the run stops\. Last: .*exited with code 3/);
    const s = JSON.parse(readFileSync(join(dir, 'crash.json'), 'utf8'));
    expect(s.puzzles).toBe(0);
    expect(s.dropped.engineError).toBe(3);
  });

  it('refuses a missing engine and an output that is the input, before reading (exit 2)', async () => {
    const missing = await runCli(['puzzles', input, '--engine', join(dir, 'no-such-engine')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim().split('\n')[0]).toMatch(/^pgn-xray: .*no-such-engine/);
    const same = await runCli(['puzzles', input, '-o', input]);
    expect(same.code).toBe(2);
    expect(readFileSync(input, 'latin1')).toBe(texts.join('\n\n'));
  });
});
