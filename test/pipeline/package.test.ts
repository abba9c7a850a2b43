// The package as a consumer gets it: `npm pack`, unpacked into another project's node_modules (its
// dependencies linked from ours), imported by its name through the `exports` map, in a fresh process.
// Importing builds no tables; the first call that needs them does; the types resolve by the package name;
// only the entry is exported.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

describe('the packed library, imported by its name from another project', () => {
  const consumer = tempDir('consumer');

  beforeAll(() => {
    const pack = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', consumer], { cwd: root, encoding: 'utf8' }),
    ) as { filename: string }[];
    const into = join(consumer, 'node_modules', 'pgn-xray');
    mkdirSync(into, { recursive: true });
    execFileSync('tar', ['xzf', join(consumer, pack[0].filename), '-C', into, '--strip-components=1']);
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    for (const name of Object.keys(manifest.dependencies))
      symlinkSync(join(root, 'node_modules', name), join(consumer, 'node_modules', name));
    writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  });

  /** Runs an ES module in the consumer project, in a new Node process; its stdout parsed as JSON. */
  function run(code: string): unknown {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: consumer, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    return JSON.parse(r.stdout);
  }

  it('importing builds no tables; tagFen and analyze() then work, and build one set', () => {
    const got = run(`
      import { analyze, tablesInstalled, tagFen, installedTables } from 'pgn-xray';
      const afterImport = tablesInstalled();
      const tags = tagFen('3k4/8/8/3n4/8/8/8/3RK3 w - - 0 1');
      const tables = installedTables();
      const records = [];
      for await (const r of analyze({ pgn: '1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0' }, { allPositions: true, threads: 1 })) {
        if (r.move !== null) records.push(r.move);
      }
      console.log(JSON.stringify({ afterImport, motifs: tags.motifs.map((m) => m.motif), moves: records, same: installedTables() === tables }));
    `);
    expect(got).toEqual({ afterImport: false, motifs: ['pin'], moves: ['e4', 'e5', 'Bc4', 'Nc6', 'Qh5', 'Nf6', 'Qxf7#'], same: true });
  });

  it('exports the entry only: a module inside the package is not importable by its path', () => {
    const got = run(`
      try { await import('pgn-xray/dist/src/core/attacks.js'); console.log(JSON.stringify('imported')); }
      catch (e) { console.log(JSON.stringify(e.code)); }
    `);
    expect(got).toBe('ERR_PACKAGE_PATH_NOT_EXPORTED');
  });

  it("its types resolve by the package's name (the exports map's types) in a strict NodeNext project", () => {
    const options = {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      lib: ['ES2022'],
      types: ['node'],
      typeRoots: [join(root, 'node_modules/@types')],
      strict: true,
      noEmit: true,
    };
    writeFileSync(join(consumer, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, files: ['use.ts'] }));
    writeFileSync(
      join(consumer, 'use.ts'),
      "import { analyze, parseFen, tagFen, type Colour, type PositionRecord, type Square } from 'pgn-xray';\n" +
        "export const pins: number = tagFen('8/8/8/8/8/8/8/K6k w - - 0 1').motifs.length;\n" +
        "const pos = parseFen('8/8/8/8/8/8/8/K6k w - - 0 1');\n" +
        'export const turn: Colour = pos.turn;\n' +
        'export const king: Square = pos.king(turn);\n' +
        '// @ts-expect-error: a side is 0 or 1\n' +
        'pos.king(2);\n' +
        'export async function first(path: string): Promise<PositionRecord | undefined> {\n' +
        '  for await (const r of analyze(path)) return r;\n' +
        '  return undefined;\n' +
        '}\n',
    );
    const r = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(consumer, 'tsconfig.json')], {
      encoding: 'utf8',
    });
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
