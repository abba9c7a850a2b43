// What the first bytes of an input say about it as a whole. Binary data shows as a NUL byte (git's test)
// or as many other bytes that are not text (src/pgn/binary.ts): a compressed file tells itself from text
// so (source.ts). Binary bytes inside an input cost only the games they touch (the splitter's stretches);
// UTF-16 and UTF-32 are text, but not text we read, in every byte: such an input is refused whole.
import { BINARY_BYTE } from '../pgn/binary.js';

/** How many first bytes are judged (git looks at 8000 for its NUL test; a binary file shows at once). */
export const SNIFF_BYTES = 4096;

/** Binary bytes above this share of the bytes judged make them binary (random bytes have 10%). */
const MAX_BINARY_SHARE = 1 / 32;

/**
 * Where the first bytes (up to `SNIFF_BYTES`) show binary data: the first NUL, else, when binary bytes
 * are more than 1 in 32, the first of them; -1 for text.
 */
export function firstBinaryByte(b: Uint8Array): number {
  const n = Math.min(b.length, SNIFF_BYTES);
  let first = -1;
  let binary = 0;
  for (let i = 0; i < n; i++) {
    if (b[i] === 0) return i;
    if (BINARY_BYTE[b[i]] === 0) continue;
    if (first < 0) first = i;
    binary++;
  }
  return binary > n * MAX_BINARY_SHARE ? first : -1;
}

/** 'UTF-16' or 'UTF-32' by byte-order mark, or UTF-16 by zero bytes at every other place; else null. */
function wideEncoding(b: Uint8Array): string | null {
  if (
    b.length >= 4 &&
    ((b[0] === 0xff && b[1] === 0xfe && b[2] === 0 && b[3] === 0) || (b[0] === 0 && b[1] === 0 && b[2] === 0xfe && b[3] === 0xff))
  ) {
    return 'UTF-32';
  }
  if (b.length >= 2 && ((b[0] === 0xff && b[1] === 0xfe) || (b[0] === 0xfe && b[1] === 0xff))) return 'UTF-16';
  // ASCII as UTF-16 without a mark: a zero byte beside every character, on the same side
  const n = Math.min(b.length, 64) & ~1;
  if (n < 4) return null;
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < n; i += 2) {
    if (b[i] === 0) evenZero++;
    if (b[i + 1] === 0) oddZero++;
  }
  const pairs = n / 2;
  return (evenZero === pairs && oddZero === 0) || (oddZero === pairs && evenZero === 0) ? 'UTF-16' : null;
}

/** Why an input starting with these bytes cannot be read at all (a wide encoding), or null. */
export function unreadableText(b: Uint8Array): string | null {
  const wide = wideEncoding(b);
  return wide === null ? null : `${wide} text; convert it to UTF-8`;
}
