// docs/design.md §7, no file is destroyed and output ends at a whole record: an output that is an input is
// refused before anything is read; an output that cannot be opened or written is one line and exit 1;
// a full disk leaves whole records; signals stop the run with whole records and the statistics of what
// was written; too many threads are lowered with a warning; rejected games do not flood stderr.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileWriter } from '../../src/cli/outputs.js';
import { CLI, ROOT, runCli } from '../helpers/cli.js';
import { corpusPath } from '../helpers/corpus.js';
import { random01 } from '../helpers/random.js';
import { tempDir } from '../helpers/temp.js';

const tmp = tempDir('safety');
const SMALL = corpusPath('games/mliebelt-32games.pgn');
const BIG = corpusPath('games/lichess-db-2016-05-no-event-tag.pgn.zst');

/** No stack trace reached the user: one line per message, no "    at " frames. */
function oneLine(stderr: string): void {
  expect(stderr).not.toMatch(/\n\s+at /);
  expect(stderr).not.toMatch(/internal error/);
}

describe('an output that is an input is refused before anything is read', () => {
  for (const flag of ['-o', '--errors', '--stats', '--report']) {
    it(`${flag} naming the input: exit 2, the input unchanged`, async () => {
      const input = join(tmp, `in${flag}.pgn`);
      copyFileSync(SMALL, input);
      const before = readFileSync(input);
      const r = await runCli([input, '-f', 'pgn', flag, input]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`refusing to write ${input}`);
      expect(readFileSync(input).equals(before)).toBe(true);
    });
  }

  it('through a symbolic link or another spelling of the path too', async () => {
    const input = join(tmp, 'linked.pgn');
    copyFileSync(SMALL, input);
    const link = join(tmp, 'link.pgn');
    symlinkSync(input, link);
    const before = readFileSync(input);
    expect((await runCli([input, '-o', link])).code).toBe(2);
    expect((await runCli([link, '-o', join(tmp, '.', 'linked.pgn')])).code).toBe(2);
    expect(readFileSync(input).equals(before)).toBe(true);
  });

  it('two outputs naming one file are refused too', async () => {
    const out = join(tmp, 'twice.jsonl');
    writeFileSync(out, '');
    const r = await runCli([SMALL, '-o', out, '--stats', out]);
    expect(r.code).toBe(2);
  });
});

describe('outputs that cannot be opened or written', () => {
  it('--report in a missing directory: refused before the run, one line naming the file, exit 1', async () => {
    const r = await runCli([SMALL, '-f', 'none', '--report', '/nonexistent/r.html']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('cannot write /nonexistent/r.html');
    expect(r.stderr).not.toContain('positions/s'); // nothing was analysed
    oneLine(r.stderr);
  });

  it('-o in a missing directory: one line naming the file, exit 1', async () => {
    const r = await runCli([SMALL, '-o', '/nonexistent/x.jsonl']);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('/nonexistent/x.jsonl');
    oneLine(r.stderr);
  });

  it('-o /dev/full: one line naming the file and the reason, exit 1', async () => {
    const r = await runCli([SMALL, '-o', '/dev/full', '-q']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/cannot write \/dev\/full: no space left on device/);
    oneLine(r.stderr);
  });

  it('a write that fails half-way leaves the file at the last whole record', async () => {
    const path = join(tmp, 'half.jsonl');
    const real = await open(path, 'w');
    let calls = 0;
    const failing = Object.create(real) as typeof real;
    failing.write = (async (buf: Uint8Array, off: number, len: number, pos: number) => {
      if (++calls === 3) {
        await real.write(buf, off, len >> 1, pos); // a short write, then the disk is full
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      }
      return real.write(buf, off, len, pos);
    }) as typeof real.write;
    failing.truncate = real.truncate.bind(real);
    const w = new FileWriter(path, failing, true);
    await w.write('{"a":1}\n{"a":2}\n');
    await w.write('{"a":3}\n');
    await expect(w.write('{"a":4}\n{"a":5}\n')).rejects.toThrow(`cannot write ${path}: no space left on device (ENOSPC)`);
    await real.close();
    expect(readFileSync(path, 'utf8')).toBe('{"a":1}\n{"a":2}\n{"a":3}\n');
  });

  const mnt = join(tmp, 'tiny');
  mkdirSync(mnt);
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=96k', 'tmpfs', mnt]).status === 0;
  afterAll(() => {
    if (mounted) spawnSync('umount', [mnt]);
  });
  it.skipIf(!mounted)('a real full disk (a 96 KiB tmpfs): exit 1, every line written is whole', async () => {
    const out = join(mnt, 'out.jsonl');
    const r = await runCli([SMALL, '--all-positions', '-o', out, '-q', '--batch-games', '2']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`cannot write ${out}: no space left on device`);
    oneLine(r.stderr);
    const text = readFileSync(out, 'utf8');
    expect(text.length).toBeGreaterThan(0);
    expect(text.endsWith('\n')).toBe(true);
    for (const line of text.trimEnd().split('\n')) JSON.parse(line);
  });
});

describe('signals', () => {
  it('SIGINT / SIGTERM at random moments: exit 130 / 143, whole records, statistics of what was written', async () => {
    const rnd = random01(11);
    const whole = join(tmp, 'sig-whole.json');
    // --no-tactics: the subject is the stop, not the verdicts, which would make each run twenty times longer
    expect((await runCli([BIG, '-f', 'none', '--stats', whole, '-q', '--no-tactics'])).code).toBe(0);
    const allPositions = (JSON.parse(readFileSync(whole, 'utf8')) as { positions: number }).positions;
    for (let trial = 0; trial < 10; trial++) {
      const sig = trial % 2 === 0 ? 'SIGINT' : 'SIGTERM';
      const out = join(tmp, `sig${trial}.jsonl`);
      const stats = join(tmp, `sig${trial}.json`);
      const child = spawn(
        process.execPath,
        [CLI, BIG, '--all-positions', '-o', out, '--stats', stats, '-q', '--batch-games', '20', '--no-tactics'],
        { cwd: ROOT },
      );
      let stderr = '';
      child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
      const [code, killedBy] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => {
        // signal once the run is writing (a loaded machine may take long to start node), then at a random moment
        const delay = Math.floor(rnd() * 1200);
        const poll = setInterval(() => {
          if (existsSync(out) && statSync(out).size > 0) {
            clearInterval(poll);
            setTimeout(() => child.kill(sig), delay);
          }
        }, 20);
        child.on('close', (c, s) => {
          clearInterval(poll);
          resolve([c, s]);
        });
      });
      if (code === 0) continue; // finished before the signal: nothing to check
      const text = readFileSync(out, 'utf8');
      const lines = text === '' ? [] : text.trimEnd().split('\n');
      expect(text === '' || text.endsWith('\n')).toBe(true);
      for (const l of lines) JSON.parse(l);
      const s = JSON.parse(readFileSync(stats, 'utf8')) as { positions: number };
      expect(s.positions).toBe(lines.length); // --all-positions: one line per position counted
      if (code === null) {
        // the signal came as the process exited, once the run had ended and every file was closed: Node has
        // given the signal its default action back by then, which ends the process, and a shell reports 130 /
        // 143 all the same (this test failed so in 1 to 3 of 8 runs here, each time with the whole file written)
        expect(killedBy).toBe(sig);
        expect(lines.length).toBe(allPositions);
        continue;
      }
      expect(code, stderr).toBe(sig === 'SIGINT' ? 130 : 143);
      expect(stderr).toMatch(new RegExp(`interrupted by ${sig} after \\d+ games`));
    }
  });
});

describe('rough edges', () => {
  it('-j 1000 is lowered to twice the cores with a warning', async () => {
    const r = await runCli([SMALL, '-j', '1000', '-f', 'none', '-q']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/-j 1000 is more than this machine can use; using \d+ threads/);
  });

  it('rejected games: a few on stderr and a count, all in --errors; -q prints none', async () => {
    const game = '[Event "x"]\n[Variant "Atomic"]\n\n1. e4 e5 *\n\n';
    const input = join(tmp, 'atomic.pgn');
    writeFileSync(input, game.repeat(20));
    const r = await runCli([input, '-f', 'none', '--no-progress']);
    expect(r.code).toBe(0);
    expect(r.stderr.match(/rejected game \d+/g)).toHaveLength(5);
    expect(r.stderr).toContain('15 more rejected games not shown (use --errors FILE to list them all)');
    const errors = join(tmp, 'atomic-errors.jsonl');
    const q = await runCli([input, '-f', 'none', '-q', '--errors', errors]);
    expect(q.stderr).toBe('');
    expect(readFileSync(errors, 'utf8').trim().split('\n')).toHaveLength(20);
  });

  it('npm pack ships the compiled sources, the workers and their bundle, no tests', () => {
    const r = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' });
    const files = (JSON.parse(r.stdout) as { files: { path: string }[] }[])[0].files.map((f) => f.path);
    expect(files).toContain('dist/src/cli.js');
    expect(files).toContain('dist/workers/analyze.js');
    expect(files).toContain('dist/bundle/analyze.js');
    expect(files.filter((f) => f.startsWith('dist/test/'))).toEqual([]);
  });
});
