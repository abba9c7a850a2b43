// The derived game fields of docs/design.md §9 on hand-computed cases, every speed, band and unknown, and
// against the rules written the slow obvious way (regular expressions over decoded strings) on many
// generated values.
import { describe, expect, it } from 'vitest';
import { DERIVED_TAGS, deriveFields, ecoOf, ratingBandOf, ratingOf, resultOf, speedOf } from '../../src/pgn/derived.js';

const utf8 = new TextEncoder();

/** A tag value as the functions take it: its bytes, start and end (-1, -1 when there is no tag). */
function value(text: string | undefined): [Uint8Array, number, number] {
  if (text === undefined) return [new Uint8Array(0), -1, -1];
  // padded on both sides, so that a function reading outside its range would show
  const b = utf8.encode(`9${text}9`);
  return [b, 1, b.length - 1];
}

const speed = (text: string | undefined): string | null => speedOf(...value(text));
const eco = (text: string | undefined): string | null => ecoOf(...value(text));
const result = (text: string | undefined): string | null => resultOf(...value(text));
function rating(white: string | undefined, black: string | undefined): number | null {
  const [w, ws, we] = value(white);
  const [k, ks, ke] = value(black);
  const b = new Uint8Array(w.length + k.length);
  b.set(w);
  b.set(k, w.length);
  return ratingOf(b, ws, we, ks < 0 ? -1 : ks + w.length, ks < 0 ? -1 : ke + w.length);
}

/** The fields of one game from a map of tags, through the value ranges the game reader keeps. */
function fromTags(tags: ReadonlyMap<string, string>): ReturnType<typeof deriveFields> {
  const parts: Uint8Array[] = [];
  const ranges = new Int32Array(2 * DERIVED_TAGS.length).fill(-1);
  let at = 0;
  DERIVED_TAGS.forEach((name, k) => {
    const text = tags.get(name);
    if (text === undefined) return;
    const b = utf8.encode(text);
    parts.push(b);
    ranges[2 * k] = at;
    ranges[2 * k + 1] = at + b.length;
    at += b.length;
  });
  const bytes = new Uint8Array(at);
  let o = 0;
  for (const p of parts) {
    bytes.set(p, o);
    o += p.length;
  }
  return deriveFields(bytes, ranges, 0);
}

// The rules of docs/design.md §9 written the slow obvious way, as the fields were first derived.
const slow = {
  speed(tc: string | undefined): string | null {
    if (tc === undefined) return null;
    if (tc === '-') return 'correspondence';
    const m = /^(\d+)\+(\d+)$/.exec(tc);
    if (m === null) return null;
    const e = Number(m[1]) + 40 * Number(m[2]);
    return e < 30 ? 'ultraBullet' : e < 180 ? 'bullet' : e < 480 ? 'blitz' : e < 1500 ? 'rapid' : 'classical';
  },
  positive(t: string | undefined): number | null {
    if (t === undefined || !/^\d+$/.test(t)) return null;
    return Number(t) > 0 ? Number(t) : null;
  },
  rating(w: string | undefined, b: string | undefined): number | null {
    const x = slow.positive(w);
    const y = slow.positive(b);
    return x === null || y === null ? null : Math.floor((x + y) / 2);
  },
  eco: (t: string | undefined): string | null => (t !== undefined && /^[A-E]\d\d$/.test(t) ? t : null),
  result: (t: string | undefined): string | null => (t === '1-0' || t === '0-1' || t === '1/2-1/2' ? t : null),
};

/** Values built from the characters that matter to the rules, and some that do not. */
function randomValue(next: () => number): string | undefined {
  if (next() < 0.05) return undefined;
  const chars = ['0', '1', '2', '5', '9', '+', '-', '/', 'A', 'E', 'F', 'b', ' ', '.', '?', 'é', '½', '\\', '"'];
  const n = Math.floor(next() * (next() < 0.1 ? 25 : 8));
  let s = '';
  for (let i = 0; i < n; i++) s += chars[Math.floor(next() * chars.length)];
  return s;
}

describe('derived game fields', () => {
  it('speed: base + 40 × increment, with the bounds on each side', () => {
    const cases: [string | undefined, string | null][] = [
      ['15+0', 'ultraBullet'],
      ['0+0', 'ultraBullet'],
      ['29+0', 'ultraBullet'],
      ['30+0', 'bullet'],
      ['0+1', 'bullet'],
      ['60+0', 'bullet'],
      ['120+1', 'bullet'],
      ['179+0', 'bullet'],
      ['180+0', 'blitz'],
      ['120+2', 'blitz'],
      ['300+3', 'blitz'],
      ['479+0', 'blitz'],
      ['480+0', 'rapid'],
      ['600+5', 'rapid'],
      ['1499+0', 'rapid'],
      ['1500+0', 'classical'],
      ['900+15', 'classical'],
      ['5400+30', 'classical'],
      ['-', 'correspondence'],
      ['40/7200:3600', null],
      ['600', null],
      ['?', null],
      ['', null],
      [undefined, null],
      ['60 + 0', null],
      ['+0', null],
      ['60+', null],
      ['--', null],
      ['60+0+0', null],
    ];
    for (const [tc, want] of cases) expect(speed(tc), String(tc)).toBe(want);
  });

  it('rating: the floor of the mean of two positive integer Elos, and its band', () => {
    expect(rating('2100', '2001')).toBe(2050);
    expect(rating('1500', '?')).toBeNull();
    expect(rating('', '1800')).toBeNull();
    expect(rating('0', '1800')).toBeNull();
    expect(rating('1800.5', '1800')).toBeNull();
    expect(rating(undefined, '1800')).toBeNull();
    expect(rating('0800', '1800')).toBe(1300);
    expect(rating('123456789012345678901234', '2')).toBe(Math.floor((Number('123456789012345678901234') + 2) / 2));
    const bands: [number | null, string | null][] = [
      [0, '0-1599'],
      [1599, '0-1599'],
      [1600, '1600-1799'],
      [1799, '1600-1799'],
      [1800, '1800-1999'],
      [1999, '1800-1999'],
      [2000, '2000-2199'],
      [2199, '2000-2199'],
      [2200, '2200-2499'],
      [2499, '2200-2499'],
      [2500, '2500-2799'],
      [2799, '2500-2799'],
      [2800, '2800+'],
      [3300, '2800+'],
      [null, null],
    ];
    for (const [r, band] of bands) expect(ratingBandOf(r), String(r)).toBe(band);
  });

  it('eco and result only in their exact forms', () => {
    expect(eco('B01')).toBe('B01');
    expect(eco('E99')).toBe('E99');
    for (const bad of ['F01', 'b01', 'B1', 'B012', '?', '@01', 'BA1', undefined]) expect(eco(bad)).toBeNull();
    for (const r of ['1-0', '0-1', '1/2-1/2']) expect(result(r)).toBe(r);
    for (const bad of ['*', '½-½', '1/2', '1-0 ', '', undefined]) expect(result(bad)).toBeNull();
  });

  it('agree with the rules written the slow obvious way on 20,000 generated values', () => {
    let seed = 12345;
    const next = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    for (let i = 0; i < 20_000; i++) {
      const [a, b] = [randomValue(next), randomValue(next)];
      expect(speed(a), String(a)).toBe(slow.speed(a));
      expect(rating(a, b), `${a} ${b}`).toBe(slow.rating(a, b));
      expect(eco(a), String(a)).toBe(slow.eco(a));
      expect(result(a), String(a)).toBe(slow.result(a));
    }
  });

  it('all together from the value ranges of a game', () => {
    const tags = new Map([
      ['TimeControl', '180+2'],
      ['WhiteElo', '2100'],
      ['BlackElo', '2000'],
      ['ECO', 'C20'],
      ['Result', '0-1'],
    ]);
    expect(fromTags(tags)).toEqual({ speed: 'blitz', rating: 2050, ratingBand: '2000-2199', eco: 'C20', result: '0-1' });
    expect(fromTags(new Map())).toEqual({ speed: null, rating: null, ratingBand: null, eco: null, result: null });
  });

  it('an unrated game after rated ones: rating null, the fields in their order', () => {
    const rated = new Map([
      ['WhiteElo', '1500'],
      ['BlackElo', '1700'],
    ]);
    for (let i = 0; i < 1000; i++) expect(fromTags(rated).rating).toBe(1600);
    const unrated = fromTags(new Map([['WhiteElo', '1500']]));
    expect(unrated.rating).toBeNull();
    expect(Object.keys(unrated)).toEqual(['speed', 'rating', 'ratingBand', 'eco', 'result']);
  });
});
