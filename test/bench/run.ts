// npm run bench — speed figures of the core and the motif engine, each against a baseline run in the same
// process: a plain ray loop for slider attacks, chess.js for perft and SAN replay. Prints figures and
// ratios; targets are printed beside them, never asserted (speed is not a unit test).
import { Chess } from 'chess.js';
import { installNewTables, rookAttacks } from '../../src/core/attacks.js';
import { INITIAL_FEN, parseFen } from '../../src/core/fen.js';
import { perft } from '../../src/core/perft.js';
import { Position } from '../../src/core/position.js';
import { parseSanBytes, SanMatches } from '../../src/core/san.js';
import { variantFromTag } from '../../src/core/variant.js';
import { MotifBuffer } from '../../src/motifs/buffer.js';
import { scanMotifs } from '../../src/motifs/classify.js';
import { loadGames, type CorpusGame } from '../helpers/corpus.js';
import { random01 } from '../helpers/random.js';

const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

function row(name: string, value: string, baseline: string, ratio: string, target: string): void {
  console.log(`${name.padEnd(34)} ${value.padStart(16)} ${baseline.padStart(16)} ${ratio.padStart(9)}   ${target}`);
}

function time(fn: () => void): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}


// Baseline: the obvious ray loop on the same int32 halves, no tables.
const DIRS = [[1, 0], [-1, 0], [0, 1], [0, -1]];
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
  for (let i = 0; i < N * 2; i++) occ[i] = (rand() * 2 ** 32) & (rand() * 2 ** 32) | 0; // ~25% density
  const out = new Int32Array(2);
  const rounds = 40;
  let sink = 0;
  // two separate loops, so each call site stays monomorphic and is measured as a caller would use it
  const ours = (): number => {
    const ms = time(() => {
      for (let r = 0; r < rounds; r++) {
        for (let i = 0; i < N; i++) {
          rookAttacks(occ[2 * i], occ[2 * i + 1], i & 63, out, 0);
          sink ^= out[0] ^ out[1];
        }
      }
    });
    return (ms * 1e6) / (N * rounds);
  };
  const loop = (): number => {
    const ms = time(() => {
      for (let r = 0; r < rounds; r++) {
        for (let i = 0; i < N; i++) {
          rayLoopRook(occ[2 * i], occ[2 * i + 1], i & 63, out);
          sink ^= out[0] ^ out[1];
        }
      }
    });
    return (ms * 1e6) / (N * rounds);
  };
  ours();
  loop(); // warm-up
  const nsOurs = Math.min(ours(), ours());
  const nsBase = Math.min(loop(), loop());
  row('rook attack (ns/call)', nsOurs.toFixed(1), nsBase.toFixed(1) + ' loop', (nsBase / nsOurs).toFixed(1) + '×', 'target ≤ 30 ns');
  if (sink === 0x7fffffff) console.log('');
}

function benchPerft(): void {
  const pos = parseFen(KIWIPETE);
  perft(pos, 3);
  let nodes = 0;
  const ms = time(() => {
    nodes = perft(pos, 5);
  });
  const chess = new Chess(KIWIPETE);
  let cNodes = 0;
  const cMs = time(() => {
    cNodes = chess.perft(3);
  });
  const ours = nodes / ms / 1000;
  const theirs = cNodes / cMs / 1000;
  row('perft Kiwipete (M nodes/s)', ours.toFixed(1), theirs.toFixed(2) + ' chess.js', (ours / theirs).toFixed(0) + '×', 'target ≥ 5 M nodes/s (bulk-counted leaves)');
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

function replayOurs(games: Packed[], pos: Position, onPosition?: (p: Position) => void): number {
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
      if (onPosition) onPosition(pos);
    }
  }
  return moves;
}

function benchReplayAndMotifs(games: CorpusGame[]): void {
  const packed = games.map(pack);
  const pos = new Position();
  replayOurs(packed, pos);
  let moves = 0;
  const ms = time(() => {
    moves = replayOurs(packed, pos);
  });
  // chess.js on a share of the same games (it is two orders of magnitude slower)
  const share = games.slice(0, 300);
  let cMoves = 0;
  const cMs = time(() => {
    for (const g of share) {
      const chess = new Chess(g.fen ?? INITIAL_FEN);
      for (const san of g.sans) {
        chess.move(san);
        cMoves++;
      }
    }
  });
  const ours = (moves / ms) * 1000;
  const theirs = (cMoves / cMs) * 1000;
  row('SAN replay (moves/s)', Math.round(ours).toLocaleString('en'), Math.round(theirs).toLocaleString('en') + ' chess.js', (ours / theirs).toFixed(0) + '×', 'target ≥ 1,000,000 (aim 2,000,000)');

  // motif tagging on the real positions of the same games
  const positions: Position[] = [];
  replayOurs(packed, pos, (p) => {
    if (positions.length < 200_000) positions.push(p.clone());
  });
  const buf = new MotifBuffer();
  let records = 0;
  for (let i = 0; i < positions.length; i++) records += scanMotifs(positions[i], buf);
  for (let i = 0; i < positions.length; i++) scanMotifs(positions[i], buf); // warm-up: optimized code first
  const target = 1_000_000;
  const rounds = Math.ceil(target / positions.length);
  global.gc?.();
  const heap0 = process.memoryUsage().heapUsed;
  const mMs = time(() => {
    for (let r = 0; r < rounds; r++) for (let i = 0; i < positions.length; i++) scanMotifs(positions[i], buf);
  });
  const heap1 = process.memoryUsage().heapUsed;
  const ns = (mMs * 1e6) / (rounds * positions.length);
  row('motif tagging (ns/position)', ns.toFixed(0), '', '', `target ≤ 400 ns; ${(records / positions.length).toFixed(2)} records/position`);
  row('  heap delta over ' + (rounds * positions.length / 1e6).toFixed(1) + 'M positions', ((heap1 - heap0) / 1024).toFixed(0) + ' KiB', '', '', 'target: no allocation per position');
}

function main(): void {
  installNewTables();
  console.log(`pgn-xray bench — node ${process.version}, single thread`);
  row('', 'ours', 'baseline', 'ratio', '');
  benchRook();
  benchPerft();
  const games: CorpusGame[] = [];
  for (const f of ['games/lichess-db-2016-05-no-event-tag.pgn.zst', 'games/pgnmentor-style-Fischer.pgn']) {
    for (const g of loadGames(f)) if (variantFromTag(g.variant) === 'standard') games.push(g);
  }
  console.log(`(replay and motifs on ${games.length} real games)`);
  benchReplayAndMotifs(games);
}

main();
