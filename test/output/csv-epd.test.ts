// CSV and EPD on real games through the worker's game analyzer: every row / line read back (an RFC 4180
// reader, an EPD operation splitter) says exactly what the §6 objects of recordAt() say.
import { describe, expect, it } from 'vitest';
import { squaresOf } from '../../src/core/bitboard.js';
import { parseFen, toFen } from '../../src/core/fen.js';
import { squareName } from '../../src/core/squares.js';
import { MotifBuffer } from '../../src/motifs/buffer.js';
import { ALL_MOTIFS } from '../../src/motifs/filter.js';
import { playedNames } from '../../src/motifs/catalogue.js';
import { recordAt, type MotifRecord } from '../../src/motifs/tags.js';
import { CsvFormatter } from '../../src/output/csv.js';
import { CSV_COLUMNS, CSV_TACTIC_COLUMNS, csvField } from '../../src/output/csv-text.js';
import { EpdFormatter } from '../../src/output/epd.js';
import { createFormatter } from '../../src/output/formats.js';
import { OUTPUT_FORMATS, OUTPUT_KINDS } from '../../src/output/kinds.js';
import { JsonlFormatter } from '../../src/output/jsonl.js';
import { PgnFormatter } from '../../src/output/pgn.js';
import { Stats } from '../../src/stats/stats.js';
import type { Formatter, GameInfo, GameText, PositionView } from '../../src/output/formatter.js';
import { FormattingAnalyzer as GameAnalyzer } from '../helpers/game-text.js';
import { readCorpusBytes, splitGames } from '../helpers/corpus.js';
import { letterOn } from '../helpers/fen-letters.js';
import { readCsv } from '../helpers/csv.js';
import type { PositionRecord } from '../../src/index.js';
import { bytesOf, taken } from '../helpers/taken.js';
import { pushLine } from '../helpers/motif-records.js';

/** A §6 record (as the library yields it), plus what the EPD/CSV columns need besides. */
interface Seen extends Omit<PositionRecord, 'played'> {
  played: string[];
  mover: 'w' | 'b';
  halfmove: number;
  fullmove: number;
  text: string;
}

const NO_TEXT: GameText = { bytes: new Uint8Array(0), moveEnds: new Int32Array(0) };

/** One position's text from a line format (which hands its lines out once per batch). */
function line(f: Formatter, v: PositionView): string {
  f.position(v);
  f.endGame(NO_TEXT);
  return taken(f);
}

/** Wraps a formatter; keeps, per position shown, its output and the §6 view of it. */
class Recording implements Formatter {
  seen: Seen[] = [];
  private out = '';
  constructor(readonly inner: Formatter) {}
  beginGame(info: GameInfo, text: GameText): void {
    this.inner.beginGame(info, text);
  }
  position(v: PositionView): void {
    const text = line(this.inner, v);
    const motifs: MotifRecord[] = [];
    for (let i = 0; i < v.buf.count; i++) motifs.push(recordAt(v.buf, i, v.pos));
    this.seen.push({
      game: v.game,
      ply: v.ply,
      fen: toFen(v.pos),
      move: v.san,
      uci: v.uci,
      checkers: squaresOf(v.pos.checkersLo, v.pos.checkersHi).map(squareName),
      motifs,
      played: playedNames(v.played),
      mover: v.pos.turn === 0 ? 'w' : 'b',
      halfmove: v.pos.halfmove,
      fullmove: v.pos.fullmove,
      text,
    });
    this.out += text;
  }
  endGame(text: GameText): void {
    this.inner.endGame(text);
    this.out += taken(this.inner);
  }
  take(): Uint8Array {
    const b = bytesOf(this.out);
    this.out = '';
    return b;
  }
  size(): number {
    return this.out.length;
  }
}

function run(inner: Formatter, allPositions: boolean, limit = 120, header = ''): { rec: Recording; out: string } {
  const rec = new Recording(inner);
  const analyzer = new GameAnalyzer({ formatter: rec, allPositions, filter: ALL_MOTIFS });
  let out = header;
  for (const g of splitGames(readCorpusBytes('games/pgnmentor-style-Fischer.pgn'), limit)) {
    const r = analyzer.pgn(g.bytes, g.index + 1, g.offset, new Stats());
    if (typeof r === 'string') out += r;
  }
  return { rec, out };
}

const COLS = CSV_COLUMNS.split(',');

/** The letter on a square by the FEN's placement (the oracle of the pieces); `?` for an empty one, as written. */
function letter(fen: string, square: string): string {
  return letterOn(fen, square) || '?';
}

/** The CSV rows one position should have, as column -> value maps. */
function expectedRows(s: Seen): Record<string, string>[] {
  const base = {
    game: String(s.game),
    ply: String(s.ply),
    fen: s.fen,
    move: s.move ?? '',
    uci: s.uci ?? '',
    motif: '',
    kind: '',
    side: '',
    slider: '',
    front: '',
    back: '',
    partial: '',
    line: '',
    squares: '',
    targets: '',
    pieces: '',
    targetPieces: '',
    checkers: s.checkers.join(' '),
  };
  const on = (squares: string[]): string => squares.map((sq) => letter(s.fen, sq)).join(' ');
  const rows: Record<string, string>[] = [];
  for (const r of s.motifs) {
    const row = { ...base, motif: r.motif, side: r.side };
    if (r.motif === 'battery') {
      Object.assign(row, {
        line: r.line,
        squares: r.squares.join(' '),
        targets: r.targets.join(' '),
        pieces: on(r.squares),
        targetPieces: on(r.targets),
      });
    } else {
      Object.assign(row, { slider: r.slider, front: r.front, back: r.back, pieces: on([r.slider, r.front, r.back]) });
      if (r.motif === 'pin' || r.motif === 'skewer') row.kind = r.kind;
      if (r.motif === 'pin') row.partial = String(r.partial);
    }
    rows.push(row);
  }
  for (const t of s.played) rows.push({ ...base, motif: t, kind: 'played', side: s.mover });
  if (rows.length === 0) rows.push(base);
  return rows;
}

/** The EPD comment texts one position should have, from the §6 objects and the FEN's letters. */
function expectedComments(s: Seen): string[] {
  const out: string[] = [];
  const at = (sq: string): string => `${sq}=${letter(s.fen, sq)}`;
  for (const r of s.motifs) {
    if (r.motif === 'battery') out.push(`battery ${r.side} ${r.line} ${r.squares.map(at).join(',')} -> ${r.targets.map(at).join(',')}`);
    else {
      const squares = `${at(r.slider)} ${at(r.front)} ${at(r.back)}`;
      if (r.motif === 'pin') out.push(`pin ${r.kind} ${r.side} ${squares}${r.partial ? ' partial' : ''}`);
      else if (r.motif === 'skewer') out.push(`skewer ${r.kind} ${r.side} ${squares}`);
      else out.push(`${r.motif} ${r.side} ${squares}`);
    }
  }
  for (const t of s.played) out.push(`played ${t}`);
  return out;
}

describe('CSV', () => {
  for (const allPositions of [false, true]) {
    it(`reads back as the §6 records (RFC 4180)${allPositions ? ', --all-positions' : ''}`, () => {
      const { rec, out } = run(new CsvFormatter(), allPositions, 120, OUTPUT_KINDS.csv.header({ tags: [], tactics: false }));
      const rows = readCsv(out);
      expect(rows[0]).toEqual(COLS);
      let at = 1;
      let played = 0;
      let empty = 0;
      for (const s of rec.seen) {
        const want = expectedRows(s);
        const got = readCsv(s.text);
        expect(got.length).toBe(want.length);
        for (let k = 0; k < want.length; k++) {
          expect(got[k].length).toBe(COLS.length);
          expect(Object.fromEntries(COLS.map((c, j) => [c, got[k][j]]))).toEqual(want[k]);
          expect(rows[at++]).toEqual(got[k]);
          if (want[k].kind === 'played') played++;
          if (want[k].motif === '') empty++;
        }
      }
      expect(at).toBe(rows.length);
      expect(played).toBeGreaterThan(0);
      if (allPositions) expect(empty).toBeGreaterThan(0);
      else expect(empty).toBe(0);
      console.log(`CSV${allPositions ? ' --all-positions' : ''}: ${rec.seen.length} positions, ${rows.length - 1} rows read back`);
    });
  }

  it('quotes fields as RFC 4180 says', () => {
    expect(csvField('Nf3')).toBe('Nf3');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r')).toBe('"cr\r"');
    const pos = parseFen('4k3/8/8/8/8/8/8/4K3 w - - 0 1');
    const text = line(new CsvFormatter(), {
      game: 1,
      offset: -1,
      ply: 0,
      pos,
      buf: new MotifBuffer(),
      played: 0,
      tactic: null,
      move: -1,
      next: null,
      san: 'a,"b"',
      uci: 'e1e2',
    });
    expect(readCsv(text)[0][3]).toBe('a,"b"');
  });
});

describe('EPD', () => {
  it('reads back as the §6 records, one line per position', () => {
    const { rec, out } = run(new EpdFormatter(), true);
    expect(out.split('\n').length - 1).toBe(rec.seen.length);
    let comments = 0;
    for (const s of rec.seen) {
      expect(s.text.endsWith(';\n')).toBe(true);
      expect(s.text.indexOf('\n')).toBe(s.text.length - 1);
      const fields = s.fen.split(' ');
      const head = fields.slice(0, 4).join(' ') + ' ';
      expect(s.text.startsWith(head)).toBe(true);
      // operations: `opcode operand;` separated by spaces (no `;` inside our strings)
      const ops = s.text
        .slice(head.length, -1)
        .split(';')
        .map((o) => o.trim())
        .filter((o) => o !== '');
      const byCode = new Map<string, string>();
      const order: string[] = [];
      for (const op of ops) {
        const sp = op.indexOf(' ');
        byCode.set(op.slice(0, sp), op.slice(sp + 1));
        order.push(op.slice(0, sp));
      }
      expect(byCode.get('hmvc')).toBe(String(s.halfmove));
      expect(byCode.get('fmvn')).toBe(String(s.fullmove));
      expect(byCode.get('id')).toBe(`"game ${s.game} ply ${s.ply}"`);
      const want = expectedComments(s);
      want.forEach((c, k) => expect(byCode.get(`c${k}`)).toBe(`"${c}"`));
      expect(byCode.has(`c${want.length}`)).toBe(false);
      expect(byCode.get('sm')).toBe(s.move ?? undefined);
      expect(order).toEqual(['hmvc', 'fmvn', 'id', ...want.map((_, k) => `c${k}`), ...(s.move === null ? [] : ['sm'])]);
      // the four fields and the two clocks give the FEN back
      expect(toFen(parseFen(`${fields.slice(0, 4).join(' ')} ${byCode.get('hmvc')} ${byCode.get('fmvn')}`))).toBe(s.fen);
      comments += want.length;
    }
    expect(comments).toBeGreaterThan(0);
    console.log(`EPD: ${rec.seen.length} lines, ${comments} c-operations read back`);
  });
});

/** A view of a FEN with many made-up records (every code, both sides), to stress long rows and lines. */
function crowded(fen: string, records: number, chess960 = false): PositionView {
  const pos = parseFen(fen, { chess960 });
  const buf = new MotifBuffer();
  for (let i = 0; i < records; i++) {
    const code = i % 8;
    if (code === 4) {
      const o = buf.count++ * 16;
      buf.data.set([4, i & 1, i % 4, (i + 9) % 64, i % 3 === 0 ? -1 : (i + 17) % 64, 3, i % 64, (i + 1) % 64, (i + 2) % 64], o);
    } else pushLine(buf, code, i & 1, i % 64, (i + 1) % 64, (i + 2) % 64, i & 1);
  }
  return { game: 4294967296, offset: -1, ply: 31, pos, buf, played: 15, tactic: null, move: -1, next: null, san: 'Qh4+', uci: 'd8h4' };
}

function seenOf(v: PositionView): Seen {
  const motifs: MotifRecord[] = [];
  for (let i = 0; i < v.buf.count; i++) motifs.push(recordAt(v.buf, i, v.pos));
  return {
    game: v.game,
    ply: v.ply,
    fen: toFen(v.pos),
    move: v.san,
    uci: v.uci,
    checkers: squaresOf(v.pos.checkersLo, v.pos.checkersHi).map(squareName),
    motifs,
    played: playedNames(v.played),
    mover: v.pos.turn === 0 ? 'w' : 'b',
    halfmove: v.pos.halfmove,
    fullmove: v.pos.fullmove,
    text: '',
  };
}

describe('long and odd positions', () => {
  const fen = 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3'; // white is mated: one checker
  it('CSV: hundreds of records, a huge game number', () => {
    const v = crowded(fen, 300);
    const s = seenOf(v);
    expect(s.checkers).toEqual(['h4']);
    const rows = readCsv(line(new CsvFormatter(), v));
    const want = expectedRows(s);
    expect(rows.length).toBe(304);
    rows.forEach((r, k) => expect(Object.fromEntries(COLS.map((c, j) => [c, r[j]]))).toEqual(want[k]));
  });

  it('EPD: c10 and beyond, Chess960 castling through toFen', () => {
    const v = crowded(fen, 40);
    const epd = line(new EpdFormatter(), v);
    const want = expectedComments(seenOf(v));
    expect(want.length).toBe(44);
    expect(epd).toContain(` c10 "${want[10]}"; `);
    expect(epd).toContain(` c43 "played doubleCheck"; sm Qh4+;\n`);
    const c960 = crowded('bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9', 1, true);
    const l960 = line(new EpdFormatter(), c960);
    expect(l960.startsWith(toFen(c960.pos).split(' ').slice(0, 4).join(' ') + ' hmvc 2; fmvn 9; ')).toBe(true);
  });

  it('odd SAN text stays well-formed in each format', () => {
    const v = crowded(fen, 0);
    v.played = 0;
    v.san = 'N"x;y z\u00e9';
    const csv = readCsv(line(new CsvFormatter(), v));
    expect(csv[0][3]).toBe('N"x;y z?');
    expect(line(new EpdFormatter(), v)).toContain(' sm "N_x;y z_";\n');
  });
});

describe('formats', () => {
  it('the factory makes each text format, and only those', () => {
    expect(OUTPUT_FORMATS).toEqual(['jsonl', 'csv', 'epd', 'pgn', 'none', 'parquet']);
    expect(OUTPUT_FORMATS.filter((f) => OUTPUT_KINDS[f].worker === 'text')).toEqual(['jsonl', 'csv', 'epd', 'pgn']);
    expect(createFormatter('jsonl')).toBeInstanceOf(JsonlFormatter);
    expect(createFormatter('csv')).toBeInstanceOf(CsvFormatter);
    expect(createFormatter('epd')).toBeInstanceOf(EpdFormatter);
    expect(createFormatter('pgn')).toBeInstanceOf(PgnFormatter);
    for (const f of ['none', 'parquet', 'xml'] as never[]) expect(() => createFormatter(f)).toThrow(/not a text format/);
  });

  it('only CSV has a header: its columns, the verdict columns with verdicts on, a column per tag', () => {
    const none = { tags: [], tactics: false };
    expect(OUTPUT_KINDS.csv.header(none)).toBe(CSV_COLUMNS + '\r\n');
    expect(OUTPUT_KINDS.csv.header({ tags: ['White', 'a,b'], tactics: true })).toBe(`${CSV_COLUMNS},${CSV_TACTIC_COLUMNS},White,"a,b"\r\n`);
    for (const f of ['jsonl', 'epd', 'pgn', 'none', 'parquet', 'records'] as const)
      expect(OUTPUT_KINDS[f].header({ tags: ['White'], tactics: true })).toBe('');
  });
});
