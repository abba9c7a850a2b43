// The statistics' dimensions, outcome, games-with and front squares (docs/design.md §9, §11) against an
// oracle written the obvious way, on 1,000 real games: tags read with a regular expression from each
// game's text, the phase by counting material on the FEN of every position of `--all-positions`, the
// motifs, tactic verdicts, found and missed from the JSON Lines records. Nothing of src/ is used to
// compute the expected figures.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { readCorpusBytes, splitGames } from '../helpers/corpus.js';
import { countTactic, emptyValue, KEYS, phaseOfFen, type Rec, type Value } from '../helpers/stats-recount.js';
import { tempDir } from '../helpers/temp.js';

const STATIC = KEYS.slice(0, 8);

const tmp = tempDir('dims');
const texts: string[] = [];

function tags(text: string): Map<string, string> {
  const m = new Map<string, string>();
  for (const [, k, v] of text.matchAll(/^\[(\w+)\s+"([^"]*)"\]\s*$/gm)) if (!m.has(k)) m.set(k, v);
  return m;
}

function speed(tc: string | undefined): string {
  if (tc === '-') return 'correspondence';
  const m = tc === undefined ? null : /^(\d+)\+(\d+)$/.exec(tc);
  if (m === null) return 'unknown';
  const t = +m[1] + 40 * +m[2];
  return t < 30 ? 'ultraBullet' : t < 180 ? 'bullet' : t < 480 ? 'blitz' : t < 1500 ? 'rapid' : 'classical';
}

function band(w: string | undefined, b: string | undefined): string {
  if (!/^\d+$/.test(w ?? '') || !/^\d+$/.test(b ?? '') || +w! <= 0 || +b! <= 0) return 'unknown';
  const r = Math.floor((+w! + +b!) / 2);
  return r >= 2800
    ? '2800+'
    : r >= 2500
      ? '2500-2799'
      : r >= 2200
        ? '2200-2499'
        : r >= 2000
          ? '2000-2199'
          : r >= 1800
            ? '1800-1999'
            : r >= 1600
              ? '1600-1799'
              : '0-1599';
}

const square = (s: string): number => s.charCodeAt(0) - 97 + 8 * (Number(s[1]) - 1);

/** The oracle's statistics: by dimension, outcome, games with, front squares. */
function oracle(recs: Rec[]): {
  by: Record<string, Record<string, Value>>;
  outcome: Record<string, Record<string, number>>;
  gamesWith: Record<string, number>;
  frontSquares: Record<string, { w: number[]; b: number[] }>;
} {
  const by: Record<string, Record<string, Value>> = { speed: {}, ratingBand: {}, phase: {}, eco: {}, result: {} };
  const outcome = Object.fromEntries(KEYS.map((k) => [k, { win: 0, draw: 0, loss: 0 }]));
  const gamesWith = Object.fromEntries(KEYS.map((k) => [k, 0]));
  const frontSquares = Object.fromEntries(STATIC.map((k) => [k, { w: Array(64).fill(0) as number[], b: Array(64).fill(0) as number[] }]));
  const cell = (dim: string, v: string): Value => (by[dim][v] ??= emptyValue());
  const games = new Map<number, Rec[]>();
  for (const r of recs) games.set(r.game, [...(games.get(r.game) ?? []), r]);
  for (const [game, positions] of games) {
    const t = tags(texts[game - 1]);
    const eco = /^[A-E]\d\d$/.test(t.get('ECO') ?? '') ? t.get('ECO')![0] : 'unknown';
    const result = ['1-0', '0-1', '1/2-1/2'].includes(t.get('Result') ?? '') ? t.get('Result')! : 'unknown';
    const values = { speed: speed(t.get('TimeControl')), ratingBand: band(t.get('WhiteElo'), t.get('BlackElo')), eco, result };
    const inGame = new Set<string>();
    const bySide = { w: new Set<string>(), b: new Set<string>() };
    const byPhase = new Map<string, Set<string>>();
    for (const r of positions) {
      const keys: string[] = [];
      for (const m of r.motifs) {
        const key = m.kind ? `${m.motif}.${m.kind}` : m.motif;
        keys.push(key);
        bySide[m.side].add(key);
        const front = m.front ?? (square(m.targets![0]) < square(m.squares![0]) ? m.squares![0] : m.squares![m.squares!.length - 1]);
        frontSquares[key][m.side][square(front)]++;
      }
      const mover = r.fen.split(' ')[1] as 'w' | 'b';
      for (const p of r.played) {
        keys.push(`played.${p}`);
        bySide[mover].add(`played.${p}`);
      }
      const ph = phaseOfFen(r.fen, r.ply);
      const phaseKeys = byPhase.get(ph) ?? new Set<string>();
      byPhase.set(ph, phaseKeys);
      for (const c of [...Object.entries(values).map(([d, v]) => cell(d, v)), cell('phase', ph)]) {
        c.positions++;
        countTactic(c, r);
        for (const k of keys) c.motifs[k]++;
        for (const k of new Set(keys)) c.positionsWith[k]++;
      }
      for (const k of keys) {
        inGame.add(k);
        phaseKeys.add(k);
      }
    }
    for (const [d, v] of Object.entries(values)) {
      cell(d, v).games++;
      for (const k of inGame) cell(d, v).gamesWith[k]++;
    }
    for (const [ph, keys] of byPhase) {
      cell('phase', ph).games++;
      for (const k of keys) cell('phase', ph).gamesWith[k]++;
    }
    for (const k of inGame) gamesWith[k]++;
    for (const side of ['w', 'b'] as const) {
      if (result === 'unknown') continue;
      const o = result === '1/2-1/2' ? 'draw' : (result === '1-0') === (side === 'w') ? 'win' : 'loss';
      for (const k of bySide[side]) outcome[k][o]++;
    }
  }
  return { by, outcome, gamesWith, frontSquares };
}

let stats: Record<string, unknown>;
let recs: Rec[];

beforeAll(async () => {
  const games = [
    ...splitGames(readCorpusBytes('excerpts/lichess-DrNykterstein-DrDrunkenstein-first-400.pgn.zst'), 300), // ECO, speeds, ratings up to 3000
    ...splitGames(readCorpusBytes('games/lichess-db-2016-05-no-event-tag.pgn.zst'), 400), // no ECO, low ratings
    ...splitGames(readCorpusBytes('games/pgnmentor-style-Fischer.pgn'), 300), // OTB: no TimeControl, old ratings
  ];
  for (const g of games) texts.push(Buffer.from(g.bytes).toString('latin1'));
  const input = join(tmp, 'games.pgn');
  writeFileSync(input, texts.join('\n\n'), 'latin1');
  const r = await runCli([input, '--all-positions', '-q', '-o', join(tmp, 'out.jsonl'), '--stats', join(tmp, 'stats.json')]);
  expect(r.code, r.stderr).toBe(0);
  stats = JSON.parse(readFileSync(join(tmp, 'stats.json'), 'utf8')) as Record<string, unknown>;
  recs = readFileSync(join(tmp, 'out.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Rec);
});

describe('statistics by dimension, against an oracle on 1,000 real games', () => {
  it('reads every game as the oracle numbers them', () => {
    expect(texts.length).toBe(1000);
    expect((stats.games as number) + (stats.rejected as number)).toBe(1000);
    expect(new Set(recs.map((r) => r.game)).size).toBe(stats.games);
    expect(recs.length).toBe(stats.positions);
  });

  it('by speed, rating band, phase, ECO letter and result', () => {
    const want = oracle(recs);
    // every dimension has more than one value here, unknown included
    for (const d of ['speed', 'ratingBand', 'eco', 'result', 'phase']) expect(Object.keys(want.by[d]).length, d).toBeGreaterThan(2);
    expect(Object.keys(want.by.speed)).toContain('unknown');
    expect(Object.keys(want.by.eco)).toContain('unknown');
    expect(Object.keys(want.by.ratingBand)).toContain('2800+');
    expect(stats.by).toEqual(want.by);
  });

  it('outcome, games with and the front squares', () => {
    const want = oracle(recs);
    expect(stats.outcome).toEqual(want.outcome);
    expect(stats.gamesWith).toEqual(want.gamesWith);
    expect(stats.frontSquares).toEqual(want.frontSquares);
    expect(Object.values(want.outcome).some((o) => o.win > 0 && o.draw > 0 && o.loss > 0)).toBe(true);
  });
});
