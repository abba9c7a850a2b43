// The CPU figures of a run's statistics file ("run": cpu, threads) against what the kernel says from
// outside: GNU time's user + system CPU of the child process, and process.cpuUsage() in this process.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { threadCpu } from '../../src/pipeline/thread-cpu.js';
import { CLI } from '../helpers/cli.js';
import { corpusPath } from '../helpers/corpus.js';
import { tempDir } from '../helpers/temp.js';

const linux = existsSync('/proc/thread-self/schedstat');

describe('CPU time in the statistics file', () => {
  it.runIf(linux)("reads this thread's CPU time in seconds", () => {
    const t0 = threadCpu()!;
    const p0 = process.cpuUsage();
    let x = 0;
    while ((process.cpuUsage(p0).user + process.cpuUsage(p0).system) / 1e6 < 0.1) x += Math.sqrt(x + 1);
    const p = process.cpuUsage(p0);
    const spent = threadCpu()!.seconds - t0.seconds;
    expect(x).toBeGreaterThan(0);
    // this thread did the spinning: most of the process's 0.1 s, never more than the whole process
    expect(spent).toBeGreaterThan(0.05);
    expect(spent).toBeLessThanOrEqual((p.user + p.system) / 1e6 + 0.002);
  });

  it.runIf(existsSync('/usr/bin/time'))('gives the process CPU and, on Linux, the main thread and each worker', () => {
    const dir = tempDir('run-cpu');
    const [stats, times] = [join(dir, 'stats.json'), join(dir, 'time')];
    const r = spawnSync('/usr/bin/time', [
      '-o',
      times,
      '-f',
      '%U %S',
      process.execPath,
      CLI,
      corpusPath('games/mliebelt-32games.pgn'),
      '-f',
      'none',
      '-q',
      '-j',
      '2',
      '--stats',
      stats,
    ]);
    expect(r.status).toBe(0);
    const [user, system] = readFileSync(times, 'utf8').trim().split('\n').at(-1)!.split(' ').map(Number);
    const run = (
      JSON.parse(readFileSync(stats, 'utf8')) as {
        run: { cpu: { user: number; system: number }; threads?: { main: number; workers: number[] } };
      }
    ).run;
    const own = run.cpu.user + run.cpu.system;
    // the file is written before the process ends: a little less than the whole, never more
    expect(own).toBeGreaterThan(0.05);
    expect(own).toBeLessThanOrEqual(user + system + 0.02);
    expect(own).toBeGreaterThan(user + system - 0.15);
    if (!linux) return;
    const { main, workers } = run.threads!;
    // 32 games are one batch: one worker reported
    expect(workers.length).toBe(1);
    expect(main).toBeGreaterThan(0.01);
    expect(workers[0]).toBeGreaterThan(0.01);
    expect(main + workers[0]).toBeLessThanOrEqual(own + 0.002);
  });
});
