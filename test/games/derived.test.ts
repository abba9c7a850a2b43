// The derived game fields of DESIGN.md §9 on hand-computed cases, every speed, band and unknown.
import { describe, expect, it } from 'vitest';
import { deriveFields, ecoOf, ratingBandOf, ratingOf, resultOf, speedOf } from '../../src/games/derived.js';

describe('derived game fields', () => {
  it('speed: base + 40 × increment, with the bounds on each side', () => {
    const cases: [string | undefined, string | null][] = [
      ['15+0', 'ultraBullet'], ['0+0', 'ultraBullet'], ['29+0', 'ultraBullet'], ['30+0', 'bullet'], ['0+1', 'bullet'],
      ['60+0', 'bullet'], ['120+1', 'bullet'], ['179+0', 'bullet'], ['180+0', 'blitz'], ['120+2', 'blitz'], ['300+3', 'blitz'],
      ['479+0', 'blitz'], ['480+0', 'rapid'], ['600+5', 'rapid'], ['1499+0', 'rapid'], ['1500+0', 'classical'],
      ['900+15', 'classical'], ['5400+30', 'classical'], ['-', 'correspondence'],
      ['40/7200:3600', null], ['600', null], ['?', null], ['', null], [undefined, null], ['60 + 0', null],
    ];
    for (const [tc, speed] of cases) expect(speedOf(tc), String(tc)).toBe(speed);
  });

  it('rating: the floor of the mean of two positive integer Elos, and its band', () => {
    expect(ratingOf('2100', '2001')).toBe(2050);
    expect(ratingOf('1500', '?')).toBeNull();
    expect(ratingOf('', '1800')).toBeNull();
    expect(ratingOf('0', '1800')).toBeNull();
    expect(ratingOf('1800.5', '1800')).toBeNull();
    expect(ratingOf(undefined, '1800')).toBeNull();
    const bands: [number | null, string | null][] = [
      [0, '0-1599'], [1599, '0-1599'], [1600, '1600-1799'], [1799, '1600-1799'], [1800, '1800-1999'], [1999, '1800-1999'],
      [2000, '2000-2199'], [2199, '2000-2199'], [2200, '2200-2499'], [2499, '2200-2499'], [2500, '2500-2799'],
      [2799, '2500-2799'], [2800, '2800+'], [3300, '2800+'], [null, null],
    ];
    for (const [r, band] of bands) expect(ratingBandOf(r), String(r)).toBe(band);
  });

  it('eco and result only in their exact forms', () => {
    expect(ecoOf('B01')).toBe('B01');
    for (const bad of ['F01', 'b01', 'B1', 'B012', '?', undefined]) expect(ecoOf(bad)).toBeNull();
    for (const r of ['1-0', '0-1', '1/2-1/2']) expect(resultOf(r)).toBe(r);
    for (const bad of ['*', '½-½', '1/2', undefined]) expect(resultOf(bad)).toBeNull();
  });

  it('all together from a tag map', () => {
    const tags = new Map([['TimeControl', '180+2'], ['WhiteElo', '2100'], ['BlackElo', '2000'], ['ECO', 'C20'], ['Result', '0-1']]);
    expect(deriveFields(tags)).toEqual({ speed: 'blitz', rating: 2050, ratingBand: '2000-2199', eco: 'C20', result: '0-1' });
    expect(deriveFields(new Map())).toEqual({ speed: null, rating: null, ratingBand: null, eco: null, result: null });
  });

  it('an unrated game after rated ones: rating null, the fields in their order', () => {
    const rated = new Map([['WhiteElo', '1500'], ['BlackElo', '1700']]);
    for (let i = 0; i < 1000; i++) expect(deriveFields(rated).rating).toBe(1600);
    const unrated = deriveFields(new Map([['WhiteElo', '1500']]));
    expect(unrated.rating).toBeNull();
    expect(Object.keys(unrated)).toEqual(['speed', 'rating', 'ratingBand', 'eco', 'result']);
  });
});
