// Three independent PGN readers, each reduced to one question: which main-line moves does it read from
// a game's text (null when it does not read the game)? chess.js 1.4 loadPgn, pgn-parser 2.2 (one game
// per call, in try/catch: one bad game fails a whole string) and python-chess (Debian's python3-chess,
// run by /usr/bin/python3 once for a whole list of games; Debian 12 has no such package, so it may be
// absent: the callers skip it with a message).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { Chess } from 'chess.js';

const pgnParser = createRequire(import.meta.url)('pgn-parser') as { parse(text: string): { moves: { move: string }[] }[] };

/** The SAN moves chess.js reads, or null when loadPgn throws. */
export function chessJsMoves(pgn: string): string[] | null {
  const chess = new Chess();
  try {
    chess.loadPgn(pgn);
  } catch {
    return null;
  }
  return chess.history();
}

/** The move texts pgn-parser reads from one game, or null when it throws. */
export function pgnParserMoves(pgn: string): string[] | null {
  try {
    return pgnParser.parse(pgn)[0].moves.map((m) => m.move);
  } catch {
    return null;
  }
}

export const PYTHON = '/usr/bin/python3';

const READ_GAMES = `
import io, json, sys
import chess.pgn
out = []
for text in json.load(sys.stdin):
    game = chess.pgn.read_game(io.StringIO(text))
    ok = game is not None and not game.errors
    out.append([m.uci() for m in game.mainline_moves()] if ok else None)
json.dump(out, sys.stdout)
`;

/** Whether /usr/bin/python3 has python-chess; the reason it cannot be used otherwise. */
export function pythonChessMissing(): string | null {
  const r = spawnSync(PYTHON, ['-c', 'import chess.pgn'], { encoding: 'utf8' });
  if (r.error) return `${PYTHON} cannot be run (${r.error.message})`;
  return r.status === 0 ? null : `${PYTHON} has no module chess (python-chess)`;
}

/** The UCI moves python-chess reads from each game (null where it reports errors), in one process. */
export function pythonChessMoves(pgns: string[]): (string[] | null)[] {
  const r = spawnSync(PYTHON, ['-c', READ_GAMES], { input: JSON.stringify(pgns), encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`python-chess reader failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as (string[] | null)[];
}
