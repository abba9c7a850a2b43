// Real games for tests, benchmarks and audits, named by their path in the test corpus (`games/…`,
// `puzzles/…`, `tricky/…`, and `excerpts/…` for files cut from corpus files; a name under `fixtures/` is
// the repository's own file, as the hand-written ones in fixtures/pgn/). Two stores hold them: the
// repository's fixtures/corpus/ (the small, freely licensed files, some stored as .zst, and the excerpts;
// fixtures/README.md says where each comes from) and the shared corpus beside the repository
// (../shared/corpus, or $PGN_XRAY_CORPUS), which only `npm run test:corpus` needs. Games are split by our
// splitter, tags and main-line SAN tokens read by our tokenizer.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { decompress } from 'fzstd';
import { GameSplitter, type RawGame } from '../../src/pgn/splitter.js';
import { readHeaders } from '../../src/pgn/headers.js';
import { tokenizeMoves } from '../../src/pgn/movetext.js';
import { ROOT } from './cli.js';
import { NO_CORPUS, sharedCorpusDir } from './corpus-dir.js';

/** The repository's copies and excerpts of corpus files. */
export const FIXTURE_CORPUS = join(ROOT, 'fixtures/corpus');

/** The shared corpus folder; throws, saying where it was looked for, when it is not there. */
export function corpusDir(): string {
  const dir = sharedCorpusDir();
  if (dir === null) throw new Error(NO_CORPUS);
  return dir;
}

/**
 * Decompresses a stored .zst once per content into dist/fixture-cache, beside the build's output, which git
 * ignores (atomically: test files run in parallel). Not in node_modules, which is npm's: a folder made there
 * after `npm ci` makes npm take the install for out of date.
 */
function plainCopy(zst: string, name: string): string {
  const raw = readFileSync(zst);
  const key = createHash('sha256').update(raw).digest('hex').slice(0, 16);
  const out = join(ROOT, 'dist/fixture-cache', key, name);
  if (existsSync(out)) return out;
  mkdirSync(dirname(out), { recursive: true });
  const tmp = `${out}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(tmp, decompress(raw));
  renameSync(tmp, out);
  return out;
}

/**
 * A file path for a corpus name: the repository's copy when it has one (a copy stored as .zst under a
 * plain name is given decompressed), else the shared corpus's file.
 */
export function corpusPath(rel: string): string {
  const fixture = rel.startsWith('fixtures/') ? join(ROOT, rel) : join(FIXTURE_CORPUS, rel);
  if (existsSync(fixture)) return fixture;
  if (!rel.endsWith('.zst') && existsSync(`${fixture}.zst`)) return plainCopy(`${fixture}.zst`, basename(rel));
  const dir = sharedCorpusDir();
  if (dir === null) throw new Error(`${rel}: not in fixtures/corpus, and ${NO_CORPUS}`);
  return join(dir, rel);
}

/** The bytes a file holds, decompressed if its name ends in .zst. */
export function readFileBytes(path: string): Uint8Array {
  const raw = readFileSync(path);
  return path.endsWith('.zst') ? decompress(raw) : new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength);
}

/** The raw bytes of a corpus file, decompressed if it is stored as .zst. */
export function readCorpusBytes(rel: string): Uint8Array {
  return readFileBytes(corpusPath(rel));
}

/** Every file under a folder, in name order, folders walked in place. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
}

/** The repository's files of real and hand-written games and puzzles: fixtures/corpus, fixtures/pgn and the sample. */
export function fixtureGameFiles(): string[] {
  return ['fixtures/corpus', 'fixtures/pgn', 'fixtures/sample'].flatMap((d) => filesUnder(join(ROOT, d))).filter((p) => !p.endsWith('.md'));
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
