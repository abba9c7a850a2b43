// npm run bench (first part) — speed figures of the core, each against a baseline run in the same process:
// a plain ray loop for slider attacks, chess.js for perft and SAN replay. Ours and the baseline run in
// interleaved rounds (test/bench/measure.ts), CPU time; figures are medians (min–max) and the ratio is
// taken within each round. Targets are printed beside them, never asserted (speed is not a unit test).
// The motif scan's figure is in pipeline.ts, on real positions of the largest corpus file.
import { Chess } from 'chess.js';
import { installNewTables, rookAttacks } from '../../src/core/attacks.js';
import { INITIAL_FEN, parseFen } from '../../src/core/fen.js';
import { perft } from '../../src/core/perft.js';
import { Position } from '../../src/core/position.js';
import { parseSanBytes, SanMatches } from '../../src/core/san.js';
import { variantFromTag } from '../../src/core/variant.js';
import { loadGames, type CorpusGame } from '../helpers/corpus.js';
import { random01 } from '../helpers/random.js';
import { cpuOf, interleave, load, num, rounds, show, spread } from './measure.js';

const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

function row(name: string, value: string, baseline: string, ratio: string, target: string): void {
  console.log(`${name.padEnd(30)} ${value.padStart(26)} ${baseline.padStart(34)} ${ratio.padStart(16)}   ${target}`);
}

/**
 * Ours and the baseline as median (min–max) table cells, and how many times faster ours is, taken within
 * each round: `faster` divides one round's figures (rates: ours / theirs; times: theirs / ours).
 */
function cells(
  ours: number[],
  theirs: number[],
  f: (x: number) => string,
  label: string,
  faster: (o: number, t: number) => number,
): [string, string, string] {
  const times = ours.map((o, i) => faster(o, theirs[i]));
  return [show(spread(ours), f), `${show(spread(theirs), f)} ${label}`, show(spread(times), (x) => x.toFixed(x < 10 ? 1 : 0) + '×')];
}

const rate = (o: number, t: number): number => o / t;

// Baseline: the obvious ray loop on the same int32 halves, no tables.
const DIRS = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
];
function rayLoopRook(occLo: number, occHi: number, sq: number, out: Int32Array): void {
  let lo = 0;
  let hi = 0;
  for (const [df, dr] of DIRS) {
    let f = (sq & 7) + df;
    let r = (sq >> 3) + dr;
    while (f >= 0 && f < 8 && r >= 0 && r < 8) {
      const t = r * 8 + f;
      if (t < 32) lo |= 1 << t;
      else hi |= 1 << (t - 32);
      if ((t < 32 ? (occLo >>> t) & 1 : (occHi >>> (t - 32)) & 1) !== 0) break;
      f += df;
      r += dr;
    }
  }
  out[0] = lo;
  out[1] = hi;
}

function benchRook(): void {
  const rand = random01(7);
  const N = 1 << 16;
  const occ = new Int32Array(N * 2);
  for (let i = 0; i < N * 2; i++) occ[i] = ((rand() * 2 ** 32) & (rand() * 2 ** 32)) | 0; // ~25% density
  const out = new Int32Array(2);
  const loops = 40;
  let sink = 0;
  // two separate loops, so each call site stays monomorphic and is measured as a caller would use it
  const ours = (): number => {
    const ms = cpuOf(() => {
      for (let r = 0; r < loops; r++) {
        for (let i = 0; i < N; i++) {
          rookAttacks(occ[2 * i], occ[2 * i + 1], i & 63, out, 0);
          sink ^= out[0] ^ out[1];
        }
      }
    });
    return (ms * 1e6) / (N * loops);
  };
  const loop = (): number => {
    const ms = cpuOf(() => {
      for (let r = 0; r < loops; r++) {
        for (let i = 0; i < N; i++) {
          rayLoopRook(occ[2 * i], occ[2 * i + 1], i & 63, out);
          sink ^= out[0] ^ out[1];
        }
      }
    });
    return (ms * 1e6) / (N * loops);
  };
  const [a, b] = interleave(rounds(7), [ours, loop], true);
  row(
    'rook attack (ns/call)',
    ...cells(
      a,
      b,
      (x) => x.toFixed(1),
      'loop',
      (o, t) => t / o,
    ),
    'target ≤ 30 ns',
  );
  if (sink === 0x7fffffff) console.log('');
}

function benchPerft(): void {
  const pos = parseFen(KIWIPETE);
  const chess = new Chess(KIWIPETE);
  const ours = (): number => {
    let nodes = 0;
    const ms = cpuOf(() => (nodes = perft(pos, 4)));
    return nodes / ms / 1000;
  };
  const theirs = (): number => {
    let nodes = 0;
    const ms = cpuOf(() => (nodes = chess.perft(3)));
    return nodes / ms / 1000;
  };
  const [a, b] = interleave(rounds(5), [ours, theirs], true);
  row(
    'perft Kiwipete (M nodes/s)',
    ...cells(a, b, (x) => x.toFixed(x < 1 ? 2 : 1), 'chess.js', rate),
    'target ≥ 5 M nodes/s (bulk-counted leaves)',
  );
}

interface Packed {
  fen: string;
  bytes: Uint8Array;
  ranges: Int32Array; // start/end pairs of the move tokens
}

function pack(g: CorpusGame): Packed {
  const text = g.sans.join(' ');
  const bytes = new TextEncoder().encode(text);
  const ranges = new Int32Array(g.sans.length * 2);
  let at = 0;
  g.sans.forEach((s, i) => {
    ranges[2 * i] = at;
    ranges[2 * i + 1] = at + s.length;
    at += s.length + 1;
  });
  return { fen: g.fen ?? INITIAL_FEN, bytes, ranges };
}

function replayOurs(games: Packed[], pos: Position): number {
  let moves = 0;
  const found = new SanMatches();
  for (const g of games) {
    const start = parseFen(g.fen);
    pos.copyFrom(start);
    const r = g.ranges;
    for (let i = 0; i < r.length; i += 2) {
      const m = parseSanBytes(pos, g.bytes, r[i], r[i + 1], found);
      if (m < 0) throw new Error(`bench replay: move refused in ${g.fen}`);
      pos.play(m);
      moves++;
    }
  }
  return moves;
}

function benchReplay(games: CorpusGame[]): void {
  const packed = games.map(pack);
  const pos = new Position();
  // chess.js on a share of the same games (it is two orders of magnitude slower)
  const share = games.slice(0, 60);
  const ours = (): number => {
    let moves = 0;
    const ms = cpuOf(() => (moves = replayOurs(packed, pos)));
    return (moves / ms) * 1000;
  };
  const theirs = (): number => {
    let moves = 0;
    const ms = cpuOf(() => {
      for (const g of share) {
        const chess = new Chess(g.fen ?? INITIAL_FEN);
        for (const san of g.sans) {
          chess.move(san);
          moves++;
        }
      }
    });
    return (moves / ms) * 1000;
  };
  const [a, b] = interleave(rounds(5), [ours, theirs], true);
  row('SAN replay (moves/s)', ...cells(a, b, (x) => num(x), 'chess.js', rate), 'target ≥ 1,000,000 (aim 2,000,000)');
}

function main(): void {
  installNewTables();
  console.log(
    `pgn-xray bench — node ${process.version}, one thread; CPU time; ${rounds(5)}+ rounds of (ours, baseline) interleaved: medians (min–max), ratio within each round`,
  );
  console.log(load('start'));
  row('', 'ours', 'baseline', 'ratio', '');
  benchRook();
  benchPerft();
  const games: CorpusGame[] = [];
  for (const f of ['games/lichess-db-2016-05-no-event-tag.pgn.zst', 'games/pgnmentor-style-Fischer.pgn']) {
    for (const g of loadGames(f)) if (variantFromTag(g.variant) === 'standard') games.push(g);
  }
  console.log(`(SAN replay on ${games.length} real games)`);
  benchReplay(games);
  console.log(load('end'));
}

main();
