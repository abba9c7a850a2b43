// The layer rule of docs/design.md §3, read from the source: every import of src/ and workers/ (static,
// `import type`, `export … from`, dynamic `import()` and `import('…').T` types) points to a layer below
// its own or to its own folder; no two folders import each other; no files import each other in a cycle;
// pipeline/ and input/ know nothing of puzzles/ (the puzzles subcommand gives its hooks to the pipeline
// as a task plugin). A failure names each offending import. The imports are read by rolldown's parser
// (oxc), not by patterns over the text, so comments and strings that look like imports are not imports.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/cli.js';

/**
 * The layers from the ground up, one folder of src/ each; `ground` is src/errors.ts and the ambient
 * declarations of src/types/, `top` the entry files (src/cli.ts, src/index.ts, workers/).
 */
const LAYERS = [
  'ground',
  'runtime',
  'core',
  'pgn',
  'motifs',
  'tactics',
  'analysis',
  'query',
  'stats',
  'output',
  'report',
  'puzzles',
  'input',
  'pipeline',
  'cli',
  'top',
] as const;

/** Imports that the order allows but the design forbids, with the reason a failure gives. */
const FORBIDDEN: readonly { from: string; to: string; why: string }[] = [
  { from: 'pipeline', to: 'puzzles', why: 'the pipeline knows nothing of puzzles: their hooks come as a task plugin' },
  { from: 'input', to: 'puzzles', why: 'the inputs know nothing of puzzles' },
];

/** One import: the importing file and the imported one, both relative to the repository's root. */
interface Edge {
  from: string;
  to: string;
}

/** The layer of a file (a path from the root), or null if it has none. */
function layerOf(file: string): string | null {
  if (file.startsWith('workers/') || file === 'src/cli.ts' || file === 'src/index.ts') return 'top';
  if (file === 'src/errors.ts' || file.startsWith('src/types/')) return 'ground';
  const m = /^src\/([^/]+)\//.exec(file);
  return m !== null && (LAYERS as readonly string[]).includes(m[1]) && m[1] !== 'ground' && m[1] !== 'top' ? m[1] : null;
}

/** The folder a file counts in for the folder-pair rule: its layer, or its own path for a top file. */
function folderOf(file: string): string {
  const layer = layerOf(file);
  return layer === 'top' ? (file.startsWith('workers/') ? 'workers' : file) : (layer ?? file);
}

/** The module specifiers a TypeScript text imports, in every form. */
function importsOf(text: string, name: string): string[] {
  const found: string[] = [];
  const kinds = new Set(['ImportDeclaration', 'ExportAllDeclaration', 'ExportNamedDeclaration', 'ImportExpression', 'TSImportType']);
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const n of node) visit(n);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const n = node as { type?: string; source?: { type?: string; value?: unknown } };
    if (n.type !== undefined && kinds.has(n.type) && n.source?.type === 'Literal' && typeof n.source.value === 'string') {
      found.push(n.source.value);
    }
    for (const value of Object.values(node)) visit(value);
  };
  visit(parseAst(text, { lang: name.endsWith('.d.ts') ? 'dts' : 'ts' }, name));
  return found;
}

/** The TypeScript files of src/ and workers/ (the AssemblyScript of the wasm/ folders builds apart). */
function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'wasm') walk(path);
      } else if (/\.[cm]?ts$/.test(entry.name)) files.push(path);
    }
  };
  walk('src');
  walk('workers');
  return files.sort();
}

/** The file a relative specifier names: `.js` is written for `.ts`, `.cjs` for `.cts`, `.mjs` for `.mts`. */
function resolveImport(from: string, spec: string): string {
  const path = relative(ROOT, resolve(ROOT, dirname(from), spec));
  const ts = path
    .replace(/\.js$/, '.ts')
    .replace(/\.cjs$/, '.cts')
    .replace(/\.mjs$/, '.mts');
  for (const candidate of [ts, ts.replace(/\.ts$/, '.d.ts')]) if (existsSync(join(ROOT, candidate))) return candidate;
  return path;
}

/** Every import between files of the repository (package imports are outside the rule). */
function repositoryEdges(): Edge[] {
  const edges: Edge[] = [];
  for (const from of sourceFiles()) {
    for (const spec of importsOf(readFileSync(join(ROOT, from), 'utf8'), from)) {
      if (spec.startsWith('.')) edges.push({ from, to: resolveImport(from, spec) });
    }
  }
  return edges;
}

const rank = (layer: string): number => (LAYERS as readonly string[]).indexOf(layer);

/** What breaks the rule, one line per offending import (or folder, or cycle). */
function violations(edges: readonly Edge[], exists: (file: string) => boolean): string[] {
  const found: string[] = [];
  const unique = [...new Map(edges.map((e) => [`${e.from} ${e.to}`, e])).values()];
  for (const { from, to } of unique) {
    const [a, b] = [layerOf(from), layerOf(to)];
    if (!exists(to)) found.push(`${from} imports ${to}, which is no file`);
    else if (a === null) found.push(`${from} is in no layer`);
    else if (b === null) found.push(`${from} imports ${to}, which is in no layer`);
    else if (rank(b) > rank(a)) found.push(`upward: ${from} (${a}) imports ${to} (${b})`);
    const rule = FORBIDDEN.find((f) => f.from === a && f.to === b);
    if (rule !== undefined) found.push(`forbidden: ${from} imports ${to}: ${rule.why}`);
  }
  found.push(...folderPairs(unique), ...fileCycles(unique));
  return found;
}

/** Two folders importing each other, each named with one import each way. */
function folderPairs(edges: readonly Edge[]): string[] {
  const first = new Map<string, Edge>();
  for (const e of edges) {
    const key = `${folderOf(e.from)} -> ${folderOf(e.to)}`;
    if (folderOf(e.from) !== folderOf(e.to) && !first.has(key)) first.set(key, e);
  }
  const found: string[] = [];
  for (const [key, e] of first) {
    const [a, b] = key.split(' -> ');
    const back = first.get(`${b} -> ${a}`);
    if (back !== undefined && a < b)
      found.push(`folders ${a} and ${b} import each other: ${e.from} imports ${e.to}, ${back.from} imports ${back.to}`);
  }
  return found;
}

/** Every cycle of files (a strongly connected component of more than one file, or a file importing itself), as a path of imports. */
function fileCycles(edges: readonly Edge[]): string[] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[] = [];
  const connect = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    for (let w = stack.pop()!; ; w = stack.pop()!) {
      onStack.delete(w);
      component.push(w);
      if (w === v) break;
    }
    if (component.length > 1 || (next.get(v) ?? []).includes(v)) found.push(`cycle: ${cyclePath(component, next)}`);
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) connect(v);
  return found;
}

/** One cycle through a component's first file, walked by its imports inside the component: "a → b → a". */
function cyclePath(component: readonly string[], next: ReadonlyMap<string, readonly string[]>): string {
  const inside = new Set(component);
  const start = [...component].sort()[0];
  const path = [start];
  const seen = new Set([start]);
  for (;;) {
    const here = path[path.length - 1];
    const targets = (next.get(here) ?? []).filter((w) => inside.has(w)).sort();
    if (targets.includes(start)) return [...path, start].join(' → ');
    const step = targets.find((w) => !seen.has(w)) ?? targets[0];
    seen.add(step);
    path.push(step);
  }
}

describe('the checker', () => {
  it('reads every form of import and nothing that only looks like one', () => {
    const text = [
      "import type { A } from './a.js';",
      "import b from './b.js';",
      "import './c.js';",
      "export * from './d.js';",
      "export { e } from './e.js';",
      "const f = await import('./f.js');",
      "type G = import('./g.js').G;",
      "// import x from './comment.js';",
      'const s = "import y from \'./string.js\'";',
    ].join('\n');
    expect(importsOf(text, 'x.ts')).toEqual(['./a.js', './b.js', './c.js', './d.js', './e.js', './f.js', './g.js']);
  });

  it('names an upward import, a forbidden one, a folder pair, a file cycle and a file in no layer', () => {
    const edges: Edge[] = [
      { from: 'src/core/a.ts', to: 'src/motifs/b.ts' },
      { from: 'src/motifs/b.ts', to: 'src/core/a.ts' },
      { from: 'src/pipeline/c.ts', to: 'src/puzzles/d.ts' },
      { from: 'src/cli/e.ts', to: 'src/cli/f.ts' },
      { from: 'src/cli/f.ts', to: 'src/cli/g.ts' },
      { from: 'src/cli/g.ts', to: 'src/cli/e.ts' },
      { from: 'src/games/h.ts', to: 'src/core/a.ts' },
      { from: 'src/core/a.ts', to: 'src/core/gone.ts' },
    ];
    expect(violations(edges, (f) => !f.endsWith('gone.ts'))).toEqual([
      'upward: src/core/a.ts (core) imports src/motifs/b.ts (motifs)',
      'forbidden: src/pipeline/c.ts imports src/puzzles/d.ts: the pipeline knows nothing of puzzles: their hooks come as a task plugin',
      'src/games/h.ts is in no layer',
      'src/core/a.ts imports src/core/gone.ts, which is no file',
      'folders core and motifs import each other: src/core/a.ts imports src/motifs/b.ts, src/motifs/b.ts imports src/core/a.ts',
      'cycle: src/cli/e.ts → src/cli/f.ts → src/cli/g.ts → src/cli/e.ts',
      'cycle: src/core/a.ts → src/motifs/b.ts → src/core/a.ts',
    ]);
  });

  it('places the ground, the entries, the workers and the files bound for tactics/', () => {
    expect(
      [
        'src/errors.ts',
        'src/types/webassembly.d.ts',
        'src/cli.ts',
        'src/index.ts',
        'workers/analyze.ts',
        'src/runtime/compiled.ts',
        'src/tactics/material-search.ts',
        'src/puzzles/stage1.ts',
      ].map(layerOf),
    ).toEqual(['ground', 'ground', 'top', 'top', 'top', 'runtime', 'tactics', 'puzzles']);
  });
});

describe('the layers of src/ and workers/', () => {
  it('import only downward, no folder pair each way, no file cycle', () => {
    const edges = repositoryEdges();
    expect(edges.length).toBeGreaterThan(300);
    expect(violations(edges, (f) => existsSync(join(ROOT, f)))).toEqual([]);
  });
});
