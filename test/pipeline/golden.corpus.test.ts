// Every output format on a file of the shared corpus, compared byte for byte with the recorded golden
// output (test/helpers/golden.ts says how to re-record it).
import { goldenSuite } from '../helpers/golden.js';

goldenSuite([
  'games/TCEC_Season_24_-_Dfrc_2_League_1.pgn.zst', // Chess960 (double FRC), engine comments, zstd
]);
