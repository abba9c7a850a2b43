// npm run memory — bounded memory on a large stream: pipes a generated PGN stream (real games repeated,
// 500 MB by default) into `pgn-xray -` under /usr/bin/time -v and reports the peak RSS (target < 300 MB).
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { readCorpusBytes } from '../helpers/corpus.js';
import { ROOT } from '../helpers/cli.js';

const TARGET_MB = Number(process.env.MEMORY_STREAM_MB ?? 500);
const games = readCorpusBytes('games/lichess-db-2016-05-no-event-tag.pgn.zst');

async function main(): Promise<void> {
  const args = [
    '-v',
    process.execPath,
    resolve(ROOT, 'dist/src/cli.js'),
    '-',
    '-f',
    process.env.MEMORY_FORMAT ?? 'jsonl',
    '-o',
    '/dev/null',
    '-q',
  ];
  const child = spawn('/usr/bin/time', args, { stdio: ['pipe', 'inherit', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (b: Buffer) => {
    stderr += b.toString();
  });
  const t0 = performance.now();
  let sent = 0;
  const chunk = Buffer.from(games.buffer, games.byteOffset, games.byteLength);
  while (sent < TARGET_MB * 1e6) {
    if (!child.stdin.write(chunk)) await new Promise((r) => child.stdin.once('drain', r));
    sent += chunk.length;
  }
  child.stdin.end();
  const code: number = await new Promise((r) => child.on('close', r));
  const s = (performance.now() - t0) / 1000;
  const rssKb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1] ?? NaN);
  console.log(
    `streamed ${(sent / 1e6).toFixed(0)} MB of PGN (${Math.round(sent / games.length)} copies of ${games.length} bytes) in ${s.toFixed(0)} s, exit ${code}`,
  );
  console.log(`peak RSS ${(rssKb / 1024).toFixed(0)} MB (target < 300 MB)`);
  process.exitCode = code === 0 && rssKb / 1024 < 300 ? 0 : 1;
}

await main();
