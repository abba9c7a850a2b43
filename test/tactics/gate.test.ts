// The gate (src/tactics/gate.ts) against searching every position, on every position of the first games
// of the bundled sample (no ../shared needed): the verdicts the exact judge gives that the judge behind
// the gate drops are counted and bounded (the gate's rules are measured, not proved: npm run tactics:cost
// measures them on 60,000 positions of other files), and the gate never invents one: behind it, a verdict
// is the exact judge's.
import { describe, expect, it } from 'vitest';
import { toFen } from '../../src/core/fen.js';
import { moveToUci } from '../../src/core/san.js';
import { MotifBuffer } from '../../src/motifs/buffer.js';
import { scanMotifs } from '../../src/motifs/classify.js';
import { TacticJudge } from '../../src/tactics/verdict.js';
import { replay, sampleBytes } from './sample-games.js';

/** The share of verdicts the gate may drop, measured at 0.45% (13 of 2,891) on tactics:cost's positions. */
const MAX_LOSS = 0.01;

describe('TacticGate', () => {
  it('drops at most 1% of the verdicts of the sample and changes none', () => {
    const exact = new TacticJudge();
    const gated = new TacticJudge({ gate: true });
    const buf = new MotifBuffer();
    const lost: string[] = [];
    let verdicts = 0;
    for (const { reader } of replay(sampleBytes(), 110)) {
      for (let p = 0; p <= reader.plies; p++) {
        const pos = reader.positions[p];
        const before = p > 0 ? reader.positions[p - 1] : null;
        const last = p > 0 ? reader.moves[p - 1] : -1;
        scanMotifs(pos, buf);
        const e = exact.position(pos, before, last, buf);
        const g = gated.position(pos, before, last, buf);
        if (g) expect([gated.move, gated.value], toFen(pos)).toEqual([exact.move, exact.value]);
        expect(g && !e, toFen(pos)).toBe(false);
        if (!e) continue;
        verdicts++;
        if (!g) lost.push(`${toFen(pos)} ${moveToUci(pos, exact.move)}`);
      }
    }
    console.log(
      `gate: ${exact.counts.positions} positions, sends on ${gated.counts.searched}, ${verdicts} verdicts, drops ${lost.length}: ${lost.join('; ')}`,
    );
    expect(verdicts).toBeGreaterThan(200);
    expect(gated.counts.searched).toBeLessThan(exact.counts.positions);
    expect(lost.length).toBeLessThanOrEqual(Math.floor(MAX_LOSS * verdicts));
  });
});
