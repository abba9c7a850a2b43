// The example positions of the statistics (src/stats/examples.ts): their hash against the published
// MurmurHash3 and FNV-1a test vectors and against the slow way from each position's FEN; the picker's
// choice against every candidate collected and sorted the slow way (records read back as objects by
// tagPosition); merging exact — 8 shards of the bundled sample merged equal one run, in any order; and the
// files' checks (merge-stats refuses examples that a merge would not keep).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { GameAnalyzer } from '../../src/analysis/game.js';
import type { GameInfo, GameText, PositionSink, PositionView } from '../../src/analysis/view.js';
import { toFen } from '../../src/core/fen.js';
import { moveToUci } from '../../src/core/san.js';
import { MOTIF_KEYS, PLAYED } from '../../src/motifs/catalogue.js';
import { ALL_MOTIFS } from '../../src/motifs/filter.js';
import { tagPosition, type MotifRecord } from '../../src/motifs/tags.js';
import { readHeaders } from '../../src/pgn/headers.js';
import { BatchSink } from '../../src/pipeline/sinks.js';
import { BoardHasher, boardBytes, exampleHash, fnv1a, murmur3 } from '../../src/stats/example-hash.js';
import type { Example, ExamplesJSON } from '../../src/stats/examples.js';
import { runCli } from '../helpers/cli.js';
import { splitGames } from '../helpers/corpus.js';
import { tempDir } from '../helpers/temp.js';
import { sampleBytes } from '../tactics/sample-games.js';

const ascii = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));

/** A record's text written from its object (tagPosition), not from the buffer the picker reads. */
function recordText(key: string, r: MotifRecord): string {
  if ('squares' in r) return `${key} ${r.side} ${r.squares.join(' ')} > ${r.targets.join(' ')}`;
  return `${key} ${r.side} ${r.slider} ${r.front} ${r.back}`;
}

/** Every (key, position) of the games as a full example, the slow way. */
class Candidates implements PositionSink {
  readonly all: { key: string; e: Example }[] = [];
  readonly hashes: { fen: string; key: string; hash: number }[] = [];
  private tags: ReadonlyMap<string, string> = new Map();
  private readonly hasher = new BoardHasher();

  beginGame(_info: GameInfo, text: GameText): void {
    this.tags = readHeaders(text.bytes).tags;
  }

  position(v: PositionView): void {
    const fen = toFen(v.pos);
    const records = tagPosition(v.pos).motifs;
    const game = { site: null, white: null, black: null, date: null, ...this.fields() };
    for (const key of MOTIF_KEYS) {
      let record: string | null = null;
      const played = PLAYED.find((p) => p.key === key);
      if (played !== undefined) {
        if ((v.played & played.bit) !== 0) record = `${key} ${v.pos.turn === 0 ? 'w' : 'b'} ${moveToUci(v.pos, v.move)}`;
      } else {
        const first = records.find((r) => ('kind' in r ? `${r.motif}.${r.kind}` : r.motif) === key);
        if (first !== undefined) record = recordText(key, first);
      }
      if (record === null) continue;
      const hash = exampleHash(fen, key)!;
      this.all.push({ key, e: { hash, fen, record, ply: v.ply, ...game } });
      this.hasher.load(v.pos);
      this.hashes.push({ fen, key, hash: this.hasher.hash(fnv1a(key)) });
    }
  }

  endGame(): void {}

  private fields(): Partial<Example> {
    const t = (name: string): string | null => this.tags.get(name) ?? null;
    return { site: t('Site'), white: t('White'), black: t('Black'), date: t('Date') };
  }
}

/** The examples of every candidate: per key, one per FEN (the least), the three least, by hash then text. */
function slowExamples(all: { key: string; e: Example }[]): ExamplesJSON {
  const order = (e: Example): string => JSON.stringify([e.fen, e.record, e.site, e.ply, e.white, e.black, e.date]);
  const less = (a: Example, b: Example): number => a.hash - b.hash || (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0);
  const out: Record<string, Example[]> = {};
  for (const key of MOTIF_KEYS) {
    const byFen = new Map<string, Example>();
    for (const { e } of all.filter((c) => c.key === key)) {
      const had = byFen.get(e.fen);
      if (had === undefined || less(e, had) < 0) byFen.set(e.fen, e);
    }
    const list = [...byFen.values()].sort(less).slice(0, 3);
    if (list.length > 0) out[key] = list;
  }
  return out as ExamplesJSON;
}

describe('the example hash', () => {
  it('is MurmurHash3 x86 32 and FNV-1a 32 as published', () => {
    expect(murmur3(ascii(''), 0)).toBe(0);
    expect(murmur3(ascii(''), 1)).toBe(0x514e28b7);
    expect(murmur3(ascii('hello'), 0)).toBe(0x248bfa47);
    expect(murmur3(ascii('The quick brown fox jumps over the lazy dog'), 0)).toBe(0x2e4ff723);
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
  });

  it("reads a FEN's board: the squares a1 … h8 by piece code, then the side to move", () => {
    const b = boardBytes('4k3/8/8/8/8/8/8/R3K2r b - - 0 1')!;
    expect(b.length).toBe(65);
    expect([b[0], b[4], b[7], b[60], b[64]]).toEqual([4, 6, 12, 14, 1]); // R a1, K e1, r h1, k e8, black to move
    expect(b.filter((x) => x !== 0).length).toBe(5);
    expect(boardBytes('8/8/8 w - - 0 1')).toBeNull();
    expect(boardBytes('9/8/8/8/8/8/8/8 w - - 0 1')).toBeNull();
  });
});

describe('the examples a run picks', () => {
  const games = splitGames(sampleBytes(), 500);
  const candidates = new Candidates();
  let picked: ExamplesJSON;

  beforeAll(() => {
    const analyzer = new GameAnalyzer({ allPositions: false, filter: ALL_MOTIFS, moves: false, tactics: false });
    const sink = new BatchSink(null, { examples: true, also: candidates });
    games.forEach((g, i) => {
      expect(analyzer.pgn(g.bytes, g.index, sink)).toBeNull();
      if (i % 97 === 0) sink.take(); // batches: the picks go on across them
    });
    picked = sink.take().examples!;
  });

  it('hashes each position on the hot path as the slow way does from its FEN', () => {
    expect(candidates.hashes.length).toBeGreaterThan(10000);
    for (const h of candidates.hashes) expect(h.hash, `${h.fen} ${h.key}`).toBe(exampleHash(h.fen, h.key));
  });

  it('are the three least of every candidate, one per position, by hash then text', () => {
    const slow = slowExamples(candidates.all);
    expect(Object.keys(slow).length).toBeGreaterThanOrEqual(12); // the static keys and most played ones
    expect(picked).toEqual(slow);
    for (const key of MOTIF_KEYS.filter((k) => !k.startsWith('played.'))) expect(picked[key]?.length, key).toBe(3);
  });
});

describe('merged examples', () => {
  const dir = tempDir('examples');
  const sample = join(dir, 'sample.pgn');
  const one = join(dir, 'one.json');
  const shards = Array.from({ length: 8 }, (_, i) => join(dir, `shard${i + 1}.json`));
  const json = (path: string): Record<string, unknown> => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  const withoutRun = ({ run: _run, ...rest }: Record<string, unknown>): Record<string, unknown> => rest;

  beforeAll(async () => {
    writeFileSync(sample, sampleBytes());
    const r = await runCli([sample, '-f', 'none', '-q', '--no-tactics', '--stats', one]);
    expect(r.code, r.stderr).toBe(0);
    for (let i = 0; i < 8; i++) {
      const s = await runCli([sample, '--shard', `${i + 1}/8`, '-f', 'none', '-q', '--no-tactics', '--stats', shards[i]]);
      expect(s.code, s.stderr).toBe(0);
    }
  }, 120_000);

  it('of the 8 shards of the sample equal one run over it, merged in any order', async () => {
    const examples = json(one).examples as ExamplesJSON;
    expect(Object.keys(examples).length).toBeGreaterThanOrEqual(12);
    // the shards' own examples differ: the merge chooses among them
    expect(shards.filter((s) => JSON.stringify(json(s).examples) === JSON.stringify(examples)).length).toBe(0);
    for (const [name, files] of [
      ['forward.json', shards],
      ['backward.json', [...shards].reverse()],
    ] as const) {
      const out = join(dir, name);
      const r = await runCli(['merge-stats', ...files, '-o', out, '-q']);
      expect(r.code, r.stderr).toBe(0);
      expect(json(out).examples).toEqual(examples);
      expect(withoutRun(json(out))).toEqual(withoutRun(json(one)));
    }
  });

  it('are refused by merge-stats when a merge would not have kept them', async () => {
    const good = json(one);
    const examples = good.examples as Record<string, Example[]>;
    const [a, b, c] = examples['pin.absolute'];
    const cases: [string, unknown, string][] = [
      ['hash', { ...examples, 'pin.absolute': [{ ...a, hash: a.hash + 1 }, b, c] }, 'not the hash of its board and key'],
      ['order', { ...examples, 'pin.absolute': [b, a, c] }, 'is not after the example before it'],
      ['four', { ...examples, 'pin.absolute': [a, b, c, { ...c, fen: c.fen.replace(/ \d+$/, ' 99') }] }, 'has 4 examples'],
      ['field', { ...examples, 'pin.absolute': [{ ...a, opening: 'x' }, b, c] }, 'has an unknown key "opening"'],
      [
        'record',
        { ...examples, 'pin.absolute': [{ ...a, record: a.record.replace('pin.absolute', 'pin.relative') }, b, c] },
        'not a record of pin.absolute',
      ],
      ['fen', { ...examples, 'pin.absolute': [{ ...a, fen: '<script>' }, b, c] }, 'not a FEN'],
      ['key', { ...examples, 'pin.sideways': [a] }, 'has an unknown key "pin.sideways"'],
    ];
    for (const [name, bad, said] of cases) {
      const file = join(dir, `bad-${name}.json`);
      writeFileSync(file, JSON.stringify({ ...good, examples: bad }));
      const r = await runCli(['merge-stats', file, '-q']);
      expect(r.code, name).toBe(2);
      expect(r.stderr, name).toContain(said);
    }
  });

  it('warn when some files hold none (written before they were kept)', async () => {
    const old = join(dir, 'old.json');
    const { examples: _e, ...rest } = json(shards[0]);
    writeFileSync(old, JSON.stringify(rest));
    const r = await runCli(['merge-stats', old, ...shards.slice(1), '-o', join(dir, 'mixed.json')]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`${old}: no example positions`);
  });
});
