// No file is destroyed, whatever fails, and closed pipes are not errors (docs/design.md, errors and exits),
// through the one mechanism every subcommand that writes files goes through (src/cli/outputs.ts):
// two outputs naming one file (existing or not, after links and `.`/`..`) or an output that is the file
// behind standard input are refused (exit 2) before anything is read; a run that cannot open one of its
// outputs leaves every existing output as it was and creates none; a Parquet file cut short is not left
// behind; a closed stdout or stderr ends the run quietly with exit 0, and the statistics then describe
// exactly the games written. Real runs of the CLI on the bundled sample only.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, ROOT, runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

const SAMPLE = join(ROOT, 'fixtures/sample/lichess-2016-05-3000.pgn.zst');
const tmp = tempDir('outputs');
const node = `"${process.execPath}" "${CLI}"`;

/** Runs a shell command line (bash, pipefail), giving its status and output. */
function sh(cmd: string, cwd = tmp): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync('bash', ['-o', 'pipefail', '-c', cmd], { cwd, encoding: 'utf8', maxBuffer: 1 << 28 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The CLI with a file as its stdin or stdout (fd 0 or 1), the other streams captured. */
function withStdio(args: string[], fd: 0 | 1, file: string, flags: string): { status: number | null; stderr: string } {
  const f = openSync(file, flags);
  try {
    const stdio = fd === 0 ? [f, 'pipe', 'pipe'] : ['ignore', f, 'pipe'];
    const r = spawnSync(process.execPath, [CLI, ...args], { cwd: tmp, stdio: stdio as ('pipe' | number)[], encoding: 'utf8' });
    return { status: r.status, stderr: r.stderr };
  } finally {
    closeSync(f);
  }
}

/** A file's content and modification time, to check it was left as it was. */
function snapshot(path: string): { bytes: string; mtime: number } {
  return { bytes: readFileSync(path, 'latin1'), mtime: statSync(path).mtimeMs };
}

/** Files in the directory whose name says they were left half-made (a Parquet file's temporary name). */
function leftovers(dir: string): string[] {
  return readdirSync(dir).filter((f) => f.endsWith('.part'));
}

/** The sample's first games as plain PGN. */
const pgn = join(tmp, 'in.pgn');
writeFileSync(pgn, spawnSync('zstd', ['-dc', SAMPLE], { maxBuffer: 1 << 28 }).stdout.subarray(0, 200_000));
/** A statistics file for merge-stats. */
const stats = join(tmp, 'in.json');
const made = spawnSync(process.execPath, [CLI, pgn, '-f', 'none', '-q', '--stats', stats]);
if (made.status !== 0) throw new Error(`could not make ${stats}: ${made.stderr}`);

describe('two outputs naming one file are refused before anything is read, whether it exists or not', () => {
  const cases: [string, string[]][] = [
    ['-o x --report x', ['-o', 'x', '--report', 'x']],
    ['-o x --stats x', ['-o', 'x', '--stats', 'x']],
    ['--errors x --games ./x', ['--errors', 'x', '--games', './x']],
    ['--stats x --report sub/../x', ['--stats', 'x', '--report', 'sub/../x']],
    ['-o link --stats x, link a dangling link to x', ['-o', 'link', '--stats', 'x']],
  ];
  mkdirSync(join(tmp, 'sub'));
  symlinkSync('x', join(tmp, 'link'));
  for (const [name, args] of cases) {
    it(name, async () => {
      const r = sh(`${node} "${pgn}" ${args.join(' ')}`);
      expect(r.status, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/refusing to write \S+: it is the file of another output, \S+/);
      expect(r.stderr).not.toContain('positions/s'); // nothing was read
      expect(existsSync(join(tmp, 'x'))).toBe(false);
    });
  }

  it('stdout that is a file another output names (--stats FILE > FILE)', () => {
    const out = join(tmp, 'stdout.jsonl');
    writeFileSync(out, 'before\n');
    const r = withStdio([pgn, '--stats', out, '-q'], 1, out, 'a');
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toContain(`refusing to write ${out}: it is the file of another output, standard output`);
    expect(readFileSync(out, 'utf8')).toBe('before\n');
  });

  it('puzzles and merge-stats too', () => {
    const p = sh(`${node} puzzles "${pgn}" --engine none -o x --summary ./x`);
    expect(p.status, p.stderr).toBe(2);
    const m = sh(`${node} merge-stats "${stats}" -o x --report x`);
    expect(m.status, m.stderr).toBe(2);
    expect(existsSync(join(tmp, 'x'))).toBe(false);
  });
});

describe('an output that is the file behind standard input is refused', () => {
  it('pgn-xray - -o in.pgn < in.pgn: exit 2, in.pgn unchanged', () => {
    const before = snapshot(pgn);
    for (const args of [
      ['-', '-o', pgn],
      ['-', '--stats', pgn, '-f', 'none'],
      ['-', '-o', join(tmp, 'sub', '..', 'in.pgn')],
    ]) {
      const r = withStdio(args, 0, pgn, 'r');
      expect(r.status, r.stderr).toBe(2);
      expect(r.stderr).toContain('it is the file behind standard input, an input (-)');
    }
    expect(snapshot(pgn)).toEqual(before);
  });

  it('and so is standard output when it is an input (pgn-xray in.pgn >> in.pgn)', () => {
    const before = snapshot(pgn);
    const r = withStdio([pgn, '-q'], 1, pgn, 'a');
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toContain(`refusing to write standard output: it is the input ${pgn}`);
    expect(snapshot(pgn)).toEqual(before);
  });
});

describe('a run that cannot open one of its outputs leaves every existing output as it was', () => {
  const missing = '/nonexistent/dir/file';

  it('analyze: the existing outputs keep their content, no new one is left', () => {
    const dir = tempDir('outputs-open');
    const old = { out: join(dir, 'out.jsonl'), errors: join(dir, 'errors.jsonl'), pq: join(dir, 'old.parquet') };
    for (const p of Object.values(old)) writeFileSync(p, `the old content of ${p}\n`);
    const before = Object.values(old).map(snapshot);
    const games = join(dir, 'games.jsonl'); // new
    for (const args of [
      ['-o', old.out, '--errors', old.errors, '--games', games, '--stats', missing],
      ['--report', missing, '-o', old.out, '--games', games],
      ['-f', 'parquet', '-o', old.pq, '--errors', old.errors, '--stats', missing],
    ]) {
      const r = sh(`${node} "${SAMPLE}" --no-tactics -q ${args.join(' ')}`);
      expect(r.status, r.stderr).toBe(1);
      expect(r.stderr.trim()).toBe(`pgn-xray: cannot write ${missing}: no such file or directory (ENOENT)`);
    }
    expect(Object.values(old).map(snapshot)).toEqual(before);
    expect(existsSync(games)).toBe(false);
    expect(leftovers(dir)).toEqual([]);
  });

  it('puzzles and merge-stats: the same', () => {
    const dir = tempDir('outputs-open2');
    const out = join(dir, 'puzzles.csv');
    const merged = join(dir, 'merged.json');
    writeFileSync(out, 'old puzzles\n');
    writeFileSync(merged, 'old merge\n');
    const p = sh(`${node} puzzles "${pgn}" --engine none -q -o "${out}" --summary ${missing}`);
    expect(p.status, p.stderr).toBe(1);
    const m = sh(`${node} merge-stats "${stats}" -q -o "${merged}" --report ${missing}`);
    expect(m.status, m.stderr).toBe(1);
    expect(readFileSync(out, 'utf8')).toBe('old puzzles\n');
    expect(readFileSync(merged, 'utf8')).toBe('old merge\n');
  });
});

describe('a Parquet file cut short is not left behind as if whole', () => {
  /** The CLI writing Parquet with files limited to 200 KiB (ulimit -f: a full disk for this process alone). */
  function limited(out: string): { status: number | null; stderr: string } {
    return sh(`ulimit -f 200; ${node} "${SAMPLE}" --no-tactics -f parquet -o "${out}" -q`);
  }

  it('a new file: not created; one line says why; no temporary file left', () => {
    const dir = tempDir('outputs-cut');
    const out = join(dir, 'cut.parquet');
    const r = limited(out);
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe(
      `pgn-xray: cannot write ${out}: file too large (EFBIG); nothing written under that name: the file was cut short and would not read back`,
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it('an existing file: left as it was', () => {
    const dir = tempDir('outputs-cut2');
    const out = join(dir, 'old.parquet');
    writeFileSync(out, 'an earlier file\n');
    const before = snapshot(out);
    const r = limited(out);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('(the file there before is left as it was)');
    expect(snapshot(out)).toEqual(before);
    expect(leftovers(dir)).toEqual([]);
  });

  /** Mounts a tmpfs of this size on a new directory, or gives null where mounting is not allowed. */
  function tinyDisk(size: string): string | null {
    const mnt = join(tmp, `disk-${size}`);
    mkdirSync(mnt, { recursive: true });
    return spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', mnt]).status === 0 ? mnt : null;
  }
  const probe = tinyDisk('16k');
  if (probe !== null) spawnSync('umount', [probe]);
  it.skipIf(probe === null)('a real full disk (a 256 KiB tmpfs): no file, exit 1', async () => {
    const mnt = tinyDisk('256k')!;
    try {
      const out = join(mnt, 'full.parquet');
      const r = await runCli([SAMPLE, '--no-tactics', '-f', 'parquet', '-o', out, '-q']);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`cannot write ${out}: no space left on device (ENOSPC); nothing written under that name`);
      expect(readdirSync(mnt)).toEqual([]);
    } finally {
      spawnSync('umount', [mnt]);
    }
  });
});

describe('closed pipes are not errors', () => {
  it('pgn-xray FILE 2>&1 | head -1: quiet, exit 0', () => {
    const r = sh(`${node} "${SAMPLE}" --no-tactics 2>&1 | head -1`);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.split('\n')).toHaveLength(2);
    JSON.parse(r.stdout);
  });

  it('a closed stderr stops the run with exit 0; the output ends at a whole record and the statistics count it exactly', async () => {
    const dir = tempDir('outputs-stderr');
    const out = join(dir, 'out.jsonl');
    const st = join(dir, 'stats.json');
    // --progress: a bar on stderr, drawn five times a second, whose reader goes away once records are written
    const child = spawn(
      process.execPath,
      [CLI, SAMPLE, '--no-tactics', '--all-positions', '--progress', '-o', out, '--stats', st, '--batch-games', '20'],
      {
        cwd: ROOT,
      },
    );
    child.stderr.resume();
    const poll = setInterval(() => {
      if (existsSync(out) && statSync(out).size > 0) {
        clearInterval(poll);
        child.stderr.destroy();
      }
    }, 10);
    const code = await new Promise<number | null>((done) => child.on('close', (c) => done(c)));
    clearInterval(poll);
    expect(code).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const lines = text.trimEnd().split('\n');
    for (const l of lines) JSON.parse(l);
    const s = JSON.parse(readFileSync(st, 'utf8')) as { positions: number; games: number };
    expect(s.positions).toBe(lines.length); // --all-positions: one line per position counted
    expect(s.games).toBeGreaterThan(0);
  });

  it('after | head, the statistics and the summary describe the games written, never zero', () => {
    const dir = tempDir('outputs-head');
    // every game's positions, from a whole run's games table (a game has its plies + 1 positions)
    const full = join(dir, 'full.games.jsonl');
    expect(sh(`${node} "${SAMPLE}" --no-tactics -f none -q --games "${full}"`).status).toBe(0);
    const plies = readFileSync(full, 'utf8')
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { plies: number }).plies);
    const st = join(dir, 'stats.json');
    const games = join(dir, 'games.jsonl');
    const r = sh(
      `${node} "${SAMPLE}" --no-tactics --all-positions --batch-games 50 --stats "${st}" --games "${games}" 2>"${dir}/err" | head -c 100000 > "${dir}/head.out"`,
    );
    expect(r.status, r.stderr).toBe(0);
    const s = JSON.parse(readFileSync(st, 'utf8')) as { games: number; positions: number; rejected: number };
    expect(s.games).toBeGreaterThan(0);
    expect(s.games).toBeLessThan(plies.length); // the run stopped
    // exactly the games of the batches written: whole games from the first, and every output agrees
    expect(s.positions).toBe(plies.slice(0, s.games).reduce((n, p) => n + p + 1, 0));
    expect(readFileSync(games, 'utf8').trim().split('\n')).toHaveLength(s.games + s.rejected);
    const read = readFileSync(join(dir, 'head.out'), 'utf8').split('\n').slice(0, -1); // whole lines the reader got
    expect(read.length).toBeGreaterThan(0);
    expect(read.length).toBeLessThanOrEqual(s.positions);
    expect((JSON.parse(read.at(-1)!) as { game: number }).game).toBeLessThanOrEqual(s.games);
    const summary = readFileSync(join(dir, 'err'), 'utf8');
    expect(summary).toMatch(new RegExp(`^games +${s.games.toLocaleString('en')}$`, 'm'));
  });
});

describe('streams as outputs still work', () => {
  it('a FIFO as -o, and /dev/stdout as --stats', () => {
    const fifo = join(tmp, 'fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const r = sh(`cat "${fifo}" > fifo.out & ${node} "${pgn}" -q -o "${fifo}"; wait`);
    expect(r.status, r.stderr).toBe(0);
    const direct = sh(`${node} "${pgn}" -q`);
    expect(readFileSync(join(tmp, 'fifo.out'), 'utf8')).toBe(direct.stdout);
    const s = sh(`${node} "${pgn}" -f none -q --stats /dev/stdout | cat`);
    expect(s.status, s.stderr).toBe(0);
    expect((JSON.parse(s.stdout) as { games: number }).games).toBeGreaterThan(0);
  });
});
