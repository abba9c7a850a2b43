// The README's multi-machine route, run for real: GNU parallel drives pgn-xray on other hosts over ssh
// (`-S`, `--transferfile`, `--return`, `--cleanup`) on shards of the sample, and merge-stats of the
// statistics it brought back equals one run's (the `run` key aside). The README's ```sh block that
// calls `parallel -S` runs as written. The hosts are two names, host1 and host2, for an ssh server this
// test starts on this machine: a free port, its own host key and authorized key in a temporary folder,
// and `pgn-xray` on the PATH of its sessions. Its sessions get a home folder of their own; there
// `npm install -g` would have put pgn-xray, here a two-line script calls the clone's build. GNU parallel
// reaches the hosts through PARALLEL_SSH (an ssh config naming them), as a user's ~/.ssh/config would.
// Skipped, saying so, when sshd, ssh, rsync, GNU parallel or zstd is not installed.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, ROOT } from '../helpers/cli.js';
import { filesUnder } from '../helpers/corpus.js';
import { isMultiMachine, readmeShellBlocks } from '../helpers/readme.js';

const SSHD = '/usr/sbin/sshd';

function onPath(cmd: string): boolean {
  return cmd.startsWith('/') ? existsSync(cmd) : spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
}

const missing = [SSHD, 'ssh', 'ssh-keygen', 'rsync', 'parallel', 'zstd'].filter((c) => !onPath(c));
if (missing.length > 0)
  console.warn(`multi-machine test SKIPPED: ${missing.join(', ')} not installed (Debian: openssh-server, rsync, parallel, zstd)`);

/** A TCP port no one listens on now. */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

function run(
  cmd: string,
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(cmd, args, { encoding: 'utf8', timeout: 60_000, ...opts });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Runs a bash script in its own process group, which a timeout ends whole (GNU parallel's ssh and rsync included). */
function runScript(script: string, cwd: string, env: NodeJS.ProcessEnv, ms: number): Promise<{ status: number | null; stderr: string }> {
  return new Promise((done) => {
    const child = spawn('bash', ['-e', '-o', 'pipefail', '-c', script], { cwd, env, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGTERM'), ms);
    child.on('close', (status) => {
      clearTimeout(timer);
      done({ status, stderr });
    });
  });
}

/** The statistics of a file without its `run` key, which says how, where and when the file was written. */
function statsOf(path: string): Record<string, unknown> {
  const { run: _run, ...rest } = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  return rest;
}

describe.skipIf(missing.length > 0)('pgn-xray on other machines: GNU parallel over ssh', () => {
  const block = readmeShellBlocks().find(isMultiMachine);
  let keys: string;
  let work: string;
  let sshd: ChildProcess | undefined;
  let env: NodeJS.ProcessEnv;
  const sshdLog = (): string => (existsSync(join(keys, 'sshd.log')) ? readFileSync(join(keys, 'sshd.log'), 'utf8') : '');

  beforeAll(async () => {
    keys = mkdtempSync(join(tmpdir(), 'pgn-xray-ssh-'));
    const home = join(keys, 'home'); // the hosts' home folder
    const bin = join(keys, 'bin'); // pgn-xray on the hosts' PATH
    mkdirSync(home);
    mkdirSync(bin);
    writeFileSync(join(bin, 'pgn-xray'), `#!/bin/sh\nexec '${process.execPath}' '${CLI}' "$@"\n`);
    chmodSync(join(bin, 'pgn-xray'), 0o755);
    for (const key of ['host', 'user']) expect(run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(keys, key)]).status).toBe(0);
    writeFileSync(join(keys, 'authorized_keys'), readFileSync(join(keys, 'user.pub')), { mode: 0o600 });
    const port = await freePort();
    const path = `${bin}:/usr/local/bin:/usr/bin:/bin:${resolve(process.execPath, '..')}`;
    writeFileSync(
      join(keys, 'sshd_config'),
      [
        `Port ${port}`,
        'ListenAddress 127.0.0.1',
        `HostKey ${join(keys, 'host')}`,
        `AuthorizedKeysFile ${join(keys, 'authorized_keys')}`,
        `PidFile ${join(keys, 'sshd.pid')}`,
        'UsePAM no',
        'StrictModes no',
        'PasswordAuthentication no',
        'KbdInteractiveAuthentication no',
        'PermitRootLogin prohibit-password',
        `SetEnv PATH=${path} HOME=${home}`,
        '',
      ].join('\n'),
    );
    writeFileSync(join(keys, 'known_hosts'), `[127.0.0.1]:${port} ${readFileSync(join(keys, 'host.pub'), 'utf8')}`);
    writeFileSync(
      join(keys, 'ssh_config'),
      [
        'Host host1 host2',
        '  HostName 127.0.0.1',
        `  Port ${port}`,
        `  User ${userInfo().username}`,
        `  IdentityFile ${join(keys, 'user')}`,
        '  IdentitiesOnly yes',
        `  UserKnownHostsFile ${join(keys, 'known_hosts')}`,
        '  StrictHostKeyChecking yes',
        '  BatchMode yes',
        '  LogLevel ERROR',
        '',
      ].join('\n'),
    );
    // sshd started by root wants its privilege separation folder, which Debian's service makes at boot
    if (process.getuid?.() === 0) mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
    // its log to a file: a pipe nobody reads while a test waits would fill, and sshd would stop in its write
    sshd = spawn(SSHD, ['-D', '-E', join(keys, 'sshd.log'), '-f', join(keys, 'sshd_config')], { stdio: 'ignore' });
    const ssh = ['-F', join(keys, 'ssh_config')];
    let up = false;
    for (let i = 0; i < 100 && !up; i++) {
      up = run('ssh', [...ssh, 'host1', 'true']).status === 0;
      if (!up) await new Promise((r) => setTimeout(r, 100));
    }
    expect(up, `sshd did not answer: ${sshdLog()}`).toBe(true);
    env = { ...process.env, PARALLEL_SSH: `ssh ${ssh.join(' ')}`, PARALLEL_HOME: join(keys, 'parallel') };
    // the block runs in the clone (its fixtures, its ./pgn-xray launcher): a scratch folder in dist/ with links
    mkdirSync(resolve(ROOT, 'dist'), { recursive: true });
    work = mkdtempSync(resolve(ROOT, 'dist/multi-machine-'));
    for (const name of ['fixtures', 'pgn-xray']) symlinkSync(resolve(ROOT, name), join(work, name));
  }, 60_000);

  afterAll(() => {
    sshd?.kill('SIGTERM');
    for (const dir of [work, keys]) if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it('the hosts run pgn-xray from their PATH, in their own home folder', () => {
    const r = run('ssh', ['-F', join(keys, 'ssh_config'), 'host2', 'cd && pwd && pgn-xray --version'], { env });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${join(keys, 'home')}\npgn-xray ${JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')).version}\n`);
  });

  it("runs the README's block as written: the statistics brought back from the hosts add up to one run's", async () => {
    expect(block, 'the README has a ```sh block calling parallel -S').toBeDefined();
    const script = block!.join('\n');
    expect(script).toMatch(/--transferfile big\.pgn --return s\{\}\.json --cleanup pgn-xray big\.pgn --shard \{\}\/8/);
    const r = await runScript(script, work, env, 280_000);
    expect(r.status, `${r.stderr}\nsshd: ${sshdLog()}`).toBe(0);
    const returned = Array.from({ length: 8 }, (_, i) => join(work, `s${i + 1}.json`));
    for (const s of returned) expect(existsSync(s), s).toBe(true);
    // the same statistics from one run over the whole file, here
    const one = run(process.execPath, [CLI, 'big.pgn', '-f', 'none', '-q', '--stats', 'one.json'], { cwd: work });
    expect(one.status, one.stderr).toBe(0);
    const whole = statsOf(join(work, 'one.json'));
    expect(whole.games).toBe(3000);
    expect(statsOf(join(work, 'all.json'))).toEqual(whole);
    // every shard did some of the work, and --cleanup left no copy of the file on the hosts
    for (const s of returned) expect((statsOf(s).games as number) > 0, s).toBe(true);
    expect(filesUnder(join(keys, 'home')).filter((p) => p.endsWith('big.pgn'))).toEqual([]);
  }, 300_000);
});
