// Measures zstd decoding on the corpus's big .zst files:
//   readInput             - what the pipeline uses: libzstd (zstd-napi's binding) in this thread;
//   ref: zstd -dc, piped  - the system binary fed the file through a pipe (the decoder 'auto' used to pick);
//   ref: zstd -dc FILE    - the system binary reading the file itself;
//   ref: fzstd streaming  - the pure-JS decoder used before (without the checksum code we carried).
// MB/s is of decompressed output; "main CPU" is this process's CPU time (user+sys) per decompressed MB:
// what the decoder takes from the main thread, which also runs the splitter (the binary's own CPU is
// not in it).
//   npx tsc -p tsconfig.json && node dist/test/tools/zstd-compare.js [FILE.zst ...] [--runs N]
// Peak RSS is the whole process's (node itself is ~45 MB); the system decoder's own memory is not in it.
import { spawn } from 'node:child_process';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Decompress } from 'fzstd';
import { readInput } from '../../src/input/source.js';

const here = dirname(fileURLToPath(import.meta.url));
// dist/test/tools -> repo root -> ../shared/corpus
const corpus = resolve(here, '../../../../shared/corpus/games');
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 3;
const named = args.indexOf('--one') >= 0 ? [] : args.filter((a, i) => !a.startsWith('--') && (runsAt < 0 || i !== runsAt + 1));
const files =
  named.length > 0 ? named : ['lichess-jishanshaikh4.pgn.zst', 'lichess-DrNykterstein-DrDrunkenstein.pgn.zst'].map((f) => join(corpus, f));

interface Run {
  bytes: number;
  ms: number;
  cpuMs: number;
  peakRssMB: number;
  chunks: number;
}

function cpuMs(u: NodeJS.CpuUsage): number {
  return (u.user + u.system) / 1000;
}

async function timed(body: (count: (n: number) => void) => Promise<void>): Promise<Run> {
  global.gc?.();
  let bytes = 0;
  let chunks = 0;
  let peak = process.memoryUsage.rss();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await body((n) => {
    bytes += n;
    chunks++;
    if ((chunks & 63) === 0) peak = Math.max(peak, process.memoryUsage.rss());
  });
  const ms = performance.now() - t0;
  const cpu = cpuMs(process.cpuUsage(c0));
  peak = Math.max(peak, process.memoryUsage.rss());
  return { bytes, ms, cpuMs: cpu, peakRssMB: peak / 2 ** 20, chunks };
}

const zstdBin =
  (process.env.PATH ?? '')
    .split(':')
    .map((d) => join(d, 'zstd'))
    .find((p) => p !== 'zstd' && existsSync(p)) ?? null;

const methods: Record<string, (file: string) => Promise<Run>> = {
  readInput: (file) =>
    timed(async (count) => {
      for await (const c of readInput(file)) count(c.length);
    }),
  'ref: zstd -dc, piped': (file) =>
    timed(async (count) => {
      const child = spawn(zstdBin!, ['-dcq'], { stdio: ['pipe', 'pipe', 'inherit'] });
      createReadStream(file).pipe(child.stdin);
      for await (const c of child.stdout as AsyncIterable<Buffer>) count(c.length);
    }),
  'ref: zstd -dc FILE': (file) =>
    timed(async (count) => {
      const child = spawn(zstdBin!, ['-dcq', file], { stdio: ['ignore', 'pipe', 'inherit'] });
      for await (const c of child.stdout as AsyncIterable<Buffer>) count(c.length);
    }),
  'ref: fzstd streaming': (file) =>
    timed(async (count) => {
      const d = new Decompress((b) => count(b.length));
      for await (const c of createReadStream(file, { highWaterMark: 1 << 18 }) as AsyncIterable<Buffer>) d.push(c);
      d.push(new Uint8Array(0), true);
    }),
};

const hasSystem = zstdBin !== null;
const one = args.indexOf('--one');
if (one >= 0) {
  // child mode: one decoder on one file, so peak RSS is this decoder's alone
  const r = await methods[args[one + 1]](args[one + 2]);
  process.stdout.write(JSON.stringify(r));
} else {
  console.log(`node ${process.version}, zstd binary: ${zstdBin ?? 'none'}, best of ${runs} runs, each run in a fresh process`);
  console.log('| file | compressed MB | decoder | decompressed MB | MB/s | main CPU ms/MB | peak RSS MB |');
  console.log('|---|---|---|---|---|---|---|');
  const script = fileURLToPath(import.meta.url);
  for (const file of files) {
    const size = statSync(file).size;
    for (const name of Object.keys(methods)) {
      if (!hasSystem && name.includes('zstd -dc')) continue;
      let best: Run | null = null;
      for (let i = 0; i < runs; i++) {
        const child = spawn(process.execPath, [script, '--one', name, file], { stdio: ['ignore', 'pipe', 'inherit'] });
        let out = '';
        for await (const c of child.stdout as AsyncIterable<Buffer>) out += c.toString();
        const r = JSON.parse(out) as Run;
        if (best === null || r.ms < best.ms) best = r;
      }
      const b = best!;
      const mb = b.bytes / 1e6;
      console.log(
        `| ${basename(file)} | ${(size / 1e6).toFixed(1)} | ${name} | ${mb.toFixed(1)} | ${(mb / (b.ms / 1000)).toFixed(0)} | ${(b.cpuMs / mb).toFixed(2)} | ${b.peakRssMB.toFixed(0)} |`,
      );
    }
  }
}
