// Which engine `--engine` means (docs/design.md §12): a path, a name looked up on the PATH, `none` (stage 1
// only), or by default `stockfish` on the PATH, else Debian's /usr/games/stockfish. A missing or
// non-executable engine is a one-line usage error here, before any game is read.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { UsageError } from '../errors.js';

export const DEFAULT_ENGINE = 'stockfish';
/** Where Debian and Ubuntu install Stockfish (not on a user's PATH). */
export const FALLBACK_ENGINE = '/usr/games/stockfish';

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** `name` in the folders of `pathVar` (the PATH variable), or null. */
export function findOnPath(name: string, pathVar: string | undefined): string | null {
  for (const dir of (pathVar ?? '').split(delimiter)) {
    if (dir === '') continue;
    const full = join(dir, name);
    if (isExecutableFile(full)) return full;
  }
  return null;
}

/** The engine to run for `--engine OPTION` (undefined: not given), or null for `none`. Throws UsageError. */
export function resolveEngine(option: string | undefined, pathVar = process.env.PATH): string | null {
  if (option === 'none') return null;
  if (option === undefined) {
    const found = findOnPath(DEFAULT_ENGINE, pathVar) ?? (isExecutableFile(FALLBACK_ENGINE) ? FALLBACK_ENGINE : null);
    if (found !== null) return found;
    throw new UsageError(
      `no UCI engine: ${DEFAULT_ENGINE} is neither on the PATH nor at ${FALLBACK_ENGINE}; give --engine PATH, or --engine none for unverified puzzles`,
    );
  }
  if (!option.includes('/')) {
    const found = findOnPath(option, pathVar);
    if (found === null) throw new UsageError(`--engine ${option}: not found on the PATH`);
    return found;
  }
  const full = resolve(option);
  if (isExecutableFile(full)) return full;
  let exists = true;
  try {
    statSync(full);
  } catch {
    exists = false;
  }
  throw new UsageError(`--engine ${option}: ${exists ? 'not an executable file' : 'not found'}`);
}
