// --motifs: keep only some motifs. A name selects the static records of that motif (every kind) and,
// where a played tag has the same name, that tag too; `check` and `doubleCheck` select played tags only.
import {
  BATTERY, DISCOVERED_ATTACK, DISCOVERED_CHECK, MotifBuffer, PIN_ABSOLUTE, PIN_RELATIVE,
  SKEWER_ABSOLUTE, SKEWER_RELATIVE, STRIDE, XRAY,
} from './buffer.js';
import { PLAYED_CHECK, PLAYED_DISCOVERED_ATTACK, PLAYED_DISCOVERED_CHECK, PLAYED_DOUBLE_CHECK } from './played.js';

export interface MotifFilter {
  /** Bit (1 << code) per static record code kept. */
  codes: number;
  /** PLAYED_* bits kept. */
  played: number;
}

const BY_NAME: Record<string, MotifFilter> = {
  pin: { codes: (1 << PIN_ABSOLUTE) | (1 << PIN_RELATIVE), played: 0 },
  skewer: { codes: (1 << SKEWER_ABSOLUTE) | (1 << SKEWER_RELATIVE), played: 0 },
  battery: { codes: 1 << BATTERY, played: 0 },
  xray: { codes: 1 << XRAY, played: 0 },
  discoveredCheck: { codes: 1 << DISCOVERED_CHECK, played: PLAYED_DISCOVERED_CHECK },
  discoveredAttack: { codes: 1 << DISCOVERED_ATTACK, played: PLAYED_DISCOVERED_ATTACK },
  check: { codes: 0, played: PLAYED_CHECK },
  doubleCheck: { codes: 0, played: PLAYED_DOUBLE_CHECK },
};

export const MOTIF_NAMES: readonly string[] = Object.keys(BY_NAME);
export const ALL_MOTIFS: MotifFilter = { codes: 0xff, played: 0xf };

/** Reads "pin,skewer,…"; throws on an unknown name, listing the known ones. */
export function parseMotifFilter(list: string): MotifFilter {
  const f: MotifFilter = { codes: 0, played: 0 };
  for (const raw of list.split(',')) {
    const name = raw.trim();
    if (name === '') continue;
    const sel = BY_NAME[name];
    if (!sel) throw new Error(`unknown motif "${name}" (known: ${MOTIF_NAMES.join(', ')})`);
    f.codes |= sel.codes;
    f.played |= sel.played;
  }
  if (f.codes === 0 && f.played === 0) throw new Error('--motifs needs at least one motif name');
  return f;
}

/** Drops the records the filter does not keep, in place, keeping order. */
export function filterBuffer(buf: MotifBuffer, codes: number): void {
  if (codes === ALL_MOTIFS.codes) return;
  const d = buf.data;
  let w = 0;
  for (let r = 0; r < buf.count; r++) {
    if (((codes >> d[r * STRIDE]) & 1) === 0) continue;
    if (w !== r) d.copyWithin(w * STRIDE, r * STRIDE, (r + 1) * STRIDE);
    w++;
  }
  buf.count = w;
}
