// Where a worker's time goes per position: CLI runs with V8's sampling profiler (`node --cpu-prof`,
// which also profiles each worker thread into its own file), the worker's samples sorted into the stages
// of the analysis. A sample belongs to the stage of the highest-ranked stage module on its stack (a
// leaf in attacks.ts under the motif scan is motif scan; a position.ts leaf under SAN parsing is SAN),
// so shared helpers (attacks, move generation, bitboards) count for whoever called them. The profiler
// samples wall-clock time: samples taken while the worker waited for a task are left out, and those in
// postMessage (handing the result back) are shown apart: a thread is often preempted right there, as it
// wakes the main thread, so they are mostly time off the CPU (serializing a batch's result measures
// ~0.5 ms of some 3 ms sampled). Shares of the other samples, and ns per position from the worker's CPU
// time in the same run (profiling slows it a little; the shares are what to read). The worker runs its
// bundle: each frame is put back in its module through the bundle's source map. The motif scan's and the
// JSONL formatting's targets are read here: their cost where they run, on positions hot in the worker's
// caches, as no harness holding captured positions in memory can time them.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { show, spread, timedCli, type CliRun, type Spread } from './measure.js';

/** Stages by rank (first wins), each with the compiled modules (or V8 pseudo-frames) that mark it. */
const STAGES: readonly [string, RegExp][] = [
  ['JSONL formatting', /\/output\/(jsonl|lines)\.js$/],
  // the verdicts (src/tactics), their WebAssembly search under search.js: the gate, the themes of the lines
  // written, the rest (the judge: baseline, searches, the move played) as the search
  ['tactic gate', /\/tactics\/gate(-position)?\.js$/],
  ['tactic themes', /\/(tactics\/themes|puzzles\/(line|motif-themes|threats|themes))\.js$/],
  ['tactic search', /\/(tactics\/(search|engine|verdict)|puzzles\/search)\.js$/],
  // WebAssembly frames (the scan's, the tokenizer's) go to the stage of their caller on the stack: classify.js, movetext.js
  ['motif scan', /\/motifs\/(classify|defended)\.js$/],
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
const FORMATTING = STAGES[0][0];
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

/** A worker's samples by stage in one profiled CLI run (-j 1), the time in postMessage apart. */
interface WorkerProfile {
  run: CliRun;
  /** Microseconds of samples by stage while busy, postMessage left out. */
  stages: Map<string, number>;
  busy: number;
  handover: number;
}

/** Runs the CLI with one worker under the profiler and sorts the worker's samples into stages. */
function profileWorker(cli: string, args: readonly string[]): WorkerProfile {
  const dir = mkdtempSync(join(tmpdir(), 'pgn-xray-bench-prof-'));
  try {
    const run = timedCli(cli, [...args, '-q', '-j', '1'], ['--cpu-prof', '--cpu-prof-dir', dir]);
    // profiles are named CPU.<date>.<time>.<pid>.<thread id>.<seq>.cpuprofile; thread 0 is the main thread,
    // and the worker is the thread that ran the motif scan (a .zst input also has its decoder thread)
    const worker = readdirSync(dir)
      .filter((f) => f.split('.')[4] !== '0')
      .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as CpuProfile)
      .find((p) => p.nodes.some((n) => n.callFrame.functionName === 'scanMotifs' || n.callFrame.url.startsWith('wasm://')));
    if (worker === undefined) throw new Error('no worker profile written');
    const stages = stagesOf(worker);
    const handover = stages.get(HANDOVER) ?? 0;
    stages.delete(HANDOVER);
    return { run, stages, busy: [...stages.values()].reduce((a, b) => a + b, 0), handover };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The worker's CPU seconds in a profiled run, where the run knows them. */
function workerCpu(p: WorkerProfile): number | undefined {
  return p.run.stats.run.threads?.workers[0];
}

/**
 * Runs the CLI with one worker under the profiler (-f none, and `extra`), `runs` times, and prints the
 * worker's time by stage: ns/position from each run's share of the samples and the worker's CPU time,
 * median (min–max) over the runs. Returns those figures by stage.
 */
export function printProfile(cli: string, file: string, runs: number, extra: readonly string[] = []): Map<string, Spread> {
  const profiles = Array.from({ length: runs }, () => profileWorker(cli, [file, '-f', 'none', ...extra]));
  const byStage = new Map<string, number[]>();
  for (const p of profiles) {
    const cpu = workerCpu(p) ?? NaN;
    for (const [stage, us] of p.stages)
      byStage.set(stage, [...(byStage.get(stage) ?? []), ((us / p.busy) * cpu * 1e9) / p.run.stats.positions]);
  }
  const total = spread(profiles.map((p) => ((workerCpu(p) ?? NaN) * 1e9) / p.run.stats.positions));
  const figures = new Map([...byStage].map(([stage, ns]) => [stage, spread([...ns, ...Array<number>(runs - ns.length).fill(0)])]));
  console.log(
    `worker time by stage (${runs} profiled -f none ${extra.join(' ')} -j 1 runs; ns/position from each run's share of the samples while busy, postMessage left out, and the worker's CPU time, ${show(total)} ns/position in all):`,
  );
  for (const [stage, ns] of [...figures].sort((x, y) => y[1].median - x[1].median)) {
    if (ns.median < total.median * 0.005) continue;
    console.log(
      `  ${stage.padEnd(26)} ${((ns.median / total.median) * 100).toFixed(1).padStart(5)}%   ${show(ns).padStart(16)} ns/position`,
    );
  }
  return figures;
}

/**
 * JSONL formatting as a worker does it, per tagged position (a line): the formatting stage's share of the
 * worker's samples in a profiled `-f jsonl` run, times the worker's CPU time, over the lines written.
 * Timed on positions the worker has just scanned, hot in its caches, as every line is made: the same
 * formatter on captured positions (the in-process figure) reads each one cold from memory, which costs it
 * more than the formatting (the FEN alone: about 75 ns hot, 280–350 ns cold). NaN where the run does not
 * know its threads' CPU.
 */
export function jsonlInWorker(cli: string, file: string, out: string): number {
  const p = profileWorker(cli, [file, '-f', 'jsonl', '--no-tactics', '-o', out]); // the motif lines' formatting: a verdict's themes would count in it
  const cpu = workerCpu(p) ?? NaN;
  return p.run.stats.taggedPositions / ((cpu * (p.stages.get(FORMATTING) ?? 0)) / p.busy);
}
