// Chess960 puzzles, on six real lichess Chess960 games (fixtures/puzzles/chess960-6.pgn) whose candidates
// have castling with the king off the e-file as their setup move. The run used to die on the first one
// ("puzzle move 1 "b8a8" is not legal after rk4rb/… b kq"): the FEN carried its rights as X-FEN `kq`, read
// back as standard chess. Oracle: Stockfish with UCI_Chess960 (chess.js has no Chess960): every puzzle's
// moves are legal in its move generator from the FEN written, and that FEN's placement, side and castling
// rights are the ones Stockfish reaches replaying the game itself. With --engine none and with the engine;
// the CSV stays well-formed, -f pgn carries [Variant "Chess960"] and reads back, -f epd's bm is legal.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFen, toFen, toShredderFen } from '../../src/core/fen.js';
import { makePuzzle } from '../../src/puzzles/assemble.js';
import { UciEngine } from '../../src/puzzles/engine.js';
import { puzzleWriter } from '../../src/puzzles/puzzle-writers.js';
import type { Candidate } from '../../src/puzzles/types.js';
import { ROOT, runCli } from '../helpers/cli.js';
import { readCsv } from '../helpers/csv.js';
import { stockfishOrSkip } from '../helpers/stockfish.js';
import { StockfishOracle } from '../helpers/stockfish-oracle.js';
import { tempDir } from '../helpers/temp.js';

const SF = stockfishOrSkip('Chess960 puzzle tests');
const GAMES = resolve(ROOT, 'fixtures/puzzles/chess960-6.pgn');
const HEADER = ['PuzzleId', 'FEN', 'Moves', 'Rating', 'RatingDeviation', 'Popularity', 'NbPlays', 'Themes', 'GameUrl', 'OpeningTags'];
const FAST = ['--nodes', '60000', '--probe-nodes', '15000', '--engine-procs', '2', '-q'];
// the audit's crash: Black castles queenside, king b8 takes rook a8, and White mates with Qxb7
const CASTLE_FEN = 'rk4rb/pppp1b1p/1n1q2p1/5p2/3P4/2N3P1/PPP2PQP/1K1RB1RB b ga - 2 10';
const dir = tempDir('chess960');

/** Each game's start FEN and its moves in UCI, as our analyser replays them (checked by Stockfish below). */
async function gameMoves(): Promise<{ start: string; moves: string[] }[]> {
  const r = await runCli([GAMES, '--all-positions', '--strict', '-q']);
  expect(r.code, r.stderr).toBe(0);
  const games: { start: string; moves: string[] }[] = [];
  for (const line of r.stdout.trim().split('\n')) {
    const rec = JSON.parse(line) as { game: number; ply: number; fen: string; uci: string | null };
    if (rec.ply === 0) games[rec.game - 1] = { start: rec.fen, moves: [] };
    if (rec.uci !== null) games[rec.game - 1].moves.push(rec.uci);
  }
  return games;
}

const fields = (fen: string, n: number): string => fen.split(' ').slice(0, n).join(' ');

/** The piece letter on a square (e.g. "b8") of a FEN's placement, or '' when empty. */
function pieceAt(fen: string, square: string): string {
  const rank = fen
    .split(' ')[0]
    .split('/')
    [8 - Number(square[1])].replace(/\d/g, (n) => '.'.repeat(Number(n)));
  const p = rank[square.charCodeAt(0) - 97];
  return p === '.' ? '' : p;
}

/** Whether a UCI move is castling written as the king taking its own rook. */
function castles(fen: string, uci: string): boolean {
  const king = pieceAt(fen, uci.slice(0, 2));
  const rook = pieceAt(fen, uci.slice(2, 4));
  return (king === 'K' && rook === 'R') || (king === 'k' && rook === 'r');
}

describe('Shredder-FEN for the puzzle FENs', () => {
  it("writes Chess960 castling rights as the rooks' files, standard positions as toFen", () => {
    const xfen = parseFen('rk4rb/pppp1b1p/1n1q2p1/5p2/3P4/2N3P1/PPP2PQP/1K1RB1RB b kq - 2 10', { chess960: true });
    expect(toShredderFen(xfen)).toBe(CASTLE_FEN);
    expect(toFen(parseFen(CASTLE_FEN))).toBe('rk4rb/pppp1b1p/1n1q2p1/5p2/3P4/2N3P1/PPP2PQP/1K1RB1RB b kq - 2 10');
    // a right on an inner rook keeps its file either way; white's two rights, then black's
    expect(toShredderFen(parseFen('1r2k1rr/8/8/8/8/8/8/RR2K2R w BHbg - 0 1'))).toBe('1r2k1rr/8/8/8/8/8/8/RR2K2R w HBgb - 0 1');
    expect(toShredderFen(parseFen('4k3/8/8/8/8/8/8/4K3 w - - 0 1', { chess960: true }))).toBe('4k3/8/8/8/8/8/8/4K3 w - - 0 1');
    const standard = parseFen('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
    expect(toShredderFen(standard)).toBe(toFen(standard));
  });
});

describe('a candidate that cannot be made a puzzle', () => {
  it('is an error to count and go on from, in every format, never a throw', () => {
    // the audit's candidate as it was: X-FEN kq with no Chess960 flag reads as standard chess, b8a8 illegal
    const fenBefore = 'rk4rb/pppp1b1p/1n1q2p1/5p2/3P4/2N3P1/PPP2PQP/1K1RB1RB b kq - 2 10';
    const c: Candidate = {
      game: 1,
      ply: 20,
      fenBefore,
      setup: 'b8a8',
      fen: fenBefore,
      rules: ['mate'],
      gain: 1000,
      best: 'g2b7',
      site: null,
      opening: null,
      chess960: false,
    };
    for (const f of ['csv', 'pgn', 'epd'] as const) {
      const made = makePuzzle(
        c,
        { verified: true, solution: ['g2b7'], mateIn: 1, cp: 9999, gap: null, settled: null, zugzwang: false, calls: 0, nodes: 0 },
        false,
        puzzleWriter(f),
      );
      expect(made, f).toEqual({ error: `puzzle move 1 "b8a8" is not legal after ${fenBefore}` });
    }
    const ok = makePuzzle(
      { ...c, fenBefore: CASTLE_FEN, chess960: true },
      { verified: true, solution: ['g2b7'], mateIn: 1, cp: 9999, gap: null, settled: null, zugzwang: false, calls: 0, nodes: 0 },
      true,
      puzzleWriter('csv'),
    );
    const rated = 'text' in ok ? `${ok.puzzle.rating},${ok.puzzle.ratingDeviation}` : '';
    expect('text' in ok && ok.text.startsWith(`g1p20,${CASTLE_FEN},b8a8 g2b7,${rated},,,`)).toBe(true);
    expect('text' in ok && ok.puzzle.themes.includes('mateIn1')).toBe(true);
  });
});

describe.skipIf(SF === null)('Chess960 puzzles', () => {
  let oracle: StockfishOracle;
  let games: { start: string; moves: string[] }[];
  beforeAll(async () => {
    oracle = new StockfishOracle(SF!);
    games = await gameMoves();
  });
  afterAll(() => oracle?.close());

  /** Checks each row's line with Stockfish, and its FEN against Stockfish's replay of the game. */
  async function checkRows(rows: string[][]): Promise<void> {
    for (const r of rows) {
      expect(r, r[0]).toHaveLength(HEADER.length);
      const [id, fen, moves] = r;
      const [, game, ply] = /^g(\d+)p(\d+)$/.exec(id)!.map(Number);
      expect(await oracle.playable(fen, moves.split(' ')), `${id}: ${fen} ${moves}`).toBe(true);
      const g = games[game - 1];
      expect(moves.split(' ')[0], id).toBe(g.moves[ply - 1]);
      expect(fields(fen, 3), id).toBe(fields(await oracle.fen(g.start, g.moves.slice(0, ply - 1)), 3));
    }
  }

  it('--engine none: every candidate becomes a puzzle whose line Stockfish plays, castling included (exit 0)', async () => {
    const s = join(dir, 'none.json');
    const r = await runCli(['puzzles', GAMES, '--engine', 'none', '--summary', s, '-q']);
    expect(r.code, r.stderr).toBe(0);
    const rows = readCsv(r.stdout);
    expect(rows[0]).toEqual(HEADER);
    const summary = JSON.parse(readFileSync(s, 'utf8'));
    expect(rows.length - 1).toBe(summary.puzzles);
    expect(summary.dropped).toEqual({});
    expect(summary.puzzles).toBeGreaterThan(40);
    await checkRows(rows.slice(1));
    // six setup moves are castling, the king onto its rook; the crash's is here, Qxb7 mate after it
    expect(
      rows
        .slice(1)
        .filter((x) => castles(x[1], x[2].split(' ')[0]))
        .map((x) => x[2].split(' ')[0]),
    ).toEqual(['b8a8', 'f1g1', 'f8h8', 'd8f8', 'c8b8', 'b1a1']);
    expect(rows.find((x) => x[1] === CASTLE_FEN)?.[2]).toBe('b8a8 g2b7');
    expect(rows.filter((x) => /^[A-Ha-h]+$/.test(x[1].split(' ')[2])).length).toBeGreaterThan(10);
  });

  it('with Stockfish: Chess960 candidates are verified (UCI_Chess960), none dropped for the variant (exit 0)', async () => {
    const s = join(dir, 'sf.json');
    const out = join(dir, 'sf.csv');
    const r = await runCli(['puzzles', GAMES, '-o', out, '--summary', s, ...FAST]);
    expect(r.code, r.stderr).toBe(0);
    const rows = readCsv(readFileSync(out, 'utf8'));
    const summary = JSON.parse(readFileSync(s, 'utf8'));
    expect(rows.length - 1).toBe(summary.puzzles);
    expect(summary.puzzles).toBeGreaterThanOrEqual(3);
    expect(summary.dropped.badPosition ?? 0).toBe(0);
    expect(summary.dropped.engineError ?? 0).toBe(0);
    expect(summary.dropped.badLine ?? 0).toBe(0);
    await checkRows(rows.slice(1));
    const mate = rows.find((x) => x[1] === CASTLE_FEN)!;
    expect(mate[2]).toBe('b8a8 g2b7');
    expect(mate[7].split(' ')).toContain('mateIn1');
  });

  it('-f pgn: [Variant "Chess960"] and an X-FEN that our analyser reads back to the same moves; -f epd: Shredder-FEN, a legal bm', async () => {
    const csv = readCsv((await runCli(['puzzles', GAMES, '--engine', 'none', '-q'])).stdout).slice(1);
    const pgn = await runCli(['puzzles', GAMES, '--engine', 'none', '-f', 'pgn', '-q']);
    expect(pgn.code, pgn.stderr).toBe(0);
    const texts = pgn.stdout.trim().split(/\n\n(?=\[Event)/);
    expect(texts).toHaveLength(csv.length);
    texts.forEach((t, i) => expect(t).toContain(`[Variant "Chess960"]\n[SetUp "1"]\n[FEN "${toFen(parseFen(csv[i][1]))}"]`));
    const back = await runCli(['-', '--all-positions', '--strict', '-q'], { stdin: pgn.stdout });
    expect(back.code, back.stderr).toBe(0);
    const ucis = new Map<number, string[]>();
    for (const line of back.stdout.trim().split('\n')) {
      const rec = JSON.parse(line) as { game: number; uci: string | null };
      if (rec.uci !== null) ucis.set(rec.game, [...(ucis.get(rec.game) ?? []), rec.uci]);
    }
    expect([...ucis.values()].map((m) => m.join(' '))).toEqual(csv.map((r) => r[2]));
    const epd = await runCli(['puzzles', GAMES, '--engine', 'none', '-f', 'epd', '-q']);
    expect(epd.code, epd.stderr).toBe(0);
    const lines = epd.stdout.trim().split('\n');
    expect(lines).toHaveLength(csv.length);
    for (const [i, l] of lines.entries()) {
      const four = fields(l, 4);
      const fmvn = /\bfmvn (\d+);/.exec(l)![1];
      const hmvc = /\bhmvc (\d+);/.exec(l)![1];
      const after = await oracle.fen(csv[i][1], [csv[i][2].split(' ')[0]]);
      expect(fields(four, 3), l).toBe(fields(after, 3));
      expect(await oracle.legalMoves(`${four} ${hmvc} ${fmvn}`), l).toContain(csv[i][2].split(' ')[1]);
    }
  });

  it('UciEngine turns UCI_Chess960 on for a Chess960 search and off for the next standard one', async () => {
    const e = await UciEngine.start({ path: SF! });
    try {
      const mate = await e.analyse(CASTLE_FEN, ['b8a8'], { nodes: 20_000, multipv: 1, chess960: true });
      expect(mate.bestmove).toBe('g2b7');
      expect(mate.lines[0].score).toEqual({ mate: 1 });
      // standard castling is e1g1 again: with UCI_Chess960 still on, Stockfish would drop it and move White
      const standard = await e.analyse('r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1', ['e1g1'], { nodes: 5_000, multipv: 1 });
      expect(standard.bestmove).toMatch(/^[a-h]7|^[a-h]8/);
    } finally {
      await e.quit();
    }
  });
});
