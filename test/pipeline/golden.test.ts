// Every output format on three files of the repository, compared byte for byte with the recorded golden
// output (test/helpers/golden.ts says how to re-record it).
import { goldenSuite } from '../helpers/golden.js';

goldenSuite(
  [
    'games/twic-sample-232games.pgn', // OTB games, wrapped movetext, Opening tags
    'games/lichess-db-2017-05-no-event-tag-clocks.pgn', // no [Event], {[%clk]} on every move
    'excerpts/lichess-jishanshaikh4-chess960.pgn.zst', // Chess960 (lichess), {[%clk]}, zstd
  ],
  true,
);
