// Differential replay: one game on our core and on chess.js side by side; after every ply the FEN, the
// SAN of the move and the check/mate flags must be identical.
import { Chess } from 'chess.js';
import { INITIAL_FEN, parseFen, toFen } from '../../src/core/fen.js';
import { isCheckmate, isStalemate } from '../../src/core/movegen.js';
import { moveToSan, parseSan } from '../../src/core/san.js';
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
  const fen = game.fen ?? INITIAL_FEN;
  const pos = parseFen(fen);
  const chess = new Chess(fen);
  const at = (ply: number, token: string, ours: string, theirs: string): ReplayOutcome => ({
    plies: ply,
    disagreement: { file: game.file, game: game.index, ply, token, ours, theirs },
    rejected: null,
  });
  if (toFen(pos) !== chess.fen()) return at(0, '', toFen(pos), chess.fen());
  for (let ply = 0; ply < game.sans.length; ply++) {
    const token = game.sans[ply];
    let m = -1;
    let ourError = '';
    try {
      m = parseSan(pos, token);
    } catch (e) {
      ourError = (e as Error).message;
    }
    let theirSan = '';
    try {
      theirSan = chess.move(token).san;
    } catch (e) {
      if (ourError !== '') return { plies: ply, disagreement: null, rejected: `ply ${ply} "${token}": ${ourError}` };
      return at(ply, token, moveToSan(pos, m), `chess.js refuses: ${(e as Error).message}`);
    }
    if (ourError !== '') return at(ply, token, ourError, theirSan);
    const ourSan = moveToSan(pos, m);
    pos.play(m);
    if (ourSan !== theirSan) return at(ply, token, ourSan, theirSan);
    const ourFen = toFen(pos);
    if (ourFen !== chess.fen()) return at(ply, token, ourFen, chess.fen());
    const ourFlags = `check=${pos.isCheck()} mate=${isCheckmate(pos)} stalemate=${isStalemate(pos)}`;
    const theirFlags = `check=${chess.isCheck()} mate=${chess.isCheckmate()} stalemate=${chess.isStalemate()}`;
    if (ourFlags !== theirFlags) return at(ply, token, ourFlags, theirFlags);
  }
  return { plies: game.sans.length, disagreement: null, rejected: null };
}
