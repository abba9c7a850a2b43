// Differential replay of corpus games against chess.js: the comparison itself is --verify's
// (src/pipeline/verify.ts), so the tests, the audit script and the CLI share one oracle.
import { INITIAL_FEN } from '../../src/core/fen.js';
import { replayAgainstChessJs as replay } from '../../src/pipeline/verify.js';
import type { CorpusGame } from './corpus.js';

export interface Disagreement {
  file: string;
  game: number;
  ply: number;
  token: string;
  ours: string;
  theirs: string;
}

export type ReplayOutcome = { plies: number; disagreement: Disagreement | null; rejected: string | null };

/** Replays a standard game on both; `rejected` when both refuse the same move (a bad game, not a bug). */
export function replayAgainstChessJs(game: CorpusGame): ReplayOutcome {
  const r = replay(game.fen ?? INITIAL_FEN, game.sans);
  const d = r.difference;
  return { plies: r.plies, disagreement: d ? { file: game.file, game: game.index, ...d } : null, rejected: r.refused };
}
