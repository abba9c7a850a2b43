// npm run tactics:cost [-- --per-file N] [--examples K] — what the tactic verdicts cost and what the gate
// loses, on every position of whole real games from several corpus files (lichess blitz and bullet, OTB),
// N per file (default 15,000). Prints, in CPU ns per position (averaged over all positions, and over the
// positions of a stage): the motif scan (paid by the analysis already), the exact judge (every position
// searched) split into positions without and with a verdict, the themes and the judging of the move
// played; the gate alone, the share of positions it sends on, the judge behind it; and every position the
// exact judge gives a verdict that the gate drops (count, and the first K as FEN, move and gain).
import { installNewTables } from '../../src/core/attacks.js';
import { toFen } from '../../src/core/fen.js';
import type { Position } from '../../src/core/position.js';
import { moveToUci } from '../../src/core/san.js';
import { MotifBuffer } from '../../src/motifs/buffer.js';
import { scanMotifs } from '../../src/motifs/classify.js';
import { TacticGate } from '../../src/tactics/gate.js';
import { TacticJudge } from '../../src/tactics/verdict.js';
import { readCorpusBytes } from '../helpers/corpus.js';
import { replay } from '../tactics/sample-games.js';
import { cpuMs, option } from './measure.js';

const FILES: [string, number][] = [
  ['games/lichess-jishanshaikh4.pgn.zst', 0],
  ['games/lichess-DrNykterstein-DrDrunkenstein.pgn.zst', 0],
  ['games/lichess-db-2016-05-no-event-tag.pgn.zst', 3000], // past the bundled sample, which the tests use
  ['games/pgnmentor-style-Carlsen.pgn.zst', 0],
];

interface Game {
  positions: Position[];
  moves: number[];
}

type Visit = (pos: Position, before: Position | null, last: number, next: number) => void;

function load(perFile: number): Game[] {
  const games: Game[] = [];
  for (const [file, skip] of FILES) {
    let n = 0;
    for (const { index, reader } of replay(readCorpusBytes(file))) {
      if (index < skip) continue;
      games.push({
        positions: reader.positions.slice(0, reader.plies + 1).map((p) => p.clone()),
        moves: Array.from(reader.moves.subarray(0, reader.plies)),
      });
      n += reader.plies + 1;
      if (n >= perFile) break;
    }
  }
  return games;
}

function each(games: Game[], f: Visit): void {
  for (const g of games) {
    for (let i = 0; i < g.positions.length; i++)
      f(g.positions[i], i > 0 ? g.positions[i - 1] : null, i > 0 ? g.moves[i - 1] : -1, i < g.moves.length ? g.moves[i] : -1);
  }
}

/** CPU ms of one pass of f over every position, after a first pass that warms the JIT up. */
function timed(games: Game[], f: Visit): number {
  each(games.slice(0, 50), f);
  const t0 = cpuMs();
  each(games, f);
  return cpuMs() - t0;
}

/** Wall ns of one call (for splitting a pass's time among positions of different kinds). */
function clock(f: () => void): number {
  const t0 = process.hrtime.bigint();
  f();
  return Number(process.hrtime.bigint() - t0);
}

function main(): void {
  installNewTables();
  const args = process.argv.slice(2);
  const games = load(Number(option(args, '--per-file', '15000')));
  const examples = Number(option(args, '--examples', '20'));
  const n = games.reduce((k, g) => k + g.positions.length, 0);
  const buf = new MotifBuffer();
  const ns = (ms: number, k: number): string => `${((ms * 1e6) / Math.max(k, 1)).toFixed(0)} ns`;
  const share = (k: number): string => `${((100 * k) / n).toFixed(2)}%`;
  console.log(`${n} positions of ${games.length} games (${FILES.map(([f]) => f.replace(/^games\//, '')).join(', ')})`);
  const scanMs = timed(games, (pos) => scanMotifs(pos, buf));
  console.log(`motif scan (paid by the analysis already): ${ns(scanMs, n)} per position`);
  // the exact judge, its time split between positions without and with a verdict
  const exact = new TacticJudge();
  let quietNs = 0;
  let verdictNs = 0;
  let themesNs = 0;
  let playedNs = 0;
  let verdicts = 0;
  let played = 0;
  const pctOf = (wallNs: number): string => `${((100 * wallNs) / (quietNs + verdictNs + themesNs + playedNs)).toFixed(1)}%`;
  const exactMs =
    timed(games, (pos, before, last, next) => {
      scanMotifs(pos, buf);
      let got = false;
      const t = clock(() => (got = exact.position(pos, before, last, buf)));
      if (!got) {
        quietNs += t;
        return;
      }
      verdictNs += t;
      verdicts++;
      themesNs += clock(() => exact.themes());
      if (next >= 0) {
        played++;
        playedNs += clock(() => exact.judgePlayed(next));
      }
    }) - scanMs;
  // the wall-clock splits apportion the pass's CPU time (wall time is inflated by other processes)
  const cpuPerWall = exactMs / ((quietNs + verdictNs + themesNs + playedNs) / 1e6);
  const part = (wallNs: number, k: number): string => ns((wallNs / 1e6) * cpuPerWall, k);
  console.log(`exact judge (every position searched), themes and move played included: ${ns(exactMs, n)} per position`);
  console.log(`  positions without a verdict: ${share(n - verdicts)}, ${part(quietNs, n - verdicts)} each (null-window search)`);
  console.log(`  positions with a verdict: ${share(verdicts)}, ${part(verdictNs, verdicts)} each (null window, then value and line)`);
  console.log(
    `  themes: ${part(themesNs, verdicts)} per verdict; judging the move played: ${part(playedNs, played)} per verdict with a move`,
  );
  console.log(
    `  shares of the time: no verdict ${pctOf(quietNs)}, verdict ${pctOf(verdictNs)}, themes ${pctOf(themesNs)}, move played ${pctOf(playedNs)}`,
  );
  // the gate alone, then the judge behind it, and what it drops
  const gate = new TacticGate();
  const gateMs =
    timed(games, (pos) => {
      scanMotifs(pos, buf);
      gate.open(pos, 2, buf);
    }) - scanMs;
  const gated = new TacticJudge({ gate: true });
  const full = new TacticJudge();
  const lost: string[] = [];
  let lostCount = 0;
  let truth = 0;
  each(games, (pos, before, last) => {
    scanMotifs(pos, buf);
    const g = gated.position(pos, before, last, buf);
    if (!full.position(pos, before, last, buf)) return;
    truth++;
    if (g) return;
    lostCount++;
    if (lost.length < examples)
      lost.push(`${toFen(pos)}  ${moveToUci(pos, full.move)} ${full.mate > 0 ? `mate ${full.mate}` : `gain ${full.gain}`}`);
  });
  // the judge with and without the gate, alternately, 3 rounds each on the same positions (the best of each)
  const gatedJudge = new TacticJudge({ gate: true });
  const plainJudge = new TacticJudge();
  let gatedMs = Infinity;
  let plainMs = Infinity;
  for (let r = 0; r < 3; r++) {
    gatedMs = Math.min(
      gatedMs,
      timed(games, (pos, before, last) => {
        scanMotifs(pos, buf);
        gatedJudge.position(pos, before, last, buf);
      }) - scanMs,
    );
    plainMs = Math.min(
      plainMs,
      timed(games, (pos, before, last) => {
        scanMotifs(pos, buf);
        plainJudge.position(pos, before, last, buf);
      }) - scanMs,
    );
  }
  const c = gated.counts;
  console.log(`gate alone (need 2): ${ns(gateMs, n)} per position; it sends on ${share(c.searched)} (${JSON.stringify(gate.counts)})`);
  console.log(
    `judge (no themes, no move played), best of 3 alternate rounds: every position searched ${ns(plainMs, n)}, behind the gate ${ns(gatedMs, n)} per position`,
  );
  console.log(`the gate drops ${lostCount} of ${truth} verdicts (${((100 * lostCount) / Math.max(truth, 1)).toFixed(2)}%)`);
  for (const l of lost) console.log(`  ${l}`);
}

main();
