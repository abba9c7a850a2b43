// A position sink that lists the positions the analyzer keeps, as "game:ply", for the --where tests.
import type { PositionSink, PositionView } from '../../src/analysis/view.js';

export class Kept implements PositionSink {
  out: string[] = [];
  beginGame(): void {}
  position(v: PositionView, keep: boolean): void {
    if (keep) this.out.push(`${v.game}:${v.ply}`);
  }
  endGame(): void {}
}
