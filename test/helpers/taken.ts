// A formatter's output as text: what it wrote since its last take() (formatters hand out UTF-8 bytes).
import type { Formatter } from '../../src/output/formatter.js';

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The formatter's output since its last take(), decoded; the formatter is empty afterwards. */
export function taken(f: Formatter): string {
  return decoder.decode(f.take());
}

/** Encodes text as a formatter hands it out. */
export const bytesOf = (text: string): Uint8Array => new TextEncoder().encode(text);
