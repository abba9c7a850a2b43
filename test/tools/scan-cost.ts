// node dist/test/tools/scan-cost.js — the cost of the motif scan alone on the positions of real games, for
// speed decisions on a shared, noisy machine (README "Measurements"):
//   CPU time   process.cpuUsage() around `rounds` scans of every position, `repeats` times: median, range
//   valgrind   `valgrind --tool=cachegrind --cache-sim=no node --predictable dist/test/tools/scan-cost.js
//              --repeats 1 --rounds 60` minus the same with `--rounds 10`, over 50 × positions: the scan's
//              instructions per position (replay and digest cancel out; `--rounds 0` would skip the digest)
// A digest of every record written is printed, so that two builds can be seen to agree.
// Options: --games N (300) --rounds R (10) --repeats K (7) --file corpus path --played (playedFlags too).
import { parseFen, INITIAL_FEN } from '../../src/core/fen.js';
import { installNewTables } from '../../src/core/attacks.js';
import type { Position } from '../../src/core/position.js';
import { parseSan } from '../../src/core/san.js';
import { variantFromTag } from '../../src/core/variant.js';
import { MotifBuffer, STRIDE } from '../../src/motifs/buffer.js';
import { scanMotifs } from '../../src/motifs/classify.js';
import { playedFlags } from '../../src/motifs/played.js';
import { loadGames } from '../helpers/corpus.js';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

function textOption(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

/** Every position of the games (before each move, and the last), with the move played from it (-1 last). */
function positionsOf(file: string, games: number): { positions: Position[]; moves: number[] } {
  const positions: Position[] = [];
  const moves: number[] = [];
  for (const g of loadGames(file, games)) {
    if (variantFromTag(g.variant) !== 'standard') continue;
    const pos = parseFen(g.fen ?? INITIAL_FEN);
    for (const san of g.sans) {
      const m = parseSan(pos, san);
      positions.push(pos.clone());
      moves.push(m);
      pos.play(m);
    }
    positions.push(pos.clone());
    moves.push(-1);
  }
  return { positions, moves };
}

/** FNV-1a over every record word of every position: equal digests, equal scans. */
function digest(positions: Position[], moves: number[], played: boolean): string {
  const buf = new MotifBuffer();
  let h = 0x811c9dc5;
  let records = 0;
  for (let i = 0; i < positions.length; i++) {
    const n = scanMotifs(positions[i], buf);
    records += n;
    for (let w = 0; w < n * STRIDE; w++) h = Math.imul(h ^ buf.data[w], 0x01000193);
    if (played && moves[i] >= 0) h = Math.imul(h ^ playedFlags(positions[i], moves[i], positions[i + 1], buf), 0x01000193);
  }
  return `${(h >>> 0).toString(16)} (${records} records)`;
}

function scanAll(positions: Position[], moves: number[], buf: MotifBuffer, played: boolean): void {
  for (let i = 0; i < positions.length; i++) {
    scanMotifs(positions[i], buf);
    if (played && moves[i] >= 0) playedFlags(positions[i], moves[i], positions[i + 1], buf);
  }
}

function main(): void {
  installNewTables();
  const games = option('games', 300);
  const rounds = option('rounds', 10);
  const repeats = option('repeats', 7);
  const played = process.argv.includes('--played');
  const file = textOption('file', 'games/lichess-db-2016-05-no-event-tag.pgn.zst');
  const { positions, moves } = positionsOf(file, games);
  if (rounds === 0) {
    console.log(`${positions.length} positions, replay only`);
    return;
  }
  console.log(`${positions.length} positions of ${games} games of ${file}; digest ${digest(positions, moves, played)}`);
  const buf = new MotifBuffer();
  const ns: number[] = [];
  for (let k = 0; k < repeats; k++) {
    const t0 = process.cpuUsage();
    for (let r = 0; r < rounds; r++) scanAll(positions, moves, buf, played);
    const t = process.cpuUsage(t0);
    ns.push(((t.user + t.system) * 1000) / (rounds * positions.length));
  }
  const sorted = [...ns].sort((a, b) => a - b);
  const median = sorted[sorted.length >> 1];
  console.log(
    `scan${played ? ' + played' : ''}: median ${median.toFixed(0)} ns/position, range ${sorted[0].toFixed(0)}–${sorted[sorted.length - 1].toFixed(0)} (${repeats} × ${rounds} rounds; ${ns.map((x) => x.toFixed(0)).join(' ')})`,
  );
}

main();
