// Hand-written odd PGN (fixtures/pgn/tricky/, one construct a file, and fixtures/pgn/annotated.pgn) in one
// run, as a user would pass them: each file's games analysed or rejected as counted here by hand (plies
// counted on the move text, one position more than plies a game), the rejections with their reasons, and
// tag values read back as written. The shared corpus's tricky files run in tricky.corpus.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

interface Expected {
  /** Games analysed. */
  games: number;
  /** Positions of those games (written with --all-positions). */
  positions: number;
  /** The rejected games' reasons, in order. */
  rejected: RegExp[];
}

const TRICKY = 'fixtures/pgn/tricky';
const EXPECTED: Record<string, Expected> = {
  'bom-crlf.pgn': { games: 2, positions: 8 + 5, rejected: [] }, // a UTF-8 byte-order mark, CRLF line ends
  'cr-only.pgn': { games: 2, positions: 8 + 5, rejected: [] }, // old Mac line ends: CR alone
  'empty-line-in-tags.pgn': { games: 2, positions: 9 + 2, rejected: [] }, // ChessBase's blank line among the tags, moves broken over lines
  'null-move.pgn': { games: 1, positions: 5, rejected: [] }, // `--`: the side to move passes
  'uci-moves.pgn': { games: 1, positions: 8, rejected: [] }, // e2e4 for e4, e1g1 for O-O
  'chess960.pgn': { games: 3, positions: 5 + 11 + 5, rejected: [] }, // Chess960, chess 960, fischerandom; Shredder and X-FEN castling
  'variants.pgn': { games: 0, positions: 0, rejected: Array.from({ length: 8 }, () => /^unsupported variant/) },
  'escaped.pgn': { games: 1, positions: 8, rejected: [] },
  'result-only.pgn': { games: 3, positions: 3, rejected: [] }, // movetext that is a result alone: the start position
  'errors.pgn': { games: 1, positions: 5, rejected: [/^illegal move/, /^ambiguous SAN: Nb1d2, Nf1d2/, /^bad FEN/, /^malformed move/] },
  'unterminated.pgn': { games: 1, positions: 8, rejected: [/unterminated comment/, /unterminated tag value/] }, // backslashes to the end: no backtracking blow-up
  'setup.pgn': { games: 2, positions: 4 + 6, rejected: [] }, // [FEN] with Black to move, and from move 60
  'escape-percent.pgn': { games: 2, positions: 4 + 3, rejected: [] }, // % lines, a comment before the first game, a game with no [Event]
  'latin1.pgn': { games: 1, positions: 3, rejected: [] },
};
const ANNOTATED = { games: 3, positions: 34 + 46 + 35, rejected: [] }; // variations two deep, long comments, NAGs

describe('hand-written odd PGN', () => {
  it('every file runs to the end, each game analysed or rejected as counted by hand', async () => {
    const files = readdirSync(join(ROOT, TRICKY))
      .filter((f) => f.endsWith('.pgn'))
      .sort();
    expect(files).toEqual(Object.keys(EXPECTED).sort());
    const tmp = tempDir('tricky');
    const inputs = [...files.map((f) => join(TRICKY, f)), 'fixtures/pgn/annotated.pgn'];
    const out = join(tmp, 'out.jsonl');
    const errors = join(tmp, 'errors.jsonl');
    const r = await runCli([...inputs, '--all-positions', '-q', '-o', out, '--errors', errors, '--stats', join(tmp, 's.json')]);
    expect(r.code, r.stderr).toBe(0);
    const rejected = readFileSync(errors, 'utf8')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as { game: number; input: string; reason: string });
    const records = readFileSync(out, 'utf8')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as { game: number });
    // game numbers run on over the inputs: each file's games are the next ones
    let first = 1;
    for (const input of inputs) {
      const name = relative(TRICKY, input);
      const want = name in EXPECTED ? EXPECTED[name] : ANNOTATED;
      const count = want.games + want.rejected.length;
      const mine = (g: number): boolean => g >= first && g < first + count;
      const reasons = rejected.filter((e) => e.input === input).map((e) => e.reason);
      expect(reasons.length, input).toBe(want.rejected.length);
      reasons.forEach((reason, i) => expect(reason, input).toMatch(want.rejected[i]));
      expect(
        rejected.filter((e) => mine(e.game)).every((e) => e.input === input),
        input,
      ).toBe(true);
      const games = new Set(records.filter((x) => mine(x.game)).map((x) => x.game));
      expect(games.size, input).toBe(want.games);
      expect(records.filter((x) => mine(x.game)).length, input).toBe(want.positions);
      first += count;
    }
    expect(records.length).toBe([...Object.values(EXPECTED), ANNOTATED].reduce((n, e) => n + e.positions, 0));
  });

  it('reads tag values as written: escaped quotes and backslashes, a bracket, Latin-1 bytes', async () => {
    const r = await runCli([
      join(TRICKY, 'escaped.pgn'),
      join(TRICKY, 'latin1.pgn'),
      '--tags',
      'Event,Site,White',
      '--all-positions',
      '-q',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const tags = new Map(
      r.stdout
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => {
          const rec = JSON.parse(l) as { game: number; tags: Record<string, string> };
          return [rec.game, rec.tags];
        }),
    );
    expect(tags.get(1)).toEqual({ Event: 'Escaped "quotes" and a \\ backslash', Site: 'a ] bracket', White: "O'Brien" });
    expect(tags.get(2)).toEqual({ Event: 'Latin-1', White: 'Wälbers, W.' });
  });
});
