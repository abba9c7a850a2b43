// docs/design.md §7, damaged input: a .gz or .zst cut anywhere gives every game decoded before the damage,
// written exactly as an undamaged run writes it; the game cut by the damage is rejected (incomplete),
// never written shortened; the damage is one line naming the file and the byte offset; exit 1. An input
// that is not PGN text is reported once, not echoed.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { corpusPath, readCorpusBytes, splitGames } from '../helpers/corpus.js';
import { tempDir } from '../helpers/temp.js';

const tmp = tempDir('damage');
const FILE = 'games/lichess-db-2017-05-no-event-tag-clocks.pgn';
const raw = readCorpusBytes(FILE);
const games = splitGames(raw);

/** What an independent decoder gets out of the damaged bytes before it fails. */
function decodedPrefix(kind: 'gz' | 'zst', cut: Uint8Array): number {
  if (kind === 'gz') {
    try {
      return gunzipSync(cut, { finishFlush: constants.Z_SYNC_FLUSH }).length;
    } catch {
      return 0;
    }
  }
  return spawnSync('zstd', ['-dc'], { input: cut, maxBuffer: 1 << 28 }).stdout.length;
}

async function clean(): Promise<string[]> {
  const r = await runCli([corpusPath(FILE), '--no-tactics', '--all-positions', '-q']);
  return r.stdout.trimEnd().split('\n');
}

describe('truncated compressed input', () => {
  const compressed: Record<'gz' | 'zst', Uint8Array> = {
    gz: gzipSync(raw),
    zst: new Uint8Array(spawnSync('zstd', ['-3', '-c', '--no-progress'], { input: raw, maxBuffer: 1 << 28 }).stdout),
  };
  for (const kind of ['gz', 'zst'] as const) {
    it(`a .${kind} cut at 10 points: every game before the damage, the cut one rejected, one line, exit 1`, async () => {
      const full = await clean();
      const byGame = new Map<number, number>();
      for (const l of full) {
        const g = (JSON.parse(l) as { game: number }).game;
        byGame.set(g, (byGame.get(g) ?? 0) + 1);
      }
      const data = compressed[kind];
      for (let k = 1; k <= 10; k++) {
        const at = Math.floor((data.length * k) / 11);
        const path = join(tmp, `cut${k}.pgn.${kind}`);
        const cut = data.subarray(0, at);
        writeFileSync(path, cut);
        const errors = join(tmp, `cut${k}.${kind}.errors`);
        const r = await runCli([path, '--no-tactics', '--all-positions', '-q', '--errors', errors]);
        expect(r.code, r.stderr).toBe(1);
        const lines = r.stderr.trim().split('\n');
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(new RegExp(`${path.replace(/[.]/g, '\\.')}.*byte \\d+`));
        // every game wholly decoded by an independent decoder is written, as the undamaged run writes it
        const prefix = decodedPrefix(kind, cut);
        const whole = games.filter((g) => g.offset + g.bytes.length <= prefix).length;
        let expectedLines = 0;
        for (let g = 1; g <= whole; g++) expectedLines += byGame.get(g) ?? 0;
        const got = r.stdout === '' ? [] : r.stdout.trimEnd().split('\n');
        expect(got.length, `cut ${k}: ${whole} whole games decoded`).toBeGreaterThanOrEqual(expectedLines);
        expect(got).toEqual(full.slice(0, got.length));
        // the game cut by the damage is rejected, not written shortened
        const lastGame = got.length === 0 ? 0 : (JSON.parse(got[got.length - 1]) as { game: number }).game;
        expect(got.length).toBe([...byGame.entries()].filter(([g]) => g <= lastGame).reduce((n, [, c]) => n + c, 0));
        const rejected = readFileSync(errors, 'utf8')
          .trim()
          .split('\n')
          .filter((l) => l !== '')
          .map((l) => JSON.parse(l) as { kind: string; game: number });
        expect(rejected.every((e) => e.kind === 'incomplete' && e.game === lastGame + 1)).toBe(true);
      }
    });
  }
});

describe('input that is not PGN text', () => {
  it('/bin/ls: one line, nothing echoed, exit 1', async () => {
    const r = await runCli(['/bin/ls', '-q']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/\/bin\/ls: not PGN text/);
  });

  it('a gzip of a binary file, then a good input: the good one is analysed', async () => {
    const bin = join(tmp, 'ls.pgn.gz');
    writeFileSync(bin, gzipSync(readFileSync('/bin/ls')));
    const r = await runCli([bin, corpusPath('games/mliebelt-32games.pgn'), '-q', '-f', 'none', '--stats', join(tmp, 's.json')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/ls\.pgn\.gz: not PGN text/);
    expect((JSON.parse(readFileSync(join(tmp, 's.json'), 'utf8')) as { games: number }).games).toBe(32);
  });
});
