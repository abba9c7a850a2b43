// --motifs: keep only some motifs. A name selects the static records of that motif (every kind) and,
// where a played tag has the same name, that tag too; a played tag without a static motif of its name
// (`check`, `doubleCheck`) selects that tag only. The names come from the catalogue.
import { type MotifBuffer, STRIDE, REC_CODE } from './buffer.js';
import { ALL_CODES, ALL_PLAYED, MOTIFS, PLAYED, codesOf } from './catalogue.js';

export interface MotifFilter {
  /** Bit (1 << code) per static record code kept. */
  codes: number;
  /** PLAYED_* bits kept. */
  played: number;
}

const BY_NAME = new Map<string, MotifFilter>(
  [...MOTIFS, ...PLAYED].map(({ name }) => [name, { codes: codesOf(name), played: PLAYED.find((p) => p.name === name)?.bit ?? 0 }]),
);

/** The names --motifs knows: the static motifs by record code, then the played tags of their own. */
export const MOTIF_NAMES: readonly string[] = [...BY_NAME.keys()];
export const ALL_MOTIFS: MotifFilter = { codes: ALL_CODES, played: ALL_PLAYED };

/** Reads "pin,skewer,…"; throws on an unknown name, listing the known ones. */
export function parseMotifFilter(list: string): MotifFilter {
  const f: MotifFilter = { codes: 0, played: 0 };
  for (const raw of list.split(',')) {
    const name = raw.trim();
    if (name === '') continue;
    const sel = BY_NAME.get(name);
    if (!sel) throw new Error(`unknown motif "${name}" (known: ${MOTIF_NAMES.join(', ')})`);
    f.codes |= sel.codes;
    f.played |= sel.played;
  }
  if (f.codes === 0 && f.played === 0) throw new Error('--motifs needs at least one motif name');
  return f;
}

/** Drops the records the filter does not keep, in place, keeping order. */
export function filterBuffer(buf: MotifBuffer, codes: number): void {
  if (codes === ALL_CODES) return;
  const d = buf.data;
  let w = 0;
  for (let r = 0; r < buf.count; r++) {
    if (((codes >> d[r * STRIDE + REC_CODE]) & 1) === 0) continue;
    if (w !== r) d.copyWithin(w * STRIDE, r * STRIDE, (r + 1) * STRIDE);
    w++;
  }
  buf.count = w;
}
