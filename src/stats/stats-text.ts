// The text of a statistics file: JSON indented by two spaces, with every object or array that holds
// only numbers, text or null on one line (counts by motif key, outcomes, the 64 squares of a heat map, an
// example position), so that the file reads as a table and stays short.

/** JSON text of a value (objects and arrays as above), ending without a line break. */
export function statsText(value: unknown, indent = ''): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const isArray = Array.isArray(value);
  const entries: [string | null, unknown][] = isArray
    ? (value as unknown[]).map((x) => [null, x])
    : Object.entries(value).filter(([, x]) => x !== undefined);
  const [open, close] = isArray ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) return open + close;
  const flat = entries.every(([, x]) => x === null || typeof x === 'number' || typeof x === 'string');
  const inner = indent + '  ';
  const items = entries.map(([k, x]) => (k === null ? '' : `${JSON.stringify(k)}: `) + statsText(x, inner));
  return flat ? `${open}${items.join(', ')}${close}` : `${open}\n${inner}${items.join(`,\n${inner}`)}\n${indent}${close}`;
}
