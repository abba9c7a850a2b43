// Statistics: counted by the worker's game analyzer on real games; checked against an independent count
// from the §6 objects, internally consistent (every dimension adds up to the totals), by hand on made-up
// records (outcome, front squares, games with), and merging split runs equals counting all in one.
import { describe, expect, it } from 'vitest';
import { INITIAL_FEN, parseFen } from '../../src/core/fen.js';
import type { DerivedFields } from '../../src/pgn/derived.js';
import { MotifBuffer } from '../../src/motifs/buffer.js';
import { ALL_MOTIFS } from '../../src/motifs/filter.js';
import { BATTERY, MOTIFS, MOTIF_KEYS, PIN_ABSOLUTE, PLAYED_CHECK, playedNames } from '../../src/motifs/catalogue.js';
import { recordAt } from '../../src/motifs/tags.js';
import { GAME_BUCKET_LABELS, PLY_BUCKET_LABELS, Stats, type MotifCounts, type StatsJSON } from '../../src/stats/stats.js';
import { DIMENSION_NAMES } from '../../src/stats/dimensions.js';
import { summaryTable } from '../../src/report/summary.js';
import type { Formatter, GameText, PositionView } from '../../src/output/formatter.js';
import { FormattingAnalyzer as GameAnalyzer } from '../helpers/game-text.js';
import { readCorpusBytes, splitGames } from '../helpers/corpus.js';
import { chainSquare, pushChain, pushLine } from '../helpers/motif-records.js';

/** Counts positions independently from the §6 objects, as the formatter sees them (--all-positions). */
class Counting implements Formatter {
  motifs = new Map<string, number>();
  tagged = 0;
  positions = 0;
  header(): string {
    return '';
  }
  beginGame(): void {}
  position(v: PositionView): void {
    this.positions++;
    const keys: string[] = [];
    for (let i = 0; i < v.buf.count; i++) {
      const r = recordAt(v.buf, i, v.pos);
      keys.push('kind' in r ? `${r.motif}.${r.kind}` : r.motif);
    }
    for (const t of playedNames(v.played)) keys.push(`played.${t}`);
    if (keys.length > 0) this.tagged++;
    for (const k of keys) this.motifs.set(k, (this.motifs.get(k) ?? 0) + 1);
  }
  endGame(_text: GameText): void {}
  take(): Uint8Array {
    return new Uint8Array(0);
  }
  size(): number {
    return 0;
  }
}

const games = [
  ...splitGames(readCorpusBytes('games/pgnmentor-style-Fischer.pgn'), 150),
  ...splitGames(readCorpusBytes('games/lichess-db-2017-05-no-event-tag-clocks.pgn'), 150),
];

function sum(c: MotifCounts): number {
  return MOTIF_KEYS.reduce((n, k) => n + c[k], 0);
}

describe('Stats', () => {
  it('counts what the positions hold, consistently', () => {
    const counting = new Counting();
    const analyzer = new GameAnalyzer({ formatter: counting, allPositions: true, filter: ALL_MOTIFS });
    const stats = new Stats();
    let rejected = 0;
    for (const [i, g] of games.entries()) {
      const r = analyzer.pgn(g.bytes, i + 1, g.offset, stats);
      if (typeof r !== 'string') {
        stats.addRejected();
        rejected++;
      }
    }
    const s = stats.toJSON();
    expect(s.games + s.rejected).toBe(games.length);
    expect(s.rejected).toBe(rejected);
    expect(s.positions).toBe(counting.positions);
    expect(s.taggedPositions).toBe(counting.tagged);
    for (const k of MOTIF_KEYS) expect(s.motifs[k]).toBe(counting.motifs.get(k) ?? 0);
    for (const k of MOTIF_KEYS) {
      expect(s.bySide.w[k] + s.bySide.b[k]).toBe(s.motifs[k]);
      expect(s.positionsWith[k]).toBeLessThanOrEqual(s.motifs[k]);
      expect(Object.values(s.byPly).reduce((n, b) => n + b.motifs[k], 0)).toBe(s.motifs[k]);
    }
    // every static key and the played ones occur in this sample (found and missed need verdicts, off here:
    // stats-tactics.test.ts counts them)
    for (const k of MOTIF_KEYS) if (k !== 'played.found' && k !== 'played.missed') expect(s.motifs[k], k).toBeGreaterThan(0);
    expect(Object.values(s.byPly).reduce((n, b) => n + b.positions, 0)).toBe(s.positions);
    expect(Object.values(s.perGame).reduce((n, x) => n + x, 0)).toBe(s.games);
    expect(s.gameMotifPositions).toBe(s.taggedPositions);
    expect(s.motifPositionsPerGame).toBeCloseTo(s.taggedPositions / s.games, 3);
    // every dimension adds up to the totals
    for (const d of DIMENSION_NAMES) {
      const values = Object.values(s.by[d]).map((v) => v!);
      expect(
        values.reduce((n, v) => n + v.positions, 0),
        d,
      ).toBe(s.positions);
      for (const k of MOTIF_KEYS) {
        expect(
          values.reduce((n, v) => n + v.motifs[k], 0),
          `${d} ${k}`,
        ).toBe(s.motifs[k]);
        expect(
          values.reduce((n, v) => n + v.positionsWith[k], 0),
          `${d} ${k}`,
        ).toBe(s.positionsWith[k]);
        if (d !== 'phase')
          expect(
            values.reduce((n, v) => n + v.gamesWith[k], 0),
            `${d} ${k}`,
          ).toBe(s.gamesWith[k]);
        else expect(values.reduce((n, v) => n + v.gamesWith[k], 0)).toBeGreaterThanOrEqual(s.gamesWith[k]);
      }
      if (d !== 'phase')
        expect(
          values.reduce((n, v) => n + v.games, 0),
          d,
        ).toBe(s.games);
    }
    expect(s.by.phase.opening!.games).toBe(s.games); // every game starts in the opening
    for (const k of MOTIF_KEYS) {
      const o = s.outcome[k];
      expect(o.win + o.draw + o.loss).toBeLessThanOrEqual(2 * s.gamesWith[k]);
      expect(o.win + o.draw + o.loss).toBeGreaterThanOrEqual(s.gamesWith[k] - (s.by.result.unknown?.gamesWith[k] ?? 0));
      expect(s.gamesWith[k]).toBeLessThanOrEqual(s.positionsWith[k]);
    }
    for (const m of MOTIFS)
      expect([...s.frontSquares[m.key].w, ...s.frontSquares[m.key].b].reduce((a, b) => a + b, 0)).toBe(s.motifs[m.key]);
    // key order is fixed
    expect(Object.keys(s)).toEqual([
      'version',
      'games',
      'positions',
      'rejected',
      'taggedPositions',
      'motifs',
      'positionsWith',
      'gamesWith',
      'tactics',
      'bySide',
      'byPly',
      'perGame',
      'gameMotifPositions',
      'motifPositionsPerGame',
      'by',
      'outcome',
      'frontSquares',
    ]);
    expect(Object.keys(s.by)).toEqual(['speed', 'ratingBand', 'phase', 'eco', 'result']);
    expect(Object.keys(s.motifs)).toEqual([...MOTIF_KEYS]);
    expect(Object.keys(s.perGame)).toEqual([...GAME_BUCKET_LABELS]);
    expect(Object.keys(s.byPly)).toEqual(PLY_BUCKET_LABELS.slice(0, Object.keys(s.byPly).length));
    expect(structuredClone(s)).toEqual(s);
    const table = summaryTable(s);
    for (const k of MOTIF_KEYS) expect(table).toContain(k);
    expect(table).toMatch(/^games\s+\d/);
    expect(table).toContain('per 1000 positions, by speed');
    expect(table).toContain('per 1000 positions, by rating band');
    console.log(table);
  });

  it('merging split runs equals counting everything in one', () => {
    const one = new Stats();
    const parts = [new Stats(), new Stats(), new Stats()];
    const a1 = new GameAnalyzer({ formatter: null, allPositions: false, filter: ALL_MOTIFS });
    const a2 = new GameAnalyzer({ formatter: null, allPositions: false, filter: ALL_MOTIFS });
    for (const [i, g] of games.entries()) {
      const part = parts[(i * 7) % 3];
      if (i % 37 === 0) {
        one.addRejected();
        part.addRejected();
        continue;
      }
      if (typeof a1.pgn(g.bytes, i + 1, g.offset, one) !== 'string') one.addRejected();
      if (typeof a2.pgn(g.bytes, i + 1, g.offset, part) !== 'string') part.addRejected();
    }
    const merged = new Stats();
    for (const p of parts) merged.merge(structuredClone(p.toJSON()) as StatsJSON);
    expect(merged.toJSON()).toEqual(one.toJSON());
    expect(JSON.stringify(merged.toJSON())).toBe(JSON.stringify(one.toJSON()));
    // merging in another order, and an empty Stats, changes nothing
    const again = new Stats();
    again.merge(new Stats().toJSON());
    for (const p of [...parts].reverse()) again.merge(p.toJSON());
    expect(JSON.stringify(again.toJSON())).toBe(JSON.stringify(one.toJSON()));
    expect(sum(one.toJSON().motifs)).toBeGreaterThan(0);
    // the vectors the workers hand over (structured-cloned, as batches carry them) add up to the same
    const added = new Stats();
    for (const p of parts) added.addVector(structuredClone(p.vector()));
    expect(JSON.stringify(added.toJSON())).toBe(JSON.stringify(one.toJSON()));
    expect(JSON.stringify(Stats.fromVector(one.vector()).toJSON())).toBe(JSON.stringify(one.toJSON()));
  });

  it('refuses a statistics vector of another layout', () => {
    const v = new Stats().vector();
    expect(() => new Stats().addVector({ ...v, counts: v.counts.subarray(1) })).toThrow(RangeError);
  });

  it('buckets plies and games at their edges', () => {
    const s = new Stats();
    const pos = parseFen(INITIAL_FEN);
    const view = (ply: number): PositionView => ({
      game: 1,
      offset: -1,
      ply,
      pos,
      buf: new MotifBuffer(),
      played: 0,
      tactic: null,
      move: -1,
      next: null,
      san: null,
      uci: null,
    });
    s.beginGame(NO_FIELDS);
    for (const ply of [0, 9, 10, 199, 200, 5000]) s.addPosition(view(ply));
    for (const n of [0, 1, 2, 4, 5, 9, 10, 19, 20, 1000]) {
      s.endGame(n);
      s.beginGame(NO_FIELDS);
    }
    const j = s.toJSON();
    expect(j.byPly['0-9'].positions).toBe(2);
    expect(j.byPly['10-19'].positions).toBe(1);
    expect(j.byPly['190-199'].positions).toBe(1);
    expect(j.byPly['200+'].positions).toBe(2);
    expect(Object.keys(j.byPly).length).toBe(21);
    expect(j.perGame).toEqual({ '0': 1, '1': 1, '2-4': 2, '5-9': 2, '10-19': 2, '20+': 2 });
    expect(j.gameMotifPositions).toBe(1070);
    expect(j.motifPositionsPerGame).toBe(107);
    // the full start position: opening before ply 20, middlegame from it on
    expect(j.by.phase.opening!.positions).toBe(3);
    expect(j.by.phase.middlegame!.positions).toBe(3);
    expect(j.by.phase.endgame).toBeUndefined();
    expect(j.by.speed.unknown!.games).toBe(10);
    expect(new Stats().toJSON().byPly).toEqual({});
    expect(new Stats().toJSON().motifPositionsPerGame).toBe(0);
    expect(new Stats().toJSON().by).toEqual({ speed: {}, ratingBand: {}, phase: {}, eco: {}, result: {} });
  });

  it('counts outcomes, front squares and games with a key as worked out by hand', () => {
    const s = new Stats();
    const pos = parseFen(INITIAL_FEN); // white to move: played tags are white's
    const K8 = parseFen('4k3/8/8/8/8/8/8/4K3 w - - 0 1'); // bare kings: an endgame
    const buf = new MotifBuffer();
    const view = (ply: number, p = pos, played = 0): PositionView => ({
      game: 1,
      offset: -1,
      ply,
      pos: p,
      buf,
      played,
      tactic: null,
      move: -1,
      next: null,
      san: null,
      uci: null,
    });
    const pinW = (front: number): void => pushLine(buf, PIN_ABSOLUTE, 0, 0, front, 60, 0);
    const batteryB = (): void => {
      // black rooks d8 (59) and d7 (51) aiming down the file at d2 (11): the front slider is d7
      chainSquare(buf, 0, 51);
      chainSquare(buf, 1, 59);
      pushChain(buf, BATTERY, 1, 1, 11, -1, 2);
    };
    // game 1: 1-0, blitz, 2000-2199, C45; white pins twice in one position and once later, black has a battery
    s.beginGame({ speed: 'blitz', rating: 2100, ratingBand: '2000-2199', eco: 'C45', result: '1-0' });
    pinW(34);
    pinW(34);
    s.addPosition(view(0));
    buf.count = 0;
    batteryB();
    s.addPosition(view(1, pos, PLAYED_CHECK));
    buf.count = 0;
    pinW(42);
    s.addPosition(view(30, K8));
    buf.count = 0;
    s.endGame(3);
    // game 2: a draw without ratings, with one white pin
    s.beginGame({ speed: 'blitz', rating: null, ratingBand: null, eco: null, result: '1/2-1/2' });
    pinW(34);
    s.addPosition(view(0));
    buf.count = 0;
    s.endGame(1);
    // game 3: no result: its battery counts everywhere but in outcome
    s.beginGame({ speed: null, rating: null, ratingBand: null, eco: 'E60', result: null });
    batteryB();
    s.addPosition(view(0));
    buf.count = 0;
    s.endGame(1);
    const j = s.toJSON();
    expect(j.motifs['pin.absolute']).toBe(4);
    expect(j.positionsWith['pin.absolute']).toBe(3);
    expect(j.gamesWith['pin.absolute']).toBe(2);
    expect(j.gamesWith.battery).toBe(2);
    expect(j.outcome['pin.absolute']).toEqual({ win: 1, draw: 1, loss: 0 });
    expect(j.outcome.battery).toEqual({ win: 0, draw: 0, loss: 1 });
    expect(j.outcome['played.check']).toEqual({ win: 1, draw: 0, loss: 0 });
    expect(j.outcome.xray).toEqual({ win: 0, draw: 0, loss: 0 });
    const w = j.frontSquares['pin.absolute'].w;
    expect([w[34], w[42]]).toEqual([3, 1]);
    expect(j.frontSquares.battery.b[51]).toBe(2);
    expect(j.frontSquares.battery.b[59]).toBe(0);
    expect(j.by.speed.blitz).toMatchObject({ games: 2, positions: 4 });
    expect(j.by.speed.blitz!.motifs['pin.absolute']).toBe(4);
    expect(j.by.speed.blitz!.gamesWith['pin.absolute']).toBe(2);
    expect(j.by.speed.unknown).toMatchObject({ games: 1, positions: 1 });
    expect(j.by.ratingBand['2000-2199']!.positionsWith['pin.absolute']).toBe(2);
    expect(j.by.ratingBand.unknown!.games).toBe(2);
    expect(j.by.eco.C!.gamesWith.battery).toBe(1);
    expect(j.by.eco.E!.gamesWith.battery).toBe(1);
    expect(j.by.eco.unknown!.games).toBe(1);
    expect(j.by.result['1-0']!.motifs['played.check']).toBe(1);
    expect(j.by.phase.opening).toMatchObject({ games: 3, positions: 4 });
    expect(j.by.phase.endgame).toMatchObject({ games: 1, positions: 1 });
    expect(j.by.phase.endgame!.gamesWith['pin.absolute']).toBe(1);
    expect(j.by.phase.middlegame).toBeUndefined();
  });
});

const NO_FIELDS: DerivedFields = { speed: null, rating: null, ratingBand: null, eco: null, result: null };
