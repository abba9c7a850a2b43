// Tactic verdicts in the outputs: with verdicts on (the default) every format writes what it wrote with
// --no-tactics, byte for byte, plus the verdict's fields (JSONL, CSV, EPD, PGN, Parquet, on games of the
// bundled sample); the verdict and found/missed of every position equal TacticJudge's own answer,
// recomputed on positions replayed by chess.js (apart from our replay); and a found and a missed
// hanging queen checked by hand, through the CLI and the library.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Chess } from 'chess.js';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFen } from '../../src/core/fen.js';
import { decodeText } from '../../src/pgn/movetext.js';
import { uciMove } from '../../src/tactics/line.js';
import { TacticJudge } from '../../src/tactics/verdict.js';
import { analyze, type PositionRecord } from '../../src/index.js';
import { runCli } from '../helpers/cli.js';
import { splitGames } from '../helpers/corpus.js';
import { tempDir } from '../helpers/temp.js';
import { sampleBytes } from '../tactics/sample-games.js';

const tmp = tempDir('tactics-out');
/** The first games of the bundled sample: enough verdicts of every kind, quick to judge. */
const GAMES = splitGames(sampleBytes(), 250).map((g) => decodeText(g.bytes, 0, g.bytes.length));
const FILE = join(tmp, 'sample-250.pgn');
const VERDICT_PLAYED = new Set(['found', 'missed']);

let db: DuckDBConnection;
beforeAll(async () => {
  writeFileSync(FILE, GAMES.join('\n'));
  db = await (await DuckDBInstance.create(':memory:')).connect();
});
afterAll(() => db.closeSync());

/** stdout of the CLI on the sample part, with verdicts or not. */
async function run(format: string, tactics: boolean, extra: string[] = []): Promise<string> {
  const r = await runCli([FILE, '-q', '-f', format, ...(tactics ? [] : ['--no-tactics']), ...extra]);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

const lines = (text: string): string[] => (text === '' ? [] : text.split(/(?<=\n)/));

/** A JSONL line without its verdict's text: no `tactic`, no found/missed in `played` (null: nothing else was there). */
function jsonlWithout(line: string): string | null {
  const out = line.replace(/,"tactic":\{[^{}]*\}/, '').replace(
    /"played":\[([^\]]*)\]/,
    (_m, list: string) =>
      `"played":[${list
        .split(',')
        .filter((p) => p !== '"found"' && p !== '"missed"')
        .join(',')}]`,
  );
  return out.includes('"motifs":[],') && out.includes('"played":[]') ? null : out;
}

/** CSV columns of the verdict (after checkers: the 18 columns before them). */
const TACTIC_AT = 18;

/** A CSV row without its verdict columns; null for a row of a found/missed tag. */
function csvWithout(row: string): string | null {
  const cells = row.replace(/\r\n$/, '').split(','); // no cell of ours holds a comma: nothing is quoted
  if (cells[6] === 'played' && VERDICT_PLAYED.has(cells[5])) return null;
  cells.splice(TACTIC_AT, 5);
  return cells.join(',') + '\r\n';
}

/** An EPD line without bm, dm, tactic and the found/missed comments (the last ones); null if it has no comment left. */
function epdWithout(line: string): string | null {
  const out = line.replace(/ bm [^;]+; (dm \d+; )?tactic "[^"]*";/, '').replace(/ c\d+ "played (found|missed)";/g, '');
  return / c0 "/.test(out) ? out : null;
}

/** Annotated PGN without [%tactic …] and found/missed: the comments as --no-tactics writes them. */
function pgnWithout(text: string): string {
  return text
    .replace(/ ?\[%tactic [^\]]*\]/g, '')
    .replace(/\[%played ([^\]]*)\]/g, (_m, list: string) => {
      const kept = list.split(',').filter((p) => !VERDICT_PLAYED.has(p));
      return kept.length === 0 ? '' : `[%played ${kept.join(',')}]`;
    })
    .replace(/\{ +\}/g, '{}')
    .replace(/ \{\}|\{\} /g, '')
    .replace(/\{ +\[/g, '{ [')
    .replace(/ +\}/g, ' }');
}

describe('verdicts in every output format', () => {
  it('JSONL: the lines of --no-tactics, byte for byte, with tactic and found/missed beside', async () => {
    const on = lines(await run('jsonl', true));
    const off = lines(await run('jsonl', false));
    expect(on.map(jsonlWithout).filter((l) => l !== null)).toEqual(off);
    const recs = on.map((l) => JSON.parse(l) as PositionRecord);
    const verdicts = recs.filter((r) => r.tactic !== undefined);
    expect(verdicts.length).toBeGreaterThan(300);
    // the key order of the contract, gain or mate
    for (const r of verdicts)
      expect(Object.keys(r.tactic!)).toEqual(['move', 'uci', r.tactic!.mate !== undefined ? 'mate' : 'gain', 'themes']);
    expect(verdicts.some((r) => r.tactic!.mate !== undefined)).toBe(true);
    // found or missed exactly where a verdict stands and a move was played from it
    for (const r of recs)
      expect(r.played.filter((p) => VERDICT_PLAYED.has(p)).length).toBe(r.tactic !== undefined && r.move !== null ? 1 : 0);
  });

  it('CSV: the rows of --no-tactics, byte for byte, the verdict in five more columns on every row of the position', async () => {
    const on = lines(await run('csv', true));
    const off = lines(await run('csv', false));
    expect(on[0]).toBe(off[0].replace(/\r\n$/, ',tactic,tacticUci,gain,mate,themes\r\n'));
    expect(
      on
        .slice(1)
        .map(csvWithout)
        .filter((l) => l !== null),
    ).toEqual(off.slice(1));
    const jsonl = lines(await run('jsonl', true)).map((l) => JSON.parse(l) as PositionRecord);
    const verdict = new Map(jsonl.map((r) => [`${r.game}:${r.ply}`, r.tactic]));
    for (const row of on.slice(1)) {
      const c = row.replace(/\r\n$/, '').split(',');
      const t = verdict.get(`${c[0]}:${c[1]}`);
      expect(c.slice(TACTIC_AT), row).toEqual(
        t === undefined ? ['', '', '', '', ''] : [t.move, t.uci, String(t.gain ?? ''), String(t.mate ?? ''), t.themes.join(' ')],
      );
    }
  });

  it('EPD: the lines of --no-tactics, byte for byte, with bm, dm (mates) and tactic', async () => {
    const on = lines(await run('epd', true));
    const off = lines(await run('epd', false));
    expect(on.map(epdWithout).filter((l) => l !== null)).toEqual(off);
    const jsonl = lines(await run('jsonl', true)).map((l) => JSON.parse(l) as PositionRecord);
    const verdicts = jsonl.filter((r) => r.tactic !== undefined).map((r) => r.tactic!);
    const ops = on.flatMap((l) => [...l.matchAll(/ bm ([^;]+);( dm (\d+);)? tactic "([^"]*)";/g)]);
    expect(ops.map((m) => [m[1], m[3] ?? null, m[4]])).toEqual(
      verdicts.map((t) => [
        t.move,
        t.mate === undefined ? null : String(t.mate),
        [t.mate !== undefined ? `mate ${t.mate}` : `gain ${t.gain}`, ...t.themes].join(' '),
      ]),
    );
  });

  it('PGN: the games of --no-tactics, byte for byte, with [%tactic] before the move and found/missed after it', async () => {
    const on = await run('pgn', true);
    const off = await run('pgn', false);
    expect(pgnWithout(on)).toBe(off);
    const jsonl = lines(await run('jsonl', true)).map((l) => JSON.parse(l) as PositionRecord);
    const written = [...on.matchAll(/\[%tactic ([^\]]*)\]/g)].map((m) => m[1]);
    const want = jsonl
      .filter((r) => r.tactic !== undefined)
      .map(({ tactic: t }) =>
        [t!.move, t!.mate !== undefined ? `mate ${t!.mate}` : `+${t!.gain}`, ...(t!.themes.length > 0 ? [t!.themes.join(',')] : [])].join(
          ' ',
        ),
      );
    expect(written).toEqual(want);
    // chess.js reads every annotated game with the moves of the input game
    const games = splitGames(new TextEncoder().encode(on)).map((g) => decodeText(g.bytes, 0, g.bytes.length));
    expect(games.length).toBe(GAMES.length);
    games.forEach((text, k) => {
      const a = new Chess();
      a.loadPgn(text);
      const b = new Chess();
      b.loadPgn(GAMES[k]);
      expect(a.history()).toEqual(b.history());
    });
  });

  it('Parquet: the columns of --no-tactics (whose tactic is null), and the verdicts of the JSONL in the tactic struct', async () => {
    const path = (name: string): string => join(tmp, `${name}.parquet`);
    for (const [name, tactics] of [
      ['on', true],
      ['off', false],
    ] as const) {
      const r = await runCli([FILE, '-q', '-f', 'parquet', '-o', path(name), ...(tactics ? [] : ['--no-tactics'])]);
      expect(r.code, r.stderr).toBe(0);
    }
    const read = async (sql: string): Promise<unknown[]> => (await db.runAndReadAll(sql)).getRowObjectsJson();
    const existing = (from: string, where: string): string =>
      `select * exclude (tactic, played, file_row_number), list_filter(played, p -> p not in ('found', 'missed')) as played
       from read_parquet('${from}', file_row_number = true) ${where} order by file_row_number`;
    const off = await read(existing(path('off'), ''));
    expect(off.length).toBeGreaterThan(4000);
    expect(
      await read(existing(path('on'), `where len(motifs) > 0 or len(list_filter(played, p -> p not in ('found', 'missed'))) > 0`)),
    ).toEqual(off);
    expect(await read(`select count(*) as n from read_parquet('${path('off')}') where tactic is not null`)).toEqual([{ n: '0' }]);
    const verdicts = lines(await run('jsonl', true))
      .map((l) => JSON.parse(l) as PositionRecord)
      .flatMap((r) => (r.tactic === undefined ? [] : [r.tactic]));
    const rows = await read(
      `select tactic from read_parquet('${path('on')}', file_row_number = true) where tactic is not null order by file_row_number`,
    );
    expect(rows).toEqual(
      verdicts.map((t) => ({ tactic: { move: t.move, uci: t.uci, gain: t.gain ?? null, mate: t.mate ?? null, themes: t.themes } })),
    );
  });
});

/** Every position of a game as chess.js replays it: the FEN before each move and the move in UCI (null at the end). */
function chessJsPositions(pgn: string): { fen: string; uci: string | null }[] {
  const c = new Chess();
  c.loadPgn(pgn);
  const h = c.history({ verbose: true });
  return [...h.map((m) => ({ fen: m.before, uci: m.lan })), { fen: h.length > 0 ? h[h.length - 1].after : c.fen(), uci: null }];
}

describe("the verdicts written are the judge's", () => {
  it('every position: tactic and found/missed equal a TacticJudge on the positions chess.js replays', async () => {
    const some = GAMES.slice(0, 60);
    const file = join(tmp, 'sample-60.pgn');
    writeFileSync(file, some.join('\n'));
    const r = await runCli([file, '-q', '--all-positions']);
    expect(r.code, r.stderr).toBe(0);
    const recs = lines(r.stdout).map((l) => JSON.parse(l) as PositionRecord);
    const judge = new TacticJudge();
    let k = 0;
    let verdicts = 0;
    some.forEach((pgn, g) => {
      const positions = chessJsPositions(pgn);
      positions.forEach(({ fen, uci }, ply) => {
        const rec = recs[k++];
        expect([rec.game, rec.ply]).toEqual([g + 1, ply]);
        const pos = parseFen(fen);
        const before = ply > 0 ? parseFen(positions[ply - 1].fen) : null;
        const present = judge.position(pos, before, before !== null ? uciMove(before, positions[ply - 1].uci!) : -1);
        expect(rec.tactic, `${fen}`).toEqual(present ? judge.tactic() : undefined);
        const want = present && uci !== null ? [judge.judgePlayed(uciMove(pos, uci))] : [];
        expect(
          rec.played.filter((p) => VERDICT_PLAYED.has(p)),
          fen,
        ).toEqual(want);
        if (present) verdicts++;
      });
    });
    expect(k).toBe(recs.length);
    expect(verdicts).toBeGreaterThan(100);
  });

  it('a hanging queen: taken (found), or left (missed), checked by hand', async () => {
    // after 1. e4 e5 2. d3 Qg5 the bishop takes the queen and nothing takes it back: nine pawns
    const pgn = (third: string): string => `[Event "q"]\n\n1. e4 e5 2. d3 Qg5 3. ${third} *\n`;
    const r = await runCli(['-', '-q', '-f', 'jsonl'], { stdin: pgn('Bxg5') + '\n' + pgn('Nf3') });
    expect(r.code, r.stderr).toBe(0);
    const at = (game: number): PositionRecord | undefined =>
      lines(r.stdout)
        .map((l) => JSON.parse(l) as PositionRecord)
        .find((x) => x.game === game && x.ply === 4);
    for (const [game, move, verdict] of [
      [1, 'Bxg5', 'found'],
      [2, 'Nf3', 'missed'],
    ] as const) {
      const rec = at(game)!;
      expect(rec.move).toBe(move);
      expect(rec.tactic).toMatchObject({ move: 'Bxg5', uci: 'c1g5', gain: 9 });
      expect(rec.played).toContain(verdict);
    }
    const off = await runCli(['-', '-q', '--no-tactics', '--all-positions'], { stdin: pgn('Nf3') });
    expect(lines(off.stdout)).toHaveLength(6);
    expect(off.stdout).not.toMatch(/tactic|found|missed/);
    // the library: the same records, verdicts on by default, off with tactics: false
    const records = async (o: { tactics?: boolean; allPositions?: boolean }): Promise<PositionRecord[]> => {
      const out: PositionRecord[] = [];
      for await (const rec of analyze({ pgn: pgn('Nf3') }, { threads: 1, ...o })) out.push(rec);
      return out;
    };
    expect(await records({})).toEqual(
      lines(r.stdout)
        .map((l) => JSON.parse(l) as PositionRecord)
        .filter((x) => x.game === 2)
        .map((x) => ({ ...x, game: 1 })),
    );
    expect(await records({ tactics: false, allPositions: true })).toEqual(lines(off.stdout).map((l) => JSON.parse(l) as PositionRecord));
  });
});
