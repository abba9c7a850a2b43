// Statistics: counted by the worker's game analyzer on real games; checked against an independent count
// from the §6 objects, internally consistent, and merging split runs equals counting all in one.
import { describe, expect, it } from 'vitest';
import { ALL_MOTIFS } from '../../src/motifs/filter.js';
import { MOTIF_KEYS, playedNames } from '../../src/motifs/catalogue.js';
import { recordAt } from '../../src/motifs/tags.js';
import { GAME_BUCKET_LABELS, PLY_BUCKET_LABELS, Stats, summaryTable, type MotifCounts, type StatsJSON } from '../../src/output/stats.js';
import type { Formatter, GameText, PositionView } from '../../src/output/view.js';
import { FormattingAnalyzer as GameAnalyzer } from '../helpers/game-text.js';
import { readCorpusBytes, splitGames } from '../helpers/corpus.js';

/** Counts positions independently from the §6 objects, as the formatter sees them (--all-positions). */
class Counting implements Formatter {
  motifs = new Map<string, number>();
  tagged = 0;
  positions = 0;
  header(): string {
    return '';
  }
  beginGame(): void {}
  position(v: PositionView): string {
    this.positions++;
    const keys: string[] = [];
    for (let i = 0; i < v.buf.count; i++) {
      const r = recordAt(v.buf, i, v.pos);
      keys.push('kind' in r ? `${r.motif}.${r.kind}` : r.motif);
    }
    for (const t of playedNames(v.played)) keys.push(`played.${t}`);
    if (keys.length > 0) this.tagged++;
    for (const k of keys) this.motifs.set(k, (this.motifs.get(k) ?? 0) + 1);
    return '';
  }
  endGame(_text: GameText): string {
    return '';
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
    // every static key and the played ones occur in this sample
    for (const k of MOTIF_KEYS) expect(s.motifs[k]).toBeGreaterThan(0);
    expect(Object.values(s.byPly).reduce((n, b) => n + b.positions, 0)).toBe(s.positions);
    expect(Object.values(s.perGame).reduce((n, x) => n + x, 0)).toBe(s.games);
    expect(s.gameMotifPositions).toBe(s.taggedPositions);
    expect(s.motifPositionsPerGame).toBeCloseTo(s.taggedPositions / s.games, 3);
    // key order is fixed
    expect(Object.keys(s)).toEqual([
      'games', 'positions', 'rejected', 'taggedPositions', 'motifs', 'positionsWith', 'bySide', 'byPly', 'perGame',
      'gameMotifPositions', 'motifPositionsPerGame',
    ]);
    expect(Object.keys(s.motifs)).toEqual([...MOTIF_KEYS]);
    expect(Object.keys(s.perGame)).toEqual([...GAME_BUCKET_LABELS]);
    expect(Object.keys(s.byPly)).toEqual(PLY_BUCKET_LABELS.slice(0, Object.keys(s.byPly).length));
    expect(structuredClone(s)).toEqual(s);
    const table = summaryTable(s);
    expect(table).toBe(stats.summaryTable());
    for (const k of MOTIF_KEYS) expect(table).toContain(k);
    expect(table).toMatch(/^games\s+\d/);
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
  });

  it('buckets plies and games at their edges', () => {
    const s = new Stats();
    const view = (ply: number): PositionView => ({ game: 1, offset: -1, ply, pos: { turn: 0 } as never, buf: { count: 0, data: new Int32Array(16) } as never, played: 0, san: null, uci: null });
    for (const ply of [0, 9, 10, 199, 200, 5000]) s.addPosition(view(ply));
    for (const n of [0, 1, 2, 4, 5, 9, 10, 19, 20, 1000]) s.addGame(n);
    const j = s.toJSON();
    expect(j.byPly['0-9'].positions).toBe(2);
    expect(j.byPly['10-19'].positions).toBe(1);
    expect(j.byPly['190-199'].positions).toBe(1);
    expect(j.byPly['200+'].positions).toBe(2);
    expect(Object.keys(j.byPly).length).toBe(21);
    expect(j.perGame).toEqual({ '0': 1, '1': 1, '2-4': 2, '5-9': 2, '10-19': 2, '20+': 2 });
    expect(j.gameMotifPositions).toBe(1070);
    expect(j.motifPositionsPerGame).toBe(107);
    expect(new Stats().toJSON().byPly).toEqual({});
    expect(new Stats().toJSON().motifPositionsPerGame).toBe(0);
  });
});
