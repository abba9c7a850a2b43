// node dist/test/tools/search-oracle.js [games] [puzzles] — stage 1's material search against the plain
// minimax of the same tree (test/helpers/naive-search.ts; plain alpha-beta over the same tree where the
// minimax is over its node budget) on a spread of real game positions and on the position after the setup
// move of lichess puzzles: value for value, the best move's value and the null-window entry. Prints counts
// and every disagreement; exits 1 on any.
import { installNewTables } from '../../src/core/attacks.js';
import { toFen } from '../../src/core/fen.js';
import type { Position } from '../../src/core/position.js';
import { moveToUci } from '../../src/core/san.js';
import { MaterialSearch } from '../../src/tactics/material-search.js';
import { moveValue, oracleValue } from '../helpers/naive-search.js';
import { replayedGames } from '../helpers/replayed.js';

const BUDGET = 60_000;

function main(): void {
  installNewTables();
  const games = Number(process.argv[2] ?? 300);
  const puzzles = Number(process.argv[3] ?? 300);
  const search = new MaterialSearch();
  const counts = { positions: 0, minimax: 0, alphaBeta: 0, disagreements: 0 };
  const check = (pos: Position): void => {
    const { value, by } = oracleValue(pos, BUDGET);
    counts[by]++;
    counts.positions++;
    const got = search.value(pos);
    const best = search.best;
    const problems: string[] = [];
    if (got !== value) problems.push(`value ${got}, oracle ${value}`);
    if (best >= 0 && moveValue(pos, best) !== value) problems.push(`best ${moveToUci(pos, best)} is worth ${moveValue(pos, best)}`);
    if (!search.atLeast(pos, value) || search.atLeast(pos, value + 1)) problems.push('atLeast disagrees');
    if (problems.length > 0) {
      counts.disagreements++;
      console.log(`${toFen(pos)}: ${problems.join('; ')}`);
    }
  };
  let step = 0;
  for (const file of ['games/lichess-jishanshaikh4.pgn.zst', 'games/pgnmentor-style-Carlsen.pgn.zst']) {
    const goal = counts.positions + games / 2;
    for (const { reader } of replayedGames(file)) {
      for (let p = 0; p <= reader.plies && counts.positions < goal; p++) if (++step % 41 === 0) check(reader.positions[p]);
      if (counts.positions >= goal) break;
    }
  }
  for (const { reader } of replayedGames('puzzles/lichess-puzzles-42k-themed.pgn.zst', puzzles)) check(reader.positions[1]);
  console.log(JSON.stringify(counts));
  if (counts.disagreements > 0) process.exitCode = 1;
}

main();
