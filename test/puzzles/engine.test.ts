// UciEngine and EnginePool against the real Stockfish (Debian's /usr/games/stockfish, or `stockfish` on
// the PATH) and against fake engines (test/helpers/fake-uci.ts) that hang, stay silent, crash or print
// junk. Moves and legality are checked with chess.js, apart from our core. A search that must outlast a
// kill starts from the initial position: in a mate the engine reaches its depth limit within milliseconds.
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Chess } from 'chess.js';
import { afterEach, describe, expect, it } from 'vitest';
import { EngineError, UciEngine, type EngineConfig } from '../../src/puzzles/engine.js';
import { EnginePool } from '../../src/puzzles/engine-pool.js';
import { FALLBACK_ENGINE, resolveEngine } from '../../src/puzzles/engine-path.js';
import { UsageError } from '../../src/errors.js';
import { ROOT } from '../helpers/cli.js';
import { stockfishOrSkip } from '../helpers/stockfish.js';
import { tempDir } from '../helpers/temp.js';

const SF = stockfishOrSkip('engine tests');
const FAKE = resolve(ROOT, 'dist/test/helpers/fake-uci.js');
const fake = (mode: string, more: Partial<EngineConfig> = {}): EngineConfig => ({ path: process.execPath, args: [FAKE, mode], ...more });

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const SCHOLAR = 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4';
// lichess puzzle 000hf after its setup move e8f7: White mates in 2 (e2e6 f7f8|f7e8 e6f7)
const MATE_IN_2 = 'r1bq3r/pp1nbkp1/2p1p2p/8/2BP4/1PN3P1/P3QP1P/3R1RK1 w - - 0 20';

/** How to end what a test started, run after each test. */
const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const end of open.splice(0)) await end();
});

async function engine(cfg: EngineConfig): Promise<UciEngine> {
  const e = await UciEngine.start(cfg);
  open.push(() => e.quit());
  return e;
}

async function pool(cfg: EngineConfig & { procs: number }): Promise<EnginePool> {
  const p = await EnginePool.start(cfg);
  open.push(() => p.close());
  return p;
}

function legal(fen: string, uci: string): boolean {
  return new Chess(fen).moves({ verbose: true }).some((m) => m.from + m.to + (m.promotion ?? '') === uci);
}

/** Waits until `f()` is true (polling), at most `ms`. */
async function until(f: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!f()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const withSf = describe.skipIf(SF === null);

withSf('UciEngine with the real Stockfish', () => {
  it('greets, searches the start position, reports nodes and CPU, and quits', async () => {
    const e = await engine({ path: SF!, hashMb: 16 });
    const a = await e.analyse(START, [], { nodes: 20_000, multipv: 1 });
    expect(legal(START, a.bestmove)).toBe(true);
    expect(a.lines).toHaveLength(1);
    // not always the bestmove: a search stopped by its node limit may switch to a move it has only a bound for
    expect(legal(START, a.lines[0].pv[0])).toBe(true);
    expect(a.nodes).toBeGreaterThan(1000);
    expect(a.nodes).toBeLessThan(40_000);
    expect(e.cpuSeconds()).toBeGreaterThanOrEqual(0);
    // the same search again gives the same answer: every search starts from ucinewgame
    expect(await e.analyse(START, [], { nodes: 20_000, multipv: 1 })).toEqual(a);
    const pid = e.pid!;
    await e.quit();
    expect(e.pid).toBeNull();
    expect(existsSync(`/proc/${pid}`)).toBe(false);
  });

  it('gives two lines with multipv 2: the mate in 1 first, then another legal move with a cp score', async () => {
    const e = await engine({ path: SF! });
    const a = await e.analyse(SCHOLAR, [], { nodes: 30_000, multipv: 2 });
    expect(a.bestmove).toBe('h5f7');
    expect(a.lines.map((l) => l.multipv)).toEqual([1, 2]);
    expect(a.lines[0].score).toEqual({ mate: 1 });
    expect(a.lines[1].pv[0]).not.toBe('h5f7');
    expect(legal(SCHOLAR, a.lines[1].pv[0])).toBe(true);
    expect(a.lines[1].score.cp).toBeTypeOf('number');
    // and back to one line
    expect((await e.analyse(SCHOLAR, [], { nodes: 5_000, multipv: 1 })).lines).toHaveLength(1);
  });

  it('scores a mate in 2 as mate 2 for the mating side and mate -1 after the first move for the mated side', async () => {
    const e = await engine({ path: SF! });
    const a = await e.analyse(MATE_IN_2, [], { nodes: 50_000, multipv: 1 });
    expect(a.lines[0].score).toEqual({ mate: 2 });
    expect(a.bestmove).toBe('e2e6');
    const b = await e.analyse(MATE_IN_2, ['e2e6'], { nodes: 20_000, multipv: 2 });
    expect(b.lines.map((l) => l.score)).toEqual([{ mate: -1 }, { mate: -1 }]);
    expect(b.lines.map((l) => l.pv[0]).sort()).toEqual(['f7e8', 'f7f8']);
  });

  it('rejects the pending search with an exit error naming the engine when the process is killed', async () => {
    const e = await engine({ path: SF! });
    const search = e.analyse(START, [], { nodes: 50_000_000, multipv: 2 });
    await new Promise((r) => setTimeout(r, 150));
    process.kill(e.pid!, 'SIGKILL');
    const err = await search.then(
      () => null,
      (x: unknown) => x,
    );
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).failure).toBe('exit');
    expect((err as EngineError).message).toContain(SF!);
    expect((err as EngineError).message).toContain('killed by SIGKILL while analysing');
    expect((err as EngineError).message).not.toContain('\n');
    await expect(e.analyse(SCHOLAR, [], { nodes: 1000, multipv: 1 })).rejects.toThrow(EngineError);
  });
});

withSf('EnginePool with the real Stockfish', () => {
  it('spreads searches over its processes and sums nodes and CPU', async () => {
    const p = await pool({ path: SF!, procs: 2 });
    expect(new Set(p.pids()).size).toBe(2);
    const answers = await Promise.all([SCHOLAR, MATE_IN_2, SCHOLAR].map((f) => p.analyse(f, [], { nodes: 20_000, multipv: 2 })));
    expect(answers.map((a) => a.bestmove)).toEqual(['h5f7', 'e2e6', 'h5f7']);
    const st = p.stats();
    expect(st.searches).toBe(3);
    expect(st.nodes).toBe(answers.reduce((s, a) => s + a.nodes, 0));
    expect(st.restarts).toBe(0);
    expect(st.cpuSeconds).toBeGreaterThan(0);
  });

  it('replaces a killed process and retries its search once', async () => {
    const p = await pool({ path: SF!, procs: 1 });
    const [first] = p.pids();
    const search = p.analyse(START, [], { nodes: 1_000_000, multipv: 1 });
    await new Promise((r) => setTimeout(r, 150));
    process.kill(first, 'SIGKILL');
    const a = await search;
    expect(legal(START, a.bestmove)).toBe(true);
    expect(a.nodes).toBeGreaterThan(500_000);
    expect(p.pids()).toHaveLength(1);
    expect(p.pids()[0]).not.toBe(first);
    expect(p.stats().restarts).toBe(1);
  });

  it('fails a search whose process dies twice, and answers the next one', async () => {
    const p = await pool({ path: SF!, procs: 1 });
    const first = p.pids()[0];
    const search = p.analyse(START, [], { nodes: 50_000_000, multipv: 1 });
    await new Promise((r) => setTimeout(r, 150));
    process.kill(first, 'SIGKILL');
    await until(() => p.pids().length === 1 && p.pids()[0] !== first);
    await new Promise((r) => setTimeout(r, 150));
    process.kill(p.pids()[0], 'SIGKILL');
    await expect(search).rejects.toMatchObject({ name: 'EngineError', failure: 'exit' });
    expect((await p.analyse(SCHOLAR, [], { nodes: 5_000, multipv: 1 })).bestmove).toBe('h5f7');
    expect(p.stats().restarts).toBe(2);
  });
});

describe('fake engines', () => {
  it('kills a hung engine (no bestmove) at its deadline and rejects with a timeout', async () => {
    const e = await engine(fake('hang', { floorMs: 400, msPerNode: 0.001 }));
    const pid = e.pid!;
    const t0 = Date.now();
    const err = await e.analyse(SCHOLAR, [], { nodes: 100, multipv: 1 }).then(
      () => null,
      (x: unknown) => x,
    );
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).failure).toBe('timeout');
    expect((err as EngineError).message).toMatch(
      /did not answer within 0\.4 s while analysing "position fen .*" \(go nodes 100, multipv 1\); killed$/,
    );
    await until(() => !existsSync(`/proc/${pid}`) || e.pid === null);
  });

  it("keeps a deadline past a timer's range (2^31 - 1 ms) rather than killing the engine at once", async () => {
    const e = await engine(fake('slow', { msPerNode: 1e9 })); // 100 nodes: a deadline of 10^11 ms
    const a = await e.analyse(SCHOLAR, [], { nodes: 100, multipv: 1 });
    expect(a.bestmove).toBe('e2e4');
  });

  it('fails a pool search on a hung engine after one retry, without hanging', async () => {
    const p = await pool({ ...fake('hang', { floorMs: 300, msPerNode: 0 }), procs: 1 });
    await expect(p.analyse(SCHOLAR, [], { nodes: 1000, multipv: 2 })).rejects.toMatchObject({ failure: 'timeout' });
    expect(p.stats().restarts).toBe(2);
  });

  it('gives up the engine after procs + 2 failed searches in a row: the waiting and later searches fail at once', async () => {
    const p = await pool({ ...fake('hang', { floorMs: 300, msPerNode: 0 }), procs: 2 });
    const t0 = Date.now();
    const all = await Promise.allSettled(Array.from({ length: 6 }, () => p.analyse(SCHOLAR, [], { nodes: 1000, multipv: 2 })));
    const failures = all.map((r) => (r.status === 'rejected' ? (r.reason as EngineError).failure : 'answered'));
    // two rounds of two processes: the third failure ends a retried search, the fourth gives the engine up
    expect(failures.sort()).toEqual(['gaveUp', 'gaveUp', 'gaveUp', 'gaveUp', 'gaveUp', 'timeout']);
    expect(Date.now() - t0).toBeLessThan(5_000);
    const reason = (all.find((r) => r.status === 'rejected' && r.reason.failure === 'gaveUp') as PromiseRejectedResult)
      .reason as EngineError;
    expect(reason.message).toMatch(
      /^gave up the engine after 4 failed searches in a row: engine .* did not answer within 0\.3 s while analysing .*; killed$/,
    );
    await expect(p.analyse(SCHOLAR, [], { nodes: 1000, multipv: 2 })).rejects.toBe(reason);
  });

  it('gives up an engine that stops answering for good, after answering', async () => {
    const log = join(tempDir('fake-uci'), 'goes.log');
    writeFileSync(log, '');
    process.env.FAKE_UCI_GO_LOG = log;
    try {
      const p = await pool({ path: process.execPath, args: [FAKE, 'flat', '3'], floorMs: 300, msPerNode: 0, procs: 1 });
      const got: string[] = [];
      for (let i = 0; i < 6; i++)
        got.push(
          await p.analyse(SCHOLAR, [], { nodes: 1000, multipv: 2 }).then(
            (a) => a.bestmove,
            (e: EngineError) => e.failure,
          ),
        );
      // the fourth search fails twice (the process and its replacement hang): the third failure gives up
      expect(got).toEqual(['a1a1', 'a1a1', 'a1a1', 'timeout', 'gaveUp', 'gaveUp']);
    } finally {
      delete process.env.FAKE_UCI_GO_LOG;
    }
  });

  it('times out an engine that never says uciok', async () => {
    await expect(UciEngine.start(fake('silent', { handshakeMs: 300 }))).rejects.toMatchObject({
      failure: 'timeout',
      message: expect.stringContaining('while starting (uci → uciok)'),
    });
  });

  it('reports an engine that crashes on go with its exit code and last stderr line', async () => {
    const e = await engine(fake('crash'));
    await expect(e.analyse(SCHOLAR, [], { nodes: 1000, multipv: 1 })).rejects.toMatchObject({
      failure: 'exit',
      message: expect.stringMatching(/exited with code 3 while analysing .*\(stderr: fake-uci: segmentation fault \(pretend\)\)$/),
    });
  });

  it('reads the one good line out of an engine that prints junk around everything', async () => {
    const e = await engine(fake('garbage'));
    const a = await e.analyse(SCHOLAR, [], { nodes: 1000, multipv: 2 });
    expect(a).toEqual({
      lines: [{ multipv: 1, depth: 2, score: { cp: 31 }, pv: ['e2e4', 'e7e5'] }],
      bestmove: 'e2e4',
      nodes: 900,
      settled: 2,
    });
  });
});

describe('engine paths', () => {
  it('gives one-line errors for a missing or non-executable engine', async () => {
    await expect(UciEngine.start({ path: '/nonexistent/stockfish' })).rejects.toMatchObject({
      failure: 'spawn',
      message: 'cannot start engine /nonexistent/stockfish: not found',
    });
    const notExec = resolve(ROOT, 'package.json');
    await expect(UciEngine.start({ path: notExec })).rejects.toMatchObject({ message: `cannot start engine ${notExec}: not executable` });
    expect(() => resolveEngine('/nonexistent/stockfish')).toThrow(new UsageError('--engine /nonexistent/stockfish: not found'));
    expect(() => resolveEngine(notExec)).toThrow(new UsageError(`--engine ${notExec}: not an executable file`));
    expect(() => resolveEngine('no-such-engine-xyz', '/usr/bin')).toThrow(
      new UsageError('--engine no-such-engine-xyz: not found on the PATH'),
    );
  });

  it('knows none, names on the PATH, and falls back to /usr/games', () => {
    expect(resolveEngine('none')).toBeNull();
    expect(resolveEngine('node', resolve(process.execPath, '..'))).toBe(process.execPath);
    if (existsSync(FALLBACK_ENGINE)) expect(resolveEngine(undefined, '/nonexistent')).toBe(FALLBACK_ENGINE);
    else expect(() => resolveEngine(undefined, '/nonexistent')).toThrow(UsageError);
  });
});
