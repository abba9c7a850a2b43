// node dist/test/tools/themes-agreement.js [N] — our puzzle themes (src/puzzles/puzzle-themes.ts) against
// lichess's on the lichess puzzle CSV samples (all of them, or the first N; every THEMES_STEP-th): per theme, the counts, our
// precision and recall taking lichess as the reference, the agreement rate, and a few puzzle ids of each
// kind of disagreement (THEMES_SHOW=k ids, default 3). test/puzzles/themes.test.ts asserts floors measured
// here on a sample.
import { installNewTables } from '../../src/core/attacks.js';
import { loadLichessPuzzles } from '../helpers/lichess-puzzles.js';
import { COMPARED, agreeRate, measureAgreement } from '../helpers/theme-agreement.js';

const STEP = Number(process.env.THEMES_STEP ?? 1);

function pct(a: number, b: number): string {
  return b === 0 ? '    -' : ((100 * a) / b).toFixed(1).padStart(5);
}

function main(): void {
  installNewTables();
  const all = loadLichessPuzzles();
  const n = Number(process.argv[2] ?? all.length);
  const show = Number(process.env.THEMES_SHOW ?? 3);
  const started = process.cpuUsage();
  const res = measureAgreement(
    all.slice(0, n).filter((_, i) => i % STEP === 0),
    show,
  );
  const cpu = process.cpuUsage(started);
  console.log(
    `${Math.min(n, all.length)} lichess puzzles${STEP > 1 ? ` (every ${STEP}th)` : ''}, ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms CPU\n`,
  );
  console.log('theme               lichess   ours   both   prec recall  agree');
  for (const t of COMPARED) {
    const a = res.get(t)!;
    console.log(
      `${t.padEnd(18)} ${String(a.tp + a.fn).padStart(8)} ${String(a.tp + a.fp).padStart(6)} ${String(a.tp).padStart(6)}  ` +
        `${pct(a.tp, a.tp + a.fp)}  ${pct(a.tp, a.tp + a.fn)} ${agreeRate(a).toFixed(2).padStart(6)}`,
    );
  }
  if (show === 0) return;
  console.log('');
  for (const t of COMPARED) {
    const a = res.get(t)!;
    if (a.onlyOurs.length > 0) console.log(`${t} only ours:   ${a.onlyOurs.join(' ')}`);
    if (a.onlyTheirs.length > 0) console.log(`${t} only lichess: ${a.onlyTheirs.join(' ')}`);
  }
}

main();
