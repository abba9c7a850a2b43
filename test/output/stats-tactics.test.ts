// The tactic statistics (`tactics`: positions with a verdict for the side to move, found, missed, by key)
// against a plain recount from the views the analyzer hands out with verdicts on: the verdict as data
// (tactic()), the played names, the game's derived fields, the phase by counting material on the board's
// mailbox; in every dimension and in total. And merging the statistics of two halves equals the whole.
import { beforeAll, describe, expect, it } from 'vitest';
import { GameAnalyzer } from '../../src/analysis/game.js';
import type { GameInfo, PositionSink, PositionView } from '../../src/analysis/view.js';
import { ALL_MOTIFS } from '../../src/motifs/filter.js';
import { playedNames } from '../../src/motifs/catalogue.js';
import { Stats, type StatsJSON } from '../../src/stats/stats.js';
import { BatchSink } from '../../src/pipeline/sinks.js';
import { TACTIC_KEYS } from '../../src/stats/dim-counts.js';
import { summaryTable } from '../../src/report/summary.js';
import { splitGames } from '../helpers/corpus.js';
import { sampleBytes } from '../tactics/sample-games.js';

type Counts = Map<string, number>;
/** dimension -> value -> "positions|found|missed key" -> count; dimension "all" holds the totals. */
type Recounted = Map<string, Map<string, Counts>>;

const POINTS: Record<number, number> = { 2: 3, 3: 3, 4: 5, 5: 9 }; // piece type + 1 (N B R Q) -> points

/** Recounts the tactic figures from each view, the slow way. */
class Recount implements PositionSink {
  readonly out: Recounted = new Map();
  private values: [string, string][] = [];

  beginGame(info: GameInfo): void {
    const d = info.derived;
    this.values = [
      ['speed', d.speed ?? 'unknown'],
      ['ratingBand', d.ratingBand ?? 'unknown'],
      ['eco', d.eco?.[0] ?? 'unknown'],
      ['result', d.result ?? 'unknown'],
    ];
  }

  position(v: PositionView): void {
    if (v.tactic === null) return;
    const t = v.tactic.tactic();
    const keys = ['tactic', ...(t.mate !== undefined ? ['tactic.mate'] : []), ...t.themes.map((x) => `tactic.${x}`)];
    const names = playedNames(v.played);
    const counted = ['positions', ...(names.includes('found') ? ['found'] : []), ...(names.includes('missed') ? ['missed'] : [])];
    for (const [dim, value] of [['all', 'all'], ...this.values, ['phase', phase(v)]]) {
      const byValue = this.out.get(dim) ?? new Map<string, Counts>();
      this.out.set(dim, byValue);
      const c = byValue.get(value) ?? new Map<string, number>();
      byValue.set(value, c);
      for (const what of counted) for (const k of keys) c.set(`${what} ${k}`, (c.get(`${what} ${k}`) ?? 0) + 1);
    }
  }

  endGame(): void {}
}

/** The phase, from the mailbox: each side's N B R Q points. */
function phase(v: PositionView): string {
  const points = [0, 0];
  for (const code of v.pos.board) if (code !== 0) points[code >> 3 === 0 ? 0 : 1] += POINTS[code & 7] ?? 0;
  return points[0] <= 13 && points[1] <= 13 ? 'endgame' : v.ply < 20 ? 'opening' : 'middlegame';
}

/** The statistics of these games with verdicts on, and their recount. */
function run(games: { bytes: Uint8Array; index: number }[], recount: Recount | null = null): Stats {
  const analyzer = new GameAnalyzer({ allPositions: false, filter: ALL_MOTIFS, moves: false, tactics: true });
  const sink = new BatchSink(null, recount === null ? {} : { also: recount });
  for (const g of games) if (analyzer.pgn(g.bytes, g.index, sink) !== null) sink.stats.addRejected();
  return Stats.fromVector(sink.take().stats);
}

const games = splitGames(sampleBytes(), 200);
let whole: StatsJSON;
let recounted: Recounted;

beforeAll(() => {
  const recount = new Recount();
  whole = run(games, recount).toJSON();
  recounted = recount.out;
});

/** The recounted tactics of one value as the JSON's shape. */
function want(c: Counts | undefined): StatsJSON['tactics'] {
  const of = (what: string): Record<string, number> => Object.fromEntries(TACTIC_KEYS.map((k) => [k, c?.get(`${what} ${k}`) ?? 0]));
  return { positions: of('positions'), found: of('found'), missed: of('missed') };
}

describe('tactic statistics', () => {
  it('count what the views hold, in total', () => {
    const t = whole.tactics;
    expect(t).toEqual(want(recounted.get('all')!.get('all')));
    expect(t.positions.tactic).toBeGreaterThan(300);
    expect(t.found.tactic).toBeGreaterThan(0);
    expect(t.missed.tactic).toBeGreaterThan(0);
    expect(t.positions['tactic.mate']).toBeGreaterThan(0);
    expect(t.positions['tactic.fork']).toBeGreaterThan(0);
    // found and missed are the played keys; a verdict at a game's end has neither
    expect(t.found.tactic).toBe(whole.motifs['played.found']);
    expect(t.missed.tactic).toBe(whole.motifs['played.missed']);
    expect(t.found.tactic + t.missed.tactic).toBeLessThanOrEqual(t.positions.tactic);
    for (const k of TACTIC_KEYS) expect(t.positions[k], k).toBeLessThanOrEqual(t.positions.tactic);
  });

  it('count what the views hold, in every dimension', () => {
    for (const [dim, values] of Object.entries(whole.by)) {
      const seen = recounted.get(dim) ?? new Map<string, Counts>();
      for (const [label, v] of Object.entries(values)) expect(v!.tactics, `${dim} ${label}`).toEqual(want(seen.get(label)));
      for (const label of seen.keys()) expect(values[label], `${dim} ${label}`).toBeDefined();
      // more than one value holds tactics in every dimension of this sample (its games have no ECO tag)
      if (dim !== 'eco') expect(Object.values(values).filter((v) => v!.tactics.positions.tactic > 0).length, dim).toBeGreaterThan(1);
    }
  });

  it('the summary on stderr gives them a line', () => {
    const t = whole.tactics;
    const share = ((100 * t.found.tactic) / (t.found.tactic + t.missed.tactic)).toFixed(2);
    expect(summaryTable(whole)).toMatch(
      new RegExp(
        `^tactics +[\\d,]+ positions \\([\\d.]+ per 1000\\); found [\\d,]+, missed [\\d,]+: ${share.replace('.', '\\.')}% found$`,
        'm',
      ),
    );
    expect(summaryTable(new Stats().toJSON())).not.toContain('tactics');
  });

  it('merging the statistics of two halves equals the whole, through JSON and through vectors', () => {
    const half = Math.floor(games.length / 2);
    const a = run(games.slice(0, half));
    const b = run(games.slice(half));
    const merged = new Stats();
    merged.merge(JSON.parse(JSON.stringify(a.toJSON())) as StatsJSON);
    merged.merge(JSON.parse(JSON.stringify(b.toJSON())) as StatsJSON);
    expect(JSON.stringify(merged.toJSON())).toBe(JSON.stringify(whole));
    const added = Stats.fromVector(a.vector());
    added.addVector(b.vector());
    expect(JSON.stringify(added.toJSON())).toBe(JSON.stringify(whole));
  });

  it('statistics written before the verdicts (no tactics anywhere) merge as none', () => {
    const old = structuredClone(whole) as Partial<StatsJSON>;
    delete old.tactics;
    for (const values of Object.values(old.by!)) for (const v of Object.values(values)) delete (v as Partial<typeof v>)!.tactics;
    const merged = new Stats();
    merged.merge(old as StatsJSON);
    expect(merged.toJSON().tactics.positions.tactic).toBe(0);
    expect(merged.toJSON().positions).toBe(whole.positions);
  });
});
