// Real games from ../shared/corpus for tests, benchmarks and audits: read (zstd-decompressed when
// needed), split by our splitter, tags and main-line SAN tokens by our tokenizer.
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decompress } from 'fzstd';
import { GameSplitter, type RawGame } from '../../src/pgn/splitter.js';
import { readHeaders } from '../../src/pgn/headers.js';
import { tokenizeMoves } from '../../src/pgn/movetext.js';

const here = dirname(fileURLToPath(import.meta.url));

/** The shared corpus folder: beside the repository (../shared/corpus), wherever the tests were built to. */
export function corpusDir(): string {
  for (const up of ['../..', '../../..', '../../../..']) {
    const dir = resolve(here, up, '../shared/corpus');
    if (existsSync(dir)) return dir;
  }
  throw new Error(`../shared/corpus not found above ${here}`);
}

export function corpusPath(rel: string): string {
  return join(corpusDir(), rel);
}

/** The raw bytes of a corpus file, decompressed if it is .zst. */
export function readCorpusBytes(rel: string): Uint8Array {
  const raw = readFileSync(corpusPath(rel));
  return rel.endsWith('.zst') ? decompress(raw) : new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength);
}

/** Splits a stream into games (copies of their bytes). */
export function splitGames(bytes: Uint8Array, limit = Infinity): RawGame[] {
  const out: RawGame[] = [];
  const splitter = new GameSplitter();
  const take = (g: RawGame): void => {
    if (out.length < limit) out.push({ ...g, bytes: g.bytes.slice() });
  };
  splitter.push(bytes, take);
  splitter.end(take);
  return out;
}

export interface CorpusGame {
  /** Index of the game in its file (0-based). */
  index: number;
  file: string;
  fen: string | undefined;
  variant: string;
  sans: string[];
}

/** Games of a corpus file with their start FEN, variant and main-line SAN tokens; unreadable games skipped. */
export function loadGames(rel: string, limit = Infinity): CorpusGame[] {
  const games: CorpusGame[] = [];
  for (const g of splitGames(readCorpusBytes(rel))) {
    if (games.length >= limit) break;
    let sans: string[];
    try {
      sans = tokenizeMoves(g.bytes);
    } catch {
      continue;
    }
    const h = readHeaders(g.bytes);
    games.push({ index: g.index, file: rel, fen: h.fen, variant: h.variant ?? '', sans });
  }
  return games;
}
