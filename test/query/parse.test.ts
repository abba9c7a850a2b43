// The --where grammar of docs/design.md §10: what each construct parses to, operator precedence, and syntax
// errors that name the column (from 1), what was expected and what was found; on the command line such an
// error is exit 2 before anything is read. Nesting is bounded (a usage error past 256 levels) and a chain of
// any length is one node.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { MAX_DEPTH, parseQuery, type Query } from '../../src/query/parse.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

const pin: Query = { type: 'motif', name: 'pin', kind: null, conds: [] };
const skewer: Query = { type: 'motif', name: 'skewer', kind: null, conds: [] };
const xray: Query = { type: 'motif', name: 'xray', kind: null, conds: [] };

describe('parseQuery', () => {
  it('reads motifs with kinds and conditions', () => {
    expect(parseQuery('pin.absolute[front=Q]')).toEqual({
      type: 'motif',
      name: 'pin',
      kind: 'absolute',
      conds: [{ type: 'role', role: 'front', pieces: 'Q', squares: [] }],
    });
    expect(parseQuery('battery[line=file, target=K|q, side=b]')).toEqual({
      type: 'motif',
      name: 'battery',
      kind: null,
      conds: [
        { type: 'line', line: 'file' },
        { type: 'role', role: 'target', pieces: 'KQ', squares: [] },
        { type: 'side', side: 'b' },
      ],
    });
    expect(parseQuery('skewer.relative [ slider = b | r , back=n, partial=false ]')).toEqual({
      type: 'motif',
      name: 'skewer',
      kind: 'relative',
      conds: [
        { type: 'role', role: 'slider', pieces: 'BR', squares: [] },
        { type: 'role', role: 'back', pieces: 'N', squares: [] },
        { type: 'partial', partial: false },
      ],
    });
  });

  it('reads squares in role conditions, alone or among piece letters', () => {
    expect(parseQuery('pin.relative[slider=g5, front=f6|N, back=Q]')).toEqual({
      type: 'motif',
      name: 'pin',
      kind: 'relative',
      conds: [
        { type: 'role', role: 'slider', pieces: '', squares: ['g5'] },
        { type: 'role', role: 'front', pieces: 'N', squares: ['f6'] },
        { type: 'role', role: 'back', pieces: 'Q', squares: [] },
      ],
    });
    expect(parseQuery('battery[target=E8|q|a1]')).toMatchObject({
      conds: [{ type: 'role', role: 'target', pieces: 'Q', squares: ['e8', 'a1'] }],
    });
  });

  it('reads the string operators, and FIELD in (…) as a chain of =', () => {
    expect(parseQuery('opening ^= Sicilian')).toEqual({ type: 'compare', field: 'opening', op: '^=', value: 'Sicilian', quoted: false });
    expect(parseQuery('Event*="Blitz"')).toEqual({ type: 'compare', field: 'Event', op: '*=', value: 'Blitz', quoted: true });
    expect(parseQuery('outcome in (win, "draw", 3)')).toEqual({
      type: 'or',
      args: [
        { type: 'compare', field: 'outcome', op: '=', value: 'win', quoted: false },
        { type: 'compare', field: 'outcome', op: '=', value: 'draw', quoted: true },
        { type: 'compare', field: 'outcome', op: '=', value: '3', quoted: false },
      ],
    });
    expect(parseQuery('year in (2016)')).toEqual({ type: 'compare', field: 'year', op: '=', value: '2016', quoted: false });
    expect(parseQuery('moveNumber in (1,2) and pin')).toMatchObject({ type: 'and', args: [{ type: 'or' }, pin] });
  });

  it('reads played tags and comparisons, values bare or quoted', () => {
    expect(parseQuery('played.discoveredCheck')).toEqual({ type: 'played', tag: 'discoveredCheck' });
    expect(parseQuery('result = 1/2-1/2')).toEqual({ type: 'compare', field: 'result', op: '=', value: '1/2-1/2', quoted: false });
    expect(parseQuery('Event != "Rated Blitz game"')).toEqual({
      type: 'compare',
      field: 'Event',
      op: '!=',
      value: 'Rated Blitz game',
      quoted: true,
    });
    expect(parseQuery('WhiteElo>=2200')).toEqual({ type: 'compare', field: 'WhiteElo', op: '>=', value: '2200', quoted: false });
    expect(parseQuery('move = "e8=Q+"')).toEqual({ type: 'compare', field: 'move', op: '=', value: 'e8=Q+', quoted: true });
    expect(parseQuery('Annotator = "say \\"hi\\""')).toMatchObject({ value: 'say "hi"' });
    for (const op of ['=', '!=', '<', '<=', '>', '>=']) expect(parseQuery(`ply ${op} 3`)).toMatchObject({ op });
  });

  it('reads tactic, alone or with conditions on its themes, gain and mate', () => {
    expect(parseQuery('tactic')).toEqual({ type: 'tactic', conds: [] });
    expect(parseQuery('tactic[theme=pin|skewer, gain>=3, mate <= 2]')).toEqual({
      type: 'tactic',
      conds: [
        { type: 'theme', themes: ['pin', 'skewer'] },
        { type: 'gain', op: '>=', value: 3 },
        { type: 'mate', op: '<=', value: 2 },
      ],
    });
    expect(parseQuery('not tactic [ theme = hangingPiece ] and played.missed')).toEqual({
      type: 'and',
      args: [
        { type: 'not', arg: { type: 'tactic', conds: [{ type: 'theme', themes: ['hangingPiece'] }] } },
        { type: 'played', tag: 'missed' },
      ],
    });
    for (const op of ['=', '!=', '<', '<=', '>', '>='])
      expect(parseQuery(`tactic[gain ${op} 2]`)).toEqual({ type: 'tactic', conds: [{ type: 'gain', op, value: 2 }] });
  });

  it('binds not tighter than and, and tighter than or; parentheses group', () => {
    expect(parseQuery('xray or pin and skewer')).toEqual({ type: 'or', args: [xray, { type: 'and', args: [pin, skewer] }] });
    expect(parseQuery('(xray or pin) and skewer')).toEqual({ type: 'and', args: [{ type: 'or', args: [xray, pin] }, skewer] });
    expect(parseQuery('not pin and skewer')).toEqual({ type: 'and', args: [{ type: 'not', arg: pin }, skewer] });
    expect(parseQuery('not not pin')).toEqual({ type: 'not', arg: { type: 'not', arg: pin } });
  });

  it('makes a chain of one operator one node with every operand, in order', () => {
    expect(parseQuery('pin or skewer or xray')).toEqual({ type: 'or', args: [pin, skewer, xray] });
    expect(parseQuery('pin and skewer and xray or pin')).toEqual({ type: 'or', args: [{ type: 'and', args: [pin, skewer, xray] }, pin] });
    expect(parseQuery('(pin or skewer) or xray')).toEqual({ type: 'or', args: [{ type: 'or', args: [pin, skewer] }, xray] });
  });

  it.each([
    [
      '',
      1,
      'expected a motif (pin, skewer, battery, discoveredCheck, discoveredAttack, xray), tactic, played.TAG, FIELD OP VALUE, "not" or "(", found the end of the expression',
    ],
    ['pin and', 8, 'found the end of the expression'],
    ['pin.absolut', 5, 'expected a kind (absolute or relative), found "absolut"'],
    ['pin[front=Q', 12, 'expected , or ], found the end of the expression'],
    ['pin[front=X]', 11, 'expected a piece letter (P N B R Q K, either case) or a square (a1 … h8), found "X"'],
    ['pin[slider=g9]', 12, 'expected a piece letter (P N B R Q K, either case) or a square (a1 … h8), found "g9"'],
    ['pin[slider=g5|]', 15, 'or a square (a1 … h8), found "]"'],
    ['pin[front=QR]', 11, 'found "QR"'],
    ['pin[colour=w]', 5, 'expected a condition (side, slider, front, back, target, partial or line), found "colour"'],
    ['pin[side!=w]', 9, 'expected "=", found "!="'],
    ['pin[side=white]', 10, 'expected a side (w or b), found "white"'],
    ['pin[partial=yes]', 13, 'expected a boolean (true or false), found "yes"'],
    ['battery[line=column]', 14, 'expected a line kind (rank, file, diagonal or antiDiagonal), found "column"'],
    [
      'played.mate',
      8,
      'expected a tag of the move played (check, discoveredCheck, doubleCheck, discoveredAttack, found or missed), found "mate"',
    ],
    [
      'tactic[theme=pinn]',
      14,
      'expected a theme (battery, discoveredAttack, discoveredCheck, doubleCheck, fork, hangingPiece, partialPin, pin, relativePin, skewer or xRayAttack), found "pinn"',
    ],
    ['tactic[theme=pin|mate]', 18, 'expected a theme ('],
    ['tactic[theme>=pin]', 13, 'expected "=", found ">="'],
    ['tactic[gain=2.5]', 13, 'expected a whole number of pawns (0, 1, 2, …), found "2.5"'],
    ['tactic[mate<=two]', 14, 'expected a whole number of moves (0, 1, 2, …), found "two"'],
    ['tactic[gain 3]', 13, 'expected an operator (= != < <= > >=) after gain, found "3"'],
    ['tactic[side=w]', 8, 'expected a condition of a tactic (theme, gain or mate), found "side"'],
    ['tactic[gain>=2', 15, 'expected , or ], found the end of the expression'],
    ['tactic.pin', 7, 'expected [ or the end of "tactic" (its conditions go in brackets: tactic[theme=pin, gain>=3]), found ".pin"'],
    ['played', 7, 'expected "." and a tag of the move played'],
    [
      'check',
      6,
      'expected an operator (= != < <= > >= ^= *= or in) after the field check (the move played: played.check), found the end of the expression',
    ],
    [
      'pinn and skewer',
      6,
      'expected an operator (= != < <= > >= ^= *= or in) after the field pinn ("pinn" is no motif: a field needs an operator), found "and"',
    ],
    ['ply ^= 1', 5, 'expected an operator (= != < <= > >= or in) after the field ply, a number (^= and *= compare text), found "^="'],
    ['year *= 19', 6, 'after the field year, a number (^= and *= compare text), found "*="'],
    ['moveNumber ^= 1', 12, 'after the field moveNumber, a number'],
    ['rating ^= 2', 8, 'after the field rating, a number'],
    ['opening in Sicilian', 12, 'expected ( and the values "opening in" takes, found "Sicilian"'],
    ['opening in ()', 13, 'expected a value (a word such as 2000, blitz, 1/2-1/2, or a "quoted string"), found ")"'],
    ['year in (2016 2017)', 15, 'expected , or ), found "2017"'],
    ['year in (2016,', 15, 'expected a value'],
    ['opening ^= ', 12, 'expected a value'],
    ['tactic[gain ^= 3]', 13, 'expected an operator (= != < <= > >=) after gain, found "^="'],
    ['opening ^ Sicilian', 9, 'found "^"'],
    ['ply >= ', 8, 'expected a value'],
    ['ply >= (', 8, 'expected a value'],
    ['(pin or skewer', 15, 'expected and, or or ), found the end of the expression'],
    ['pin)', 4, 'expected and, or or the end, found ")"'],
    ['pin AND skewer', 5, 'expected and, or or the end (keywords are lower case), found "AND"'],
    ['pin and and skewer', 9, 'found "and"'],
    ['2000 < rating', 1, 'found "2000"'],
    ['ply = 3 & x', 9, 'found "&"'],
    ['move = Qxf7#', 12, 'found "#" (a value holding it goes in double quotes)'],
    ['Event = "open', 9, 'expected a closing " for this string'],
  ])('%j: column %i', (source, column, message) => {
    let error: unknown = null;
    try {
      parseQuery(source);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UsageError);
    const [first, echo, caret] = (error as Error).message.split('\n');
    expect(first).toContain(`--where: column ${column}: `);
    expect(first).toContain(message);
    expect(echo).toBe(`  ${source}`);
    expect(caret.indexOf('^')).toBe(2 + column - 1);
  });
});

describe('how deep a query may nest', () => {
  /** The column of the UsageError that parsing source throws (0 when it parses). */
  function errorColumn(source: string): number {
    try {
      parseQuery(source);
      return 0;
    } catch (e) {
      expect(e).toBeInstanceOf(UsageError);
      expect((e as Error).message).toContain(`deeper than ${MAX_DEPTH} levels`);
      return Number(/column (\d+)/.exec((e as Error).message)![1]);
    }
  }

  it(`takes ${MAX_DEPTH} levels of parentheses and not, and refuses the next at its column`, () => {
    expect(MAX_DEPTH).toBe(256);
    const parens = (n: number): string => '('.repeat(n) + 'pin' + ')'.repeat(n);
    expect(errorColumn(parens(256))).toBe(0);
    expect(errorColumn(parens(257))).toBe(257);
    expect(errorColumn('not '.repeat(256) + 'pin')).toBe(0);
    expect(errorColumn('not '.repeat(257) + 'pin')).toBe(256 * 4 + 1);
    // both count: 128 of each are 256 levels
    expect(errorColumn('(not '.repeat(128) + 'pin' + ')'.repeat(128))).toBe(0);
    expect(errorColumn('(not '.repeat(128) + '(pin)' + ')'.repeat(128))).toBe(128 * 5 + 1);
    // levels closed again do not add up
    expect(errorColumn(Array.from({ length: 10 }, () => parens(200)).join(' or '))).toBe(0);
  });

  it('an error in a long expression shows the expression around its column', () => {
    const source = 'pin or '.repeat(1000) + 'pin +';
    let message = '';
    try {
      parseQuery(source);
    } catch (e) {
      message = (e as Error).message;
    }
    const [first, echo, caret] = message.split('\n');
    expect(first).toContain(`--where: column ${source.length}: `);
    expect(echo.length).toBeLessThan(140);
    expect(echo.startsWith('  …')).toBe(true);
    expect(echo[caret.indexOf('^')]).toBe('+');
  });

  it('a chain of 100,000 operands parses into one node', () => {
    const q = parseQuery(Array.from({ length: 100_000 }, (_, i) => `ply = ${i}`).join(' or '));
    expect(q.type === 'or' && q.args.length).toBe(100_000);
  });
});

describe('--where on the command line', () => {
  it.each([
    ['parentheses', '('.repeat(5000) + 'pin' + ')'.repeat(5000), 257],
    ['not', 'not '.repeat(5000) + 'pin', 256 * 4 + 1],
    ['both', '(not '.repeat(2500) + 'pin' + ')'.repeat(2500), 128 * 5 + 1],
  ])('a query nested 5,000 deep (%s) is exit 2 with the column, no stack trace', async (_what, where, column) => {
    const r = await runCli(['no-such-file.pgn', '--where', where]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`pgn-xray: --where: column ${column}: the expression nests deeper than 256 levels`);
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(r.stderr.length).toBeLessThan(600);
  });

  it('a 10,000-operand or chain runs and writes what its one live operand writes', async () => {
    const pgn = join(tempDir('chain'), 'game.pgn');
    writeFileSync(pgn, '[Event "x"]\n[Result "1-0"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n');
    const chain = await runCli([pgn, '-q', '--where', `${'ply=-1 or '.repeat(9999)}played.check`]);
    const one = await runCli([pgn, '-q', '--where', 'played.check']);
    expect(chain.code, chain.stderr).toBe(0);
    expect(one.stdout).toContain('"ply":6');
    expect(chain.stdout).toBe(one.stdout);
  });

  it('a bad tactic condition is exit 2 naming the token, before any input is read', async () => {
    const r = await runCli(['no-such-file.pgn', '--where', 'tactic[theme=pin|forks] and ply > 3']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('pgn-xray: --where: column 18: expected a theme (');
    expect(r.stderr).toContain('found "forks"');
    expect(r.stdout).toBe('');
  });

  it.each([
    ['pin.relative[slider=g9]', 'column 21: expected a piece letter (P N B R Q K, either case) or a square (a1 … h8), found "g9"'],
    [
      'moveNumber ^= 1',
      'column 12: expected an operator (= != < <= > >= or in) after the field moveNumber, a number (^= and *= compare text), found "^="',
    ],
    ['outcome in win', 'column 12: expected ( and the values "outcome in" takes, found "win"'],
  ])('%j is exit 2 naming the column and the token, before any input is read', async (where, message) => {
    const r = await runCli(['no-such-file.pgn', '--where', where]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`pgn-xray: --where: ${message}`);
    expect(r.stdout).toBe('');
  });

  it('a syntax error is exit 2 with the column, before any input is read', async () => {
    const r = await runCli(['no-such-file.pgn', '--where', 'pin.absolute[front=Q and ply > 3']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('pgn-xray: --where: column 22: expected , or ], found "and"');
    expect(r.stderr).not.toMatch(/at .*\.js:\d+/); // no stack trace
    expect(r.stdout).toBe('');
  });
});
