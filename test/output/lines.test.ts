// The line writer's primitives: a constant piece, copied as 8-byte words, leaves exactly its bytes at
// any offset, whatever its length, and the bytes around it as they were.
import { describe, expect, it } from 'vitest';
import { AsciiWriter, piece } from '../../src/output/lines.js';

describe('AsciiWriter.piece', () => {
  it('writes every length 0-40 at offsets 0-9, printable ASCII and high bytes 0x7e in every lane', () => {
    for (let len = 0; len <= 40; len++) {
      const text = Array.from({ length: len }, (_, i) => String.fromCharCode(i % 3 === 0 ? 0x7e : 0x20 + ((i * 37) % 95))).join('');
      const p = piece(text);
      expect(p.room % 8).toBe(0);
      expect(p.room).toBeGreaterThanOrEqual(len);
      for (let at = 0; at < 10; at++) {
        const w = new AsciiWriter();
        w.ensure(at + p.room);
        for (let i = 0; i < at; i++) w.buf[w.n++] = 0x78; // x
        w.piece(p);
        w.ensure(1);
        w.buf[w.n++] = 0x7c; // | after the piece: the padding is overwritten
        expect(w.take()).toBe('x'.repeat(at) + text + '|');
      }
    }
  });

  it('refuses a text that is not ASCII (its word could read as a NaN)', () => {
    expect(() => piece('caf\u00e9')).toThrow();
    expect(() => piece('\u007f')).toThrow();
    expect(() => piece('\u0141')).toThrow(); // whose low byte is ASCII
  });
});
