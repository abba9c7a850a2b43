// Temporary directories for tests, removed once they are done with: a suite leaves nothing in the system's
// temporary directory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, onTestFinished } from 'vitest';

/**
 * A new directory `pgn-xray-<name>-XXXXXX` in the system's temporary directory. Made inside a test, it is
 * removed when that test finishes; made while a file's tests are collected (at its top level, in a
 * describe), when the file's or the describe's tests are all done.
 */
export function tempDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `pgn-xray-${name}-`));
  const remove = (): void => rmSync(dir, { recursive: true, force: true });
  try {
    onTestFinished(remove);
  } catch {
    afterAll(remove); // not inside a test: the suite being collected
  }
  return dir;
}
