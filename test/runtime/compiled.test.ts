// The pool loads the worker's bundle only when it is at least as new as the compiled worker: a bare `tsc`
// after a build must never leave the workers running the bundle's older code.
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analysisWorkerFile } from '../../src/runtime/compiled.js';
import { tempDir } from '../helpers/temp.js';

/** A build tree: workers/analyze.js written at `entryAge` seconds ago, bundle/analyze.js (if any) at `bundleAge`. */
function tree(entryAge: number, bundleAge: number | null): { entry: string; bundle: string } {
  const root = tempDir('compiled');
  mkdirSync(join(root, 'workers'));
  mkdirSync(join(root, 'bundle'));
  const entry = join(root, 'workers', 'analyze.js');
  const bundle = join(root, 'bundle', 'analyze.js');
  const now = Date.now() / 1000;
  writeFileSync(entry, '');
  utimesSync(entry, now - entryAge, now - entryAge);
  if (bundleAge !== null) {
    writeFileSync(bundle, '');
    utimesSync(bundle, now - bundleAge, now - bundleAge);
  }
  return { entry, bundle };
}

describe('the analysis worker module', () => {
  it('is the bundle when the build made it after tsc, or at the same time (a package install)', () => {
    const newer = tree(10, 5);
    expect(analysisWorkerFile(newer.entry)).toBe(newer.bundle);
    const same = tree(10, 10);
    expect(analysisWorkerFile(same.entry)).toBe(same.bundle);
  });

  it('is the compiled worker when tsc ran after the bundle was made, or there is no bundle', () => {
    const stale = tree(5, 10);
    expect(analysisWorkerFile(stale.entry)).toBe(stale.entry);
    const none = tree(5, null);
    expect(analysisWorkerFile(none.entry)).toBe(none.entry);
  });

  it('is the bundle in the suite, so every pipeline test runs what users run', () => {
    expect(analysisWorkerFile()).toMatch(new RegExp(`dist\\${sep}bundle\\${sep}analyze\\.js$`));
  });
});
