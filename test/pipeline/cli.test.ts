import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { corpusPath } from '../helpers/corpus.js';
import { CLI, runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

const FISCHER = corpusPath('games/pgnmentor-style-Fischer.pgn');
const tmp = tempDir('cli');

describe('the command line', () => {
  it('answers --help and --version, and refuses bad usage with exit 2', async () => {
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    for (const opt of [
      '--output',
      '--format',
      '--all-positions',
      '--motifs',
      '--threads',
      '--stats',
      '--errors',
      '--max-game-bytes',
      '--strict',
      '--verify',
      '--quiet',
      '--no-progress',
      'perft',
    ]) {
      expect(help.stdout).toContain(opt);
    }
    const version = await runCli(['--version']);
    expect(version.stdout).toMatch(/^pgn-xray \d+\.\d+\.\d+\n$/);
    expect((await runCli([])).code).toBe(2);
    expect((await runCli(['x.pgn', '--format', 'xml'])).code).toBe(2);
    expect((await runCli(['x.pgn', '--motifs', 'fork'])).code).toBe(2);
    expect((await runCli(['x.pgn', '--bogus'])).code).toBe(2);
    expect((await runCli(['x.pgn', '-j', '0'])).code).toBe(2);
  });

  it('exits 1 naming the file when an input cannot be read', async () => {
    const r = await runCli([join(tmp, 'missing.pgn'), '-q']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('missing.pgn');
  });

  it('writes byte-identical output with 1 and 2 threads, and from stdin', async () => {
    const one = await runCli([FISCHER, '-j', '1', '-q', '--batch-games', '37']);
    const two = await runCli([FISCHER, '-j', '2', '-q', '--batch-games', '37']);
    expect(one.code).toBe(0);
    expect(two.code).toBe(0);
    const lines = one.stdout.split('\n').filter((l) => l !== '');
    expect(lines.length).toBeGreaterThan(10_000);
    expect(two.stdout).toBe(one.stdout);
    const stdin = await runCli(['-', '-j', '2', '-q', '--batch-games', '37'], { stdin: readFileSync(FISCHER) });
    expect(stdin.stdout).toBe(one.stdout);
    // records in input order: games ascending, plies ascending within a game
    let last = [0, -1];
    for (const l of lines) {
      const r = JSON.parse(l) as { game: number; ply: number };
      expect(r.game > last[0] || (r.game === last[0] && r.ply > last[1])).toBe(true);
      last = [r.game, r.ply];
    }
  });

  it('reports a rejected game with index, offset, ply, text and reason and goes on; --strict exits 3', async () => {
    const games = readFileSync(corpusPath('games/mliebelt-32games.pgn'), 'latin1');
    const broken = games.replace(/1\. ?e4/, '1. e5'); // the first game that opens 1.e4 now has an illegal first move
    const input = join(tmp, 'broken.pgn');
    writeFileSync(input, broken, 'latin1');
    const errors = join(tmp, 'broken-errors.jsonl');
    const r = await runCli([input, '-q', '--errors', errors, '-f', 'none']);
    expect(r.code).toBe(0);
    const rejected = readFileSync(errors, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toMatchObject({ ply: 0, text: 'e5', reason: 'illegal move' });
    expect(typeof rejected[0].game).toBe('number');
    expect(typeof rejected[0].offset).toBe('number');
    expect(broken.slice(rejected[0].offset as number).startsWith('[Event')).toBe(true);
    const strict = await runCli([input, '--strict', '-f', 'none']);
    expect(strict.code).toBe(3);
    expect(strict.stderr).toContain('illegal move');
  });

  it('rejects games over --max-game-bytes by number and offset, and keeps the others', async () => {
    const errors = join(tmp, 'big-errors.jsonl');
    const stats = join(tmp, 'big-stats.json');
    const r = await runCli([
      corpusPath('games/mliebelt-32games.pgn'),
      '-q',
      '-f',
      'none',
      '--max-game-bytes',
      '900',
      '--errors',
      errors,
      '--stats',
      stats,
    ]);
    expect(r.code).toBe(0);
    const rejected = readFileSync(errors, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { game: number; offset: number; reason: string });
    const s = JSON.parse(readFileSync(stats, 'utf8')) as { games: number; rejected: number };
    expect(rejected.length).toBeGreaterThan(0);
    expect(s.games).toBeGreaterThan(0);
    expect(s.games + s.rejected).toBe(32);
    for (const e of rejected) expect(e.reason).toBe('game over --max-game-bytes (900 bytes)');
    const text = readFileSync(corpusPath('games/mliebelt-32games.pgn'), 'latin1');
    for (const e of rejected) expect(text.startsWith('[Event', e.offset)).toBe(true);
  });

  it('writes statistics with the contract keys', async () => {
    const stats = join(tmp, 'fischer-stats.json');
    const r = await runCli([FISCHER, '-f', 'none', '--stats', stats]);
    expect(r.code).toBe(0);
    const s = JSON.parse(readFileSync(stats, 'utf8')) as {
      games: number;
      positions: number;
      rejected: number;
      motifs: Record<string, number>;
    };
    expect(s.games).toBe(827);
    expect(s.rejected).toBe(0);
    expect(s.positions).toBe(67340 + 827);
    for (const k of [
      'pin.absolute',
      'pin.relative',
      'skewer.absolute',
      'skewer.relative',
      'battery',
      'discoveredCheck',
      'discoveredAttack',
      'xray',
    ]) {
      expect(s.motifs[k], k).toBeGreaterThan(0);
    }
    expect(r.stderr).toContain('pin.absolute'); // the summary table
  });

  it('reads .zst and EPD inputs', async () => {
    const zst = await runCli(['fixtures/sample/lichess-2016-05-3000.pgn.zst', '-f', 'none', '-q', '--stats', join(tmp, 'sample.json')]);
    expect(zst.code).toBe(0);
    expect((JSON.parse(readFileSync(join(tmp, 'sample.json'), 'utf8')) as { games: number }).games).toBe(3000);
    const epd = join(tmp, 'positions.epd');
    writeFileSync(epd, '3k4/8/8/3n4/8/8/8/3RK3 w - - bm Rxd5; id "pin";\r\n\r\n# a comment\r\nnot a fen\r\n');
    const r = await runCli([epd, '-q', '--errors', join(tmp, 'epd-errors.jsonl')]);
    expect(r.code).toBe(0);
    const rec = JSON.parse(r.stdout.trim()) as { game: number; ply: number; motifs: { motif: string; kind: string }[] };
    expect(rec.game).toBe(1);
    expect(rec.motifs).toEqual([
      {
        motif: 'pin',
        kind: 'absolute',
        side: 'w',
        slider: 'd1',
        front: 'd5',
        back: 'd8',
        pieces: { slider: 'R', front: 'n', back: 'k' },
        partial: false,
      },
    ]);
    const bad = readFileSync(join(tmp, 'epd-errors.jsonl'), 'utf8').trim().split('\n');
    expect(bad).toHaveLength(1);
    expect(JSON.parse(bad[0])).toMatchObject({ game: 2, text: 'not a fen' });
  });

  it('writes every position with --all-positions, one line each, in every line format', async () => {
    const file = corpusPath('games/mliebelt-32games.pgn');
    const stats = join(tmp, 'all-stats.json');
    const jsonl = await runCli([file, '-q', '--all-positions', '--stats', stats]);
    const s = JSON.parse(readFileSync(stats, 'utf8')) as { positions: number };
    const lines = jsonl.stdout.trim().split('\n');
    expect(lines).toHaveLength(s.positions);
    expect(lines.filter((l) => l.includes('"motifs":[],') && l.endsWith('"played":[]}')).length).toBeGreaterThan(0);
    const epd = await runCli([file, '-q', '--all-positions', '-f', 'epd']);
    expect(epd.stdout.trim().split('\n')).toHaveLength(s.positions);
    const csv = await runCli([file, '-q', '--all-positions', '-f', 'csv']);
    expect(csv.stdout.startsWith('game,ply,fen,')).toBe(true);
  });

  it('keeps only the motifs asked for', async () => {
    const r = await runCli([FISCHER, '-q', '--motifs', 'skewer,doubleCheck']);
    const recs = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { motifs: { motif: string }[]; played: string[] });
    expect(recs.length).toBeGreaterThan(100);
    for (const rec of recs) {
      for (const m of rec.motifs) expect(m.motif).toBe('skewer');
      for (const p of rec.played) expect(p).toBe('doubleCheck');
      expect(rec.motifs.length + rec.played.length).toBeGreaterThan(0);
    }
  });

  it('gives a slow reader of a pipe the bytes it writes to a file, the pipe full many times over', () => {
    const file = join(tmp, 'slow-file.jsonl');
    const piped = join(tmp, 'slow-pipe.jsonl');
    const args = `"${FISCHER}" -q -j 2 --batch-games 8 --all-positions`;
    const r = spawnSync(
      'bash',
      ['-c', `"${process.execPath}" "${CLI}" ${args} -o "${file}" && "${process.execPath}" "${CLI}" ${args} | (sleep 1; cat) > "${piped}"`],
      { encoding: 'utf8' },
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const bytes = readFileSync(file);
    expect(bytes.length).toBeGreaterThan(1 << 20); // many times what a pipe holds while its reader sleeps
    expect(readFileSync(piped).equals(bytes)).toBe(true);
  });

  it('ends quietly when the reader of a pipe goes away (| head)', async () => {
    const r = spawnSync('bash', ['-c', `set -o pipefail; "${process.execPath}" "${CLI}" "${FISCHER}" -q | head -n 2`], {
      encoding: 'utf8',
    });
    expect(r.stdout.trim().split('\n')).toHaveLength(2);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
