// Whether the first bytes of an input are text we read: UTF-8 (with or without BOM) or a one-byte
// code page (Latin-1, CP437, Windows-1252), where every byte from 0x80 up may be a letter. Binary
// data shows as a NUL byte (git's test) or as many other C0 control bytes, which text holds only as
// stray junk (tab, line ends, form feed, the DOS end-of-file mark 0x1a and ESC are text): a few such
// bytes between games are the splitter's to reject, not a reason to refuse the input. UTF-16 and
// UTF-32 are text, but not text we read: said apart.

/** How many first bytes are judged (git looks at 8000 for its NUL test; a binary file shows at once). */
export const SNIFF_BYTES = 4096;

function isControl(c: number): boolean {
  return c < 0x09 || (c > 0x0d && c < 0x20 && c !== 0x1a && c !== 0x1b) || c === 0x7f;
}

/** Control bytes above this share of the bytes judged make them binary (random bytes have 10%). */
const MAX_CONTROL_SHARE = 1 / 32;

/**
 * Where the first bytes (up to `SNIFF_BYTES`) show binary data: the first NUL, else, when control
 * bytes are more than 1 in 32, the first of them; -1 for text.
 */
export function firstBinaryByte(b: Uint8Array): number {
  const n = Math.min(b.length, SNIFF_BYTES);
  let first = -1;
  let controls = 0;
  for (let i = 0; i < n; i++) {
    if (b[i] === 0) return i;
    if (!isControl(b[i])) continue;
    if (first < 0) first = i;
    controls++;
  }
  return controls > n * MAX_CONTROL_SHARE ? first : -1;
}

/** 'UTF-16' or 'UTF-32' by byte-order mark, or UTF-16 by zero bytes at every other place; else null. */
function wideEncoding(b: Uint8Array): string | null {
  if (b.length >= 4 && ((b[0] === 0xff && b[1] === 0xfe && b[2] === 0 && b[3] === 0) || (b[0] === 0 && b[1] === 0 && b[2] === 0xfe && b[3] === 0xff))) {
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

/** Why an input starting with these bytes is not text we read, or null when it is. */
export function notTextReason(b: Uint8Array): string | null {
  const wide = wideEncoding(b);
  if (wide !== null) return `${wide} text; convert it to UTF-8`;
  const at = firstBinaryByte(b);
  return at < 0 ? null : `binary data at byte ${at}`;
}
