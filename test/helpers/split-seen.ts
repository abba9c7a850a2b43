// The splitter's games in a comparable form, and a stream cut into chunks of one size: for
// test/pgn/splitter.test.ts and its corpus peer.
import { GameSplitter, type RawGame, type SplitterOptions } from '../../src/pgn/splitter.js';

export interface Seen {
  index: number;
  offset: number;
  text: string;
  tooLarge: boolean;
}

/** Splits the chunks and returns the games in a comparable form. */
export function split(chunks: Uint8Array[], opts?: SplitterOptions): Seen[] {
  const games: RawGame[] = [];
  const splitter = new GameSplitter(opts);
  for (const c of chunks) splitter.push(c, (g) => games.push(g));
  splitter.end((g) => games.push(g));
  return games.map((g) => ({
    index: g.index,
    offset: g.offset,
    text: Buffer.from(g.bytes).toString('latin1'),
    tooLarge: g.tooLarge === true,
  }));
}

export function chunked(bytes: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}
