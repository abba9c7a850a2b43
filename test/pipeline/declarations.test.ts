// The library's published declarations (dist/src/*.d.ts, which `types` in package.json names) type-check
// in a consumer's project as plain as Node's: ES2022 and Node's types, no DOM library, every declaration
// file checked. The motif scan's WebAssembly types come from the DOM library in TypeScript, so no
// declaration may name them.
import { writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

describe('the published declarations', () => {
  it('type-check in a project with ES2022 and Node types only, skipLibCheck off', () => {
    const dir = tempDir('declarations');
    const options = {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      lib: ['ES2022'],
      types: ['node'],
      typeRoots: [join(root, 'node_modules/@types')],
      strict: true,
      skipLibCheck: false,
      noEmit: true,
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, files: ['use.ts'] }));
    const index = join(root, 'dist/src/index.js');
    writeFileSync(join(dir, 'use.ts'), `import * as xray from ${JSON.stringify(index)};\nexport const api: typeof xray = xray;\n`);
    const r = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json')], {
      encoding: 'utf8',
    });
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
