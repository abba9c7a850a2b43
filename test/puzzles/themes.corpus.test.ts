// Puzzle themes (src/puzzles/puzzle-themes.ts) against lichess's Themes column on all five sample files of the
// shared corpus: agreement per theme on a sample (floors measured with test/tools/themes-agreement.js),
// recall over every sample puzzle lichess tags with a rare theme, a hand-checked puzzle of a sample the
// repository does not hold, and fork and hangingPiece against the slow definitions on all samples.
import { describe, expect, it } from 'vitest';
import { expectForkAndHangingAsBrute, themesOf } from '../helpers/brute-puzzle-themes.js';
import { loadLichessPuzzles } from '../helpers/lichess-puzzles.js';
import { COMPARED, LINE_THEMES, agreeRate, measureAgreement, type Compared } from '../helpers/theme-agreement.js';

const ALL = loadLichessPuzzles();
/** Every 16th sample puzzle: 651 of the 10,407, from all five files. */
const SAMPLE = ALL.filter((_, i) => i % 16 === 0);

describe('puzzle themes against lichess', () => {
  // Measured on this sample (percent of puzzles where we and lichess agree on the theme); the whole
  // 10,407 give pin 99.76, skewer 99.98, xRayAttack 99.98, discoveredAttack 99.68, fork 99.92, ….
  // Phases differ by definition (lila's divider against our phaseOf): middlegame and endgame agree ~77%.
  const FLOOR: Record<Compared, number> = {
    pin: 99.5,
    skewer: 99.5,
    xRayAttack: 99.5,
    discoveredAttack: 99.5,
    discoveredCheck: 98.5,
    doubleCheck: 99.5,
    fork: 99.5,
    hangingPiece: 99.5,
    mate: 99.9,
    mateIn1: 99.9,
    mateIn2: 99.9,
    mateIn3: 99.9,
    mateIn4: 99.9,
    mateIn5: 99.9,
    oneMove: 99.9,
    short: 99.9,
    long: 99.9,
    veryLong: 99.9,
    opening: 96,
    middlegame: 75,
    endgame: 76,
    // the line's themes: every one 100% on this sample but queensideAttack (99.84)
    ...(Object.fromEntries(LINE_THEMES.map((t) => [t, 99.5])) as Record<(typeof LINE_THEMES)[number], number>),
  };

  it('agree with lichess theme by theme on 651 sample puzzles, above the floors measured', () => {
    expect(SAMPLE.length).toBe(651);
    const res = measureAgreement(SAMPLE);
    const rows: string[] = [];
    for (const t of COMPARED) {
      const a = res.get(t)!;
      const rate = agreeRate(a);
      rows.push(`${t} ${rate.toFixed(2)}% (lichess ${a.tp + a.fn}, ours ${a.tp + a.fp}, both ${a.tp})`);
      if (Number.isNaN(rate)) continue; // none in the sample (mateIn5, underPromotion, castling, …)
      expect(rate, `${t}: only ours ${a.onlyOurs.join(' ')}, only lichess ${a.onlyTheirs.join(' ')}`).toBeGreaterThanOrEqual(FLOOR[t]);
    }
    console.log(rows.join('\n'));
  });

  it('find nearly every sample puzzle lichess tags skewer, xRayAttack, doubleCheck or discoveredCheck', () => {
    // measured on all sample puzzles with the theme: 274/276, 26/28, 56/56, 3/3
    const floor: Record<string, number> = { skewer: 274, xRayAttack: 26, doubleCheck: 56, discoveredCheck: 3 };
    for (const [theme, min] of Object.entries(floor)) {
      const tagged = ALL.filter((p) => p.themes.includes(theme));
      const found = tagged.filter((p) => themesOf(p).includes(theme)).length;
      expect(found, `${theme}: ${found} of ${tagged.length}`).toBeGreaterThanOrEqual(min);
    }
  });
});

describe('puzzle themes, hand-checked on the shared corpus', () => {
  it('xRayAttack: Rd1 Qxd1 Qxd1, the Qb1 defends d1 through the white queen (02Syu)', () => {
    expect(themesOf(ALL.find((p) => p.id === '02Syu')!)).toContain('xRayAttack');
  });
});

describe('fork and hangingPiece against chess.js written the slow way', () => {
  it('say the same on the sample and on every sample puzzle lichess tags fork or hangingPiece', () => {
    const { forks, hanging } = expectForkAndHangingAsBrute(ALL);
    expect(forks).toBeGreaterThan(300);
    expect(hanging).toBeGreaterThan(100);
  });
});
