// --where against an oracle on 500 real games (400 lichess blitz/bullet games, 100 of a TWIC issue's with ECO
// and Round tags): the positions `--where Q` writes are exactly the `--all-positions` records (the same
// lines) that satisfy Q, where Q is evaluated here in plain TypeScript over the JSON record and the game's
// line of `--games`, the slow obvious way: no code of src/query, pieces read from the FEN.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { readCorpusBytes, splitGames } from '../helpers/corpus.js';
import { fenPieces } from '../helpers/fen-board.js';
import { tempDir } from '../helpers/temp.js';

interface Motif {
  motif: string;
  kind?: string;
  side: string;
  slider?: string;
  front?: string;
  back?: string;
  partial?: boolean;
  line?: string;
  targets?: string[];
}
interface Rec {
  game: number;
  ply: number;
  fen: string;
  move: string | null;
  motifs: Motif[];
  played: string[];
}
interface Game {
  game: number;
  tags: Record<string, string>;
  speed: string | null;
  rating: number | null;
  ratingBand: string | null;
  eco: string | null;
  result: string | null;
}

/** A record with its game and the pieces of its position. */
class P {
  readonly pieces: Map<string, string>;
  constructor(readonly r: Rec, readonly g: Game) {
    this.pieces = fenPieces(r.fen);
  }
  /** The piece letter, upper-cased (either colour), on a square. */
  on(sq: string | undefined): string {
    return sq === undefined ? '' : (this.pieces.get(sq) ?? '').toUpperCase();
  }
  has(name: string, kind: string | null, test: (m: Motif) => boolean = () => true): boolean {
    return this.r.motifs.some((m) => m.motif === name && (kind === null || m.kind === kind) && test(m));
  }
  played(tag: string): boolean {
    return this.r.played.includes(tag);
  }
  turn(): string {
    return this.r.fen.split(' ')[1];
  }
  phase(): string {
    const material = (white: boolean): number => {
      let sum = 0;
      for (const c of this.pieces.values()) if ((c === c.toUpperCase()) === white) sum += ({ N: 3, B: 3, R: 5, Q: 9 } as Record<string, number>)[c.toUpperCase()] ?? 0;
      return sum;
    };
    if (material(true) <= 13 && material(false) <= 13) return 'endgame';
    return this.r.ply < 20 ? 'opening' : 'middlegame';
  }
}

const isNumber = (s: string): boolean => /^-?\d+(\.\d+)?$/.test(s);

/** FIELD OP VALUE as §10 says: numbers when both are numbers, a numeric value needs a numeric field, else strings. */
function cmp(field: string | number | null | undefined, op: string, value: string): boolean {
  if (field === null || field === undefined) return false;
  let a: string | number = field;
  let b: string | number = value;
  if (isNumber(value)) {
    if (typeof field === 'string' && !isNumber(field)) return false;
    a = Number(field);
    b = Number(value);
  } else a = String(field);
  return { '=': a === b, '!=': a !== b, '<': a < b, '<=': a <= b, '>': a > b, '>=': a >= b }[op]!;
}

const QUERIES: [string, (p: P) => boolean][] = [
  ['pin.absolute[front=Q]', (p) => p.has('pin', 'absolute', (m) => p.on(m.front) === 'Q')],
  ['skewer[back=R|Q] and ply >= 40 and rating >= 2000', (p) => p.has('skewer', null, (m) => ['R', 'Q'].includes(p.on(m.back))) && p.r.ply >= 40 && cmp(p.g.rating, '>=', '2000')],
  ['battery[line=file, target=K] and not played.check', (p) => p.has('battery', null, (m) => m.line === 'file' && m.targets!.some((t) => p.on(t) === 'K')) && !p.played('check')],
  ['played.discoveredCheck and speed != blitz', (p) => p.played('discoveredCheck') && p.g.speed !== null && p.g.speed !== 'blitz'],
  ['pin[partial=true, side=b] or xray[slider=B]', (p) => p.has('pin', null, (m) => m.partial === true && m.side === 'b') || p.has('xray', null, (m) => p.on(m.slider) === 'B')],
  ['discoveredAttack[front=N|b] and phase = middlegame', (p) => p.has('discoveredAttack', null, (m) => ['N', 'B'].includes(p.on(m.front))) && p.phase() === 'middlegame'],
  ['(skewer.relative or played.doubleCheck) and turn = w', (p) => (p.has('skewer', 'relative') || p.played('doubleCheck')) && p.turn() === 'w'],
  ['not (pin or battery or xray or discoveredAttack) and played.check', (p) => !(p.has('pin', null) || p.has('battery', null) || p.has('xray', null) || p.has('discoveredAttack', null)) && p.played('check')],
  ['WhiteElo > 2000 and BlackElo < 1800 and pin.relative[side=w]', (p) => cmp(p.g.tags.WhiteElo, '>', '2000') && cmp(p.g.tags.BlackElo, '<', '1800') && p.has('pin', 'relative', (m) => m.side === 'w')],
  ['eco >= C00 and eco < D00 and discoveredCheck', (p) => cmp(p.g.eco, '>=', 'C00') && cmp(p.g.eco, '<', 'D00') && p.has('discoveredCheck', null)],
  ['ratingBand = 1600-1799 and skewer[side=w, slider=B|Q]', (p) => p.g.ratingBand === '1600-1799' && p.has('skewer', null, (m) => m.side === 'w' && ['B', 'Q'].includes(p.on(m.slider)))],
  ['Event != "Rated Blitz game" and played.discoveredAttack', (p) => cmp(p.g.tags.Event, '!=', 'Rated Blitz game') && p.played('discoveredAttack')],
  ['Round <= 3 and battery[side=b] and phase = endgame', (p) => cmp(p.g.tags.Round, '<=', '3') && p.has('battery', null, (m) => m.side === 'b') && p.phase() === 'endgame'],
  ['result = 1/2-1/2 and move = Kg2', (p) => p.g.result === '1/2-1/2' && p.r.move === 'Kg2'],
  ['(Date < 2005.01.01 and pin) or (ply >= 100 and played.check)', (p) => (cmp(p.g.tags.Date, '<', '2005.01.01') && p.has('pin', null)) || (p.r.ply >= 100 && p.played('check'))],
];

describe('--where equals its oracle on 500 real games', () => {
  const dir = tempDir('where');
  const input = join(dir, 'games.pgn');
  let lines = new Map<string, string>();
  let all: P[] = [];

  beforeAll(async () => {
    const games = [
      ...splitGames(readCorpusBytes('games/lichess-db-2016-05-no-event-tag.pgn.zst'), 400),
      ...splitGames(readCorpusBytes('games/twic-sample-232games.pgn'), 100),
    ];
    writeFileSync(input, Buffer.concat(games.map((g) => Buffer.concat([Buffer.from(g.bytes), Buffer.from('\n\n')]))));
    const r = await runCli([input, '--all-positions', '--games', join(dir, 'games.jsonl'), '-q']);
    expect(r.code, r.stderr).toBe(0);
    const info = new Map<number, Game>();
    for (const l of readFileSync(join(dir, 'games.jsonl'), 'utf8').split('\n').filter(Boolean)) {
      const g = JSON.parse(l) as Game;
      info.set(g.game, g);
    }
    expect(info.size).toBe(500);
    lines = new Map(r.stdout.split('\n').filter(Boolean).map((l) => {
      const rec = JSON.parse(l) as Rec;
      return [`${rec.game}:${rec.ply}`, l];
    }));
    all = [...lines.values()].map((l) => {
      const rec = JSON.parse(l) as Rec;
      return new P(rec, info.get(rec.game)!);
    });
  });

  it.each(QUERIES)('%s', async (where, oracle) => {
    const expected = all.filter(oracle).map((p) => lines.get(`${p.r.game}:${p.r.ply}`)!);
    const r = await runCli([input, '--where', where, '-q']);
    expect(r.code, r.stderr).toBe(0);
    const got = r.stdout.split('\n').filter(Boolean);
    expect(got.length).toBe(expected.length);
    expect(got).toEqual(expected);
    // not vacuous: the query keeps some positions and drops most
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length / 2);
    console.log(`${where}: ${expected.length} of ${all.length} positions`);
  });
});
