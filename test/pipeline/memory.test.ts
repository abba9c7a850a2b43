// Bounded memory whatever the games: four games just under the default --max-game-bytes each, read with
// 2 threads, peak under 600 MB. The long game is legal and full of motifs (a knight pair shuffling in a
// middlegame: 600,000 plies, every position tagged, 2.2 M JSON Lines records); the other kind is all
// comment. The peak is the process's own figure (getrusage), so the test does not depend on timing.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_GAME_BYTES } from '../../src/pgn/splitter.js';
import { CLI, ROOT } from '../helpers/cli.js';
import { commentGame, shuffleGame } from '../helpers/long-games.js';
import { tempDir } from '../helpers/temp.js';

const BOUND_MB = 600;
const dir = tempDir('memory');

/** Runs the CLI on a file; its exit code and peak resident memory in MB. */
function peak(file: string, args: string[]): Promise<{ code: number | null; mb: number; stderr: string }> {
  const hook = pathToFileURL(resolve(ROOT, 'dist/test/helpers/max-rss.js')).href;
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', hook, CLI, file, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, mb: Number(/max-rss-kb (\d+)/.exec(stderr)?.[1] ?? NaN) / 1024, stderr }));
  });
}

describe(`four games just under --max-game-bytes each, 2 threads: peak RSS under ${BOUND_MB} MB`, () => {
  const size = DEFAULT_MAX_GAME_BYTES - 4096;

  it('long legal games, every position tagged (JSON Lines)', async () => {
    const file = join(dir, 'shuffle.pgn');
    writeFileSync(file, [0, 1, 2, 3].map((k) => shuffleGame(`shuffle ${k}`, size)).join('\n'));
    // --no-tactics: the bound is the output's and the positions' (a verdict keeps nothing per ply), and 2.4 M
    // verdicts would take minutes
    const r = await peak(file, ['-j', '2', '-q', '-o', '/dev/null', '--stats', join(dir, 'shuffle.json'), '--no-tactics']);
    expect(r.code, r.stderr).toBe(0);
    console.log(`4 x ${size} bytes of knight shuffles, JSON Lines: peak RSS ${r.mb.toFixed(0)} MB`);
    expect(r.mb).toBeLessThan(BOUND_MB);
  }, 120_000);

  it('games of one huge comment', async () => {
    const file = join(dir, 'comments.pgn');
    writeFileSync(file, [0, 1, 2, 3].map((k) => commentGame(`comment ${k}`, size)).join('\n'));
    const r = await peak(file, ['-j', '2', '-q', '-o', '/dev/null', '-f', 'pgn']);
    expect(r.code, r.stderr).toBe(0);
    console.log(`4 x ${size} bytes of comment, annotated PGN: peak RSS ${r.mb.toFixed(0)} MB`);
    expect(r.mb).toBeLessThan(BOUND_MB);
  }, 120_000);
});
