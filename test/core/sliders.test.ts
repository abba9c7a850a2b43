// The bitboard attack functions of src/core/attacks.ts against the naive square-by-square oracle
// (test/helpers/naive.ts). Exhaustive where the space is small (every subset of every line mask, every
// subset of every rook/bishop mask, all 64×64 square pairs), seeded random elsewhere (mulberry32), so
// every failure reproduces. Each check counts mismatches, keeps the first few, and asserts zero.
import { describe, expect, it } from 'vitest';
import * as A from '../../src/core/attacks.js';
import { scanKernels } from '../../src/motifs/classify.js';
import * as N from '../helpers/naive.js';
import type { Halves, LineKind, NaiveBoard, Side, SliderKind } from '../helpers/naive.js';

const out = new Int32Array(4);
/** The motif scan's own kernels (WebAssembly, 64-bit sets): tested beside the core's. */
const K = scanKernels();
const LINE_NAMES = ['rank', 'file', 'diag', 'anti'];

/** Mismatch counter keeping the first few failures as readable text. */
class Tally {
  cases = 0;
  mismatches = 0;
  readonly examples: string[] = [];
  constructor(readonly label: string) {}
  check(ok: boolean, describe: () => string): void {
    this.cases++;
    if (ok) return;
    this.mismatches++;
    if (this.examples.length < 8) this.examples.push(describe());
  }
  finish(): void {
    console.log(`${this.label}: ${this.cases} cases, ${this.mismatches} mismatches`);
    expect(this.mismatches, `${this.label}:\n  ${this.examples.join('\n  ')}`).toBe(0);
    expect(this.cases).toBeGreaterThan(0);
  }
}

function got(): Halves {
  return [out[0]!, out[1]!];
}

function setText(h: Halves): string {
  return `${N.hex(h[0], h[1])} ${N.squareList(h[0], h[1])}`;
}

function diff(what: string, sq: number, occ: Halves, expected: Halves, actual: Halves, extra = ''): string {
  return (
    `${what} sq=${N.squareName(sq)}(${sq}) occ ${N.hex(occ[0], occ[1])}${extra}: ` + `expected ${setText(expected)} got ${setText(actual)}`
  );
}

/** Squares of a list -> (lo, hi) of the subset selected by the bits of `index`. */
function subsetHalves(squares: readonly number[], index: number): Halves {
  let lo = 0;
  let hi = 0;
  for (let j = 0; j < squares.length; j++) {
    if (((index >>> j) & 1) === 0) continue;
    const s = squares[j]!;
    if (s < 32) lo |= 1 << s;
    else hi |= 1 << (s - 32);
  }
  return [lo | 0, hi | 0];
}

function withSq(h: Halves, sq: number): Halves {
  return sq < 32 ? [h[0] | (1 << sq), h[1]] : [h[0], h[1] | (1 << (sq - 32))];
}

/** A random density in [0, 1], biased so sparse, medium and dense boards all occur often. */
function randomDensity(rnd: () => number): number {
  const u = rnd() / 4294967296;
  return u * u;
}

function randomOccWithSq(rnd: () => number, sq: number): Halves {
  const occ = N.randomOcc(rnd, randomDensity(rnd));
  return rnd() & 1 ? withSq(occ, sq) : occ;
}

// ---------------------------------------------------------------------------------------------
describe('naive oracle self-check (hand-computed cases)', () => {
  const sq = N.parseSquare;
  const names = (h: Halves) => N.halvesToSquares(h[0], h[1]).map(N.squareName).sort();
  const sorted = (xs: string[]) => [...xs].sort();

  it('rook on d4 with blockers on d6, f4, b4, d2 (and noise off its lines)', () => {
    const occ = N.squaresToHalves(['d4', 'd6', 'f4', 'b4', 'd2', 'a1', 'h8', 'g7'].map(sq));
    expect(names(N.rookAttacksH(occ[0], occ[1], sq('d4')))).toEqual(sorted(['d5', 'd6', 'd3', 'd2', 'e4', 'f4', 'c4', 'b4']));
    // the same through the boolean[64] entry point
    const b = N.squaresToBools(['d6', 'f4', 'b4', 'd2'].map(sq));
    expect(
      N.boolsToSquares(N.rookAttacks(b, sq('d4')))
        .map(N.squareName)
        .sort(),
    ).toEqual(sorted(['d5', 'd6', 'd3', 'd2', 'e4', 'f4', 'c4', 'b4']));
  });

  it('empty-board sliders', () => {
    expect(names(N.rookAttacksH(0, 0, sq('a1')))).toHaveLength(14);
    expect(names(N.queenAttacksH(0, 0, sq('h8')))).toHaveLength(21);
    expect(names(N.queenAttacksH(0, 0, sq('d4')))).toHaveLength(27);
    expect(names(N.bishopAttacksH(0, 0, sq('d4')))).toHaveLength(13);
    expect(names(N.lineAttacksH(0, 0, sq('c1'), N.LINE_DIAG))).toEqual(['d2', 'e3', 'f4', 'g5', 'h6']);
    expect(names(N.lineAttacksH(0, 0, sq('c1'), N.LINE_ANTI))).toEqual(['a3', 'b2']);
    expect(names(N.lineAttacksH(0, 0, sq('e4'), N.LINE_FILE))).toEqual(['e1', 'e2', 'e3', 'e5', 'e6', 'e7', 'e8']);
  });

  it('bishop on c1 blocked on e3', () => {
    const occ = N.squaresToHalves([sq('e3'), sq('c1')]);
    expect(names(N.bishopAttacksH(occ[0], occ[1], sq('c1')))).toEqual(['a3', 'b2', 'd2', 'e3']);
  });

  it('leapers and pawns', () => {
    expect(N.knightAttackSquares(sq('a1')).map(N.squareName).sort()).toEqual(['b3', 'c2']);
    expect(N.knightAttackSquares(sq('e4'))).toHaveLength(8);
    expect(N.kingAttackSquares(sq('h1')).map(N.squareName).sort()).toEqual(['g1', 'g2', 'h2']);
    expect(N.pawnAttackSquares(N.WHITE, sq('e2')).map(N.squareName).sort()).toEqual(['d3', 'f3']);
    expect(N.pawnAttackSquares(N.WHITE, sq('a2')).map(N.squareName)).toEqual(['b3']);
    expect(N.pawnAttackSquares(N.BLACK, sq('h7')).map(N.squareName)).toEqual(['g6']);
    expect(N.pawnAttackSquares(N.WHITE, sq('c8'))).toEqual([]);
  });

  it('between, line, mayMove', () => {
    expect(N.betweenSquares(sq('a1'), sq('h8')).map(N.squareName)).toEqual(['b2', 'c3', 'd4', 'e5', 'f6', 'g7']);
    expect(N.betweenSquares(sq('h8'), sq('a1'))).toHaveLength(6);
    expect(N.betweenSquares(sq('a1'), sq('b3'))).toEqual([]);
    expect(N.betweenSquares(sq('c1'), sq('c4')).map(N.squareName)).toEqual(['c2', 'c3']);
    expect(N.betweenSquares(sq('e4'), sq('f5'))).toEqual([]);
    expect(N.lineSquares(sq('b2'), sq('c3')).map(N.squareName)).toEqual(['a1', 'b2', 'c3', 'd4', 'e5', 'f6', 'g7', 'h8']);
    expect(N.lineSquares(sq('g1'), sq('a7')).map(N.squareName)).toEqual(['g1', 'f2', 'e3', 'd4', 'c5', 'b6', 'a7']);
    expect(N.lineSquares(sq('a1'), sq('b3'))).toEqual([]);
    expect(N.lineSquares(sq('e4'), sq('e4'))).toEqual([]);
    const occ = N.squaresToBools([sq('c3')]);
    expect(N.mayMove(sq('a1'), sq('h8'), occ)).toBe(false);
    expect(N.mayMove(sq('a1'), sq('b2'), occ)).toBe(true);
    expect(N.mayMove(sq('h8'), sq('c3'), occ)).toBe(true); // the target itself may be occupied
  });

  it('attacksTo / attacked on a hand-made board (target e4)', () => {
    const b: NaiveBoard = N.emptyBoard();
    const put = (s: string, side: Side, t: number) => (b[sq(s)] = N.pieceCode(side, t as 0));
    put('d3', N.WHITE, N.PAWN); // attacks e4
    put('f5', N.BLACK, N.PAWN); // attacks e4
    put('e5', N.WHITE, N.PAWN); // does not (white pawns attack forward)
    put('c3', N.WHITE, N.KNIGHT); // attacks e4
    put('g5', N.BLACK, N.KNIGHT); // attacks e4
    put('e1', N.WHITE, N.ROOK); // attacks e4 up the file
    put('a8', N.BLACK, N.QUEEN); // attacks e4 down the a8-h1 diagonal
    put('h7', N.WHITE, N.BISHOP); // blocked by f5
    put('a4', N.BLACK, N.ROOK); // attacks along the rank (b4, c4, d4 empty)
    put('f3', N.BLACK, N.KING); // adjacent
    put('a1', N.WHITE, N.KING); // far
    const occ = N.boardOccupancy(b);
    const att = N.attacksTo(b, occ, sq('e4')).flatMap((v, s) => (v ? [N.squareName(s)] : []));
    expect(att.sort()).toEqual(['a4', 'a8', 'c3', 'd3', 'e1', 'f3', 'f5', 'g5'].sort());
    expect(N.attacked(b, occ, sq('e4'), N.WHITE)).toBe(true);
    expect(N.attacked(b, occ, sq('e4'), N.BLACK)).toBe(true);
    expect(N.attacked(b, occ, sq('h1'), N.WHITE)).toBe(true); // the e1 rook along the first rank
    expect(N.attacked(b, occ, sq('h2'), N.WHITE)).toBe(false);
    expect(N.attacked(b, occ, sq('h2'), N.BLACK)).toBe(false); // the a8 queen's diagonal stops at the f3 king
    expect(N.attacked(b, occ, sq('g2'), N.BLACK)).toBe(true); // the f3 king
  });

  it('x-ray: the seed rank example (rook e1, occupied b d e g -> x-ray b c h)', () => {
    const occ = N.squaresToHalves(['b1', 'd1', 'e1', 'g1'].map(sq));
    const x = N.xrayLineAttacksH(occ[0], occ[1], occ[0], occ[1], sq('e1'), N.LINE_RANK);
    expect(names(x)).toEqual(['b1', 'c1', 'h1']);
    // rook d1 through d3 up to d6
    const occ2 = N.squaresToHalves(['d1', 'd3', 'd6', 'a1'].map(sq));
    const blk2 = N.squaresToHalves([sq('d3')]);
    expect(names(N.xrayAttacksH('rook', occ2[0], occ2[1], blk2[0], blk2[1], sq('d1')))).toEqual(['d4', 'd5', 'd6']);
    // a blocker that is not the first piece on its ray gives nothing
    const blk3 = N.squaresToHalves([sq('d6')]);
    expect(names(N.xrayAttacksH('rook', occ2[0], occ2[1], blk3[0], blk3[1], sq('d1')))).toEqual([]);
  });

  it('x-ray walker equals the literal seed formula when blockers are a subset of occupancy (10,000 cases)', () => {
    const rnd = N.mulberry32(0x5eed0001);
    let bad = 0;
    for (let i = 0; i < 10_000; i++) {
      const s = rnd() & 63;
      const occ = N.randomOcc(rnd, randomDensity(rnd));
      const blk = N.randomOcc(rnd, rnd() / 4294967296);
      const b: Halves = [occ[0] & blk[0], occ[1] & blk[1]];
      for (const kind of ['rook', 'bishop', 'queen'] as SliderKind[]) {
        const w = N.xrayAttacksH(kind, occ[0], occ[1], b[0], b[1], s);
        const f = N.xrayFormulaH(N.sliderLinesOf(kind), occ[0], occ[1], b[0], b[1], s);
        if (!N.sameHalves(w, f[0], f[1])) bad++;
      }
    }
    expect(bad).toBe(0);
  });

  it('halves <-> bools <-> squares conversions round-trip', () => {
    const rnd = N.mulberry32(7);
    for (let i = 0; i < 1000; i++) {
      const h = N.randomOcc(rnd, 0.5);
      const b = N.halvesToBools(h[0], h[1]);
      expect(N.boolsToHalves(b)).toEqual(h);
      expect(N.squaresToHalves(N.halvesToSquares(h[0], h[1]))).toEqual(h);
      expect(N.boolsToSquares(b)).toEqual(N.halvesToSquares(h[0], h[1]));
    }
    expect(N.squaresToHalves([31])).toEqual([-2147483648, 0]);
    expect(N.squaresToHalves([63])).toEqual([0, -2147483648]);
  });

  it('boardToBB builds the documented layout', () => {
    const b = N.emptyBoard();
    b[4] = N.pieceCode(N.WHITE, N.KING);
    b[60] = N.pieceCode(N.BLACK, N.KING);
    b[12] = N.pieceCode(N.WHITE, N.PAWN);
    b[52] = N.pieceCode(N.BLACK, N.PAWN);
    const bb = N.boardToBB(b);
    expect(Array.from(bb)).toEqual([
      1 << 12,
      1 << 20,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      1 << 4,
      1 << 28,
      (1 << 4) | (1 << 12),
      0,
      0,
      (1 << 28) | (1 << 20),
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
describe('sliders: exhaustive', () => {
  it('lineAttacks, of the core and of the motif scan: every square × line kind × every subset of the line mask (with/without the square, with off-line noise)', () => {
    const t = new Tally('lineAttacks exhaustive');
    const rnd = N.mulberry32(0x11e);
    for (let s = 0; s < 64; s++) {
      for (const l of N.LINE_KINDS) {
        const mask = N.lineMaskSquares(s, l);
        const onLine = new Set([...mask, s]);
        const offLine = Array.from({ length: 64 }, (_, i) => i).filter((i) => !onLine.has(i));
        for (let i = 0; i < 1 << mask.length; i++) {
          const sub = subsetHalves(mask, i);
          const noise = subsetHalves(offLine, rnd()); // random subset of (up to 32 of) the off-line squares
          const noise2 = subsetHalves(offLine.slice(32), rnd());
          const variants: Halves[] = [
            sub,
            withSq(sub, s),
            [sub[0] | noise[0] | noise2[0], sub[1] | noise[1] | noise2[1]],
            withSq([sub[0] | noise[0] | noise2[0], sub[1] | noise[1] | noise2[1]], s),
          ];
          const exp = N.lineAttacksH(sub[0], sub[1], s, l); // the oracle on the bare subset
          for (const occ of variants) {
            const expV = N.lineAttacksH(occ[0], occ[1], s, l);
            for (const [name, lineAttacks] of [
              ['lineAttacks', A.lineAttacks],
              ["the scan's lineAttacks", K.lineAttacks],
            ] as const) {
              lineAttacks(occ[0], occ[1], s, l, out, 0);
              const g = got();
              t.check(N.sameHalves(expV, g[0], g[1]) && N.sameHalves(exp, g[0], g[1]), () =>
                diff(`${name}(${LINE_NAMES[l]})`, s, occ, expV, g),
              );
            }
          }
        }
      }
    }
    t.finish();
  });

  it('rookAttacks: every square × every subset of the full rook mask', () => {
    const t = new Tally('rookAttacks exhaustive');
    for (let s = 0; s < 64; s++) {
      const mask = [...N.lineMaskSquares(s, N.LINE_RANK), ...N.lineMaskSquares(s, N.LINE_FILE)];
      for (let i = 0; i < 1 << mask.length; i++) {
        const occ = (i & 1) === 0 ? subsetHalves(mask, i) : withSq(subsetHalves(mask, i), s);
        const exp = N.rookAttacksH(occ[0], occ[1], s);
        A.rookAttacks(occ[0], occ[1], s, out, 0);
        const g = got();
        t.check(N.sameHalves(exp, g[0], g[1]), () => diff('rookAttacks', s, occ, exp, g));
      }
    }
    t.finish();
  });

  it('bishopAttacks: every square × every subset of the full bishop mask', () => {
    const t = new Tally('bishopAttacks exhaustive');
    for (let s = 0; s < 64; s++) {
      const mask = [...N.lineMaskSquares(s, N.LINE_DIAG), ...N.lineMaskSquares(s, N.LINE_ANTI)];
      for (let i = 0; i < 1 << mask.length; i++) {
        for (const occ of [subsetHalves(mask, i), withSq(subsetHalves(mask, i), s)]) {
          const exp = N.bishopAttacksH(occ[0], occ[1], s);
          A.bishopAttacks(occ[0], occ[1], s, out, 0);
          const g = got();
          t.check(N.sameHalves(exp, g[0], g[1]), () => diff('bishopAttacks', s, occ, exp, g));
        }
      }
    }
    t.finish();
  });

  it('knight, king and pawn attacks on every square', () => {
    const t = new Tally('leapers');
    for (let s = 0; s < 64; s++) {
      A.knightAttacks(s, out, 0);
      let g = got();
      let e = N.knightAttacksH(s);
      t.check(N.sameHalves(e, g[0], g[1]), () => diff('knightAttacks', s, [0, 0], e, g));
      A.kingAttacks(s, out, 0);
      g = got();
      e = N.kingAttacksH(s);
      t.check(N.sameHalves(e, g[0], g[1]), () => diff('kingAttacks', s, [0, 0], e, g));
      for (const side of [N.WHITE, N.BLACK] as Side[]) {
        A.pawnAttacks(side, s, out, 0);
        g = got();
        const ep = N.pawnAttacksH(side, s);
        t.check(N.sameHalves(ep, g[0], g[1]), () => diff(`pawnAttacks(side ${side})`, s, [0, 0], ep, g));
      }
    }
    t.finish();
  });

  it("the motif scan's pawnAttackers (set-wise): every one-square set and 20,000 random sets, against the squares whose pawn attacks reach the set", () => {
    const t = new Tally('pawnAttackers');
    const rnd = N.mulberry32(0x9a3);
    const sets: Halves[] = [];
    for (let s = 0; s < 64; s++) sets.push(N.squaresToHalves([s]));
    for (let i = 0; i < 20_000; i++) sets.push(N.randomOcc(rnd, randomDensity(rnd)));
    for (const set of sets) {
      for (const side of [N.WHITE, N.BLACK] as Side[]) {
        const from = Array.from({ length: 64 }, (_, s) => s).filter((s) => {
          const a = N.pawnAttacksH(side, s);
          return ((a[0] & set[0]) | (a[1] & set[1])) !== 0;
        });
        const e = N.squaresToHalves(from);
        K.pawnAttackers(side, set[0], set[1], out, 0);
        const g = got();
        t.check(
          N.sameHalves(e, g[0], g[1]),
          () => `pawnAttackers(side ${side}) set ${setText(set)}: expected ${setText(e)} got ${setText(g)}`,
        );
      }
    }
    t.finish();
  });

  it('between and line on all 64×64 pairs', () => {
    const t = new Tally('between/line all pairs');
    for (let a = 0; a < 64; a++) {
      for (let b = 0; b < 64; b++) {
        A.between(a, b, out, 0);
        let g = got();
        const eb = N.betweenH(a, b);
        t.check(
          N.sameHalves(eb, g[0], g[1]),
          () => `between(${N.squareName(a)}, ${N.squareName(b)}): expected ${setText(eb)} got ${setText(g)}`,
        );
        A.line(a, b, out, 0);
        g = got();
        const el = N.lineH(a, b);
        t.check(
          N.sameHalves(el, g[0], g[1]),
          () => `line(${N.squareName(a)}, ${N.squareName(b)}): expected ${setText(el)} got ${setText(g)}`,
        );
      }
    }
    t.finish();
  });
});

// ---------------------------------------------------------------------------------------------
/** "Below" (towards smaller square indexes) of each line kind, as a (file, rank) step. */
const DOWN: readonly [number, number][] = [
  [-1, 0],
  [0, -1],
  [-1, -1],
  [1, -1],
];

/** The naive x-ray line: the first two occupied squares from sq, walking square by square each way. */
function walkTwo(occ: Halves, sq: number, df: number, dr: number): [number, number] {
  const found: number[] = [];
  for (let f = N.fileOf(sq) + df, r = N.rankOf(sq) + dr; N.onBoard(f, r) && found.length < 2; f += df, r += dr) {
    if (N.hasSq(occ[0], occ[1], N.sqOf(f, r))) found.push(N.sqOf(f, r));
  }
  return [found[0] ?? -1, found[1] ?? -1];
}

/** The highest square of a set below sq and the lowest above it (-1 when none), by scanning. */
function nearest(h: Halves, sq: number): [number, number] {
  const squares = N.halvesToSquares(h[0], h[1]);
  return [Math.max(-1, ...squares.filter((x) => x < sq)), squares.find((x) => x > sq) ?? -1];
}

describe("the motif scan's lineXray and xraySquare (the x-ray line primitive with one look-up): exhaustive", () => {
  it('every square × line kind × every occupancy of the line (with/without the square, with off-line noise), against the obstruction-difference x-ray and a naive walk', () => {
    const tWalk = new Tally('lineXray vs naive walk');
    const tOdiff = new Tally('lineXray vs obstruction difference (modifying occupancy)');
    const rnd = N.mulberry32(0x1e0c);
    for (let s = 0; s < 64; s++) {
      for (const l of N.LINE_KINDS) {
        const mask = N.lineMaskSquares(s, l);
        const lineEx = N.squaresToHalves(mask);
        const onLine = new Set([...mask, s]);
        const offLine = Array.from({ length: 64 }, (_, i) => i).filter((i) => !onLine.has(i));
        for (let i = 0; i < 1 << mask.length; i++) {
          const sub = subsetHalves(mask, i);
          const noise = subsetHalves(offLine, rnd());
          const noise2 = subsetHalves(offLine.slice(32), rnd());
          const noisy: Halves = [sub[0] | noise[0] | noise2[0], sub[1] | noise[1] | noise2[1]];
          for (const occ of [sub, withSq(sub, s), noisy, withSq(noisy, s)]) {
            // the word from the line's pieces, as the scan looks it up (its lineEx mask and the occupancy)
            const word = K.lineXray(occ[0] & lineEx[0], occ[1] & lineEx[1], s, l);
            const g = [0, 1, 2, 3].map((k) => K.xraySquare(word, s, l, k));
            const [dfl, drl] = DOWN[l]!;
            const walk = [...walkTwo(occ, s, dfl, drl), ...walkTwo(occ, s, -dfl, -drl)];
            // modifying occupancy: the blockers are attacks & occ, the x-rayed squares (attacks ^
            // attacks(occ ^ blockers)) & occ, one each side of s
            A.lineAttacks(occ[0], occ[1], s, l, out, 0);
            const front = nearest([out[0]! & occ[0], out[1]! & occ[1]], s);
            A.xrayLineAttacks(occ[0], occ[1], occ[0], occ[1], s, l, out, 0);
            const back = nearest([out[0]! & occ[0], out[1]! & occ[1]], s);
            const odiff = [front[0], back[0], front[1], back[1]];
            const text = (e: number[]): string =>
              `sq=${N.squareName(s)} ${LINE_NAMES[l]} occ ${N.hex(occ[0], occ[1])}: expected ${e} got ${g}`;
            tWalk.check(
              g.every((v, k) => v === walk[k]),
              () => text(walk),
            );
            tOdiff.check(
              g.every((v, k) => v === odiff[k]),
              () => text(odiff),
            );
          }
        }
      }
    }
    tWalk.finish();
    tOdiff.finish();
  });
});

describe('sliders: seeded random', () => {
  it('queenAttacks (and rook/bishop) on 200,000 random occupancies', () => {
    const t = new Tally('queenAttacks random');
    const rnd = N.mulberry32(0x0e11);
    for (let i = 0; i < 200_000; i++) {
      const s = rnd() & 63;
      const occ = randomOccWithSq(rnd, s);
      const exp = N.queenAttacksH(occ[0], occ[1], s);
      A.queenAttacks(occ[0], occ[1], s, out, 0);
      const g = got();
      t.check(N.sameHalves(exp, g[0], g[1]), () => diff('queenAttacks', s, occ, exp, g));
    }
    t.finish();
  });

  it('mayMove on all 64×64 pairs × 50 random occupancies', () => {
    const t = new Tally('mayMove');
    const rnd = N.mulberry32(0x3a3);
    for (let k = 0; k < 50; k++) {
      const occ = N.randomOcc(rnd, randomDensity(rnd));
      const bools = N.halvesToBools(occ[0], occ[1]);
      for (let a = 0; a < 64; a++) {
        for (let b = 0; b < 64; b++) {
          const exp = N.mayMove(a, b, bools);
          const g = A.mayMove(a, b, occ[0], occ[1]);
          t.check(
            exp === g,
            () => `mayMove(${N.squareName(a)}, ${N.squareName(b)}) occ ${N.hex(occ[0], occ[1])}: expected ${exp} got ${g}`,
          );
        }
      }
    }
    t.finish();
  });

  it('attacksTo and attacked(bySide) on 20,000 random boards × 10 target squares', () => {
    const tTo = new Tally('attacksTo');
    const tBy = new Tally('attacked');
    const rnd = N.mulberry32(0xa77ac);
    for (let k = 0; k < 20_000; k++) {
      const board = N.emptyBoard();
      const nPieces = 2 + (rnd() % 31);
      for (let p = 0; p < nPieces; p++) {
        board[rnd() & 63] = N.pieceCode((rnd() & 1) as Side, (rnd() % 6) as 0);
      }
      const bb = N.boardToBB(board);
      let occ = N.boolsToHalves(N.boardOccupancy(board));
      if (k % 4 === 3) {
        // an occupancy that differs from the board's (as for x-ray / SEE use): flip a few squares
        const flip = N.randomOcc(rnd, 0.1);
        occ = [occ[0] ^ flip[0], occ[1] ^ flip[1]];
      }
      const map = N.attackMap(board, occ);
      for (let j = 0; j < 10; j++) {
        const s = rnd() & 63;
        const exp = N.boolsToHalves(N.attacksToFromMap(map, s));
        if (k < 300) {
          // the map-based oracle is the direct one, read in bulk
          expect(N.attacksToH(board, occ, s)).toEqual(exp);
          expect(N.attacked(board, occ, s, N.WHITE)).toBe(N.attackedFromMap(board, map, s, N.WHITE));
          expect(N.attacked(board, occ, s, N.BLACK)).toBe(N.attackedFromMap(board, map, s, N.BLACK));
        }
        A.attacksTo(bb, occ[0], occ[1], s, out, 0);
        const g = got();
        tTo.check(N.sameHalves(exp, g[0], g[1]), () => diff('attacksTo', s, occ, exp, g, ` bb=[${Array.from(bb).join(',')}]`));
        for (const side of [N.WHITE, N.BLACK] as Side[]) {
          const e = N.attackedFromMap(board, map, s, side);
          const a = A.attacked(bb, occ[0], occ[1], s, side);
          tBy.check(
            e === a,
            () =>
              `attacked(sq=${N.squareName(s)}, bySide=${side}) occ ${N.hex(occ[0], occ[1])} bb=[${Array.from(bb).join(',')}]: expected ${e} got ${a}`,
          );
        }
      }
    }
    tTo.finish();
    tBy.finish();
  });

  it('xrayRook/Bishop/Queen/LineAttacks: 200,000 random occupancies with random blocker subsets (and the attacks beside)', () => {
    const t = new Tally('xray (blockers ⊆ occ)');
    const rnd = N.mulberry32(0x7a7);
    for (let i = 0; i < 200_000; i++) {
      const s = rnd() & 63;
      const occ = randomOccWithSq(rnd, s);
      const pick = N.randomOcc(rnd, rnd() / 4294967296);
      const blk: Halves = [occ[0] & pick[0], occ[1] & pick[1]];
      const which = i % 7; // 0 rook, 1 bishop, 2 queen, 3..6 line kinds
      let exp: Halves;
      let name: string;
      // rook, bishop and queen x-rays come with the plain attacks in out[2, 3]
      const plain = [N.rookAttacksH, N.bishopAttacksH, N.queenAttacksH][which]?.(occ[0], occ[1], s);
      if (which === 0) {
        exp = N.xrayAttacksH('rook', occ[0], occ[1], blk[0], blk[1], s);
        A.xrayRookAttacks(occ[0], occ[1], blk[0], blk[1], s, out, 0);
        name = 'xrayRookAttacks';
      } else if (which === 1) {
        exp = N.xrayAttacksH('bishop', occ[0], occ[1], blk[0], blk[1], s);
        A.xrayBishopAttacks(occ[0], occ[1], blk[0], blk[1], s, out, 0);
        name = 'xrayBishopAttacks';
      } else if (which === 2) {
        exp = N.xrayAttacksH('queen', occ[0], occ[1], blk[0], blk[1], s);
        A.xrayQueenAttacks(occ[0], occ[1], blk[0], blk[1], s, out, 0);
        name = 'xrayQueenAttacks';
      } else {
        const l = (which - 3) as LineKind;
        exp = N.xrayLineAttacksH(occ[0], occ[1], blk[0], blk[1], s, l);
        A.xrayLineAttacks(occ[0], occ[1], blk[0], blk[1], s, l, out, 0);
        name = `xrayLineAttacks(${LINE_NAMES[l]})`;
      }
      const g = got();
      t.check(N.sameHalves(exp, g[0], g[1]), () => diff(name, s, occ, exp, g, ` blockers ${N.hex(blk[0], blk[1])}`));
      if (plain) t.check(N.sameHalves(plain, out[2]!, out[3]!), () => diff(`${name} attacks`, s, occ, plain, [out[2]!, out[3]!]));
    }
    t.finish();
  });

  it('xray functions follow the documented formula attacks ^ attacks(occ ^ (blockers & attacks)) for arbitrary blockers (50,000 cases)', () => {
    const t = new Tally('xray (arbitrary blockers, literal formula)');
    const rnd = N.mulberry32(0xf0f0);
    const kinds: SliderKind[] = ['rook', 'bishop', 'queen'];
    for (let i = 0; i < 50_000; i++) {
      const s = rnd() & 63;
      const occ = randomOccWithSq(rnd, s);
      const blk = N.randomOcc(rnd, rnd() / 4294967296);
      const which = i % 7;
      let exp: Halves;
      if (which < 3) {
        const kind = kinds[which]!;
        exp = N.xrayFormulaH(N.sliderLinesOf(kind), occ[0], occ[1], blk[0], blk[1], s);
        if (kind === 'rook') A.xrayRookAttacks(occ[0], occ[1], blk[0], blk[1], s, out, 0);
        else if (kind === 'bishop') A.xrayBishopAttacks(occ[0], occ[1], blk[0], blk[1], s, out, 0);
        else A.xrayQueenAttacks(occ[0], occ[1], blk[0], blk[1], s, out, 0);
      } else {
        const l = (which - 3) as LineKind;
        exp = N.xrayFormulaH([l], occ[0], occ[1], blk[0], blk[1], s);
        A.xrayLineAttacks(occ[0], occ[1], blk[0], blk[1], s, l, out, 0);
      }
      const g = got();
      t.check(N.sameHalves(exp, g[0], g[1]), () => diff(`xray #${which}`, s, occ, exp, g, ` blockers ${N.hex(blk[0], blk[1])}`));
    }
    t.finish();
  });

  it('the seed rank example through the core: rook e1, occupied b1 d1 e1 g1 -> x-ray b1 c1 h1', () => {
    const occ = N.squaresToHalves([1, 3, 4, 6]);
    A.xrayLineAttacks(occ[0], occ[1], occ[0], occ[1], 4, A.LINE_RANK, out, 0);
    expect(N.halvesToSquares(out[0]!, out[1]!).map(N.squareName)).toEqual(['b1', 'c1', 'h1']);
  });
});
