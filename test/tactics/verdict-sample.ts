// Real-game positions with a tactic verdict, for the Stockfish checks (test/tactics/stockfish.test.ts,
// npm run tactics:check): each kept as FENs and UCI moves, the verdict and the move played from there.
import { toFen } from '../../src/core/fen.js';
import { moveToUci } from '../../src/core/san.js';
import type { DerivedFields } from '../../src/pgn/derived.js';
import { MotifBuffer } from '../../src/motifs/buffer.js';
import { scanMotifs } from '../../src/motifs/classify.js';
import { materialBalance } from '../../src/tactics/material-search.js';
import type { TacticJudge, Played } from '../../src/tactics/verdict.js';
import { replay } from './sample-games.js';

export interface SampledVerdict {
  /** The position judged, where the verdict's side is to move. */
  fen: string;
  /** The verdict: its move (UCI), gain (0 for a mate), mate (0 for none), the search's value and the material now. */
  uci: string;
  gain: number;
  mate: number;
  value: number;
  balance: number;
  themes: string[];
  /** The move played from there (UCI; '' at a game's end) and the judge's verdict on it (null then). */
  played: string;
  judged: Played | null;
  derived: DerivedFields;
}

/** Calls `take` with every verdict of the first `games` games in `bytes`, in order, until it returns false. */
export function eachVerdict(bytes: Uint8Array, judge: TacticJudge, take: (v: SampledVerdict) => boolean, games = Infinity): void {
  const buf = new MotifBuffer();
  for (const { reader } of replay(bytes, games)) {
    const derived = reader.derived();
    for (let p = 0; p <= reader.plies; p++) {
      const pos = reader.positions[p];
      scanMotifs(pos, buf);
      if (!judge.position(pos, p > 0 ? reader.positions[p - 1] : null, p > 0 ? reader.moves[p - 1] : -1, buf)) continue;
      const next = p < reader.plies ? reader.moves[p] : -1;
      const v: SampledVerdict = {
        fen: toFen(pos),
        uci: moveToUci(pos, judge.move),
        gain: judge.gain,
        mate: judge.mate,
        value: judge.value,
        balance: materialBalance(pos),
        themes: judge.themes(),
        played: next >= 0 ? moveToUci(pos, next) : '',
        judged: next >= 0 ? judge.judgePlayed(next) : null,
        derived,
      };
      if (!take(v)) return;
    }
  }
}
