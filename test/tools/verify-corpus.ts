// npm run verify:corpus — replays every standard game of ../shared/corpus on our core and on chess.js
// side by side (FEN, SAN, check/mate flags after every ply) and reports counts and any disagreement.
// Work is shared by game index over worker threads (-j N, default: available cores), which open the attack
// tables this thread builds, as the pool's workers do. `--file REL` (repeatable) keeps only those corpus
// files. Exit 1 on any disagreement, and when no game at all was compared.
import { Chess } from 'chess.js';
import { availableParallelism } from 'node:os';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { installNewTables, installTables } from '../../src/core/attacks.js';
import { openTables } from '../../src/core/tables.js';
import { UnsupportedVariantError, variantFromTag } from '../../src/core/variant.js';
import { corpusDir, loadGames } from '../helpers/corpus.js';
import { replayAgainstChessJs, type Disagreement } from '../helpers/replay-oracle.js';

interface Tally {
  games: number;
  plies: number;
  otherVariant: number;
  fromFen: number;
  refusedByBoth: string[];
  disagreements: Disagreement[];
}

/** The corpus's PGN files, or those named by --file. */
function pgnFiles(): string[] {
  const asked = process.argv.flatMap((a, i) => (process.argv[i - 1] === '--file' ? [a] : []));
  if (asked.length > 0) return asked;
  const root = corpusDir();
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.pgn(\.zst)?$/.test(name)) out.push(relative(root, p));
    }
  };
  walk(root);
  return out;
}

function work(files: string[], part: number, parts: number): Record<string, Tally> {
  const result: Record<string, Tally> = {};
  for (const file of files) {
    const t: Tally = { games: 0, plies: 0, otherVariant: 0, fromFen: 0, refusedByBoth: [], disagreements: [] };
    result[file] = t;
    for (const g of loadGames(file)) {
      if (g.index % parts !== part) continue;
      try {
        if (variantFromTag(g.variant) !== 'standard') {
          t.otherVariant++;
          continue;
        }
      } catch (e) {
        if (e instanceof UnsupportedVariantError) {
          t.otherVariant++;
          continue;
        }
        throw e;
      }
      let r;
      try {
        r = replayAgainstChessJs(g);
      } catch (e) {
        // a start FEN that both refuse is a bad game; anything else is a failure of ours
        if (g.fen === undefined || chessJsAccepts(g.fen)) throw e;
        t.refusedByBoth.push(`#${g.index}: ${(e as Error).message}`);
        continue;
      }
      t.games++;
      if (g.fen) t.fromFen++;
      t.plies += r.plies;
      if (r.rejected) t.refusedByBoth.push(`#${g.index}: ${r.rejected}`);
      if (r.disagreement) t.disagreements.push(r.disagreement);
    }
  }
  return result;
}

function chessJsAccepts(fen: string): boolean {
  try {
    new Chess(fen);
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const jIndex = process.argv.indexOf('-j');
  const parts = jIndex > 0 ? Number(process.argv[jIndex + 1]) : availableParallelism();
  const files = pgnFiles();
  const tables = installNewTables().buffer;
  const t0 = performance.now();
  const results = await Promise.all(
    Array.from(
      { length: parts },
      (_, part) =>
        new Promise<Record<string, Tally>>((resolveP, reject) => {
          const w = new Worker(new URL(import.meta.url), { workerData: { files, part, parts, tables } });
          w.once('message', resolveP);
          w.once('error', reject);
        }),
    ),
  );
  let games = 0;
  let plies = 0;
  let bad = 0;
  let refused = 0;
  let other = 0;
  for (const file of files) {
    const t = results.map((r) => r[file]);
    const g = t.reduce((n, x) => n + x.games, 0);
    const p = t.reduce((n, x) => n + x.plies, 0);
    const o = t.reduce((n, x) => n + x.otherVariant, 0);
    const d = t.flatMap((x) => x.disagreements);
    const r = t.flatMap((x) => x.refusedByBoth);
    games += g;
    plies += p;
    bad += d.length;
    refused += r.length;
    other += o;
    console.log(`${file}: ${g} games, ${p} plies, ${d.length} disagreements, ${r.length} refused by both, ${o} other variants`);
    for (const x of d.slice(0, 5))
      console.log(`  DISAGREE game #${x.game} ply ${x.ply} "${x.token}": ours ${x.ours} | chess.js ${x.theirs}`);
    for (const x of r.slice(0, 3)) console.log(`  refused by both ${x}`);
  }
  const s = (performance.now() - t0) / 1000;
  console.log(
    `\nTOTAL: ${games} standard games, ${plies} plies, ${bad} disagreements, ${refused} games refused by both, ${other} games of other variants skipped (${s.toFixed(0)} s, ${parts} threads)`,
  );
  process.exitCode = bad === 0 && games > 0 ? 0 : 1;
}

if (isMainThread) {
  await main();
} else {
  const { files, part, parts, tables } = workerData as { files: string[]; part: number; parts: number; tables: SharedArrayBuffer };
  installTables(openTables(tables));
  parentPort!.postMessage(work(files, part, parts));
}
