// One truth for the options of analyze, puzzles and merge-stats: the options `pgn-xray --help` lists, the
// README's option tables and the option parser (the `OPTIONS` each command hands to parseArgs) name the
// same options, long names and one-letter forms alike, compared both ways. -h and -V, which the command
// line answers before any command, are in the help's options and the README's usage block.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPTIONS as ANALYZE } from '../src/cli/options.js';
import { OPTIONS as MERGE_STATS } from '../src/cli/merge-stats.js';
import { OPTIONS as PUZZLES } from '../src/cli/puzzle-options.js';
import { CLI, ROOT, runCli } from './helpers/cli.js';

type Parser = Readonly<Record<string, { readonly type: string; readonly short?: string }>>;

/** An option as `--long` or `--long/-s`: each long name with its one-letter form where one is named. */
interface Named {
  long: Set<string>;
  short: Map<string, string>;
}

/** The parser's one-letter forms: letter to long name. */
function lettersOf(parser: Parser): Map<string, string> {
  return new Map(Object.entries(parser).flatMap(([long, o]) => (o.short === undefined ? [] : [[o.short, long] as const])));
}

/** The options a text names: `--long`, `-s, --long`, and a bare `-s` read through the parser's letters. */
function named(text: string, parser: Parser): Named {
  const out: Named = { long: new Set(), short: new Map() };
  const letters = lettersOf(parser);
  for (const m of text.matchAll(/(?<![\w-])(?:-([A-Za-z]),? +)?--([a-z][a-z0-9-]*)|(?<![\w-])-([A-Za-z])(?![\w-])/g)) {
    if (m[2] !== undefined) {
      out.long.add(m[2]);
      if (m[1] !== undefined) out.short.set(m[1], m[2]);
    } else {
      const long = letters.get(m[3]) ?? `?-${m[3]}`; // a letter the parser does not know stays visible as such
      out.long.add(long);
      out.short.set(m[3], long);
    }
  }
  return out;
}

const GLOBAL = ['help', 'version'];

/** The options a text names are the parser's, long names and letters, -h and -V aside. */
function expectTheParsersOptions(text: string, parser: Parser): void {
  const listed = named(text, parser);
  for (const g of GLOBAL) listed.long.delete(g);
  listed.short.delete('h');
  listed.short.delete('V');
  expect([...listed.long].sort()).toEqual(Object.keys(parser).sort());
  expect(Object.fromEntries(listed.short)).toEqual(Object.fromEntries(lettersOf(parser)));
}

/** The option column of a block of the help: the lines after `title` up to the next blank line, each up to
 * the two spaces before its description (a description's own dashes, `-f pgn`, name no option). */
function helpBlock(help: string, title: string): string {
  const at = help.indexOf(`\n${title}\n`);
  expect(at, `--help has a "${title}" block`).toBeGreaterThanOrEqual(0);
  const rest = help.slice(at + title.length + 2);
  return rest
    .slice(0, rest.indexOf('\n\n'))
    .split('\n')
    .map((l) => l.trim().split(/ {2,}/)[0])
    .filter((column) => column.startsWith('-'))
    .join('\n');
}

const README = readFileSync(resolve(ROOT, 'README.md'), 'utf8');

/** The first column of the README's `| option | meaning |` table in a section (the `## ` heading given). */
function readmeTable(section: string, after = ''): string {
  const start = README.indexOf(`\n## ${section}\n`);
  expect(start, `the README has a "${section}" section`).toBeGreaterThanOrEqual(0);
  const from = README.indexOf('| option | meaning |', after === '' ? start : README.indexOf(after, start));
  const end = README.indexOf('\n## ', start + 1);
  expect(from > start && (end < 0 || from < end), `the README's "${section}" section has an option table`).toBe(true);
  const rows = README.slice(from).split('\n').slice(2);
  return rows
    .slice(
      0,
      rows.findIndex((r) => !r.startsWith('|')),
    )
    .map((r) => r.split(' | ')[0])
    .join('\n');
}

const COMMANDS: { name: string; parser: Parser; help: string; readme: [string, string?] }[] = [
  { name: 'analyze', parser: ANALYZE, help: 'Options:', readme: ['Use'] },
  { name: 'puzzles', parser: PUZZLES, help: 'Puzzle options:', readme: ['Puzzles'] },
  { name: 'merge-stats', parser: MERGE_STATS, help: 'Merge-stats options:', readme: ['Statistics', '**Merging.**'] },
];

describe('--help, the README and the option parser name the same options', () => {
  const r = spawnSync(process.execPath, [CLI, '--help'], { encoding: 'utf8' });
  const help = r.stdout;

  it('--help answers with exit 0', () => {
    expect(r.status).toBe(0);
  });

  for (const c of COMMANDS) {
    it(`${c.name}: --help lists every option the parser takes, and no other`, () => {
      expectTheParsersOptions(helpBlock(help, c.help), c.parser);
    });

    it(`${c.name}: the README's option table lists every option the parser takes, and no other`, () => {
      expectTheParsersOptions(readmeTable(...c.readme), c.parser);
    });
  }

  it("-h, --help and -V, --version: in the help's options and the README's usage, and answered", async () => {
    expect(helpBlock(help, 'Options:')).toMatch(/-h, --help[^]*-V, --version/);
    const use = README.slice(README.indexOf('\n## Use\n'), README.indexOf('| option | meaning |', README.indexOf('\n## Use\n')));
    expect(use).toMatch(/pgn-xray -h \| --help/);
    expect(use).toMatch(/pgn-xray -V \| --version/);
    for (const flag of ['-h', '--help', '-V', '--version']) expect((await runCli([flag])).code, flag).toBe(0);
  });

  it('the usage lines of merge-stats in --help and the README agree', () => {
    const line = (text: string): string => /pgn-xray merge-stats FILE\.\.\. [^\n]*?(?= {2,}|\n)/.exec(text)?.[0] ?? '';
    expect(line(help)).toMatch(/\[-q\]/);
    expect(line(README)).toBe(line(help));
  });
});
