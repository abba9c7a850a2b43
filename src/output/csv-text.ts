// CSV's text rules, apart from the formatter so that the main thread writes the header without loading it:
// the columns (csv.ts says what each holds), RFC 4180 quoting, and the guard that keeps game text from
// running as a spreadsheet formula.
export const CSV_COLUMNS =
  'game,ply,fen,move,uci,motif,kind,side,slider,front,back,partial,line,squares,targets,pieces,targetPieces,checkers';
/** The verdict's columns, after the checkers (verdicts on). */
export const CSV_TACTIC_COLUMNS = 'tactic,tacticUci,gain,mate,themes';

/** A field as RFC 4180 writes it: quoted (quotes doubled) only when it holds `,` `"` CR or LF. */
export function csvField(s: string): string {
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x2c || c === 0x22 || c === 0x0a || c === 0x0d) return csvQuoted(s);
  }
  return s;
}

/** First characters that make a spreadsheet read a cell as a formula (OWASP's CSV injection list). */
const FORMULA_START = '=+-@\t\r';

/**
 * A field of game text (a tag value, anything a PGN file says): with a leading `'` when it starts with
 * one of FORMULA_START, so that a spreadsheet shows it as text instead of running it; then csvField.
 */
export function csvText(s: string): string {
  return csvField(s.length > 0 && FORMULA_START.includes(s[0]) ? "'" + s : s);
}

function csvQuoted(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) out += s.charCodeAt(i) === 0x22 ? '""' : s[i];
  return out + '"';
}

/** The header line of -f csv: the columns, the verdict's with verdicts on, then one per --tags tag. */
export function csvHeader(tags: readonly string[], tactics: boolean): string {
  return CSV_COLUMNS + (tactics ? ',' + CSV_TACTIC_COLUMNS : '') + tags.map((t) => ',' + csvField(t)).join('') + '\r\n';
}
