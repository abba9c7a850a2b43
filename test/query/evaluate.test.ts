// --where on hand-checked positions: every motif and kind, every condition, played tags, position and game
// fields compared as numbers and as strings, a missing tag, and/or/not and parentheses. Each position's
// records are listed by hand (from fixtures/motifs/positions.json, where each is explained) and checked
// against the engine first, so the expected matches below follow from the listed records alone.
import { describe, expect, it } from 'vitest';
import { GameAnalyzer } from '../../src/analysis/game.js';
import { ALL_MOTIFS } from '../../src/motifs/filter.js';
import { tagFen, type MotifRecord } from '../../src/motifs/tags.js';
import { compileWhere } from '../../src/query/compile.js';
import { QueryEvaluator } from '../../src/query/evaluate.js';
import { fenPieces } from '../helpers/fen-board.js';
import { Kept } from '../helpers/kept-sink.js';

/** Positions given as FEN, one game each (game = index + 1, ply 0), and their records by hand. */
const FENS: { fen: string; records: string[]; note: string }[] = [
  {
    fen: '3k3q/8/5p2/3n4/8/8/1B1R4/3R2K1 w - - 0 1',
    note: 'white: B+R+R = 13, black q+n = 12: endgame',
    records: ['pin.absolute w R d2 n d5 k d8 partial=false', 'battery w d1+d2 file > n d5', 'pin.relative w B b2 p f6 q h8 partial=false'],
  },
  {
    fen: '4r1k1/1b2q3/8/8/4Q3/8/8/1K2R2R w - - 0 1',
    note: 'white Q+R+R = 19: opening',
    records: [
      'battery w e1+e4 file > q e7',
      'skewer.relative w Q e4 q e7 r e8',
      'battery b e7+e8 file > Q e4',
      'skewer.relative b b b7 Q e4 R h1',
    ],
  },
  {
    fen: '3r2k1/3q4/4b1n1/5N2/8/1B6/2Q5/3RR2K w - - 0 1',
    note: 'white 25: opening',
    records: [
      'pin.absolute w B b3 b e6 k g8 partial=true',
      'skewer.relative w R d1 q d7 r d8',
      'discoveredAttack w Q c2 N f5 n g6',
      'battery b d7+d8 file > R d1',
      'battery b e6+d7 antiDiagonal > N f5',
    ],
  },
  { fen: 'k7/8/3N4/8/3r4/8/7K/3R4 w - - 0 1', note: 'endgame', records: ['xray w R d1 r d4 N d6'] },
  { fen: '7k/7b/8/8/4K3/8/8/1R6 w - - 0 1', note: 'endgame', records: ['skewer.absolute b b h7 K e4 R b1'] },
  { fen: 'b6k/8/8/3n4/8/8/6K1/8 b - - 0 1', note: 'endgame, black to move', records: ['discoveredCheck b b a8 n d5 K g2'] },
  { fen: '7k/8/8/8/8/b1R1Q2n/8/7K w - - 0 1', note: 'white R+Q = 14: opening', records: ['battery w c3+e3 rank > b a3 n h3'] },
  { fen: '4k3/6r1/8/8/3B4/8/1Q6/7K w - - 0 1', note: 'white Q+B = 12, black 5: endgame', records: ['battery w b2+d4 diagonal > r g7'] },
  { fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', note: 'opening', records: [] },
  { fen: '8/8/8/4k3/8/8/8/4K3 b - - 0 1', note: 'endgame, black to move', records: [] },
];

/** The records of a FEN as the short lines above: name, side, pieces with their squares. */
function summary(fen: string): string[] {
  const board = fenPieces(fen);
  const at = (sq: string): string => `${board.get(sq)} ${sq}`;
  return tagFen(fen).motifs.map((m: MotifRecord) => {
    const name = 'kind' in m ? `${m.motif}.${m.kind}` : m.motif;
    if (m.motif === 'battery') return `${name} ${m.side} ${m.squares.join('+')} ${m.line} > ${m.targets.map(at).join(' ')}`;
    return `${name} ${m.side} ${at(m.slider)} ${at(m.front)} ${at(m.back)}${'partial' in m ? ` partial=${m.partial}` : ''}`;
  });
}

const A = `[Event "Test A"]
[WhiteElo "2100"]
[BlackElo "2000"]
[TimeControl "300+0"]
[ECO "C50"]
[Opening "Italian Game: Two Knights Defense, Wilkes-Barre"]
[Date "2015.12.31"]
[UTCDate "2016.05.31"]
[Result "1-0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0
`;
// Nf6+ checks with the knight and uncovers Re1 on the king: check, discovered check, double check
const B = `[Event "B"]
[WhiteElo "?"]
[BlackElo "1500"]
[Opening "King's Pawn Game , Wayward Queen Attack"]
[Date "????.??.??"]
[Result "*"]
[SetUp "1"]
[FEN "4k3/8/8/8/4N3/8/8/K3R3 w - - 0 1"]

1. Nf6+ Kf7 *
`;
// Nf4 uncovers Qd8 on the rook d2 (no check): a discovered attack
const C = `[Round "3"]
[UTCDate "????.??.??"]
[Date "1999.12.31"]
[TimeControl "-"]
[Result "0-1"]
[SetUp "1"]
[FEN "3q3k/8/8/3n4/8/8/3R4/6K1 b - - 0 1"]

1... Nf4 0-1
`;
const PGNS = [A, B, C];
// en passant, both castlings, a promotion with capture: `move =` looks at a move's piece, destination
// and castling before computing its SAN, so these must still match
const D = `[SetUp "1"]
[FEN "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1"]

1. exd6 O-O 2. bxa8=Q Rxa8 3. O-O-O *
`;

/** Positions kept by the query over the FEN games ("g:0"), the PGN games (A = 1, B = 2, C = 3) or D alone. */
function kept(where: string, group: 'fen' | 'pgn' | 'D'): string[] {
  const analyzer = new GameAnalyzer({
    allPositions: false,
    filter: ALL_MOTIFS,
    moves: false,
    select: new QueryEvaluator(compileWhere(where)),
  });
  const sink = new Kept();
  if (group === 'fen') FENS.forEach((f, i) => analyzer.fen(f.fen, i + 1, sink));
  else (group === 'pgn' ? PGNS : [D]).forEach((text, i) => expect(analyzer.pgn(new TextEncoder().encode(text), i + 1, sink)).toBeNull());
  return sink.out;
}

/** Games of the FEN group kept. */
function games(where: string): number[] {
  return kept(where, 'fen').map((k) => Number(k.split(':')[0]));
}

describe('the hand-listed records', () => {
  it.each(FENS.map((f, i) => [i + 1, f] as const))('position %i has exactly the records listed', (_n, f) => {
    expect(summary(f.fen).sort()).toEqual([...f.records].sort());
  });
});

describe('--where motifs and conditions (FEN positions 1–10)', () => {
  it.each([
    ['pin', [1, 3]],
    ['pin.absolute', [1, 3]],
    ['pin.relative', [1]],
    ['skewer', [2, 3, 5]],
    ['skewer.absolute', [5]],
    ['skewer.relative', [2, 3]],
    ['battery', [1, 2, 3, 7, 8]],
    ['xray', [4]],
    ['discoveredCheck', [6]],
    ['discoveredAttack', [3]],
    ['battery.absolute', []], // batteries have no kind
    ['pin[side=w]', [1, 3]],
    ['battery[side=b]', [2, 3]],
    ['skewer[side=b]', [2, 5]],
    ['skewer[slider=b]', [2, 5]],
    ['pin[slider=R]', [1]],
    ['pin[slider=B]', [1, 3]],
    ['pin[front=N]', [1]],
    ['skewer[front=K]', [5]],
    ['skewer[front=Q|K]', [2, 3, 5]],
    ['pin[back=Q]', [1]],
    ['skewer[back=r]', [2, 3, 5]], // case-insensitive: r matches the white rooks too
    ['xray[back=N]', [4]],
    ['battery[target=N]', [1, 3, 7]], // 7: the second target
    ['battery[target=B]', [7]],
    ['battery[target=r]', [3, 8]],
    ['battery[target=Q]', [2]],
    ['pin[target=K]', []], // a pin has no target
    ['battery[slider=Q]', []], // a battery has no slider
    ['pin[partial=true]', [3]],
    ['pin[partial=false]', [1]],
    ['skewer[partial=false]', []], // a skewer has no partial field
    ['battery[line=file]', [1, 2, 3]],
    ['battery[line=rank]', [7]],
    ['battery[line=diagonal]', [8]],
    ['battery[line=antiDiagonal]', [3]],
    ['pin[line=file]', []], // a pin record has no line field
    ['battery[side=b, line=antiDiagonal]', [3]],
    ['battery[side=w, line=antiDiagonal]', []], // every cond on the same record
    ['skewer[side=w, front=Q]', [2, 3]],
    ['skewer[side=b,front=Q]', [2]],
    ['skewer[side=b, back=R]', [2, 5]],
    ['discoveredAttack[slider=Q, front=N, back=N]', [3]],
    ['discoveredAttack[slider=Q, front=N, back=B]', []],
    // squares: a1 … h4 in the low half of the set, a5 … h8 (h8: its sign bit) in the high half
    ['pin[slider=d2]', [1]],
    ['pin[front=d5|e6]', [1, 3]],
    ['pin[front=f6|N]', [1]], // f6 holds a pawn: the relative pin of position 1, and n d5
    ['pin[front=E6|n]', [1, 3]],
    ['pin[slider=b2, front=f6, back=h8]', [1]],
    ['pin.relative[slider=b2, front=f6, back=Q]', [1]],
    ['pin[slider=b2, front=f6, back=g8]', []], // every square on the same record
    ['pin.absolute[slider=b2]', []],
    ['skewer[front=e4]', [2, 5]],
    ['skewer[front=e4, side=w]', []], // white's skewer (position 2) has its front on e7
    ['skewer[back=e8|b1]', [2, 5]],
    ['xray[front=d4]', [4]],
    ['xray[front=d5]', []],
    ['battery[target=d5]', [1]],
    ['battery[target=h3]', [7]], // the second target
    ['battery[target=f5|a3]', [3, 7]],
    ['battery[target=g7|K]', [8]],
    ['battery[slider=d1]', []], // a battery has no slider
    ['pin[target=d5]', []], // a pin has no target
  ] as const)('%s', (where, expected) => {
    expect(games(where)).toEqual(expected);
  });
});

describe('--where and, or, not, parentheses, turn, phase (FEN positions)', () => {
  it.each([
    ['pin and skewer', [3]],
    ['pin or xray', [1, 3, 4]],
    ['not battery', [4, 5, 6, 9, 10]],
    ['not not pin', [1, 3]],
    ['xray or pin and skewer', [3, 4]], // and binds tighter than or
    ['(xray or pin) and skewer', [3]],
    ['not pin and battery', [2, 7, 8]], // not binds tighter than and
    ['not (pin and battery)', [2, 4, 5, 6, 7, 8, 9, 10]],
    ['((pin))', [1, 3]],
    ['turn = b', [6, 10]],
    ['turn != w', [6, 10]],
    ['phase = opening', [2, 3, 7, 9]],
    ['phase = endgame', [1, 4, 5, 6, 8, 10]],
    ['phase = middlegame', []],
    ['phase = endgame and battery', [1, 8]],
  ] as const)('%s', (where, expected) => {
    expect(games(where)).toEqual(expected);
  });
});

describe('--where played tags and fields (PGN games A = 1, B = 2, C = 3)', () => {
  const A_ALL = ['1:0', '1:1', '1:2', '1:3', '1:4', '1:5', '1:6', '1:7'];
  it.each([
    ['played.check', ['1:6', '2:0']],
    ['played.discoveredCheck', ['2:0']],
    ['played.doubleCheck', ['2:0']],
    ['played.discoveredAttack', ['3:0']],
    ['ply = 6', ['1:6']],
    ['ply >= 6', ['1:6', '1:7']],
    ['ply < 1', ['1:0', '2:0', '3:0']],
    ['ply = "6"', ['1:6']], // a quoted value compares as a string: "6" = "6"
    ['move = "Qxf7#"', ['1:6']], // # is no word character: quoted
    ['move = Nf6+', ['2:0']],
    ['move != e4', ['1:1', '1:2', '1:3', '1:4', '1:5', '1:6', '2:0', '2:1', '3:0']], // no move at the end: false
    ['turn = b', ['1:1', '1:3', '1:5', '1:7', '2:1', '3:0']],
    ['rating >= 2000', A_ALL], // (2100 + 2000) / 2 = 2050
    ['rating = 2050', A_ALL],
    ['rating < 3000', A_ALL], // B: WhiteElo "?" gives no rating: false
    ['ratingBand = 2000-2199', A_ALL],
    ['speed = blitz', A_ALL], // 300 + 40 × 0 < 480
    ['speed = correspondence', ['3:0', '3:1']],
    ['speed != blitz', ['3:0', '3:1']], // B has no TimeControl: false, even for !=
    ['eco = C50', A_ALL],
    ['eco >= C00 and eco < D00', A_ALL],
    ['result = 1-0', A_ALL],
    ['result = 1/2-1/2', []],
    ['result != 1-0', ['3:0', '3:1']], // B's "*" is no result: false
    ['WhiteElo > 2050', A_ALL],
    ['WhiteElo > 1000', A_ALL], // "?" is not a number: false
    ['WhiteElo != 0', A_ALL],
    ['WhiteElo = "?"', ['2:0', '2:1', '2:2']],
    ['WhiteElo = ?', ['2:0', '2:1', '2:2']],
    ['BlackElo < 1600', ['2:0', '2:1', '2:2']],
    ['WhiteElo < 300', []], // numbers: 2100 > 300
    ['WhiteElo < "300"', A_ALL], // strings: "2100" < "300"
    ['Event = "Test A"', A_ALL],
    ['Event != B', A_ALL], // C has no Event tag: false
    ['Round = 3', ['3:0', '3:1']],
    ['Round = 3.0', ['3:0', '3:1']], // numbers: 3 = 3.0
    ['Round = "3.0"', []], // strings differ
    ['Missing = x', []],
    ['Missing != x', []],
    ['not Missing = x', [...A_ALL, '2:0', '2:1', '2:2', '3:0', '3:1']],
    ['played.check and speed = blitz', ['1:6']],
    // the fields and operators of query v2: B starts from a FEN with white to move, C with black
    ['moveNumber = 2', ['1:2', '1:3', '2:2', '3:1']],
    ['moveNumber >= 4', ['1:6', '1:7']],
    ['moveNumber = "1"', ['1:0', '1:1', '2:0', '2:1', '3:0']],
    ['outcome = win', ['1:0', '1:2', '1:4', '1:6', '3:0']], // A 1-0, white to move; C 0-1, black to move
    ['outcome = loss', ['1:1', '1:3', '1:5', '1:7', '3:1']],
    ['outcome != win', ['1:1', '1:3', '1:5', '1:7', '3:1']], // B's "*" gives no outcome: false
    ['outcome = draw', []],
    ['outcome in (draw, win)', ['1:0', '1:2', '1:4', '1:6', '3:0']],
    ['outcome ^= l', ['1:1', '1:3', '1:5', '1:7', '3:1']],
    ['opening = "Italian Game"', A_ALL], // up to the first : (or ,)
    ['opening ^= Ital', A_ALL],
    ['opening *= Pawn', ['2:0', '2:1', '2:2']],
    ['opening = "King\'s Pawn Game"', ['2:0', '2:1', '2:2']], // up to the first , and trimmed
    ['opening *= Knights', []],
    ['Opening *= Knights', A_ALL], // the tag itself, whole
    ['opening != "Italian Game"', ['2:0', '2:1', '2:2']], // C has no Opening tag: false
    ['opening in ("King\'s Pawn Game", "Italian Game")', [...A_ALL, '2:0', '2:1', '2:2']],
    ['year = 2016', A_ALL], // from UTCDate, before Date
    ['year < 2000', ['3:0', '3:1']], // C's UTCDate holds no year: from Date
    ['year > 0', [...A_ALL, '3:0', '3:1']], // B's Date holds no year: false
    ['year = "2016"', A_ALL],
    ['year in (1999, 2016, 2017)', [...A_ALL, '3:0', '3:1']],
    ['ply in (0, 6)', ['1:0', '1:6', '2:0', '3:0']],
    ['move ^= Q', ['1:4', '1:6']],
    ['move *= x', ['1:6']],
    ['move ^= "Q" and move *= "#"', ['1:6']],
    ['move in (Nf6+, Nf4, e4)', ['1:0', '2:0', '3:0']],
    ['turn ^= b', ['1:1', '1:3', '1:5', '1:7', '2:1', '3:0']],
    ['phase *= pen and ply = 0', ['1:0']], // B and C start in the endgame
    ['Event ^= Test', A_ALL],
    ['WhiteElo ^= 2', A_ALL], // a tag is text: ^= applies
    ['WhiteElo *= "?"', ['2:0', '2:1', '2:2']],
    ['BlackElo *= 50', ['2:0', '2:1', '2:2']], // text: "1500" holds 50, "2000" does not
    ['eco ^= C', A_ALL],
    ['result ^= 0', ['3:0', '3:1']],
    ['result *= 1/2', []],
    ['speed *= ""', A_ALL.concat(['3:0', '3:1'])], // every text contains the empty one; B has no speed
    ['ply >= 6 or played.discoveredAttack', ['1:6', '1:7', '3:0']],
  ] as const)('%s', (where, expected) => {
    expect(kept(where, 'pgn')).toEqual(expected);
  });
});

describe('--where move = SAN on special moves (game D)', () => {
  it.each([
    ['move = exd6', ['1:0']],
    ['move = O-O', ['1:1']],
    ['move = O-O-O', ['1:4']],
    ['move = "bxa8=Q"', ['1:2']],
    ['move = Rxa8', ['1:3']],
    ['move = Qxa8', []], // the pawn that takes on a8 is no queen
    ['move = a8', []],
    ['move != O-O', ['1:0', '1:2', '1:3', '1:4']],
    ['move > Q', ['1:0', '1:2', '1:3']], // strings: "exd6", "bxa8=Q", "Rxa8" sort after "Q"
  ] as const)('%s', (where, expected) => {
    expect(kept(where, 'D')).toEqual(expected);
  });
});

describe('--where chains of any length and the deepest nesting', () => {
  const chain = (term: string, op: string, n: number, last: string): string => `${`${term} ${op} `.repeat(n - 1)}${last}`;

  it('a 100,000-operand or chain keeps what its one live operand keeps', () => {
    expect(kept(chain('ply = 99', 'or', 100_000, 'xray'), 'fen')).toEqual(kept('xray', 'fen'));
    expect(kept(chain('Missing = x', 'or', 100_000, 'played.check'), 'pgn')).toEqual(kept('played.check', 'pgn'));
  });

  it('a 100,000-operand and chain keeps what its one selective operand keeps', () => {
    expect(kept(chain('ply >= 0', 'and', 100_000, 'pin'), 'fen')).toEqual(kept('pin', 'fen'));
    expect(kept(chain('ply >= 0', 'and', 100_000, 'ply = 99'), 'fen')).toEqual([]);
  });

  it('256 levels of not and parentheses evaluate as they read', () => {
    expect(kept(`${'not ('.repeat(128)}pin${')'.repeat(128)}`, 'fen')).toEqual(kept('pin', 'fen'));
    expect(kept(`${'(not '.repeat(127)}(not battery)${')'.repeat(127)}`, 'fen')).toEqual(kept('battery', 'fen')); // 128 nots
    expect(kept(`${'(not '.repeat(127)}(battery)${')'.repeat(127)}`, 'fen')).toEqual(kept('not battery', 'fen'));
  });
});
