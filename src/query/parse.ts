// The --where grammar (docs/design.md §10) by recursive descent, from tokens with columns to a tree:
//   expr := or ;  or := and ("or" and)* ;  and := not ("and" not)* ;  not := "not" not | atom
//   atom := "(" expr ")" | motif | tactic | played | compare
//   tactic := "tactic" ["[" tcond ("," tcond)* "]"] ;  tcond := "theme" "=" THEME ("|" THEME)* | ("gain" | "mate") OP N
//   compare := FIELD OP VALUE | FIELD "in" "(" VALUE ("," VALUE)* ")"
// `FIELD in (a, b)` is read as `FIELD = a or FIELD = b`: one meaning, evaluated by the same code.
// Names (motifs, kinds, played tags, line kinds) come from the motif catalogue, the themes of a tactic
// from the verdicts' list (src/tactics/themes.ts). Every error is a
// UsageError "column N: expected …, found …" with the expression and a caret under the column.
// A chain `a or b or c` is one node with every operand, so its length costs no depth anywhere (parser,
// compiler, interpreter); what nests — parentheses and `not` — may go MAX_DEPTH levels deep, past which
// the query is refused rather than left to overflow a stack.
import {
  LINE_KINDS,
  MOTIFS,
  PLAYED,
  SIDES,
  type LineKind,
  type MotifKind,
  type MotifName,
  type PlayedTag,
  type Side,
} from '../motifs/catalogue.js';
import { TACTIC_THEMES } from '../tactics/themes.js';
import { NUMERIC_FIELDS } from './fields.js';
import { describe, queryError, tokenize, type Token } from './lex.js';

export type CompareOp = '=' | '!=' | '<' | '<=' | '>' | '>=' | '^=' | '*=';
/** The pieces a role names: slider, front and back of line motifs; target of batteries (any of them). */
export type Role = 'slider' | 'front' | 'back' | 'target';

export type Cond =
  | { type: 'side'; side: Side }
  | { type: 'role'; role: Role; pieces: string; squares: string[] } // upper-case piece letters ("QR"), squares ("g5")
  | { type: 'partial'; partial: boolean }
  | { type: 'line'; line: LineKind };

/** A condition on a position's tactic verdict: one of the themes its line uses, its gain or its mate in N. */
export type TacticCond = { type: 'theme'; themes: string[] } | { type: 'gain' | 'mate'; op: CompareOp; value: number };

export type Query =
  | { type: 'or' | 'and'; args: Query[] } // two or more operands, in the order written
  | { type: 'not'; arg: Query }
  | { type: 'motif'; name: MotifName; kind: MotifKind | null; conds: Cond[] }
  | { type: 'tactic'; conds: TacticCond[] }
  | { type: 'played'; tag: PlayedTag }
  | { type: 'compare'; field: string; op: CompareOp; value: string; quoted: boolean };

export const MOTIF_NAMES: readonly MotifName[] = [...new Set(MOTIFS.map((m) => m.name))];
const KINDS: readonly MotifKind[] = ['absolute', 'relative'];
const ROLES: readonly Role[] = ['slider', 'front', 'back', 'target'];
const CONDS = ['side', ...ROLES, 'partial', 'line'];
const PIECE_LETTERS = 'PNBRQK';
const SQUARE = /^[a-h][1-8]$/;
/** The operators of numbers (tactic conditions); comparisons also take the string operators and `in`. */
const OPS: readonly string[] = ['=', '!=', '<', '<=', '>', '>='];
const STRING_OPS: readonly string[] = ['^=', '*='];
const COMPARE_OPS = `${[...OPS, ...STRING_OPS].join(' ')} or in`;
const IN = 'in';
const KEYWORDS = ['and', 'or', 'not'];
const FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** How deep parentheses and `not` may nest. */
export const MAX_DEPTH = 256;
const ATOM = `a motif (${MOTIF_NAMES.join(', ')}), tactic, played.TAG, FIELD OP VALUE, "not" or "("`;
const TACTIC = 'tactic';
const TACTIC_CONDS = ['theme', 'gain', 'mate'];
const WHOLE = /^\d{1,9}$/;

/** "a, b or c" */
function oneOf(names: readonly string[]): string {
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

class Parser {
  private readonly tokens: Token[];
  private i = 0;
  /** Parentheses and `not` open around the token being read. */
  private depth = 0;

  constructor(private readonly source: string) {
    this.tokens = tokenize(source);
  }

  parse(): Query {
    const q = this.or();
    const t = this.peek();
    const lower = t.kind === 'word' && KEYWORDS.includes(t.text.toLowerCase());
    if (t.kind !== 'end') this.fail(t, `expected and, or or the end${lower ? ' (keywords are lower case)' : ''}`);
    return q;
  }

  private or(): Query {
    return this.chain('or', () => this.and());
  }

  private and(): Query {
    return this.chain('and', () => this.not());
  }

  /** operand (op operand)*: the operand alone, or one node with all of them. */
  private chain(op: 'or' | 'and', operand: () => Query): Query {
    const first = operand();
    if (!this.accept('word', op)) return first;
    const args = [first, operand()];
    while (this.accept('word', op)) args.push(operand());
    return { type: op, args };
  }

  private not(): Query {
    const t = this.peek();
    if (!this.accept('word', 'not')) return this.atom();
    this.enter(t);
    const arg = this.not();
    this.depth--;
    return { type: 'not', arg };
  }

  private atom(): Query {
    const t = this.next();
    if (t.kind === 'punct' && t.text === '(') {
      this.enter(t);
      const q = this.or();
      this.expectPunct(')', 'expected and, or or )');
      this.depth--;
      return q;
    }
    if (t.kind !== 'word' || KEYWORDS.includes(t.text)) return this.fail(t, `expected ${ATOM}`);
    const dot = t.text.indexOf('.');
    const head = dot < 0 ? t.text : t.text.slice(0, dot);
    if ((MOTIF_NAMES as readonly string[]).includes(head)) return this.motif(t, head as MotifName, dot);
    if (head === TACTIC) return this.tactic(t, dot);
    if (head === 'played') return this.played(t, dot);
    return this.compare(t);
  }

  /** NAME ["." KIND] ["[" cond ("," cond)* "]"] */
  private motif(t: Token, name: MotifName, dot: number): Query {
    let kind: MotifKind | null = null;
    if (dot >= 0) {
      const text = t.text.slice(dot + 1);
      if (!(KINDS as readonly string[]).includes(text)) this.failAt(t.col + dot + 1, `expected a kind (${oneOf(KINDS)}), found "${text}"`);
      kind = text as MotifKind;
    }
    const conds: Cond[] = [];
    if (this.accept('punct', '[')) {
      conds.push(this.cond());
      while (this.accept('punct', ',')) conds.push(this.cond());
      this.expectPunct(']', 'expected , or ]');
    }
    return { type: 'motif', name, kind, conds };
  }

  /** side=w|b, ROLE=PIECES (letters and squares), partial=true|false, line=LINEKIND */
  private cond(): Cond {
    const t = this.next();
    if (t.kind !== 'word' || !CONDS.includes(t.text)) return this.fail(t, `expected a condition (${oneOf(CONDS)})`);
    this.expectOp('=');
    if (t.text === 'side') return { type: 'side', side: this.choice(SIDES, 'a side') };
    if (t.text === 'partial') return { type: 'partial', partial: this.choice(['true', 'false'], 'a boolean') === 'true' };
    if (t.text === 'line') return { type: 'line', line: this.choice(LINE_KINDS, 'a line kind') };
    const role: Extract<Cond, { type: 'role' }> = { type: 'role', role: t.text as Role, pieces: '', squares: [] };
    do {
      this.pieceOrSquare(role);
    } while (this.accept('punct', '|'));
    return role;
  }

  /** One piece letter (upper-cased) or square (lower-cased), added to the role's. */
  private pieceOrSquare(role: { pieces: string; squares: string[] }): void {
    const t = this.next();
    const letter = t.text.toUpperCase();
    const square = t.text.toLowerCase();
    if (t.kind === 'word' && letter.length === 1 && PIECE_LETTERS.includes(letter)) role.pieces += letter;
    else if (t.kind === 'word' && SQUARE.test(square)) role.squares.push(square);
    else this.fail(t, `expected a piece letter (${PIECE_LETTERS.split('').join(' ')}, either case) or a square (a1 … h8)`);
  }

  /** One of the words given. */
  private choice<T extends string>(words: readonly T[], what: string): T {
    const t = this.next();
    if (t.kind !== 'word' || !(words as readonly string[]).includes(t.text)) this.fail(t, `expected ${what} (${oneOf(words)})`);
    return t.text as T;
  }

  /** "tactic" ["[" tcond ("," tcond)* "]"] */
  private tactic(t: Token, dot: number): Query {
    if (dot >= 0)
      this.failAt(
        t.col + dot,
        `expected [ or the end of "tactic" (its conditions go in brackets: tactic[theme=pin, gain>=3]), found "${t.text.slice(dot)}"`,
      );
    const conds: TacticCond[] = [];
    if (this.accept('punct', '[')) {
      conds.push(this.tacticCond());
      while (this.accept('punct', ',')) conds.push(this.tacticCond());
      this.expectPunct(']', 'expected , or ]');
    }
    return { type: 'tactic', conds };
  }

  /** theme=THEME|THEME…, gain OP N, mate OP N */
  private tacticCond(): TacticCond {
    const t = this.next();
    if (t.kind !== 'word' || !TACTIC_CONDS.includes(t.text))
      return this.fail(t, `expected a condition of a tactic (${oneOf(TACTIC_CONDS)})`);
    if (t.text === 'theme') {
      this.expectOp('=');
      const themes = [this.choice(TACTIC_THEMES, 'a theme')];
      while (this.accept('punct', '|')) themes.push(this.choice(TACTIC_THEMES, 'a theme'));
      return { type: 'theme', themes };
    }
    const op = this.next();
    if (op.kind !== 'op' || !OPS.includes(op.text)) this.fail(op, `expected an operator (${OPS.join(' ')}) after ${t.text}`);
    const n = this.next();
    if (n.kind !== 'word' || !WHOLE.test(n.text))
      this.fail(n, `expected a whole number ${t.text === 'gain' ? 'of pawns' : 'of moves'} (0, 1, 2, …)`);
    return { type: t.text as 'gain' | 'mate', op: op.text as CompareOp, value: Number(n.text) };
  }

  /** "played." TAG */
  private played(t: Token, dot: number): Query {
    const tags = PLAYED.map((p) => p.name);
    const tag = dot < 0 ? '' : t.text.slice(dot + 1);
    if (!(tags as string[]).includes(tag)) {
      if (dot < 0)
        this.failAt(t.col + t.text.length, `expected "." and a tag of the move played (${oneOf(tags)}), found ${describe(this.peek())}`);
      this.failAt(t.col + dot + 1, `expected a tag of the move played (${oneOf(tags)}), found "${tag}"`);
    }
    return { type: 'played', tag: tag as PlayedTag };
  }

  /** FIELD OP VALUE, FIELD in (VALUE, …) */
  private compare(field: Token): Query {
    if (!FIELD.test(field.text)) return this.fail(field, `expected ${ATOM}`);
    const op = this.next();
    if (op.kind === 'word' && op.text === IN) return this.within(field);
    if (op.kind !== 'op') {
      const hint = PLAYED.some((p) => p.name === field.text)
        ? ` (the move played: played.${field.text})`
        : ` ("${field.text}" is no motif: a field needs an operator)`;
      this.fail(op, `expected an operator (${COMPARE_OPS}) after the field ${field.text}${hint}`);
    }
    if (STRING_OPS.includes(op.text) && NUMERIC_FIELDS.includes(field.text)) {
      this.fail(op, `expected an operator (${OPS.join(' ')} or in) after the field ${field.text}, a number (^= and *= compare text)`);
    }
    return this.comparison(field, op.text as CompareOp, this.value());
  }

  /** FIELD in "(" VALUE ("," VALUE)* ")", as FIELD = VALUE or …: the comparison alone for one value. */
  private within(field: Token): Query {
    this.expectPunct('(', `expected ( and the values "${field.text} in" takes`);
    const args = [this.comparison(field, '=', this.value())];
    while (this.accept('punct', ',')) args.push(this.comparison(field, '=', this.value()));
    this.expectPunct(')', 'expected , or )');
    return args.length === 1 ? args[0] : { type: 'or', args };
  }

  private comparison(field: Token, op: CompareOp, value: Token): Query {
    return { type: 'compare', field: field.text, op, value: value.text, quoted: value.kind === 'string' };
  }

  /** A value: a bare word or a quoted string. */
  private value(): Token {
    const value = this.next();
    if (value.kind !== 'word' && value.kind !== 'string')
      this.fail(value, 'expected a value (a word such as 2000, blitz, 1/2-1/2, or a "quoted string")');
    return value;
  }

  /** One level deeper, at token t (a `(` or a `not`): refused past MAX_DEPTH. */
  private enter(t: Token): void {
    if (++this.depth > MAX_DEPTH) this.failAt(t.col, `the expression nests deeper than ${MAX_DEPTH} levels of parentheses and "not"`);
  }

  private peek(): Token {
    return this.tokens[this.i];
  }

  private next(): Token {
    const t = this.tokens[this.i];
    if (t.kind !== 'end') this.i++;
    return t;
  }

  /** Takes the next token when it is this one. */
  private accept(kind: Token['kind'], text: string): boolean {
    const t = this.peek();
    if (t.kind !== kind || t.text !== text) return false;
    this.i++;
    return true;
  }

  private expectPunct(text: string, expected: string): void {
    const t = this.next();
    if (t.kind !== 'punct' || t.text !== text) this.fail(t, expected);
  }

  private expectOp(text: string): void {
    const t = this.next();
    if (t.kind !== 'op' || t.text !== text) this.fail(t, `expected "${text}"`);
  }

  private fail(t: Token, expected: string): never {
    return this.failAt(t.col, `${expected}, found ${describe(t)}`);
  }

  private failAt(col: number, message: string): never {
    throw queryError(this.source, col, message);
  }
}

/** The tree of a --where expression; throws a UsageError naming the column of a syntax error. */
export function parseQuery(source: string): Query {
  return new Parser(source).parse();
}
