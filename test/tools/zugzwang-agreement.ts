// node dist/test/tools/zugzwang-agreement.js [NODES=200000] [EVERY=5] — our zugzwang theme
// (src/puzzles/zugzwang.ts, with Debian's Stockfish) against lichess's tag on lichess's own puzzles (the
// samples of the shared corpus, their solution lines): recall over every puzzle lichess tags zugzwang;
// precision from the false positives on every EVERY-th other puzzle, counted EVERY times (the others are
// 99% of the puzzles: the engine on all of them would take an hour). Puzzles with no position where the
// opponent, not in check, has 15 legal moves or fewer are decided without the engine (never zugzwang).
import { installNewTables } from '../../src/core/attacks.js';
import { UciEngine } from '../../src/puzzles/engine.js';
import { FALLBACK_ENGINE } from '../../src/puzzles/engine-path.js';
import { isZugzwang, type Ask } from '../../src/puzzles/zugzwang.js';
import { loadLichessPuzzles, puzzleFen, type LichessPuzzle } from '../helpers/lichess-puzzles.js';

const [NODES, EVERY] = [200_000, 5].map((d, i) => Number(process.argv[2 + i] ?? d));

interface Tally {
  checked: number;
  ours: number;
  /** A few ids of the puzzles we tag, and of those we do not. */
  ids: string[];
  not: string[];
}

async function tally(ask: Ask, puzzles: readonly LichessPuzzle[]): Promise<Tally> {
  const t: Tally = { checked: 0, ours: 0, ids: [], not: [] };
  for (const p of puzzles) {
    t.checked++;
    if (await isZugzwang(ask, puzzleFen(p), p.solution, NODES)) {
      t.ours++;
      if (t.ids.length < 8) t.ids.push(p.id);
    } else if (t.not.length < 8) t.not.push(p.id);
  }
  return t;
}

async function main(): Promise<void> {
  installNewTables();
  const all = loadLichessPuzzles();
  const tagged = all.filter((p) => p.themes.includes('zugzwang'));
  const others = all.filter((p, i) => !p.themes.includes('zugzwang') && i % EVERY === 0);
  const engine = await UciEngine.start({ path: process.env.ENGINE ?? FALLBACK_ENGINE });
  const ask: Ask = (fen, moves, nodes) => engine.analyse(fen, moves, { nodes, multipv: 1 });
  const started = performance.now();
  const pos = await tally(ask, tagged);
  const neg = await tally(ask, others);
  await engine.quit();
  const fp = neg.ours * EVERY;
  const pct = (a: number, b: number): string => (b === 0 ? '-' : ((100 * a) / b).toFixed(1) + '%');
  console.log(
    `${all.length} lichess puzzles, Stockfish at ${NODES} nodes per search, ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  console.log(`lichess's zugzwang: ${tagged.length}, ours on them ${pos.ours}: recall ${pct(pos.ours, tagged.length)}`);
  console.log(`  not ours, e.g.: ${pos.not.join(' ')}`);
  console.log(`others: ${neg.checked} checked (every ${EVERY}th), ours on them ${neg.ours} (${neg.ids.join(' ')}): ~${fp} in all`);
  console.log(`precision ~${pct(pos.ours, pos.ours + fp)}`);
}

await main();
