// node dist/test/tools/see-oracle.js [positions] — SEE against its brute-force oracle (test/helpers/
// brute-see.ts: rays walked square by square, the exchange as a plain recursion, least valuable attacker
// first; both ignore pins and checks and count only captures on the target square) on every legal move of
// at least 100,000 positions of real games from three corpus files (lichess blitz/bullet, lichess with
// evals, OTB masters for endgames and promotions). Prints the counts and every disagreement; exits 1 on
// any. Also counts the moves where letting each side capture with any attacker, not only its least
// valuable one, changes the exchange's value: how far SEE's own rule is from the exchange's true minimax.
import { installNewTables } from '../../src/core/attacks.js';
import { replayedGames } from '../helpers/replayed.js';
import { checkPosition, newTally } from '../helpers/see-check.js';

const FILES = [
  'games/lichess-jishanshaikh4.pgn.zst',
  'games/lichess-DrNykterstein-DrDrunkenstein.pgn.zst',
  'games/pgnmentor-style-Carlsen.pgn.zst',
];

function main(): void {
  installNewTables();
  const total = Number(process.argv[2] ?? 120_000);
  const tally = newTally();
  const t0 = process.hrtime.bigint();
  for (const [i, file] of FILES.entries()) {
    const goal = Math.round((total * (i + 1)) / FILES.length);
    for (const { reader } of replayedGames(file)) {
      for (let p = 0; p <= reader.plies; p++) checkPosition(reader.positions[p], tally, true);
      if (tally.positions >= goal) break;
    }
  }
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const { disagreements, ...counts } = tally;
  console.log(JSON.stringify({ ...counts, disagreements: disagreements.length, seconds: Math.round(seconds) }, null, 1));
  for (const d of disagreements.slice(0, 50)) console.log(d);
  if (disagreements.length > 0) process.exitCode = 1;
}

main();
