// --where against an oracle on real games: the positions `--where Q` writes are exactly the
// `--all-positions` records (the same lines) that satisfy Q, where Q is evaluated here in plain TypeScript
// over the JSON record and the game's line of `--games`, the slow obvious way: no code of src/query, pieces
// read from the FEN. The language of docs/design.md §10 on 500 games (400 lichess blitz/bullet games, 100 of
// a TWIC issue's with ECO and Round tags); its v2 additions (squares in role conditions, moveNumber,
// outcome, opening, year, ^=, *=, in) on 500 games chosen for the tags they read: lichess exports with
// `Opening` families cut at `:` or `,` and `UTCDate`, TWIC and OTB games with `Date` alone, from the 1950s
// on, and lichess puzzles, which start from a FEN with either side to move at any move number and have no
// result.
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
  constructor(
    readonly r: Rec,
    readonly g: Game,
  ) {
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
      for (const c of this.pieces.values())
        if ((c === c.toUpperCase()) === white) sum += ({ N: 3, B: 3, R: 5, Q: 9 } as Record<string, number>)[c.toUpperCase()] ?? 0;
      return sum;
    };
    if (material(true) <= 13 && material(false) <= 13) return 'endgame';
    return this.r.ply < 20 ? 'opening' : 'middlegame';
  }
}

/** A role condition: the piece on the record's square is one of the letters, or the square is one named. */
function standsAmong(p: P, square: string | undefined, among: string[]): boolean {
  return square !== undefined && among.some((x) => (x.length === 2 ? x === square : p.on(square) === x));
}

/** The fullmove number at a ply: counted on from the game's FEN tag (the start position's: 1, white to move). */
function moveNumberOf(g: Game, ply: number): number {
  const [, turn, , , , fullmove] = (g.tags.FEN ?? 'x w - - 0 1').split(' ');
  return Number(fullmove) + Math.floor((ply + (turn === 'b' ? 1 : 0)) / 2);
}

/** win, draw or loss for the side to move of the record, from the Result tag; null when it gives none. */
function outcomeOf(p: P): string | null {
  const result = p.g.tags.Result;
  if (result === '1/2-1/2') return 'draw';
  if (result !== '1-0' && result !== '0-1') return null;
  return (result === '1-0') === (p.turn() === 'w') ? 'win' : 'loss';
}

/** The Opening tag up to its first : or , (trimmed). */
function openingOf(g: Game): string | null {
  return g.tags.Opening === undefined ? null : g.tags.Opening.split(/[:,]/)[0].trim();
}

/** The year of UTCDate, else of Date: four digits first, no fifth. */
function yearOf(g: Game): number | null {
  for (const date of [g.tags.UTCDate, g.tags.Date]) {
    const m = /^(\d{4})(?!\d)/.exec(date ?? '');
    if (m !== null) return Number(m[1]);
  }
  return null;
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
  [
    'skewer[back=R|Q] and ply >= 40 and rating >= 2000',
    (p) => p.has('skewer', null, (m) => ['R', 'Q'].includes(p.on(m.back))) && p.r.ply >= 40 && cmp(p.g.rating, '>=', '2000'),
  ],
  [
    'battery[line=file, target=K] and not played.check',
    (p) => p.has('battery', null, (m) => m.line === 'file' && m.targets!.some((t) => p.on(t) === 'K')) && !p.played('check'),
  ],
  ['played.discoveredCheck and speed != blitz', (p) => p.played('discoveredCheck') && p.g.speed !== null && p.g.speed !== 'blitz'],
  [
    'pin[partial=true, side=b] or xray[slider=B]',
    (p) => p.has('pin', null, (m) => m.partial === true && m.side === 'b') || p.has('xray', null, (m) => p.on(m.slider) === 'B'),
  ],
  [
    'discoveredAttack[front=N|b] and phase = middlegame',
    (p) => p.has('discoveredAttack', null, (m) => ['N', 'B'].includes(p.on(m.front))) && p.phase() === 'middlegame',
  ],
  [
    '(skewer.relative or played.doubleCheck) and turn = w',
    (p) => (p.has('skewer', 'relative') || p.played('doubleCheck')) && p.turn() === 'w',
  ],
  [
    'not (pin or battery or xray or discoveredAttack) and played.check',
    (p) => !(p.has('pin', null) || p.has('battery', null) || p.has('xray', null) || p.has('discoveredAttack', null)) && p.played('check'),
  ],
  [
    'WhiteElo > 2000 and BlackElo < 1800 and pin.relative[side=w]',
    (p) => cmp(p.g.tags.WhiteElo, '>', '2000') && cmp(p.g.tags.BlackElo, '<', '1800') && p.has('pin', 'relative', (m) => m.side === 'w'),
  ],
  [
    'eco >= C00 and eco < D00 and discoveredCheck',
    (p) => cmp(p.g.eco, '>=', 'C00') && cmp(p.g.eco, '<', 'D00') && p.has('discoveredCheck', null),
  ],
  [
    'ratingBand = 1600-1799 and skewer[side=w, slider=B|Q]',
    (p) => p.g.ratingBand === '1600-1799' && p.has('skewer', null, (m) => m.side === 'w' && ['B', 'Q'].includes(p.on(m.slider))),
  ],
  [
    'Event != "Rated Blitz game" and played.discoveredAttack',
    (p) => cmp(p.g.tags.Event, '!=', 'Rated Blitz game') && p.played('discoveredAttack'),
  ],
  [
    'Round <= 3 and battery[side=b] and phase = endgame',
    (p) => cmp(p.g.tags.Round, '<=', '3') && p.has('battery', null, (m) => m.side === 'b') && p.phase() === 'endgame',
  ],
  ['result = 1/2-1/2 and move = Kg2', (p) => p.g.result === '1/2-1/2' && p.r.move === 'Kg2'],
  [
    '(Date < 2005.01.01 and pin) or (ply >= 100 and played.check)',
    (p) => (cmp(p.g.tags.Date, '<', '2005.01.01') && p.has('pin', null)) || (p.r.ply >= 100 && p.played('check')),
  ],
];

const QUERIES_V2: [string, (p: P) => boolean][] = [
  [
    'pin.relative[slider=g5, front=f6, back=Q]',
    (p) => p.has('pin', 'relative', (m) => m.slider === 'g5' && m.front === 'f6' && p.on(m.back) === 'Q'),
  ],
  [
    'pin[front=f6|c6|N, back=Q|d8|d1]',
    (p) => p.has('pin', null, (m) => standsAmong(p, m.front, ['f6', 'c6', 'N']) && standsAmong(p, m.back, ['Q', 'd8', 'd1'])),
  ],
  [
    'skewer[slider=a1|h1|a8|h8|Q] or xray[back=e1|e8]',
    (p) =>
      p.has('skewer', null, (m) => standsAmong(p, m.slider, ['a1', 'h1', 'a8', 'h8', 'Q'])) ||
      p.has('xray', null, (m) => standsAmong(p, m.back, ['e1', 'e8'])),
  ],
  [
    'battery[target=f7|f2|h7|h2, side=w]',
    (p) => p.has('battery', null, (m) => m.side === 'w' && m.targets!.some((t) => ['f7', 'f2', 'h7', 'h2'].includes(t))),
  ],
  [
    'discoveredAttack[front=e4|d5|N, back=a8|b8|c8|d8|e8|f8|g8|h8]',
    (p) => p.has('discoveredAttack', null, (m) => standsAmong(p, m.front, ['e4', 'd5', 'N']) && m.back![1] === '8'),
  ],
  ['moveNumber >= 30 and played.check', (p) => moveNumberOf(p.g, p.r.ply) >= 30 && p.played('check')],
  ['moveNumber in (10, 20, 30, 40) and pin', (p) => [10, 20, 30, 40].includes(moveNumberOf(p.g, p.r.ply)) && p.has('pin', null)],
  ['played.discoveredAttack and outcome = win', (p) => p.played('discoveredAttack') && outcomeOf(p) === 'win'],
  ['outcome = loss and pin.absolute', (p) => outcomeOf(p) === 'loss' && p.has('pin', 'absolute')],
  [
    'outcome != draw and turn = b and ply > 60',
    (p) => outcomeOf(p) !== null && outcomeOf(p) !== 'draw' && p.turn() === 'b' && p.r.ply > 60,
  ],
  ['outcome in (draw, loss) and played.check', (p) => ['draw', 'loss'].includes(outcomeOf(p) ?? '') && p.played('check')],
  [
    'opening ^= "Sicilian" or opening = "French Defense"',
    (p) => (openingOf(p.g) ?? '').startsWith('Sicilian') || openingOf(p.g) === 'French Defense',
  ],
  ['opening *= Indian and ply < 30', (p) => (openingOf(p.g) ?? '').includes('Indian') && p.r.ply < 30],
  [
    'opening in ("Ruy Lopez", "Queen\'s Pawn Game", "English Opening") and battery',
    (p) => ['Ruy Lopez', "Queen's Pawn Game", 'English Opening'].includes(openingOf(p.g) ?? '') && p.has('battery', null),
  ],
  ['Opening *= "," and ply = 10', (p) => (p.g.tags.Opening ?? '').includes(',') && p.r.ply === 10],
  ['year < 1980 and pin', (p) => (yearOf(p.g) ?? Infinity) < 1980 && p.has('pin', null)],
  ['year in (2012, 2016, 2020) and played.check', (p) => [2012, 2016, 2020].includes(yearOf(p.g) ?? 0) && p.played('check')],
  ['year >= 2021 and outcome = draw', (p) => (yearOf(p.g) ?? 0) >= 2021 && outcomeOf(p) === 'draw'],
  [
    'White ^= "Fischer" or Black *= nykter',
    (p) => (p.g.tags.White ?? '').startsWith('Fischer') || (p.g.tags.Black ?? '').includes('nykter'),
  ],
  ['Event *= Bullet and move ^= Q', (p) => (p.g.tags.Event ?? '').includes('Bullet') && (p.r.move ?? '').startsWith('Q')],
  ['move *= "=" or move in (O-O-O, "Kxh8")', (p) => (p.r.move ?? '').includes('=') || ['O-O-O', 'Kxh8'].includes(p.r.move ?? '')],
  ['eco ^= B and phase in (endgame, middlegame)', (p) => (p.g.eco ?? '').startsWith('B') && p.phase() !== 'opening'],
  ['Themes *= pin and turn ^= w', (p) => (p.g.tags.Themes ?? '').includes('pin') && p.turn() === 'w'],
];

/** The games of the v2 oracle: [corpus file, how many of its first games]. */
const GAMES_V2: [string, number][] = [
  ['excerpts/lichess-DrNykterstein-DrDrunkenstein-first-400.pgn.zst', 150],
  ['games/mliebelt-32games.pgn', 32],
  ['games/lichess-export-mliebelt-2024-01-03.pgn', 8],
  ['games/twic-sample-232games.pgn', 80],
  ['games/pgnmentor-style-Fischer.pgn', 80],
  ['games/lichess-db-2016-05-no-event-tag.pgn.zst', 50],
  ['excerpts/lichess-puzzles-42k-themed-first-200.pgn', 100],
];

/** Each query's positions against its oracle's, on the games of the files given. */
function againstOracle(name: string, files: [string, number][], queries: [string, (p: P) => boolean][]): void {
  const count = files.reduce((n, [, k]) => n + k, 0);
  describe(`${name} equals its oracle on ${count} real games`, () => {
    const dir = tempDir('where');
    const input = join(dir, 'games.pgn');
    let lines = new Map<string, string>();
    let all: P[] = [];

    beforeAll(async () => {
      const games = files.flatMap(([file, k]) => splitGames(readCorpusBytes(file), k));
      writeFileSync(input, Buffer.concat(games.map((g) => Buffer.concat([Buffer.from(g.bytes), Buffer.from('\n\n')]))));
      const r = await runCli([input, '--all-positions', '--games', join(dir, 'games.jsonl'), '-q']);
      expect(r.code, r.stderr).toBe(0);
      const info = new Map<number, Game>();
      for (const l of readFileSync(join(dir, 'games.jsonl'), 'utf8').split('\n').filter(Boolean)) {
        const g = JSON.parse(l) as Game;
        info.set(g.game, g);
      }
      expect(info.size).toBe(count);
      lines = new Map(
        r.stdout
          .split('\n')
          .filter(Boolean)
          .map((l) => {
            const rec = JSON.parse(l) as Rec;
            return [`${rec.game}:${rec.ply}`, l];
          }),
      );
      all = [...lines.values()].map((l) => {
        const rec = JSON.parse(l) as Rec;
        return new P(rec, info.get(rec.game)!);
      });
    });

    it.each(queries)('%s', async (where, oracle) => {
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
}

againstOracle(
  '--where',
  [
    ['games/lichess-db-2016-05-no-event-tag.pgn.zst', 400],
    ['games/twic-sample-232games.pgn', 100],
  ],
  QUERIES,
);
againstOracle('--where v2 (squares, moveNumber, outcome, opening, year, ^=, *=, in)', GAMES_V2, QUERIES_V2);
