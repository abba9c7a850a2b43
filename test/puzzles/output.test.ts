// The puzzle writers (src/puzzles/puzzle-csv.ts, pgn.ts, epd.ts) on real lichess puzzles, each output read back by
// a reader that is not the writer: the CSV by an RFC 4180 reader, with lichess's column set; the PGN by
// chess.js, pgn-parser (and python-chess when installed) with the moves chess.js itself makes of the UCI
// line; the EPD by our EPD reader, its bm and pv played by chess.js.
import { Chess } from 'chess.js';
import { describe, expect, it } from 'vitest';
import { lineToFen } from '../../src/input/epd-lines.js';
import { PUZZLE_CSV_COLUMNS, puzzleCsv } from '../../src/puzzles/puzzle-csv.js';
import { puzzleEpd } from '../../src/puzzles/puzzle-epd.js';
import { puzzlePgn } from '../../src/puzzles/puzzle-pgn.js';
import { puzzleThemes } from '../../src/puzzles/puzzle-themes.js';
import type { Puzzle } from '../../src/puzzles/types.js';
import { readCsv } from '../helpers/csv.js';
import { FIXTURE_SAMPLES, loadLichessPuzzles, readSample } from '../helpers/lichess-puzzles.js';
import { chessJsMoves, pgnParserMoves, pythonChessMissing, pythonChessMoves } from '../helpers/pgn-readers.js';

/** Every 5th puzzle of the two samples the repository holds, as our Puzzle: 400 of them. */
const PUZZLES: Puzzle[] = loadLichessPuzzles(FIXTURE_SAMPLES)
  .filter((_, i) => i % 5 === 0)
  .map((p, i) => ({
    id: p.id,
    game: i + 1,
    ply: 0,
    fenBefore: p.fen,
    moves: p.moves,
    mateIn: null,
    cp: 300,
    rating: p.rating,
    ratingDeviation: 100 + i,
    themes: puzzleThemes({ fenBefore: p.fen, moves: p.moves, mateIn: null, cp: 300 }),
    gameUrl: p.gameUrl,
    openingTags: p.openingTags ?? '',
    verified: true,
    chess960: false,
  }));

/** chess.js's own SAN of the UCI line, and its FEN after the setup move. */
function chessJsLine(p: Puzzle): { sans: string[]; fenP: string } {
  const chess = new Chess(p.fenBefore);
  const sans: string[] = [];
  let fenP = '';
  for (const u of p.moves) {
    sans.push(chess.move({ from: u.slice(0, 2), to: u.slice(2, 4), promotion: u[4] }).san);
    if (fenP === '') fenP = chess.fen();
  }
  return { sans, fenP };
}

describe('puzzle CSV', () => {
  it("has lichess's columns: the header of the lichess sample files (all five: output.corpus.test.ts)", () => {
    const [akevinm, kagisearch] = FIXTURE_SAMPLES.map((f) => readSample(f)[0].join(','));
    expect(akevinm).toBe(PUZZLE_CSV_COLUMNS);
    expect(kagisearch).toBe(PUZZLE_CSV_COLUMNS + ',SortKey');
    expect(puzzleCsv.header()).toBe(PUZZLE_CSV_COLUMNS + '\r\n');
  });

  it('reads back, row by row, as the puzzles written (RFC 4180, CRLF)', () => {
    const odd: Puzzle = { ...PUZZLES[0], id: 'g1p2', gameUrl: 'https://example.org/a,"b"#2', openingTags: '' };
    const all = [...PUZZLES, odd];
    const rows = readCsv(puzzleCsv.header() + all.map((p) => puzzleCsv.puzzle(p)).join(''));
    expect(rows[0]).toEqual(PUZZLE_CSV_COLUMNS.split(','));
    expect(rows.length).toBe(all.length + 1);
    all.forEach((p, i) => {
      expect(rows[i + 1]).toEqual([
        p.id,
        p.fenBefore,
        p.moves.join(' '),
        String(p.rating),
        String(p.ratingDeviation),
        '',
        '',
        p.themes.join(' '),
        p.gameUrl,
        p.openingTags,
      ]);
    });
  });
});

describe('puzzle PGN', () => {
  const pgns = PUZZLES.map((p) => puzzlePgn.puzzle(p));

  it('is read by chess.js and pgn-parser with the moves chess.js makes of the UCI line, tags included', () => {
    let blackFirst = 0;
    PUZZLES.forEach((p, i) => {
      const { sans } = chessJsLine(p);
      expect(chessJsMoves(pgns[i]), pgns[i]).toEqual(sans);
      expect(pgnParserMoves(pgns[i]), pgns[i]).toEqual(sans);
      const chess = new Chess();
      chess.loadPgn(pgns[i]);
      const h = chess.getHeaders();
      expect([h.FEN, h.SetUp, h.PuzzleId, h.Themes, h.Result, h.Site]).toEqual([
        p.fenBefore,
        '1',
        p.id,
        p.themes.join(' '),
        '*',
        p.gameUrl || '?',
      ]);
      // numbered from the FEN: `16...` when Black makes the setup move
      const [, side, , , , full] = p.fenBefore.split(' ');
      const body = pgns[i].slice(pgns[i].indexOf('\n\n') + 2);
      expect(body.startsWith(side === 'b' ? `${full}... ${sans[0]}` : `${full}. ${sans[0]}`)).toBe(true);
      blackFirst += side === 'b' ? 1 : 0;
      // PGN export: movetext wrapped before 80 characters; a tag pair is one line whatever its length (at most 255)
      for (const l of body.split('\n')) expect(l.length, l).toBeLessThan(80);
      for (const l of pgns[i].slice(0, pgns[i].indexOf('\n\n')).split('\n')) expect(l.length, l).toBeLessThanOrEqual(255);
    });
    expect(blackFirst).toBeGreaterThan(100);
  });

  it('is read by python-chess with the same moves (when installed)', () => {
    const missing = pythonChessMissing();
    if (missing !== null) {
      console.log(`python-chess SKIPPED: ${missing}`);
      return;
    }
    expect(pythonChessMoves(pgns)).toEqual(PUZZLES.map((p) => p.moves));
  });

  it('escapes quotes and backslashes in tag values; a missing GameUrl is "?"', () => {
    const p: Puzzle = { ...PUZZLES[0], gameUrl: 'https://x.org/"a\\b"' };
    expect(puzzlePgn.puzzle(p)).toContain('[Site "https://x.org/\\"a\\\\b\\""]\n');
    const chess = new Chess();
    chess.loadPgn(puzzlePgn.puzzle({ ...p, gameUrl: '' }));
    expect(chess.getHeaders().Site).toBe('?');
  });
});

describe('puzzle EPD', () => {
  it('is the puzzle position read back by our EPD reader, with a legal bm, the pv of the solution and the id', () => {
    for (const p of PUZZLES) {
      const text = puzzleEpd.puzzle(p);
      expect(text.endsWith(';\n')).toBe(true);
      const { sans, fenP } = chessJsLine(p);
      const read = lineToFen(text.trimEnd());
      expect(read).toEqual({ fen: fenP });
      const ops = new Map(
        text
          .slice(text.indexOf(' bm ') + 1)
          .trimEnd()
          .split(/;\s*/)
          .filter((o) => o !== '')
          .map((o) => {
            const sp = o.indexOf(' ');
            return [o.slice(0, sp), o.slice(sp + 1)] as const;
          }),
      );
      expect([...ops.keys()]).toEqual(['bm', 'pv', 'id', 'hmvc', 'fmvn', 'c0']);
      const chess = new Chess(fenP);
      expect(chess.move(ops.get('bm')!).lan).toBe(p.moves[1]);
      chess.load(fenP);
      expect(
        ops
          .get('pv')!
          .split(' ')
          .map((san) => chess.move(san).lan),
      ).toEqual(p.moves.slice(1));
      expect(ops.get('pv')!.split(' ')).toEqual(sans.slice(1));
      expect(ops.get('id')).toBe(`"${p.id}"`);
      expect(ops.get('c0')).toBe(`"${p.themes.join(' ')}"`);
    }
  });
});
