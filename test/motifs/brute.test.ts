// The motif engine against an independent brute-force oracle (test/helpers/brute-motifs.ts):
// (a) hand-made sanity positions for the oracle itself, (b) every position and move of two real
// game collections, engine vs oracle, (c) absolute pins, discovered checks and checkers vs chess.js.
import { describe, expect, it } from 'vitest';
import { Chess, type Square } from 'chess.js';
import {
  brutePlayedTags,
  bruteTagFen,
  recordKey,
  sqName,
  type BruteMove,
  type BruteTags,
  type MotifRecord,
} from '../helpers/brute-motifs.js';
import { playedTags, tagPosition } from '../../src/motifs/tags.js';
import { INITIAL_FEN, parseFen, toFen } from '../../src/core/fen.js';
import { parseSan } from '../../src/core/san.js';
import { legalMoves } from '../../src/core/movegen.js';
import { FLAG_CASTLE, FLAG_EP, moveFlags, moveFrom, moveTo } from '../../src/core/move.js';
import type { Position } from '../../src/core/position.js';
import { tokenizeMoves } from '../../src/pgn/movetext.js';
import { random01 } from '../helpers/random.js';
import { withPieces } from '../helpers/fen-letters.js';
import { readCorpusBytes } from '../helpers/corpus.js';

// BRUTE_FILES=games/a.pgn.zst,puzzles/b.pgn.zst (corpus names, test/helpers/corpus.ts) widens the replay for exploration
const FILES = process.env.BRUTE_FILES
  ? process.env.BRUTE_FILES.split(',').filter(Boolean)
  : ['games/pgnmentor-style-Fischer.pgn', 'games/pgnmentor-style-Capablanca.pgn'];
const MIN_POSITIONS = 20_000;
const CHESSJS_POSITIONS = 5_000;

function keys(records: readonly MotifRecord[]): string[] {
  return records.map((r) => recordKey(r)).sort();
}

function pin(side: 'w' | 'b', kind: 'absolute' | 'relative', slider: string, front: string, back: string, partial = false): MotifRecord {
  return { motif: 'pin', kind, side, slider, front, back, partial };
}
function skewer(side: 'w' | 'b', kind: 'absolute' | 'relative', slider: string, front: string, back: string): MotifRecord {
  return { motif: 'skewer', kind, side, slider, front, back };
}
function line(
  motif: 'discoveredCheck' | 'discoveredAttack' | 'xray',
  side: 'w' | 'b',
  slider: string,
  front: string,
  back: string,
): MotifRecord {
  return { motif, side, slider, front, back };
}
function battery(side: 'w' | 'b', squares: string[], l: 'rank' | 'file' | 'diagonal' | 'antiDiagonal', targets: string[]): MotifRecord {
  return { motif: 'battery', side, squares, line: l, targets };
}

// ------------------------------------------------------------------------------------------------
// (a) the oracle on hand-made positions

interface StaticCase {
  name: string;
  fen: string;
  checkers: string[];
  motifs: MotifRecord[];
}

const STATIC_CASES: StaticCase[] = [
  {
    name: 'rook pins a knight to the king (absolute)',
    fen: '3k4/8/8/3n4/8/8/8/K2R4 w - - 0 1',
    checkers: [],
    motifs: [pin('w', 'absolute', 'd1', 'd5', 'd8')],
  },
  {
    name: 'rook pins a queen to the king: partial',
    fen: '4k3/8/8/4q3/8/8/8/4R2K w - - 0 1',
    checkers: [],
    motifs: [pin('w', 'absolute', 'e1', 'e5', 'e8', true)],
  },
  {
    name: 'bishop skewers the king to a rook (absolute skewer, value(R) > value(B))',
    fen: '8/8/5r2/8/3k4/8/1B6/7K b - - 0 1',
    checkers: ['b2'],
    motifs: [skewer('w', 'absolute', 'b2', 'd4', 'f6')],
  },
  {
    name: 'rook "skewers" the king to a defended rook: not exploitable; the rook behind the king uncovers an attack',
    fen: 'r7/8/1n6/8/k7/8/8/R6K b - - 0 1',
    checkers: ['a1'],
    motifs: [line('discoveredAttack', 'b', 'a8', 'a4', 'a1')],
  },
  {
    name: 'Q+R battery on a file aiming at a knight',
    fen: '6k1/8/3n4/8/8/8/3R4/3Q2K1 w - - 0 1',
    checkers: [],
    motifs: [battery('w', ['d1', 'd2'], 'file', ['d6'])],
  },
  {
    name: 'R+R+Q battery on a rank with a target at each end',
    fen: '6k1/8/8/8/p1RR1Q1n/8/8/6K1 w - - 0 1',
    checkers: [],
    motifs: [battery('w', ['c4', 'd4', 'f4'], 'rank', ['a4', 'h4'])],
  },
  {
    name: 'bishop pins a knight to the queen (relative); the queen behind the knight uncovers the bishop',
    fen: '4q2k/8/2n5/1B6/8/8/8/6K1 b - - 0 1',
    checkers: [],
    motifs: [pin('w', 'relative', 'b5', 'c6', 'e8'), line('discoveredAttack', 'b', 'e8', 'c6', 'b5')],
  },
  {
    name: 'rook defends its knight through an enemy rook (xray)',
    fen: '3N3k/8/8/3r4/8/8/8/3R3K w - - 0 1',
    checkers: [],
    motifs: [line('xray', 'w', 'd1', 'd5', 'd8')],
  },
  {
    name: 'potential discovered check: knight in front of a rook',
    fen: '3k4/8/8/8/3N4/8/8/3R3K w - - 0 1',
    checkers: [],
    motifs: [line('discoveredCheck', 'w', 'd1', 'd4', 'd8')],
  },
  {
    name: 'a pawn whose pushes stay on the line gives no discovered check',
    fen: '3k4/8/8/8/8/8/3P4/3R3K w - - 0 1',
    checkers: [],
    motifs: [],
  },
  {
    name: '... but it does when it can capture off the line',
    fen: '3k4/8/8/8/8/4n3/3P4/3R3K w - - 0 1',
    checkers: [],
    motifs: [line('discoveredCheck', 'w', 'd1', 'd2', 'd8')],
  },
  {
    name: 'en passant is the only move off the line: counts with the ep square',
    fen: '3k4/8/8/3Pp3/8/8/8/3R3K w - e6 0 1',
    checkers: [],
    motifs: [line('discoveredCheck', 'w', 'd1', 'd5', 'd8')],
  },
  {
    name: '... and not without it',
    fen: '3k4/8/8/3Pp3/8/8/8/3R3K w - - 0 1',
    checkers: [],
    motifs: [],
  },
  {
    name: 'the own king as the front piece',
    fen: '8/8/8/8/8/8/8/RK5k w - - 0 1',
    checkers: [],
    motifs: [line('discoveredCheck', 'w', 'a1', 'b1', 'h1')],
  },
  {
    name: 'rook skewers a queen to a rook (relative); the queen and rook form a battery aiming at it',
    fen: 'r6k/8/8/q7/8/8/8/R6K w - - 0 1',
    checkers: [],
    motifs: [skewer('w', 'relative', 'a1', 'a5', 'a8'), battery('b', ['a5', 'a8'], 'file', ['a1'])],
  },
  {
    name: 'same skewer from a3 ...',
    fen: 'r6k/8/8/q7/8/R7/7K/8 w - - 0 1',
    checkers: [],
    motifs: [skewer('w', 'relative', 'a3', 'a5', 'a8'), battery('b', ['a5', 'a8'], 'file', ['a3'])],
  },
  {
    name: '... killed by a defender behind the slider (x-ray recapture); two xrays appear',
    fen: 'r6k/8/8/q7/8/R7/7K/r7 w - - 0 1',
    checkers: [],
    motifs: [line('xray', 'b', 'a1', 'a3', 'a5'), line('xray', 'b', 'a5', 'a3', 'a1'), battery('b', ['a5', 'a8'], 'file', ['a3'])],
  },
  {
    name: 'double check: checkers ascending',
    fen: '4k3/8/3N4/8/8/8/8/4R2K b - - 0 1',
    checkers: ['e1', 'd6'],
    motifs: [],
  },
  {
    name: 'equal values (knight, bishop) make neither pin nor skewer; the bishop behind the knight uncovers an attack',
    fen: '6k1/8/5b2/8/3n4/8/1B6/6K1 w - - 0 1',
    checkers: [],
    motifs: [line('discoveredAttack', 'b', 'f6', 'd4', 'b2')],
  },
  {
    name: "the own king's only move off the line steps next to the enemy king: checks are ignored",
    fen: '8/8/8/8/8/8/1PP5/R1K1k3 w - - 0 1',
    checkers: [],
    motifs: [line('discoveredCheck', 'w', 'a1', 'c1', 'e1')],
  },
  {
    name: "a pawn's capture of the enemy king is no move off the line",
    fen: '8/8/8/4q3/8/kn6/1P6/B6K b - - 0 1',
    checkers: ['b2'],
    motifs: [pin('b', 'relative', 'e5', 'b2', 'a1')],
  },
  {
    name: '... while its capture of a rook is',
    fen: '8/7k/8/4q3/8/rn6/1P6/B6K b - - 0 1',
    checkers: [],
    motifs: [pin('b', 'relative', 'e5', 'b2', 'a1'), line('discoveredAttack', 'w', 'a1', 'b2', 'e5')],
  },
  {
    name: 'a black pawn capturing downwards off the file: discovered check',
    fen: '3r3k/3p4/2N5/8/8/8/8/3K4 w - - 0 1',
    checkers: [],
    motifs: [line('discoveredCheck', 'b', 'd8', 'd7', 'd1')],
  },
  {
    name: 'doubled rooks aiming at the king: a battery with the king as target',
    fen: '4k3/8/8/8/8/8/4R3/4R2K b - - 0 1',
    checkers: ['e2'],
    motifs: [battery('w', ['e1', 'e2'], 'file', ['e8'])],
  },
  {
    name: 'absolute skewer to a defended queen (value(Q) > value(R)); the queen behind the king uncovers an attack',
    fen: '8/8/8/7p/R2k2q1/8/8/7K b - - 0 1',
    checkers: ['a4'],
    motifs: [skewer('w', 'absolute', 'a4', 'd4', 'g4'), line('discoveredAttack', 'b', 'g4', 'd4', 'a4')],
  },
  {
    name: 'no xray onto the own king',
    fen: '3K4/8/7k/3r4/8/8/8/3R4 w - - 0 1',
    checkers: ['d5'],
    motifs: [],
  },
  {
    name: 'initial position: nothing',
    fen: INITIAL_FEN,
    checkers: [],
    motifs: [],
  },
];

interface PlayedCase {
  name: string;
  before: string;
  after: string;
  move: BruteMove;
  san: string;
  tags: string[];
}

const PLAYED_CASES: PlayedCase[] = [
  {
    name: 'knight uncovers the rook: discovered check',
    before: '3k4/8/8/8/3N4/8/8/3R3K w - - 0 1',
    after: '3k4/8/8/5N2/8/8/8/3R3K b - - 1 1',
    move: { from: 'd4', to: 'f5' },
    san: 'Nf5',
    tags: ['check', 'discoveredCheck'],
  },
  {
    name: 'knight uncovers the rook and checks too: double check',
    before: '3k4/8/8/8/3N4/8/8/3R3K w - - 0 1',
    after: '3k4/8/2N5/8/8/8/8/3R3K b - - 1 1',
    move: { from: 'd4', to: 'c6' },
    san: 'Nc6',
    tags: ['check', 'discoveredCheck', 'doubleCheck'],
  },
  {
    name: 'knight uncovers the rook on a queen: discovered attack',
    before: '3k4/3q4/8/8/3N4/8/8/3R3K w - - 0 1',
    after: '3k4/3q4/8/1N6/8/8/8/3R3K b - - 1 1',
    move: { from: 'd4', to: 'b5' },
    san: 'Nb5',
    tags: ['discoveredAttack'],
  },
  {
    name: 'castling: the rook checks, but it moved',
    before: '5k2/8/8/8/8/8/8/4K2R w K - 0 1',
    after: '5k2/8/8/8/8/8/8/5RK1 b - - 1 1',
    move: { from: 'e1', to: 'g1', castle: true, rookFrom: 'h1' },
    san: 'O-O',
    tags: ['check'],
  },
  {
    name: 'en passant removes the blocker: discovered check',
    before: '8/8/8/k3Pp1R/8/8/8/7K w - f6 0 2',
    after: '8/8/5P2/k6R/8/8/8/7K b - - 0 2',
    move: { from: 'e5', to: 'f6', epCapture: true },
    san: 'exf6',
    tags: ['check', 'discoveredCheck'],
  },
  {
    name: 'battery front captures the target: no discovered attack',
    before: '7k/3n4/8/8/3R4/8/8/3Q3K w - - 0 1',
    after: '7k/3R4/8/8/8/8/8/3Q3K b - - 0 1',
    move: { from: 'd4', to: 'd7' },
    san: 'Rxd7',
    tags: [],
  },
  {
    name: 'battery front steps aside: discovered attack (no value rule)',
    before: '7k/3n4/8/8/3R4/8/8/3Q3K w - - 0 1',
    after: '7k/3n4/8/8/R7/8/8/3Q3K b - - 1 1',
    move: { from: 'd4', to: 'a4' },
    san: 'Ra4',
    tags: ['discoveredAttack'],
  },
  {
    name: 'battery front steps back along the line: still blocked, nothing',
    before: '7k/3n4/8/8/3R4/8/8/3Q3K w - - 0 1',
    after: '7k/3n4/8/8/8/8/3R4/3Q3K b - - 1 1',
    move: { from: 'd4', to: 'd2' },
    san: 'Rd2',
    tags: [],
  },
  {
    name: 'a promoted piece checking from its square moved',
    before: 'k7/4P3/8/8/8/8/8/7K w - - 0 1',
    after: 'k3Q3/8/8/8/8/8/8/7K b - - 0 1',
    move: { from: 'e7', to: 'e8' },
    san: 'e8=Q',
    tags: ['check'],
  },
];

describe('brute-force motif oracle: hand-made positions', () => {
  for (const c of STATIC_CASES) {
    it(c.name, () => {
      const got = bruteTagFen(c.fen);
      expect(got.checkers).toEqual(c.checkers);
      expect(keys(got.motifs)).toEqual(keys(c.motifs));
    });
  }
  for (const c of PLAYED_CASES) {
    it(`played: ${c.name}`, () => {
      expect(brutePlayedTags(c.before, c.after, c.move)).toEqual(c.tags);
    });
  }
});

describe('motif engine on the hand-made positions', () => {
  for (const c of STATIC_CASES) {
    it(c.name, () => {
      const got = tagPosition(parseFen(c.fen));
      expect(got.checkers).toEqual(c.checkers);
      expect(keys(got.motifs)).toEqual(keys(withPieces(c.fen, c.motifs)));
    });
  }
  for (const c of PLAYED_CASES) {
    it(`played: ${c.name}`, () => {
      const pos = parseFen(c.before);
      const m = parseSan(pos, c.san);
      expect(bruteMove(m)).toEqual(c.move.castle ? c.move : { epCapture: false, ...c.move });
      const after = pos.clone();
      after.play(m);
      expect(toFen(after)).toBe(c.after);
      expect(playedTags(pos, m)).toEqual(c.tags);
    });
  }
});

// ------------------------------------------------------------------------------------------------
// (b) corpus replay: engine vs oracle

interface Game {
  file: string;
  index: number;
  fen: string;
  chess960: boolean;
  sans: string[];
}

function loadGames(): Game[] {
  const games: Game[] = [];
  for (const file of FILES) {
    const bytes = readCorpusBytes(file);
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1').replace(/\r\n?/g, '\n');
    const chunks = text.split(/\n\s*\n(?=\[[A-Za-z])/); // a blank line, then a tag pair: a new game
    chunks.forEach((chunk, index) => {
      if (!chunk.trim()) return;
      const fenTag = /^\[FEN "([^"]*)"\]/m.exec(chunk);
      const chess960 = /^\[Variant "(chess ?960|fischerandom|fischer random)"\]/im.test(chunk);
      const sans = tokenizeMoves(Buffer.from(chunk, 'latin1'));
      games.push({ file, index: index + 1, fen: fenTag ? fenTag[1] : INITIAL_FEN, chess960, sans });
    });
  }
  return games;
}

function bruteMove(m: number): BruteMove {
  const from = moveFrom(m);
  const to = moveTo(m);
  const flags = moveFlags(m);
  if ((flags & FLAG_CASTLE) !== 0) {
    // encoded king-takes-own-rook
    const kingTo = (from & 56) + ((to & 7) > (from & 7) ? 6 : 2);
    return { from: sqName(from), to: sqName(kingTo), castle: true, rookFrom: sqName(to) };
  }
  return { from: sqName(from), to: sqName(to), epCapture: (flags & FLAG_EP) !== 0 };
}

interface Mismatch {
  where: string;
  fen: string;
  detail: string;
}

function diffTags(engine: BruteTags, oracle: BruteTags): string | null {
  const e = keys(engine.motifs);
  const o = keys(oracle.motifs);
  const onlyEngine = e.filter((k) => !o.includes(k));
  const onlyOracle = o.filter((k) => !e.includes(k));
  const dupEngine = e.length !== new Set(e).size;
  const checkersDiffer = engine.checkers.join() !== oracle.checkers.join();
  if (!onlyEngine.length && !onlyOracle.length && !dupEngine && e.length === o.length && !checkersDiffer) return null;
  const lines: string[] = [];
  if (checkersDiffer) lines.push(`  checkers engine [${engine.checkers}] oracle [${oracle.checkers}]`);
  for (const k of onlyEngine) lines.push(`  engine only: ${k}`);
  for (const k of onlyOracle) lines.push(`  oracle only: ${k}`);
  if (dupEngine || e.length !== o.length) lines.push(`  record counts engine ${e.length} oracle ${o.length}`);
  return lines.join('\n');
}

describe('motif engine vs brute-force oracle on real games', () => {
  it(
    `agrees on every position and move of ${FILES.join(', ')} (>= ${MIN_POSITIONS} positions)`,
    () => {
      const games = loadGames();
      const mismatches: Mismatch[] = [];
      let positions = 0;
      let moves = 0;
      let records = 0;
      let rejected = 0;
      const motifCounts = new Map<string, number>();
      const playedCounts = new Map<string, number>();
      const compare = (pos: Position, where: string): void => {
        const fen = toFen(pos);
        const oracle = bruteTagFen(fen);
        oracle.motifs = withPieces(fen, oracle.motifs);
        const engine = tagPosition(pos);
        positions++;
        records += oracle.motifs.length;
        for (const r of oracle.motifs) {
          const k = 'kind' in r ? `${r.motif}.${r.kind}` : r.motif;
          motifCounts.set(k, (motifCounts.get(k) ?? 0) + 1);
        }
        const d = diffTags(engine, oracle);
        if (d) mismatches.push({ where, fen: toFen(pos), detail: d });
      };
      for (const g of games) {
        let pos: Position;
        try {
          pos = parseFen(g.fen, { chess960: g.chess960 });
        } catch (e) {
          rejected++;
          if (rejected <= 3) console.log(`rejected: ${g.file} game ${g.index}: ${(e as Error).message}`);
          continue;
        }
        let ply = 0;
        compare(pos, `${g.file} game ${g.index} ply ${ply}`);
        for (const san of g.sans) {
          if (san === '--') break;
          let m: number;
          try {
            m = parseSan(pos, san);
          } catch (e) {
            rejected++;
            if (rejected <= 3) console.log(`rejected: ${g.file} game ${g.index} ply ${ply}: ${(e as Error).message}`);
            break;
          }
          const after = pos.clone();
          after.play(m);
          const bm = bruteMove(m);
          const expected = brutePlayedTags(toFen(pos), toFen(after), bm);
          const got = playedTags(pos, m);
          moves++;
          for (const t of expected) playedCounts.set(t, (playedCounts.get(t) ?? 0) + 1);
          if (got.join() !== expected.join()) {
            mismatches.push({
              where: `${g.file} game ${g.index} ply ${ply} move ${san}`,
              fen: toFen(pos),
              detail: `  played engine [${got}] oracle [${expected}] (move ${JSON.stringify(bm)})`,
            });
          }
          pos = after;
          ply++;
          compare(pos, `${g.file} game ${g.index} ply ${ply}`);
        }
      }
      console.log(
        `brute-motifs: ${games.length} games (${rejected} rejected), ${positions} positions, ${moves} moves, ` +
          `${records} oracle records, ${mismatches.length} mismatches`,
      );
      console.log(`  motifs: ${JSON.stringify(Object.fromEntries([...motifCounts].sort()))}`);
      console.log(`  played: ${JSON.stringify(Object.fromEntries([...playedCounts].sort()))}`);
      for (const mm of mismatches.slice(0, 10)) console.log(`MISMATCH ${mm.where}\n  fen ${mm.fen}\n${mm.detail}`);
      expect(positions).toBeGreaterThanOrEqual(MIN_POSITIONS);
      expect(mismatches.length).toBe(0);
    },
    process.env.BRUTE_FILES ? 3_600_000 : 120_000,
  );
});

// ------------------------------------------------------------------------------------------------
// (b') random positions: odd configurations real games rarely show (many sliders, exposed kings,
// pawns next to en passant squares), and every legal move from them

const RANDOM_POSITIONS = Number(process.env.BRUTE_RANDOM ?? 5_000);

function randomFen(rnd: () => number): string {
  const board: string[] = new Array<string>(64).fill('');
  const free = (): number => {
    for (;;) {
      const sq = Math.floor(rnd() * 64);
      if (board[sq] === '') return sq;
    }
  };
  board[free()] = 'K';
  board[free()] = 'k';
  const n = 2 + Math.floor(rnd() * 18);
  const letters = 'ppppnnbbbrrrqq';
  for (let i = 0; i < n; i++) {
    let letter = letters[Math.floor(rnd() * letters.length)];
    if (rnd() < 0.5) letter = letter.toUpperCase();
    let sq = free();
    if (letter.toLowerCase() === 'p') {
      let tries = 0;
      while ((sq < 8 || sq >= 56) && tries++ < 20) sq = free();
      if (sq < 8 || sq >= 56) continue;
    }
    board[sq] = letter;
  }
  const turn = rnd() < 0.5 ? 'w' : 'b';
  // an en passant square when a pawn of the side that just moved stands where a double push ends
  let ep = '-';
  const cands: number[] = [];
  for (let sq = 0; sq < 64; sq++) {
    if (turn === 'w' && board[sq] === 'p' && sq >> 3 === 4 && board[sq + 8] === '' && board[sq + 16] === '') cands.push(sq + 8);
    if (turn === 'b' && board[sq] === 'P' && sq >> 3 === 3 && board[sq - 8] === '' && board[sq - 16] === '') cands.push(sq - 8);
  }
  if (cands.length > 0 && rnd() < 0.7) ep = sqName(cands[Math.floor(rnd() * cands.length)]);
  let placement = '';
  for (let r = 7; r >= 0; r--) {
    let empty = 0;
    for (let f = 0; f < 8; f++) {
      const c = board[r * 8 + f];
      if (c === '') empty++;
      else {
        if (empty) placement += empty;
        empty = 0;
        placement += c;
      }
    }
    if (empty) placement += empty;
    if (r > 0) placement += '/';
  }
  return `${placement} ${turn} - ${ep} 0 1`;
}

describe('motif engine vs brute-force oracle on random positions', () => {
  it(`agrees on ${RANDOM_POSITIONS} random positions and every legal move from them`, () => {
    const rnd = random01(20240607);
    const moves = new Int32Array(256);
    const mismatches: Mismatch[] = [];
    let positions = 0;
    let played = 0;
    let tries = 0;
    const playedCounts = new Map<string, number>();
    while (positions < RANDOM_POSITIONS) {
      tries++;
      const fen = randomFen(rnd);
      let pos: Position;
      try {
        pos = parseFen(fen);
      } catch {
        continue; // the side not to move is in check, or similar
      }
      positions++;
      const oracle = bruteTagFen(toFen(pos));
      const d = diffTags(tagPosition(pos), { ...oracle, motifs: withPieces(toFen(pos), oracle.motifs) });
      if (d) mismatches.push({ where: `random ${positions}`, fen: toFen(pos), detail: d });
      const n = legalMoves(pos, moves);
      for (let i = 0; i < n; i++) {
        const m = moves[i];
        const after = pos.clone();
        after.play(m);
        const expected = brutePlayedTags(toFen(pos), toFen(after), bruteMove(m));
        const got = playedTags(pos, m);
        played++;
        for (const t of expected) playedCounts.set(t, (playedCounts.get(t) ?? 0) + 1);
        if (got.join() !== expected.join()) {
          mismatches.push({
            where: `random ${positions} move ${JSON.stringify(bruteMove(m))}`,
            fen: toFen(pos),
            detail: `  played engine [${got}] oracle [${expected}]`,
          });
        }
      }
    }
    console.log(`random: ${positions} positions (${tries} drawn), ${played} moves, ${mismatches.length} mismatches`);
    console.log(`  played: ${JSON.stringify(Object.fromEntries([...playedCounts].sort()))}`);
    for (const mm of mismatches.slice(0, 10)) console.log(`MISMATCH ${mm.where}\n  fen ${mm.fen}\n${mm.detail}`);
    expect(mismatches.length).toBe(0);
  });
});

// ------------------------------------------------------------------------------------------------
// (c) absolute pins, discovered checks and checkers against chess.js

function squareIndex(name: string): number {
  return (name.charCodeAt(1) - 49) * 8 + (name.charCodeAt(0) - 97);
}

function sortSquares(list: string[]): string[] {
  return [...list].sort((a, b) => squareIndex(a) - squareIndex(b));
}

describe('absolute pins, discovered checks and checkers vs chess.js', () => {
  it(`agree on ${CHESSJS_POSITIONS} corpus positions`, () => {
    const games = loadGames();
    const problems: string[] = [];
    let positions = 0;
    let pinsChecked = 0;
    let discoveredChecked = 0;
    const check = (pos: Position): void => {
      const fen = toFen(pos);
      const chess = new Chess(fen);
      const us = pos.turn === 0 ? 'w' : 'b';
      const them = us === 'w' ? 'b' : 'w';
      const kingSq = chess.findPiece({ type: 'k', color: us })[0];
      const expectedCheckers = sortSquares(chess.attackers(kingSq, them));
      const oracle = bruteTagFen(toFen(pos));
      const engine = tagPosition(pos);
      if (oracle.checkers.join() !== expectedCheckers.join())
        problems.push(`${fen}: oracle checkers [${oracle.checkers}] chess.js [${expectedCheckers}]`);
      if (engine.checkers.join() !== expectedCheckers.join())
        problems.push(`${fen}: engine checkers [${engine.checkers}] chess.js [${expectedCheckers}]`);
      if (chess.isCheck() !== expectedCheckers.length > 0) problems.push(`${fen}: isCheck disagrees with attackers`);
      const seen = new Set<string>();
      for (const [who, rec] of [...oracle.motifs.map((r) => ['oracle', r] as const), ...engine.motifs.map((r) => ['engine', r] as const)]) {
        if (rec.motif !== 'pin' && rec.motif !== 'discoveredCheck') continue;
        if (rec.motif === 'pin' && rec.kind !== 'absolute') continue;
        const key = recordKey(rec);
        if (seen.has(key)) continue;
        seen.add(key);
        const king = chess.get(rec.back as Square);
        const slider = chess.get(rec.slider as Square);
        if (king?.type !== 'k' || !slider || slider.color !== rec.side || king.color === rec.side) {
          problems.push(`${fen}: ${who} ${key}: back is not the enemy king or slider not of its side`);
          continue;
        }
        const beforeAttackers = new Set(chess.attackers(rec.back as Square, rec.side));
        const c2 = new Chess(fen);
        c2.remove(rec.front as Square);
        const uncovered = c2.attackers(rec.back as Square, rec.side).filter((s) => !beforeAttackers.has(s));
        if (uncovered.join() !== rec.slider) {
          problems.push(`${fen}: ${who} ${key}: without ${rec.front} chess.js sees new attackers [${uncovered}] of ${rec.back}`);
        }
        if (rec.motif === 'pin') pinsChecked++;
        else discoveredChecked++;
      }
      positions++;
    };
    outer: for (const g of games) {
      if (g.chess960) continue;
      let pos = parseFen(g.fen);
      check(pos);
      for (const san of g.sans) {
        if (positions >= CHESSJS_POSITIONS) break outer;
        if (san === '--') break;
        let m: number;
        try {
          m = parseSan(pos, san);
        } catch {
          break;
        }
        pos = pos.clone();
        pos.play(m);
        check(pos);
      }
    }
    console.log(
      `chess.js cross-check: ${positions} positions, ${pinsChecked} absolute pins, ${discoveredChecked} potential discovered checks, ${problems.length} problems`,
    );
    for (const p of problems.slice(0, 10)) console.log(`PROBLEM ${p}`);
    expect(positions).toBeGreaterThanOrEqual(CHESSJS_POSITIONS);
    expect(pinsChecked).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
});
