// A failing engine fails the run: the verdicts of a puzzle run, in order, watched for an engine that does
// not work. A verdict the engine could not give (an engineError drop: the process died or hung twice, or
// answered with moves that are not legal, or no lines) counts against it; one it gave (a puzzle, or a drop
// on its scores) clears the count. FAILED_IN_A_ROW failures in a row, or an engine that failed on every
// candidate it was given by the end of the run, stop the run with an EngineError (exit 1) saying so: an
// engine that never answers, crashes on every search or talks nonsense would otherwise give no puzzles and
// exit 0. Verdicts that needed no engine (a single legal move, a bad position) count neither way.
import { EngineError } from './engine.js';
import type { Verdict } from './stage2.js';

/** Candidates in a row the engine failed on before the run gives up. */
export const FAILED_IN_A_ROW = 3;

export class EngineWatch {
  private inARow = 0;
  private failed = 0;
  private answered = 0;
  private last = '';

  /** Notes the next verdict; throws an EngineError when the engine failed FAILED_IN_A_ROW candidates in a row. */
  note(v: Verdict): void {
    if (v.verified || v.drop !== 'engineError') {
      if (v.calls > 0) {
        this.answered++;
        this.inARow = 0;
      }
      return;
    }
    this.failed++;
    this.inARow++;
    this.last = v.detail;
    if (this.inARow >= FAILED_IN_A_ROW) {
      throw new EngineError('gaveUp', `the engine failed on ${this.inARow} candidates in a row; the run stops. Last: ${this.last}`);
    }
  }

  /** At the end of a run: throws an EngineError when the engine failed on every candidate it was given. */
  end(): void {
    if (this.failed > 0 && this.answered === 0) {
      const n = this.failed === 1 ? 'the one candidate' : `all ${this.failed} candidates`;
      throw new EngineError('gaveUp', `the engine failed on ${n} it was given. Last: ${this.last}`);
    }
  }
}
