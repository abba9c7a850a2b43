// The tokens of a --where expression (docs/design.md §10), each with the column it starts at (from 1), so that
// every error can say where it is. A word is a run of letters, digits and `_ + - / . : ?` (names such as
// `pin.absolute`, values such as `1/2-1/2`); the parser splits names at their dots.
import { UsageError } from '../errors.js';

export type TokenKind = 'word' | 'string' | 'punct' | 'op' | 'end';

export interface Token {
  kind: TokenKind;
  /** The word, the string's content (unquoted), the punctuation or operator; '' at the end. */
  text: string;
  /** 1-based column of the token's first character. */
  col: number;
}

const WORD = /[A-Za-z0-9_+\-/.:?]/;
const PUNCT = '()[],|';
const OPS = ['!=', '<=', '>=', '^=', '*=', '=', '<', '>'];

/** Characters of a long expression an error shows on each side of its column. */
const CONTEXT = 60;

/**
 * A syntax error of the expression: the column, what was expected and what was found, then the
 * expression (around the column, with `…` where it is cut, when it is long) and a caret under the column.
 */
export function queryError(source: string, col: number, message: string): UsageError {
  const from = Math.max(0, col - 1 - CONTEXT);
  const to = Math.min(source.length, col - 1 + CONTEXT);
  const head = from > 0 ? '…' : '';
  const shown = head + source.slice(from, to) + (to < source.length ? '…' : '');
  return new UsageError(`--where: column ${col}: ${message}\n  ${shown}\n  ${' '.repeat(col - 1 - from + head.length)}^`);
}

/** How an error names a token. */
export function describe(t: Token): string {
  if (t.kind === 'end') return 'the end of the expression';
  if (t.kind === 'string') return `the string "${t.text}"`;
  return `"${t.text}"`;
}

/** The tokens of the source, ending with an 'end' token. */
export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') i++;
    else if (PUNCT.includes(c)) tokens.push({ kind: 'punct', text: c, col: ++i });
    else if (c === '"') i = quoted(source, i, tokens);
    else if (WORD.test(c)) {
      let j = i + 1;
      while (j < source.length && WORD.test(source[j])) j++;
      tokens.push({ kind: 'word', text: source.slice(i, j), col: i + 1 });
      i = j;
    } else {
      const op = OPS.find((o) => source.startsWith(o, i));
      if (op === undefined)
        throw queryError(
          source,
          i + 1,
          `expected a name, a value, an operator or ( ) [ ] , |, found "${c}" (a value holding it goes in double quotes)`,
        );
      tokens.push({ kind: 'op', text: op, col: i + 1 });
      i += op.length;
    }
  }
  tokens.push({ kind: 'end', text: '', col: source.length + 1 });
  return tokens;
}

/** A double-quoted string from source[start] (`\"` and `\\` escape); returns the index after it. */
function quoted(source: string, start: number, tokens: Token[]): number {
  let text = '';
  for (let i = start + 1; i < source.length; i++) {
    const c = source[i];
    if (c === '"') {
      tokens.push({ kind: 'string', text, col: start + 1 });
      return i + 1;
    }
    if (c === '\\' && (source[i + 1] === '"' || source[i + 1] === '\\')) text += source[++i];
    else text += c;
  }
  throw queryError(source, start + 1, 'expected a closing " for this string, found the end of the expression');
}
