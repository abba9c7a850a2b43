// A --where tree compiled to plain data the workers receive with their options (structured clone: no
// closures): a program of int32 words in prefix order, names resolved through the motif catalogue to
// record-code bits, played bits, sides, line kinds and piece-type masks; and the field comparisons, as
// objects read by the interpreter of evaluate.ts.
//
// Node layout: [op, end, …] where `end` is the index just past the node (so a node can be skipped):
//   OP_OR, OP_AND  [op, end, operand…, operand…, …]   each operand starts at the end of the one before
//   OP_NOT         [op, end, operand…]
//   OP_MOTIF       [op, end, codes, (cond, a, pieces, squaresLo, squaresHi)*]   codes: bits 1 << record code
//   OP_TACTIC      [op, end, (cond, a, b)*]   the position's tactic verdict (src/tactics/verdict.ts)
//   OP_PLAYED      [op, end, bit]
//   OP_POSITION    [op, end, k]   tests[k] compares a field of the position (ply, moveNumber, move, turn, phase)
//   OP_GAME        [op, end, k]   tests[k] compares a field of the game, decided once per game for
//                                 each side to move (the same for both but for `outcome`)
import { UsageError } from '../errors.js';
import { parseSquare } from '../core/squares.js';
import { REC_BACK, REC_FRONT, REC_SLIDER } from '../motifs/buffer.js';
import { LINE_KINDS, PLAYED, SIDES, codesOf } from '../motifs/catalogue.js';
import { themeBitsOf } from '../tactics/themes.js';
import { isNamedField, isPositionField } from './fields.js';
import { parseQuery, type CompareOp, type Cond, type Query, type TacticCond } from './parse.js';

export const OP_OR = 0,
  OP_AND = 1,
  OP_NOT = 2,
  OP_MOTIF = 3,
  OP_PLAYED = 4,
  OP_POSITION = 5,
  OP_GAME = 6,
  OP_TACTIC = 7;
/**
 * Conditions of OP_MOTIF, COND_WORDS each: the kind, a, then for roles the pieces and squares they name
 * (a piece-type mask, a square set as two int32 halves: a1 … h4, a5 … h8), any of them.
 */
export const C_SIDE = 0; // a: side
export const C_ROLE = 1; // a: REC_SLIDER | REC_FRONT | REC_BACK (line records only)
export const C_TARGET = 2; // any target (chain records only)
export const C_PARTIAL = 3; // a: 0 | 1 (records with the partial field only)
export const C_LINE = 4; // a: line kind (chain records only)
export const COND_WORDS = 5;
/** Conditions of OP_TACTIC, TACTIC_WORDS each: the kind, then a and b. */
export const T_THEME = 0; // a: theme bits (1 << index in TACTIC_THEMES), any of them
export const T_GAIN = 1; // a: operator, b: pawns (a verdict of material only)
export const T_MATE = 2; // a: operator, b: moves (a verdict of mate only)
export const TACTIC_WORDS = 3;

/** Comparison operators as numbers; STARTS (^=) and CONTAINS (*=) compare text. */
export const EQ = 0,
  NE = 1,
  LT = 2,
  LE = 3,
  GT = 4,
  GE = 5,
  STARTS = 6,
  CONTAINS = 7;
const OPS: Record<CompareOp, number> = { '=': EQ, '!=': NE, '<': LT, '<=': LE, '>': GT, '>=': GE, '^=': STARTS, '*=': CONTAINS };

/** A field compared with a value. */
export interface FieldTest {
  /** A position field, a derived field or a PGN tag name. */
  field: string;
  /** Whether `field` is a PGN tag (not one of the named fields). */
  tag: boolean;
  op: number;
  /** The value as written. */
  text: string;
  /** The value as a number when it is a bare decimal number, else null (a quoted value, or one compared as text, stays a string). */
  num: number | null;
  /** For `move = SAN`, what a move must be to have that SAN (else its SAN is not computed): */
  san: SanKey;
}

/**
 * What any move with a given SAN has: `castles` for O-O and O-O-O; else the destination (the last square
 * the SAN names) and the piece type (its first letter: N B R Q K, a file letter for a pawn); -1 unknown.
 */
export interface SanKey {
  castles: boolean;
  to: number;
  piece: number;
}

export interface CompiledQuery {
  /** The source expression, for messages. */
  source: string;
  program: Int32Array;
  tests: FieldTest[];
  /** The query reads a PGN tag (or `opening`, `year`): the analyzer must keep every tag pair. */
  usesTags: boolean;
  /** The query reads the tactic verdicts (`tactic`, `played.found`, `played.missed`): they must be on. */
  usesVerdicts: boolean;
}

const PIECE_LETTERS = 'PNBRQK'; // by piece type: PAWN 0 … KING 5
const ROLE_OFFSET = { slider: REC_SLIDER, front: REC_FRONT, back: REC_BACK } as const;
const NUMBER = /^-?\d+(\.\d+)?$/;
const SQUARE = /[a-h][1-8]/g;
const ANY_MOVE: SanKey = { castles: false, to: -1, piece: -1 };

/** The key of a SAN compared with by `move =` (any move for other operators or fields). */
function sanKey(q: Extract<Query, { type: 'compare' }>): SanKey {
  if (q.field !== 'move' || q.op !== '=') return ANY_MOVE;
  if (q.value.startsWith('O-O')) return { castles: true, to: -1, piece: -1 };
  const squares = q.value.match(SQUARE) ?? [];
  const first = q.value[0] ?? '';
  return {
    castles: false,
    to: squares.length > 0 ? parseSquare(squares[squares.length - 1]) : -1,
    piece: first >= 'a' && first <= 'h' ? 0 : PIECE_LETTERS.indexOf(first),
  };
}

/** The number a text spells as a plain decimal (`2100`, `-3`, `1.5`), else null. */
export function decimal(text: string): number | null {
  return NUMBER.test(text) ? Number(text) : null;
}

function pieceMask(letters: string): number {
  let mask = 0;
  for (const l of letters) mask |= 1 << PIECE_LETTERS.indexOf(l);
  return mask;
}

/** The set of squares as two int32 halves: bit s of lo for s < 32, bit s - 32 of hi. */
function squareSet(names: string[]): [number, number] {
  let lo = 0,
    hi = 0;
  for (const name of names) {
    const s = parseSquare(name);
    if (s < 32) lo |= 1 << s;
    else hi |= 1 << (s - 32);
  }
  return [lo, hi];
}

function condWords(c: Cond): number[] {
  switch (c.type) {
    case 'side':
      return [C_SIDE, SIDES.indexOf(c.side), 0, 0, 0];
    case 'partial':
      return [C_PARTIAL, c.partial ? 1 : 0, 0, 0, 0];
    case 'line':
      return [C_LINE, LINE_KINDS.indexOf(c.line), 0, 0, 0];
    case 'role':
      return [
        c.role === 'target' ? C_TARGET : C_ROLE,
        c.role === 'target' ? 0 : ROLE_OFFSET[c.role],
        pieceMask(c.pieces),
        ...squareSet(c.squares),
      ];
  }
}

function tacticWords(c: TacticCond): [number, number, number] {
  if (c.type === 'theme') return [T_THEME, themeBitsOf(c.themes), 0];
  return [c.type === 'gain' ? T_GAIN : T_MATE, OPS[c.op], c.value];
}

/** The number of cost levels (cost(): 0 to 4). */
const COST_LEVELS = 5;

class Compiler {
  readonly words: number[] = [];
  readonly tests: FieldTest[] = [];
  /** Whether a node read the tactic verdicts. */
  usesVerdicts = false;
  /** cost() of every node, worked out once, bottom up: a chain of n operands costs n, not n². */
  private readonly costs = new Map<Query, number>();

  constructor(q: Query) {
    this.cost(q);
  }

  /** Emits the node of q: its op and end, then its body. */
  emit(q: Query): void {
    const start = this.words.length;
    this.words.push(0, 0);
    this.words[start] = this.body(q);
    this.words[start + 1] = this.words.length;
  }

  /** Emits what follows the node's op and end; returns the op. */
  private body(q: Query): number {
    switch (q.type) {
      case 'or':
      case 'and':
        // the cheaper operands first, in the order written among equals: they often decide alone (the
        // language has no side effects)
        for (let level = 0; level < COST_LEVELS; level++) for (const a of q.args) if (this.costs.get(a) === level) this.emit(a);
        return q.type === 'or' ? OP_OR : OP_AND;
      case 'not':
        this.emit(q.arg);
        return OP_NOT;
      case 'motif':
        this.words.push(codesOf(q.name, q.kind ?? undefined));
        for (const c of q.conds) this.words.push(...condWords(c));
        return OP_MOTIF;
      case 'tactic':
        this.usesVerdicts = true;
        // gain and mate are read off the verdict; a theme needs its line read: last
        for (const c of q.conds) if (c.type !== 'theme') this.words.push(...tacticWords(c));
        for (const c of q.conds) if (c.type === 'theme') this.words.push(...tacticWords(c));
        return OP_TACTIC;
      case 'played':
        if (q.tag === 'found' || q.tag === 'missed') this.usesVerdicts = true;
        this.words.push(PLAYED.find((p) => p.name === q.tag)!.bit);
        return OP_PLAYED;
      case 'compare':
        this.words.push(this.tests.length);
        this.tests.push(fieldTest(q));
        return isPositionField(q.field) ? OP_POSITION : OP_GAME;
    }
  }

  /**
   * How much evaluating q may cost, remembered for every node: 0 a look-up, 1 a scan of the records, 2 the
   * material count, 3 a SAN, 4 the themes of a tactic (its winning line replayed and scanned).
   */
  private cost(q: Query): number {
    let c: number;
    switch (q.type) {
      case 'or':
      case 'and':
        c = 0;
        for (const a of q.args) c = Math.max(c, this.cost(a));
        break;
      case 'not':
        c = this.cost(q.arg);
        break;
      case 'motif':
        c = 1;
        break;
      case 'tactic':
        c = q.conds.some((t) => t.type === 'theme') ? 4 : 0;
        break;
      case 'played':
        c = 0;
        break;
      case 'compare':
        c = q.field === 'move' ? 3 : q.field === 'phase' ? 2 : 0;
    }
    this.costs.set(q, c);
    return c;
  }
}

function fieldTest(q: Extract<Query, { type: 'compare' }>): FieldTest {
  const op = OPS[q.op];
  const text = op === STARTS || op === CONTAINS;
  return {
    field: q.field,
    tag: !isNamedField(q.field),
    op,
    text: q.value,
    num: q.quoted || text ? null : decimal(q.value),
    san: sanKey(q),
  };
}

/** Whether a test reads the game's tags: a tag by its name, or a field the query derives from tags. */
function readsTags(t: FieldTest): boolean {
  return t.tag || t.field === 'opening' || t.field === 'year';
}

/** The program of a parsed query. */
export function compileQuery(q: Query, source = ''): CompiledQuery {
  const c = new Compiler(q);
  c.emit(q);
  return {
    source,
    program: Int32Array.from(c.words),
    tests: c.tests,
    usesTags: c.tests.some(readsTags),
    usesVerdicts: c.usesVerdicts,
  };
}

/**
 * Parses and compiles a --where expression (a UsageError on a syntax error). `verdictsOff` names the switch
 * that turned the tactic verdicts off, if one did: a query reading them would then match nothing, a UsageError.
 */
export function compileWhere(source: string, verdictsOff: string | null = null): CompiledQuery {
  const where = compileQuery(parseQuery(source), source);
  if (where.usesVerdicts && verdictsOff !== null)
    throw new UsageError(`--where reads the tactic verdicts (tactic, played.found, played.missed), which ${verdictsOff} turns off`);
  return where;
}
