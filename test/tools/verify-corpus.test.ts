// `npm run verify:corpus` compares corpus games on our core and on chess.js. It once ran with no attack
// tables in its threads: every game failed at its first position, each counted as "refused by both", and
// it printed 0 disagreements and exited 0 having compared nothing. Here it must compare real games.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';

function verify(...files: string[]): { status: number | null; stdout: string } {
  const args = [resolve(ROOT, 'dist/test/tools/verify-corpus.js'), '-j', '2', ...files.flatMap((f) => ['--file', f])];
  const r = spawnSync(process.execPath, args, { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout };
}

describe('npm run verify:corpus', () => {
  it('replays every game of the files asked for, in two threads, and finds no disagreement', () => {
    const r = verify('games/mliebelt-32games.pgn', 'games/pgnmentor-style-Fischer.pgn');
    expect(r.stdout).toMatch(/^games\/mliebelt-32games\.pgn: 32 games, [1-9]\d* plies, 0 disagreements, 0 refused by both/m);
    expect(r.stdout).toMatch(/TOTAL: (\d{3,}) standard games, \d+ plies, 0 disagreements, 0 games refused by both/);
    expect(r.status).toBe(0);
  });

  it('fails when it compared no game at all (here: every game is Chess960)', () => {
    const r = verify('excerpts/lichess-jishanshaikh4-chess960.pgn.zst');
    expect(r.stdout).toMatch(/TOTAL: 0 standard games/);
    expect(r.status).toBe(1);
  });
});
