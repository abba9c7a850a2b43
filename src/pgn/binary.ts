// The bytes that are not text: a NUL, or a C0 control byte that text does not hold (tab, the line ends,
// vertical tab, form feed, the DOS end-of-file mark 0x1a and ESC are text), or DEL. Binary data shows them
// at once (random bytes: one in ten), PGN text never does; bytes from 0x80 up may be letters of any code page.

/** 1 for a byte that is not text. */
export const BINARY_BYTE: Uint8Array = Uint8Array.from({ length: 256 }, (_, c) =>
  c < 0x09 || (c > 0x0d && c < 0x20 && c !== 0x1a && c !== 0x1b) || c === 0x7f ? 1 : 0,
);
