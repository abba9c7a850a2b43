// The line writer's primitives: a constant piece, copied as 8-byte words, leaves exactly its bytes at
// any offset, whatever its length, and the bytes around it as they were; the content handed over in
// shared memory is never written again, and memory given back is written on in.
import { describe, expect, it } from 'vitest';
import { AsciiWriter, NO_OUTPUT, piece } from '../../src/output/lines.js';

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

describe('AsciiWriter.handOver', () => {
  const decoder = new TextDecoder();
  const write = (w: AsciiWriter, text: string): void => w.plain(text);

  it('hands over the content in shared memory that the writer never writes again', () => {
    const w = new AsciiWriter(true);
    write(w, 'first line\n');
    const first = w.handOver(null);
    expect(first.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(decoder.decode(first)).toBe('first line\n');
    write(w, 'x'.repeat(10_000)); // grows, and writes over whatever it still held
    expect(decoder.decode(first)).toBe('first line\n');
    expect(decoder.decode(w.handOver(null))).toBe('x'.repeat(10_000));
  });

  it('writes on in memory given back when it is as large as its own, else in new memory', () => {
    const w = new AsciiWriter(true);
    write(w, 'a');
    const a = w.handOver(null);
    const size = a.buffer.byteLength;
    const back = new SharedArrayBuffer(size);
    write(w, 'b');
    expect(w.handOver(back).buffer).not.toBe(back); // 'b' was written before back came
    write(w, 'c');
    const c = w.handOver(new SharedArrayBuffer(size / 2)); // too small: not taken
    expect(c.buffer).toBe(back);
    expect(decoder.decode(c)).toBe('c');
    write(w, 'd');
    expect(w.handOver(null).buffer).not.toBe(back);
  });

  it('without content hands over the shared empty output and keeps its memory', () => {
    const w = new AsciiWriter(true);
    const empty = w.handOver(new SharedArrayBuffer(1 << 16));
    expect(empty).toBe(NO_OUTPUT);
    expect(empty.length).toBe(0);
    write(w, 'kept');
    expect(w.handOver(null).buffer.byteLength).toBe(1 << 12);
  });

  it('is refused by a writer that is not shared (its strings are built in plain memory)', () => {
    expect(() => new AsciiWriter().handOver(null)).toThrow(/not shared/);
  });
});
