// Where a worker's time goes per position: one CLI run with V8's sampling profiler (`node --cpu-prof`,
// which also profiles each worker thread into its own file), the worker's samples sorted into the stages
// of the analysis. A sample belongs to the stage of the highest-ranked stage module on its stack (a
// leaf in attacks.ts under the motif scan is motif scan; a position.ts leaf under SAN parsing is SAN),
// so shared helpers (attacks, move generation, bitboards) count for whoever called them. The profiler
// samples wall-clock time: samples taken while the worker waited for a task are left out, and those in
// postMessage (handing the result back) are shown apart: a thread is often preempted right there, as it
// wakes the main thread, so they are mostly time off the CPU (serializing a batch's result measures
// ~0.5 ms of some 3 ms sampled). Shares of the other samples, and ns per position from the worker's CPU
// time in the same run (profiling slows it a little; the shares are what to read). The worker runs its
// bundle: each frame is put back in its module through the bundle's source map.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { num, timedCli, type CliRun } from './measure.js';

/** Stages by rank (first wins), each with the compiled modules (or V8 pseudo-frames) that mark it. */
const STAGES: readonly [string, RegExp][] = [
  ['motif scan', /\/motifs\/(classify|xray|defended)\.js$/],
  ['played tags', /\/motifs\/played\.js$/],
  ['motif filter', /\/motifs\/filter\.js$/],
  ['statistics', /\/(output\/stats|report\/dim-counts|report\/dimensions|analysis\/phase|pipeline\/sinks)\.js$/],
  ['SAN (parse, legality)', /\/core\/san\.js$/],
  ['make move', /\/core\/position\.js$/],
  ['tokenize', /\/pgn\/(movetext|recover)\.js$/],
  ['tags, derived fields', /\/(games\/derived|core\/variant|core\/fen)\.js$/],
  ['replay loop', /\/analysis\/replay\.js$/],
  ['game loop, batch', /\/(analysis\/game|pipeline\/task)\.js$/],
];
const IDLE = /atomicsWaitLoop|\(idle\)/;
const HANDOVER = 'postMessage';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

const maps = new Map<string, SourceMap | null>();

/** The URL of the module a frame's code was written in: through the source map of a bundle's chunk. */
function moduleUrl(frame: ProfileNode['callFrame']): string {
  if (!/\/bundle\/[^/]+\.js$/.test(frame.url)) return frame.url;
  if (!maps.has(frame.url)) {
    const map = `${fileURLToPath(frame.url)}.map`;
    maps.set(frame.url, existsSync(map) ? new SourceMap(JSON.parse(readFileSync(map, 'utf8'))) : null);
  }
  const entry = maps.get(frame.url)?.findEntry(frame.lineNumber, frame.columnNumber);
  const source = entry !== undefined && 'originalSource' in entry ? entry.originalSource : undefined;
  return source === undefined ? frame.url : new URL(source, frame.url).href;
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Microseconds of samples per stage (V8's own frames under their names: GC, program, …). */
function stagesOf(p: CpuProfile): Map<string, number> {
  const parent = new Map<number, number>();
  const byId = new Map<number, ProfileNode>();
  for (const n of p.nodes) {
    byId.set(n.id, n);
    for (const c of n.children ?? []) parent.set(c, n.id);
  }
  const stageOf = new Map<number, string | null>();
  const classify = (leaf: number): string | null => {
    const leafFrame = byId.get(leaf)!.callFrame;
    if (IDLE.test(leafFrame.functionName)) return null;
    let best = STAGES.length;
    for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) {
      const url = moduleUrl(byId.get(id)!.callFrame);
      const k = STAGES.findIndex(([, re]) => re.test(url));
      if (k >= 0 && k < best) best = k;
    }
    if (best < STAGES.length) return STAGES[best][0];
    return leafFrame.url === '' ? leafFrame.functionName : 'node, piscina';
  };
  const out = new Map<string, number>();
  p.samples.forEach((leaf, i) => {
    if (!stageOf.has(leaf)) stageOf.set(leaf, classify(leaf));
    const stage = stageOf.get(leaf);
    if (stage != null) out.set(stage, (out.get(stage) ?? 0) + (p.timeDeltas[i] ?? 0));
  });
  return out;
}

/** Runs the CLI with one worker under the profiler and prints the worker's time by stage. */
export function printProfile(cli: string, file: string): void {
  const dir = mkdtempSync(join(tmpdir(), 'pgn-xray-bench-prof-'));
  let run: CliRun;
  try {
    run = timedCli(cli, [file, '-f', 'none', '-q', '-j', '1'], ['--cpu-prof', '--cpu-prof-dir', dir]);
    // profiles are named CPU.<date>.<time>.<pid>.<thread id>.<seq>.cpuprofile; thread 0 is the main thread,
    // and the worker is the thread that ran the motif scan (a .zst input also has its decoder thread)
    const worker = readdirSync(dir)
      .filter((f) => f.split('.')[4] !== '0')
      .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as CpuProfile)
      .find((p) => p.nodes.some((n) => n.callFrame.functionName === 'scanMotifs'));
    if (worker === undefined) throw new Error('no worker profile written');
    const stages = stagesOf(worker);
    const handover = stages.get(HANDOVER) ?? 0;
    stages.delete(HANDOVER);
    const busy = [...stages.values()].reduce((a, b) => a + b, 0);
    const positions = run.stats.positions;
    const cpu = run.stats.run.threads?.workers[0];
    console.log(`worker time by stage (one profiled -j 1 run, ${num(busy / 1000)} ms of samples while busy, and ${num(handover / 1000)} ms in postMessage apart; ns/position from the worker's CPU time${cpu === undefined ? ', unknown here' : ''}):`);
    for (const [stage, us] of [...stages].sort((a, b) => b[1] - a[1])) {
      const share = us / busy;
      if (share < 0.005) continue;
      const ns = cpu === undefined ? '' : `${num((share * cpu * 1e9) / positions).padStart(5)} ns/position`;
      console.log(`  ${stage.padEnd(26)} ${(share * 100).toFixed(1).padStart(5)}%   ${ns}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
