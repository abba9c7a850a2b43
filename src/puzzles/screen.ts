// The engine screen (docs/design.md §12, stage 2's cheapest step): a position P that stage 1 did not send
// on (a quiet first move, a long mate, a pawn race…) gets a short engine search, as lichess's own
// generator looks at every position. It goes on to the probe and the verification when the solver wins
// there — a mate, or at least WINNING_CP — and did not already before the opponent's move: at Q, the
// position before, the same short search gave the solver less than BEFORE_CP (lichess-puzzler's
// "too much of a winning position to start with", generator.py); a mate at P passes unless Q had one as
// short or shorter (a forced mate going on: the opponent's move only shortened it when Q's was longer).
// Q of one position is P of the one before it, and the screen searches a game's positions in order: each
// score is kept for a few positions, so most positions are searched once.
import { positionKey } from './queue.js';
import { atLeast, verifyCandidate, WINNING_CP, type Stage2Options, type Verdict } from './stage2.js';
import { EngineError, type Analyser } from './engine.js';
import type { Candidate, Score } from './types.js';
import { formatScore, mates, negated } from './win-chance.js';

/** The solver at Q already this far up (and no mate at P) is no blunder by the opponent. */
export const BEFORE_CP = 300;

/** Screen scores remembered: more than the positions verified at once, so Q's is still there at P. */
const KEPT = 1024;

/** Whether the solver's short-search score at P, against his at Q, sends P on to the verification. */
export function screenPasses(atP: Score, atQ: Score): boolean {
  if (mates(atP)) return !(mates(atQ) && atQ.mate! <= atP.mate!);
  return atLeast(atP, WINNING_CP) && !atLeast(atQ, BEFORE_CP);
}

export class EngineScreen {
  /** Scores by position (the side to move's view), in the order searched. */
  private readonly scores = new Map<string, Promise<Score>>();

  constructor(
    private readonly engine: Analyser,
    private readonly nodes: number,
  ) {}

  /**
   * The verdict on a `screen` candidate: dropped as 'screen' when the short searches do not pass it,
   * else the verification's, with the screen's searches counted in.
   */
  async verify(c: Candidate, o: Stage2Options): Promise<Verdict> {
    const use = { calls: 0, nodes: 0 };
    try {
      const atP = await this.score(c.fen, c.chess960, use);
      const atQ = atLeast(atP, WINNING_CP) ? negated(await this.score(c.fenBefore, c.chess960, use)) : null;
      if (atQ === null || !screenPasses(atP, atQ)) {
        const before = atQ === null ? '' : `, ${formatScore(atQ)} before the move`;
        return { verified: false, drop: 'screen', detail: `${formatScore(atP)} at ${this.nodes} nodes${before}`, ...use };
      }
    } catch (e) {
      if (!(e instanceof EngineError)) throw e;
      return { verified: false, drop: 'engineError', detail: (e as Error).message, ...use };
    }
    const v = await verifyCandidate(this.engine, c, o);
    return { ...v, calls: v.calls + use.calls, nodes: v.nodes + use.nodes };
  }

  /** The short search's score at `fen` for its side to move, searched once while kept. */
  private async score(fen: string, chess960: boolean, use: { calls: number; nodes: number }): Promise<Score> {
    const key = positionKey(fen);
    let s = this.scores.get(key);
    if (s === undefined) {
      const asked = this.engine.analyse(fen, [], { nodes: this.nodes, multipv: 1, chess960, low: true });
      s = asked.then((a) => {
        use.calls++;
        use.nodes += a.nodes;
        if (a.lines.length === 0) return a.bestmove === '(none)' ? { mate: 0 } : { cp: 0 };
        return a.lines[0].score;
      });
      s.catch(() => this.scores.delete(key));
      this.scores.set(key, s);
      if (this.scores.size > KEPT) this.scores.delete(this.scores.keys().next().value!);
    }
    return s;
  }
}
