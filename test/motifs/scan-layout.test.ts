// The motif scan's WebAssembly is checked against its TypeScript sources when it loads
// (src/motifs/scan-layout.ts): the built module passes; modules built from wasm/scan.ts with one restated
// value changed (mutants) each fail at load, naming what disagrees.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { installedTables } from '../../src/core/attacks.js';
import { scanKernels } from '../../src/motifs/classify.js';
import { checkScanLayout, SCAN_LAYOUT, type ScanModule } from '../../src/motifs/scan-layout.js';
import { tempDir } from '../helpers/temp.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const source = readFileSync(join(root, 'src/motifs/wasm/scan.ts'), 'utf8');

/** The module built from wasm/scan.ts with `from` replaced by `to`, with the build's options (unoptimized: faster, the same values). */
function mutant(from: string, to: string): ScanModule {
  expect(source.split(from).length, `"${from}" occurs once in wasm/scan.ts`).toBe(2);
  const dir = tempDir('scan-mutant');
  writeFileSync(join(dir, 'scan.ts'), source.replace(from, to));
  const config = JSON.parse(readFileSync(join(root, 'src/motifs/wasm/asconfig.json'), 'utf8'));
  config.options = { ...config.options, outFile: './scan.wasm', optimizeLevel: 0, converge: false };
  writeFileSync(join(dir, 'asconfig.json'), JSON.stringify(config));
  execFileSync(process.execPath, [join(root, 'node_modules/assemblyscript/bin/asc.js'), '--config', join(dir, 'asconfig.json')], {
    cwd: dir,
  });
  return new WebAssembly.Instance(new WebAssembly.Module(readFileSync(join(dir, 'scan.wasm')))).exports as unknown as ScanModule;
}

describe('the motif scan checked against its TypeScript sources at load', () => {
  it('the built module agrees, on every value it restates', () => {
    scanKernels(); // loads this thread's module, which checks it
    const built = join(root, 'dist/src/motifs/wasm/scan.wasm');
    const x = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(built))).exports as unknown as ScanModule;
    expect(() => checkScanLayout(x, installedTables())).not.toThrow();
  });

  it('every value the module exports is checked: a layout value by name, or a place of its memory map', () => {
    const built = join(root, 'dist/src/motifs/wasm/scan.wasm');
    const x = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(built))).exports;
    const globals = Object.keys(x).filter((name) => x[name] instanceof WebAssembly.Global);
    const places = [
      'MASKS',
      'KNIGHTS',
      'KINGS',
      'PAWNS',
      'XRAYS',
      'LINES',
      'POS',
      'BOARD',
      'RECORDS',
      'UNCOVER',
      'OTHER_RECORDS',
      'OTHER_UNCOVER',
      'VALUES',
      'RESULT',
    ];
    expect(globals.filter((name) => !(name in SCAN_LAYOUT) && !places.includes(name))).toEqual([]);
    expect(Object.keys(SCAN_LAYOUT).filter((name) => !globals.includes(name))).toEqual([]);
  });

  // one mutant per kind of value: a record field, a set index, a line step, an x-ray field, the mask
  // table's layout, the mailbox's place and its codes, the memory map
  const mutants: [string, string, string, RegExp][] = [
    ['a record field', 'REC_BACK: i32 = 4', 'REC_BACK: i32 = 5', /disagree on REC_BACK:/],
    ['an uncover line stride', 'UNCOVER_STRIDE: i32 = 3', 'UNCOVER_STRIDE: i32 = 4', /disagree on UNCOVER_STRIDE:/],
    ['a set index', 'SET_QUEENS: i32 = 4', 'SET_QUEENS: i32 = 3', /disagree on SET_QUEENS:/],
    ['a piece type', 'ROOK: i32 = 3', 'ROOK: i32 = 4', /disagree on ROOK:/],
    ['a line step', 'STEP_ANTI: i32 = 7', 'STEP_ANTI: i32 = 9', /disagree on STEP_ANTI:/],
    ['an x-ray field', 'FRONT_ABOVE: i32 = 2', 'FRONT_ABOVE: i32 = 3', /disagree on FRONT_ABOVE:/],
    ['the mask table', 'MASKS_PER_LINE: i32 = 3', 'MASKS_PER_LINE: i32 = 4', /disagree on MASKS_PER_LINE:/],
    ['the mailbox', 'BOARD: usize = POS + 64', 'BOARD: usize = POS + 32', /disagree on BOARD/],
    ['the mailbox codes', 'return (code & 7) - 1;', 'return (code & 15) - 1;', /disagree on the mailbox code 9 /],
    ['the memory map', 'UNCOVER: usize = 0x25400', 'UNCOVER: usize = 0x25000', /the memory map: RECORDS .* runs into UNCOVER/],
  ];
  for (const [what, from, to, message] of mutants) {
    it(`fails at load on ${what} changed (${to})`, () => {
      expect(() => checkScanLayout(mutant(from, to), installedTables())).toThrow(message);
    });
  }
});
