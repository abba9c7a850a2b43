// merge-stats (docs/design.md §11, §13): the statistics of a corpus split into 2 and into 5 parts, merged,
// equal those of one run over the whole (deep equality, `run` aside), and their reports are the same
// bytes; files of another statistics version, or not statistics at all, are refused with a clear message.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { readCorpusBytes, splitGames } from '../helpers/corpus.js';
import { tempDir } from '../helpers/temp.js';

const tmp = tempDir('merge');
const WHOLE = join(tmp, 'whole.pgn');

/** Games with every dimension present and absent: lichess (ECO, speed, ratings) and OTB (no TimeControl). */
function corpus(): Buffer[] {
  const games = [
    ...splitGames(readCorpusBytes('excerpts/lichess-DrNykterstein-DrDrunkenstein-first-400.pgn.zst'), 400),
    ...splitGames(readCorpusBytes('games/twic-sample-232games.pgn')),
    ...splitGames(readCorpusBytes('games/lichess-db-2016-05-no-event-tag.pgn.zst'), 300),
  ];
  const out = games.map((g) => Buffer.concat([Buffer.from(g.bytes), Buffer.from('\n\n')]));
  out.splice(500, 0, Buffer.from(BROKEN)); // a rejected game, counted only in "rejected"
  return out;
}

const BROKEN = '[Event "broken"]\n[Result "1-0"]\n\n1. e4 e5 2. Ke3 Nc6 1-0\n\n';

/** The games cut into n consecutive parts, each a file; returns their paths. */
function parts(games: Buffer[], n: number): string[] {
  return Array.from({ length: n }, (_, i) => {
    const path = join(tmp, `part${n}-${i + 1}.pgn`);
    writeFileSync(path, Buffer.concat(games.slice(Math.floor((i * games.length) / n), Math.floor(((i + 1) * games.length) / n))));
    return path;
  });
}

async function stats(input: string): Promise<string> {
  const out = `${input}.stats.json`;
  const r = await runCli([input, '-f', 'none', '-q', '--stats', out]);
  expect(r.code, r.stderr).toBe(0);
  return out;
}

async function merge(files: string[], name: string, extra: string[] = []): Promise<{ json: Record<string, unknown>; text: string }> {
  const out = join(tmp, name);
  const r = await runCli(['merge-stats', ...files, '-o', out, '-q', ...extra]);
  expect(r.code, r.stderr).toBe(0);
  const text = readFileSync(out, 'utf8');
  return { json: JSON.parse(text) as Record<string, unknown>, text };
}

/** The counts of a statistics file: all but its run. */
function withoutRun({ run: _run, ...counts }: Record<string, unknown>): Record<string, unknown> {
  return counts;
}

/** A report page without what differs with the runs behind it: the header's inputs and runs, the file's run. */
function runsAside(html: string): string {
  return html.replace(/<dl class="run">[^]*?<\/dl>/, '').replace(/,\n {2}"run": [^]*?(?=\n\}<\/script>)/, '');
}

let one: Record<string, unknown>;
let oneFile: string;
let files2: string[];
let files5: string[];

beforeAll(async () => {
  const games = corpus();
  writeFileSync(WHOLE, Buffer.concat(games));
  oneFile = await stats(WHOLE);
  one = JSON.parse(readFileSync(oneFile, 'utf8')) as Record<string, unknown>;
  files2 = await Promise.all(parts(games, 2).map(stats));
  files5 = [];
  for (const p of parts(games, 5)) files5.push(await stats(p));
});

describe('merge-stats', () => {
  it('merged parts equal one run over the whole, run metadata aside', async () => {
    const { run, ...counts } = one;
    expect(run).toMatchObject({ inputs: [expect.objectContaining({ path: WHOLE, shard: '1/1' })] });
    expect((one as { games: number }).games).toBeGreaterThan(900);
    expect((one as { rejected: number }).rejected).toBeGreaterThan(0);
    const m2 = await merge(files2, 'm2.json');
    const m5 = await merge(files5, 'm5.json');
    expect(withoutRun(m2.json)).toEqual(counts);
    expect(withoutRun(m5.json)).toEqual(counts);
    expect((m2.json.run as { merged: unknown[] }).merged.length).toBe(2);
    expect(withoutRun(m5.json)).toEqual(withoutRun(m2.json));
    // the one run's file merged alone: the same counts, its run listed
    const m1 = (await merge([oneFile], 'm1.json')).json;
    expect(withoutRun(m1)).toEqual(counts);
    const { id, version, inputs } = run as { id: string; version: string; inputs: unknown[] };
    expect(m1.run).toEqual({ version, merged: [{ id, version, inputs }] });
    // the parts' files hold different counts: the merge did add them
    const first = JSON.parse(readFileSync(files5[0], 'utf8')) as { games: number };
    expect(first.games).toBeLessThan((one as { games: number }).games / 4);
  });

  it('the reports of one run and of merged parts are the same bytes, the runs they list aside', async () => {
    const r1 = await merge([oneFile], 'r1.json', ['--report', join(tmp, 'r1.html')]);
    await merge(files2, 'r2.json', ['--report', join(tmp, 'r2.html')]);
    await merge(files5, 'r5.json', ['--report', join(tmp, 'r5.html')]);
    const html = readFileSync(join(tmp, 'r1.html'), 'utf8');
    expect(runsAside(readFileSync(join(tmp, 'r2.html'), 'utf8'))).toBe(runsAside(html));
    expect(runsAside(readFileSync(join(tmp, 'r5.html'), 'utf8'))).toBe(runsAside(html));
    expect(html).toContain('<dt>merged</dt><dd>the statistics of 1 run');
    expect(readFileSync(join(tmp, 'r5.html'), 'utf8')).toContain(
      `<dd>${files5.map((f) => f.replace(/\.stats\.json$/, '')).join(', ')}</dd>`,
    );
    expect(html.match(/<figure class="chart"[^]*?<svg/g)?.length).toBe(11); // the 2 tactic charts (verdicts on by default), then 9 motif charts
    const examples = Object.values(r1.json.examples as Record<string, unknown[]>).flat().length;
    expect(examples).toBeGreaterThan(30);
    expect(html.match(/<figure class="board"/g)?.length).toBe(examples); // a board per example
    // the statistics embedded in the page are the merged file's
    const embedded = /<script type="application\/json" id="statistics">([^]*?)<\/script>/.exec(html)![1];
    expect(JSON.parse(embedded)).toEqual(r1.json);
  });

  it('writes to stdout and prints the summary on stderr', async () => {
    const r = await runCli(['merge-stats', ...files2]);
    expect(r.code, r.stderr).toBe(0);
    expect(withoutRun(JSON.parse(r.stdout))).toEqual(withoutRun(one));
    expect(r.stderr).toMatch(/^games\s+[\d,]+$/m);
    expect(r.stderr).toContain('per 1000 positions, by speed');
  });

  it('refuses files of another statistics version, naming the file', async () => {
    const v1 = join(tmp, 'v1.json');
    const { version: _v, ...rest } = one;
    writeFileSync(v1, JSON.stringify(rest));
    const v3 = join(tmp, 'v3.json');
    writeFileSync(v3, JSON.stringify({ ...one, version: 3 }));
    const out = join(tmp, 'refused.json');
    writeFileSync(out, 'untouched');
    for (const [file, said] of [
      [v1, 'version 1'],
      [v3, 'version 3'],
    ]) {
      const r = await runCli(['merge-stats', files2[0], file, '-o', out]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(file);
      expect(r.stderr).toContain(said);
      expect(r.stderr).toContain('merges version 2 only');
      expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    }
    expect(readFileSync(out, 'utf8')).toBe('untouched');
  });

  it('refuses what is not a statistics file, an unreadable file, and an output that is an input', async () => {
    const notJson = join(tmp, 'not.json');
    writeFileSync(notJson, '[Event "x"]\n');
    let r = await runCli(['merge-stats', notJson]);
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining(`${notJson} is not a statistics file`)]);
    const noGames = join(tmp, 'nogames.json');
    writeFileSync(noGames, '{"motifs": {}}');
    r = await runCli(['merge-stats', noGames]);
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining('not a pgn-xray statistics file')]);
    const badValue = join(tmp, 'badvalue.json');
    writeFileSync(badValue, JSON.stringify({ ...one, by: { speed: { blitzkrieg: {} } } }));
    r = await runCli(['merge-stats', badValue]);
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining(`${badValue}: by.speed has an unknown key "blitzkrieg"`)]);
    r = await runCli(['merge-stats', join(tmp, 'missing.json')]);
    expect([r.code, r.stderr]).toEqual([1, expect.stringContaining('cannot read')]);
    r = await runCli(['merge-stats', files2[0], files2[1], '-o', files2[1]]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('refusing to write');
    r = await runCli(['merge-stats']);
    expect(r.code).toBe(2);
  });
});
