// HTML escaping for every text the report shows: game text, file names and tag values reach the page only
// through here (or as JSON with '<' escaped, html.ts).

/** The text with &, <, > and " as entities: safe in element content and in a double-quoted attribute. */
export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
