// Every relative link of the README and of docs/*.md resolves: the file or folder it names exists, and an
// `#anchor` names a heading (or an element id) of the Markdown file it points into, slugged as GitHub does.
// Links to other sites are not fetched. Links inside code blocks and code spans are not links.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/cli.js';
import { tempDir } from './helpers/temp.js';

/** The text with fenced code blocks blanked out line by line and code spans removed. */
function prose(text: string): string {
  let fence: string | null = null;
  return text
    .split('\n')
    .map((line) => {
      const m = /^ {0,3}(`{3,}|~{3,})/.exec(line);
      if (fence === null && m !== null) {
        fence = m[1][0].repeat(m[1].length);
        return '';
      }
      if (fence !== null) {
        if (line.trimStart().startsWith(fence)) fence = null;
        return '';
      }
      return line.replace(/(`+)[^`]*?\1/g, '');
    })
    .join('\n');
}

/** GitHub's anchor of a heading: its text lower-cased, markup and punctuation dropped, spaces made dashes. */
function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link or image: its text
    .replace(/<[^>]+>/g, '') // inline HTML
    .replace(/`/g, '');
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a Markdown file defines: its headings' slugs (repeats numbered -1, -2, …) and element ids. */
function anchors(text: string): Set<string> {
  const out = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of prose(text).split('\n')) {
    const h = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (h !== null) {
      const base = slug(h[1]);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      out.add(n === 0 ? base : `${base}-${n}`);
    }
    for (const m of line.matchAll(/<[a-z]+\s[^>]*\b(?:id|name)="([^"]+)"/gi)) out.add(m[1]);
  }
  return out;
}

/** The link targets of a Markdown text: inline links and images, and reference definitions. */
function targets(text: string): string[] {
  const p = prose(text);
  const out: string[] = [];
  for (const m of p.matchAll(/!?\[(?:[^[\]]|\[[^\]]*\])*\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+"[^"]*")?\s*\)/g))
    out.push(m[1].replace(/^<|>$/g, ''));
  for (const m of p.matchAll(/^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/gm)) out.push(m[1].replace(/^<|>$/g, ''));
  return out;
}

/** Every link of the file at `path` that does not resolve, as `file: target (why)`. */
function brokenLinks(path: string, root: string): string[] {
  const text = readFileSync(path, 'utf8');
  const broken: string[] = [];
  for (const target of targets(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // another site, mailto: not ours to check
    const hash = target.indexOf('#');
    const file = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
    const anchor = hash < 0 ? null : decodeURIComponent(target.slice(hash + 1));
    const where = file === '' ? path : resolve(dirname(path), file);
    const name = `${relative(root, path)}: ${target}`;
    if (!existsSync(where)) {
      broken.push(`${name} (no such file)`);
      continue;
    }
    if (anchor === null) continue;
    if (statSync(where).isDirectory() || !where.endsWith('.md')) {
      broken.push(`${name} (an anchor into something that is not a Markdown file)`);
      continue;
    }
    if (!anchors(readFileSync(where, 'utf8')).has(anchor)) broken.push(`${name} (no heading or id "${anchor}")`);
  }
  return broken;
}

/** The README and every Markdown file of docs/. */
function documents(root: string): string[] {
  const docs = join(root, 'docs');
  const inDocs = existsSync(docs)
    ? readdirSync(docs)
        .filter((f) => f.endsWith('.md'))
        .map((f) => join(docs, f))
    : [];
  return [join(root, 'README.md'), ...inDocs];
}

describe('links of the README and docs/', () => {
  it('the checker finds broken files and anchors, and passes good ones', () => {
    const dir = tempDir('links');
    mkdirSync(join(dir, 'docs'));
    writeFileSync(join(dir, 'docs', 'a.md'), '# Title\n\n## §2 Data flow\n\n## Data flow\n\n## Data flow\n\n<a id="here"></a>\n');
    writeFileSync(
      join(dir, 'README.md'),
      [
        '# Top',
        'good: [a](docs/a.md), [b](docs/a.md#2-data-flow), [c](docs/a.md#data-flow-1)',
        '[d](docs/a.md#data-flow) [e](docs/a.md#here) [f](#top) [g](https://example.org/x#y) ![h](docs)',
        'bad: [i](docs/missing.md) [j](docs/a.md#nowhere) [k](#bottom) [l](docs#x)',
        '`[not a link](nowhere.md)`',
        '```',
        '[not a link either](nowhere.md)',
        '```',
        '[ref]: docs/gone.md',
      ].join('\n'),
    );
    const broken = documents(dir).flatMap((f) => brokenLinks(f, dir));
    expect(broken).toEqual([
      'README.md: docs/missing.md (no such file)',
      'README.md: docs/a.md#nowhere (no heading or id "nowhere")',
      'README.md: #bottom (no heading or id "bottom")',
      'README.md: docs#x (an anchor into something that is not a Markdown file)',
      'README.md: docs/gone.md (no such file)',
    ]);
  });

  it('slugs headings as GitHub does', () => {
    expect(slug('§6a Command line')).toBe('6a-command-line');
    expect(slug('Scale: past one machine')).toBe('scale-past-one-machine');
    expect(slug('The `--where` language (v2)')).toBe('the---where-language-v2');
    expect(slug('[Development](x.md) and more')).toBe('development-and-more');
  });

  for (const file of documents(ROOT)) {
    it(`every relative link of ${relative(ROOT, file)} resolves`, () => {
      expect(brokenLinks(file, ROOT)).toEqual([]);
    });
  }
});

/** Every TypeScript file under a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(dir, f));
}

describe('npm scripts named in the docs', () => {
  it('every `npm run NAME` of the README, docs/, src/ and test/ is a script of package.json', () => {
    const scripts = Object.keys((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: object }).scripts);
    const files = [...documents(ROOT), ...sources(join(ROOT, 'src')), ...sources(join(ROOT, 'test'))];
    const missing = files.flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/npm run ([a-z][\w-]*(?::[\w-]+)*)/g)]
        .map((m) => m[1])
        .filter((name) => !scripts.includes(name))
        .map((name) => `${relative(ROOT, f)}: npm run ${name}`),
    );
    expect(missing).toEqual([]);
  });
});
