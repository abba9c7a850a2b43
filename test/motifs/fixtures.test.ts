// Hand-checked motif fixtures (fixtures/motifs/positions.json): every position carries the FULL set of
// static records of both sides (docs/design.md §5, with its readings of the open cases), the checkers of the
// side to move and, for some, the tags of one move played from it. Records are compared as sets.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseFen } from '../../src/core/fen.js';
import { parseSan } from '../../src/core/san.js';
import { playedTags, tagPosition } from '../../src/motifs/tags.js';
import { withPieces } from '../helpers/fen-letters.js';

type Side = 'w' | 'b';
type LineKind = 'rank' | 'file' | 'diagonal' | 'antiDiagonal';

interface FixtureRecord {
  motif: string;
  side: Side;
  kind?: 'absolute' | 'relative';
  slider?: string;
  front?: string;
  back?: string;
  partial?: boolean;
  squares?: string[];
  line?: LineKind;
  targets?: string[];
}

interface Fixture {
  name: string;
  fen: string;
  reason: string;
  checkers: string[];
  motifs: FixtureRecord[];
  move?: string;
  played?: string[];
}

const fixtures: Fixture[] = JSON.parse(readFileSync(new URL('../../fixtures/motifs/positions.json', import.meta.url), 'utf8')) as Fixture[];

/** JSON with the keys of every object sorted, so that key order never decides equality or sort order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    const o = v as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(o)
        .sort()
        .map((k) => [k, o[k]]),
    );
  });
}

function asSortedSet(records: readonly unknown[]): unknown[] {
  return [...records]
    .map((r) => ({ key: canonical(r), r }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((x) => JSON.parse(x.key) as unknown);
}

const squareIndex = (name: string): number => (name.charCodeAt(1) - 49) * 8 + (name.charCodeAt(0) - 97);

/** Line kind of the line through two squares (diagonal = the a1-h8 direction, antiDiagonal = h1-a8). */
function lineKind(a: string, b: string): LineKind | null {
  const fa = a.charCodeAt(0) - 97;
  const ra = a.charCodeAt(1) - 49;
  const fb = b.charCodeAt(0) - 97;
  const rb = b.charCodeAt(1) - 49;
  if (fa === fb && ra === rb) return null;
  if (ra === rb) return 'rank';
  if (fa === fb) return 'file';
  if (fb - fa === rb - ra) return 'diagonal';
  if (fb - fa === ra - rb) return 'antiDiagonal';
  return null;
}

function isAscending(list: readonly string[]): boolean {
  for (let i = 1; i < list.length; i++) if (squareIndex(list[i - 1]) >= squareIndex(list[i])) return false;
  return true;
}

describe('motif fixtures: hand-checked positions', () => {
  it.each(fixtures.map((f) => [f.name, f] as const))('%s', (_name, f) => {
    const pos = parseFen(f.fen);
    const tags = tagPosition(pos);
    expect(tags.checkers, `checkers of ${f.fen}`).toEqual(f.checkers);
    expect(asSortedSet(tags.motifs), `motifs of ${f.fen}\n(${f.reason})`).toEqual(asSortedSet(withPieces(f.fen, f.motifs)));
    if (f.move !== undefined) {
      const before = parseFen(f.fen);
      const move = parseSan(before, f.move);
      expect(playedTags(before, move), `played tags of ${f.move} in ${f.fen}`).toEqual(f.played);
    }
  });
});

describe('motif fixtures: the file itself', () => {
  it('has at least 64 positions with unique names and well-formed records', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(64);
    expect(new Set(fixtures.map((f) => f.name)).size).toBe(fixtures.length);
    for (const f of fixtures) {
      expect(isAscending(f.checkers), f.name).toBe(true);
      if (f.move !== undefined) {
        expect(f.played, f.name).toBeDefined();
        expect([...(f.played ?? [])].sort(), f.name).toEqual(f.played);
      }
      for (const r of f.motifs) {
        if (r.motif === 'battery') {
          expect(r.squares!.length, f.name).toBeGreaterThanOrEqual(2);
          expect(isAscending(r.squares!), f.name).toBe(true);
          expect(r.targets!.length === 1 || r.targets!.length === 2, f.name).toBe(true);
          expect(isAscending(r.targets!), f.name).toBe(true);
          expect(lineKind(r.squares![0], r.squares![1]), f.name).toBe(r.line);
        } else {
          expect(lineKind(r.slider!, r.front!), f.name).not.toBeNull();
          expect(lineKind(r.slider!, r.front!), f.name).toBe(lineKind(r.front!, r.back!));
        }
      }
    }
  });

  it('covers every required motif, kind, line kind and side', () => {
    const counts = new Map<string, number>();
    const bump = (key: string): void => {
      counts.set(key, (counts.get(key) ?? 0) + 1);
    };
    for (const f of fixtures) {
      for (const r of f.motifs) {
        if (r.motif === 'pin') {
          bump(`pin.${r.kind}.${r.side}`);
          if (r.kind === 'absolute') bump(`pin.absolute.${lineKind(r.slider!, r.front!)}.${r.side}`);
          if (r.partial) bump(`pin.partial.${r.side}`);
        } else if (r.motif === 'skewer') {
          bump(`skewer.${r.kind}.${r.side}`);
        } else {
          bump(`${r.motif}.${r.side}`);
        }
      }
      for (const t of f.played ?? []) bump(`played.${t}`);
    }
    const required: string[] = [];
    for (const side of ['w', 'b']) {
      for (const line of ['rank', 'file', 'diagonal', 'antiDiagonal']) required.push(`pin.absolute.${line}.${side}`);
      required.push(
        `pin.partial.${side}`,
        `pin.relative.${side}`,
        `skewer.relative.${side}`,
        `skewer.absolute.${side}`,
        `battery.${side}`,
        `discoveredCheck.${side}`,
        `discoveredAttack.${side}`,
        `xray.${side}`,
      );
    }
    required.push('played.check', 'played.discoveredCheck', 'played.doubleCheck', 'played.discoveredAttack');
    const missing = required.filter((k) => (counts.get(k) ?? 0) < 1);
    expect(missing).toEqual([]);
  });
});
