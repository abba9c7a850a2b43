// Each file read whole by readInput, byte for byte as the file holds it or as fzstd (an independent decoder)
// decompresses it: for test/input/source.test.ts and its corpus peer.
import { readFileSync } from 'node:fs';
import { decompress } from 'fzstd';
import { expect } from 'vitest';
import { readInput } from '../../src/input/source.js';

export async function expectEachReadsWhole(files: readonly string[]): Promise<void> {
  for (const f of files) {
    const raw = readFileSync(f);
    const want = f.endsWith('.zst') ? Buffer.from(decompress(raw)) : raw;
    const parts: Uint8Array[] = [];
    for await (const c of readInput(f)) parts.push(c);
    expect(Buffer.concat(parts).equals(want), f).toBe(true);
  }
}
