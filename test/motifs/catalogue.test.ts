// The motif catalogue is the one place names live: these tests check that its rows are consistent and that
// everything derived from it (the record fields, the filter, the writers) follows each row.
import { describe, expect, it } from 'vitest';
import { parseFen } from '../../src/core/fen.js';
import { MotifBuffer } from '../../src/motifs/buffer.js';
import {
  ALL_CODES,
  ALL_PLAYED,
  MOTIFS,
  MOTIF_KEYS,
  MOTIF_TITLES,
  PLAYED,
  PLAYED_SORTED,
  codesOf,
  isChain,
  playedNames,
} from '../../src/motifs/catalogue.js';
import { MOTIF_NAMES, parseMotifFilter } from '../../src/motifs/filter.js';
import { recordAt } from '../../src/motifs/tags.js';
import { positionJson } from '../../src/output/jsonl.js';
import { CsvFormatter } from '../../src/output/csv.js';
import { EpdFormatter } from '../../src/output/epd.js';
import { motifsCommand } from '../../src/output/pgn.js';
import type { PositionView } from '../../src/output/formatter.js';
import { TACTIC_THEMES, themeTitle } from '../../src/tactics/themes.js';
import { taken } from '../helpers/taken.js';
import { chainSquare, pushChain, pushLine } from '../helpers/motif-records.js';

/** Puzzle themes of lichess (lila's PuzzleTheme.scala) that a static motif or a played tag can show. */
const LICHESS_THEMES = new Set(['pin', 'skewer', 'xRayAttack', 'discoveredAttack', 'discoveredCheck', 'doubleCheck']);

/**
 * A buffer with one record of the row: a line record, or a chain d1, d2 on the file with only its upper
 * target, d5 (the record keeps the present target first).
 */
/** The pieces oneRecord() names: R d1, Q d2, n d5, k d8. */
const RECORD_FEN = '3k4/8/8/3n4/8/8/3Q4/3RK3 w - - 0 1';

function oneRecord(code: number, side: number, partial: number): MotifBuffer {
  const buf = new MotifBuffer();
  if (isChain(code)) {
    chainSquare(buf, 0, 3);
    chainSquare(buf, 1, 11);
    pushChain(buf, code, side, 1, -1, 35, 2);
  } else {
    pushLine(buf, code, side, 3, 35, 59, partial);
  }
  return buf;
}

describe('the motif catalogue', () => {
  it('has one row per record code, keyed by name and kind, with distinct statistics keys', () => {
    MOTIFS.forEach((m, i) => expect(m.code).toBe(i));
    for (const m of MOTIFS) expect(m.key).toBe(m.kind === null ? m.name : `${m.name}.${m.kind}`);
    for (const p of PLAYED) expect(p.key).toBe(`played.${p.name}`);
    expect(new Set(MOTIF_KEYS).size).toBe(MOTIFS.length + PLAYED.length);
    expect(ALL_CODES).toBe(2 ** MOTIFS.length - 1);
  });

  it('gives every key a distinct name a person reads, and every tactic theme one', () => {
    const titles = MOTIF_KEYS.map((k) => MOTIF_TITLES[k]);
    expect(new Set(titles).size).toBe(MOTIF_KEYS.length);
    for (const t of titles) expect(t).toMatch(/^[A-Z][-a-z]+( [(a-z)]+)*$/); // words with a capital: no key spelled out
    expect(MOTIF_TITLES['pin.absolute']).toBe('Absolute pin');
    expect(MOTIF_TITLES['played.discoveredCheck']).toBe('Discovered check (played)');
    for (const t of TACTIC_THEMES) expect(themeTitle(t), t).not.toBe(t);
  });

  it('gives each played tag its own bit, the bits dense from 1 (tables are indexed by them)', () => {
    for (const p of PLAYED) expect(p.bit & (p.bit - 1)).toBe(0);
    expect(new Set(PLAYED.map((p) => p.bit)).size).toBe(PLAYED.length);
    expect(ALL_PLAYED).toBe(2 ** PLAYED.length - 1);
    expect(PLAYED_SORTED.map((p) => p.name)).toEqual(PLAYED.map((p) => p.name).sort());
    expect(playedNames(ALL_PLAYED)).toEqual(PLAYED.map((p) => p.name).sort());
  });

  it("names puzzle themes by lichess's names where lichess has the idea, by ours only for the rest", () => {
    const ours = new Set(['relativePin', 'battery']);
    for (const r of [...MOTIFS, ...PLAYED]) if (r.theme !== null) expect(LICHESS_THEMES.has(r.theme) || ours.has(r.theme)).toBe(true);
    expect(MOTIFS.filter((m) => m.theme === 'xRayAttack').map((m) => m.name)).toEqual(['xray']);
    expect(MOTIFS.filter((m) => m.theme === 'pin').map((m) => m.key)).toEqual(['pin.absolute']);
    expect(MOTIFS.filter((m) => m.theme === 'skewer').map((m) => m.key)).toEqual(['skewer.absolute', 'skewer.relative']);
    // a check alone is no theme; found and missed are verdicts on the move, not motifs
    expect(PLAYED.filter((p) => p.theme === null).map((p) => p.name)).toEqual(['check', 'found', 'missed']);
  });

  it('says which fields a record has, and recordAt() gives exactly those', () => {
    const pos = parseFen(RECORD_FEN);
    for (const m of MOTIFS) {
      expect(isChain(m.code)).toBe(m.shape === 'chain');
      const rec = recordAt(oneRecord(m.code, 1, 1), 0, pos);
      const fields = m.shape === 'chain' ? ['squares', 'pieces', 'line', 'targets', 'targetPieces'] : ['slider', 'front', 'back', 'pieces'];
      const keys = ['motif', ...(m.kind === null ? [] : ['kind']), 'side', ...fields, ...(m.partial ? ['partial'] : [])];
      expect(Object.keys(rec)).toEqual(keys);
      expect(rec.motif).toBe(m.name);
      expect(rec.side).toBe('b');
      if ('squares' in rec) {
        expect([rec.squares, rec.line, rec.targets]).toEqual([['d1', 'd2'], 'file', ['d5']]);
        expect([rec.pieces, rec.targetPieces]).toEqual([['R', 'Q'], ['n']]);
      } else {
        expect([rec.slider, rec.front, rec.back]).toEqual(['d1', 'd5', 'd8']);
        expect(rec.pieces).toEqual({ slider: 'R', front: 'n', back: 'k' });
      }
      if ('partial' in rec) expect(rec.partial).toBe(true);
    }
  });

  it('drives every writer: each row is written with its name, kind and key', () => {
    const pos = parseFen(RECORD_FEN);
    for (const m of MOTIFS) {
      for (const partial of m.partial ? [0, 1] : [0]) {
        const buf = oneRecord(m.code, 0, partial);
        const v: PositionView = {
          game: 1,
          offset: -1,
          ply: 0,
          pos,
          buf,
          played: 0,
          tactic: null,
          move: -1,
          next: null,
          san: null,
          uci: null,
        };
        expect(JSON.parse(positionJson(v)).motifs).toEqual([recordAt(buf, 0, pos)]);
        const csv = new CsvFormatter();
        csv.position(v);
        const row = taken(csv).split(',');
        expect(row.slice(5, 8)).toEqual([m.name, m.kind ?? '', 'w']);
        if (m.partial) expect(row[11]).toBe(partial === 1 ? 'true' : 'false');
        expect(row.slice(15, 17)).toEqual(m.shape === 'chain' ? ['R Q', 'n'] : ['R n k', '']);
        const epd = new EpdFormatter();
        epd.position(v);
        const kind = m.kind === null ? '' : ` ${m.kind}`;
        const squares = m.shape === 'chain' ? 'file d1=R,d2=Q -> d5=n' : `d1=R d5=n d8=k${partial === 1 ? ' partial' : ''}`;
        expect(taken(epd)).toContain(` c0 "${m.name}${kind} w ${squares}";`);
        expect(motifsCommand(v)).toMatch(new RegExp(`^\\[%xray ${m.key.replace('.', '\\.')} w \\S+${partial === 1 ? ' partial' : ''}\\]$`));
      }
    }
  });

  it('gives --motifs every name of the rows, selecting the codes and played tags of that name', () => {
    expect(new Set(MOTIF_NAMES)).toEqual(new Set([...MOTIFS, ...PLAYED].map((r) => r.name)));
    for (const name of MOTIF_NAMES) {
      const f = parseMotifFilter(name);
      for (const m of MOTIFS) expect(((f.codes >> m.code) & 1) === 1).toBe(m.name === name);
      for (const p of PLAYED) expect((f.played & p.bit) !== 0).toBe(p.name === name);
    }
    expect(codesOf('pin', 'relative')).toBe(1 << MOTIFS.findIndex((m) => m.key === 'pin.relative'));
    expect(() => parseMotifFilter('fork')).toThrow(/unknown motif "fork"/);
  });
});
