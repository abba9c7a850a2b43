// A game is whole or it is rejected: a file cut anywhere (by `head`, by a byte range, by a line-based
// split such as `split -n l/8`, `parallel --pipe` without --recstart or Hadoop's default input) and its
// pieces analysed loses no game and adds none silently. Every game of the whole file is, in the pieces,
// either analysed with the same records or reported as rejected; none is analysed twice.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { decompress } from 'fzstd';
import { describe, expect, it } from 'vitest';
import { CLI, ROOT, runCli } from '../helpers/cli.js';
import { random01 } from '../helpers/random.js';
import { tempDir } from '../helpers/temp.js';

const SAMPLE = new Uint8Array(decompress(readFileSync(resolve(ROOT, 'fixtures/sample/lichess-2016-05-3000.pgn.zst'))));
/** The sample's first 1,100 games or so (to a game start): games of every length, a few seconds a run. */
const FILE = SAMPLE.subarray(0, Buffer.from(SAMPLE.buffer, SAMPLE.byteOffset, 1 << 19).lastIndexOf('\n\n[') + 2);

interface GameSeen {
  /** Byte offset of the game in the whole file. */
  at: number;
  rejected: boolean;
  kind: string | null;
  /** Its records, without their game numbers. */
  records: string[];
}

/** The games of one run over the files, each at its offset in the whole file (`bases`: each file's first byte there). */
async function analyse(dir: string, files: string[], bases: number[]): Promise<GameSeen[]> {
  const games = join(dir, 'games.jsonl');
  const errors = join(dir, 'errors.jsonl');
  const r = await runCli([...files, '--no-tactics', '-q', '--games', games, '--errors', errors]);
  expect(r.code, r.stderr).toBe(0);
  const records = new Map<number, string[]>();
  for (const line of r.stdout.split('\n')) {
    if (line === '') continue;
    const game = Number(/^\{"game":(\d+),/.exec(line)![1]);
    if (!records.has(game)) records.set(game, []);
    records.get(game)!.push(line.slice(line.indexOf(',') + 1));
  }
  const kinds = new Map<number, string>();
  for (const line of readFileSync(errors, 'utf8').split('\n')) {
    if (line === '') continue;
    const e = JSON.parse(line) as { game: number; kind: string };
    kinds.set(e.game, e.kind);
  }
  const base = new Map(files.map((f, k) => [f, bases[k]]));
  return readFileSync(games, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => {
      const g = JSON.parse(l) as { game: number; input: string; offset: number; status: string };
      return {
        at: base.get(g.input)! + g.offset,
        rejected: g.status === 'rejected',
        kind: kinds.get(g.game) ?? null,
        records: records.get(g.game) ?? [],
      };
    });
}

/** The file cut at the offsets (ascending) into pieces, written to dir; the pieces' paths and first bytes. */
function writePieces(dir: string, bytes: Uint8Array, cuts: number[]): { files: string[]; bases: number[] } {
  const bases = [0, ...cuts];
  const files = bases.map((from, k) => {
    const path = join(dir, `piece-${String(k).padStart(3, '0')}.pgn`);
    writeFileSync(path, bytes.subarray(from, k + 1 < bases.length ? bases[k + 1] : bytes.length));
    return path;
  });
  return { files, bases };
}

/** Where `split -n l/N` cuts: after the line end at or past each Nth of the bytes. */
function lineCuts(bytes: Uint8Array, n: number): number[] {
  const cuts: number[] = [];
  for (let k = 1; k < n; k++) {
    const at = bytes.indexOf(0x0a, Math.floor((bytes.length * k) / n)) + 1;
    if (at > 0 && at < bytes.length && at !== cuts[cuts.length - 1]) cuts.push(at);
  }
  return cuts;
}

/**
 * Checks the pieces' games against the whole file's: each whole game is analysed in at most one piece, with
 * its records; a game that lies in one piece is read there as in the whole file; a game a cut runs through
 * shows up as rejected (incomplete) where it was cut; none is lost.
 */
function expectAccounted(whole: GameSeen[], pieces: GameSeen[], cuts: number[], label: string): { cut: number } {
  let cut = 0;
  let k = 0;
  for (let g = 0; g < whole.length; g++) {
    const from = whole[g].at;
    const to = g + 1 < whole.length ? whole[g + 1].at : Infinity;
    const seen: GameSeen[] = [];
    while (k < pieces.length && pieces[k].at < to) {
      expect(pieces[k].at, `${label}: a game of the pieces before any of the whole file's`).toBeGreaterThanOrEqual(from);
      seen.push(pieces[k++]);
    }
    let end = Math.min(to, FILE.length); // after the game's last byte: its result
    while (FILE[end - 1] <= 0x20) end--;
    const where = `${label}: game ${g + 1} at byte ${from}`;
    const analysed = seen.filter((s) => !s.rejected);
    expect(analysed.length, `${where} analysed twice`).toBeLessThanOrEqual(1);
    for (const a of analysed) expect(a.records, where).toEqual(whole[g].records);
    const isCut = cuts.some((c) => c > from && c < end);
    if (!isCut) {
      expect(
        seen.map((s) => [s.at, s.rejected]),
        `${where}, not cut`,
      ).toEqual([[from, whole[g].rejected]]);
      continue;
    }
    cut++;
    expect(
      seen.filter((s) => s.rejected).map((s) => s.kind),
      `${where}, cut: rejected`,
    ).toContain('incomplete');
  }
  expect(k, `${label}: games of the pieces after the whole file's`).toBe(pieces.length);
  return { cut };
}

describe('a file cut anywhere: every game analysed whole or reported, none twice, none lost', () => {
  const dir = tempDir('cuts');
  const wholePath = join(dir, 'whole.pgn');
  writeFileSync(wholePath, FILE);
  let whole: GameSeen[] = [];

  it('the whole file: every game analysed', async () => {
    whole = await analyse(dir, [wholePath], [0]);
    expect(whole.length).toBeGreaterThan(1000);
    expect(whole.filter((g) => g.rejected)).toEqual([]);
  });

  it('cut at 200 random bytes', async () => {
    const rnd = random01(2032);
    const cuts = [...new Set(Array.from({ length: 200 }, () => 1 + Math.floor(rnd() * (FILE.length - 1))))].sort((a, b) => a - b);
    const sub = tempDir('cuts-bytes');
    const { files, bases } = writePieces(sub, FILE, cuts);
    const { cut } = expectAccounted(whole, await analyse(sub, files, bases), cuts, 'byte cuts');
    expect(cut).toBeGreaterThan(150);
  });

  for (const n of [8, 29]) {
    it(`split into ${n} pieces at line ends (split -n l/${n}, parallel --pipe without --recstart)`, async () => {
      const cuts = lineCuts(FILE, n);
      expect(cuts).toHaveLength(n - 1);
      const sub = tempDir('cuts-lines');
      const { files, bases } = writePieces(sub, FILE, cuts);
      const { cut } = expectAccounted(whole, await analyse(sub, files, bases), cuts, `${n} line pieces`);
      expect(cut).toBeGreaterThan(0); // the others fell between games
    });
  }

  it('parallel --pipe --block without --recstart: the counts add up, each cut game rejected', () => {
    const sub = tempDir('cuts-parallel');
    const cli = `${process.execPath} ${CLI} - -f none -q --stats ${sub}/s{#}.json`;
    const r = spawnSync('parallel', ['--pipe', '--block', '100k', '-j', '2', cli], { input: FILE, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const stats = readdirSync(sub).map((f) => JSON.parse(readFileSync(join(sub, f), 'utf8')) as { games: number; rejected: number });
    expect(stats.length).toBeGreaterThan(4);
    // the sample writes each game's movetext on one line: a cut between lines leaves every game's moves
    // whole in one piece, analysed there, and what it cut off (tags) rejected in the piece before
    expect(stats.reduce((n, s) => n + s.games, 0)).toBe(whole.length);
    const rejected = stats.reduce((n, s) => n + s.rejected, 0);
    expect(rejected).toBeGreaterThan(0);
    expect(rejected).toBeLessThan(stats.length);
  });

  it('head -60: a file cut inside a tag section rejects the cut game, counts the others', async () => {
    const text = Buffer.from(FILE).toString('latin1');
    let at = 0;
    for (let line = 0; line < 60; line++) at = text.indexOf('\n', at) + 1;
    expect(text.slice(at - 100, at)).toMatch(/\]\n$/); // the 60th line is a tag pair
    const path = join(dir, 'head60.pgn');
    writeFileSync(path, FILE.subarray(0, at));
    const stats = join(dir, 'head60.json');
    const errors = join(dir, 'head60.errors');
    const r = await runCli([path, '--no-tactics', '-q', '-f', 'none', '--stats', stats, '--errors', errors]);
    expect(r.code, r.stderr).toBe(0);
    const whole = (text.slice(0, at).match(/\n\n\[/g) ?? []).length; // games followed by the next one's tags
    const s = JSON.parse(readFileSync(stats, 'utf8')) as { games: number; rejected: number };
    expect([s.games, s.rejected]).toEqual([whole, 1]);
    expect(JSON.parse(readFileSync(errors, 'utf8'))).toMatchObject({
      game: whole + 1,
      kind: 'incomplete',
      reason: "cut off: the input ends before the game's result",
    });
  });
});

describe('what is a whole game', () => {
  const CUT = ['cut off: the input ends before', 'incomplete'];
  const PIECE = ['a piece of a game', 'incomplete'];
  // each input alone: its text, and each of its games: ok, or [the start of the rejection's reason, its kind]
  const CASES: [string, string, (string | string[])[]][] = [
    [
      'tag-only games (scalachess)',
      '[Event "a"]\n[Result "1-0"]\n\n[Event "b"]\n[Result "*"]\n\n[Event "c"]\n\n1. e4 *\n',
      ['ok', 'ok', 'ok'],
    ],
    ['a tag-only game last in its input', '[Event "a"]\n\n1. e4 *\n\n[Event "b"]\n[Result "1-0"]\n', ['ok', CUT]],
    [
      'tags with no moves and no result',
      '[Event "a"]\n\n[Event "b"]\n[Result "1-0"]\n\n1-0\n',
      [['a tag section with no movetext and no result', 'incomplete'], 'ok'],
    ],
    ['movetext only a result', '[Event "a"]\n\n1/2-1/2\n', ['ok']],
    ['movetext with no tags, from move 1', '1. e4 e5 2. Nf3 *\n\n{ note } 1.d4 d5 1-0\n', ['ok', 'ok']],
    ['a piece of a game', '2. Nf3 Nc6 3. Bb5 1-0\n\n[Event "b"]\n\n1. e4 *\n', [PIECE, 'ok']],
    ['a bare result', '[Event "a"]\n\n1. e4 *\n\n 1-0\n', ['ok', PIECE]],
    ['cut after a move', '[Event "a"]\n\n1. e4 e5 2. Nf3', [CUT]],
    ['cut inside a move', '[Event "a"]\n\n1. e4 e5 2. N', [CUT]],
    ['cut inside a tag pair', '[Event "a"]\n[Sit', [['PGN syntax: malformed tag pair', 'incomplete']]],
    ['cut inside a NAG', '[Event "a"]\n\n1. e4 $', [['PGN syntax: bad NAG', 'incomplete']]],
    ['no result, not last', '[Event "a"]\n\n1. e4 e5\n\n[Event "b"]\n\n1. d4 *\n', ['ok', 'ok']],
    ['an illegal last move is no cut', '[Event "a"]\n\n1. e4 e5 2. Ke3 1-0', [['illegal move', 'san']]],
  ];

  it('each case, read alone', async () => {
    const dir = tempDir('whole');
    const files = CASES.map(([, text], k) => {
      const path = join(dir, `case${k}.pgn`);
      writeFileSync(path, text);
      return path;
    });
    const games = join(dir, 'games.jsonl');
    const errors = join(dir, 'errors.jsonl');
    const r = await runCli([...files, '--no-tactics', '-q', '-f', 'none', '--games', games, '--errors', errors]);
    expect(r.code, r.stderr).toBe(0);
    const lines = (f: string): string[] =>
      readFileSync(f, 'utf8')
        .split('\n')
        .filter((l) => l !== '');
    const kinds = new Map(
      lines(errors)
        .map((l) => JSON.parse(l) as { game: number; kind: string })
        .map((e) => [e.game, e.kind]),
    );
    const rows = lines(games).map((l) => JSON.parse(l) as { game: number; input: string; reason: string | null });
    CASES.forEach(([name, , want], k) => {
      const got = rows
        .filter((g) => g.input === files[k])
        .map((g, i) => {
          if (g.reason === null) return 'ok';
          const prefix = typeof want[i] === 'string' ? '' : want[i][0];
          return [g.reason.startsWith(prefix) ? prefix : g.reason, kinds.get(g.game)];
        });
      expect(got, name).toEqual(want);
    });
  });
});
