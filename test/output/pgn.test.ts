// Annotated PGN (docs/design.md §6): real games through the worker's game analyzer with the PGN format. The
// output keeps the input (taking our text out gives the input back); the comment after move s holds the
// played tags of move s and the records of the position it leads to (checked against recordAt(), written
// by an independent rendering of the documented form, and against chess.js: each comment chess.js
// attaches to a position holds that position's records by tagFen()); the text sits after the move's NAGs,
// merged into the comment there; and the output re-parses: our tokenizer, chess.js and pgn-parser read
// the same moves whenever they read the input.
import { createRequire } from 'node:module';
import { Chess } from 'chess.js';
import { describe, expect, it } from 'vitest';
import { parseFen } from '../../src/core/fen.js';
import { MotifBuffer } from '../../src/motifs/buffer.js';
import { playedNames } from '../../src/motifs/catalogue.js';
import { scanMotifs } from '../../src/motifs/classify.js';
import { ALL_MOTIFS } from '../../src/motifs/filter.js';
import { recordAt, tagFen, type MotifRecord } from '../../src/motifs/tags.js';
import { createFormatter } from '../../src/output/formats.js';
import { PgnFormatter } from '../../src/output/pgn.js';
import { Stats } from '../../src/stats/stats.js';
import type { Formatter, GameInfo, GameText, PositionView } from '../../src/output/formatter.js';
import { FormattingAnalyzer as GameAnalyzer } from '../helpers/game-text.js';
import { decodeText, scanGame, tokenizeMoves } from '../../src/pgn/movetext.js';
import { readCorpusBytes, splitGames } from '../helpers/corpus.js';
import { taken } from '../helpers/taken.js';

interface ParsedComment {
  text?: string;
  commands?: { key: string; values: string[] }[];
}
interface ParsedGame {
  moves: { move: string; comments?: ParsedComment[] }[];
}
const pgnParser = createRequire(import.meta.url)('pgn-parser') as { parse(text: string): ParsedGame[] };

/** The documented comment form, rendered from the §6 objects (independently of src/output/pgn.ts). */
function renderRecord(r: MotifRecord): string {
  switch (r.motif) {
    case 'battery':
      return `battery ${r.side} ${r.squares.join('+')}>${r.targets.join('+')}`;
    case 'pin':
      return `pin.${r.kind} ${r.side} ${r.slider}-${r.front}-${r.back}${r.partial ? ' partial' : ''}`;
    case 'skewer':
      return `skewer.${r.kind} ${r.side} ${r.slider}-${r.front}-${r.back}`;
    default:
      return `${r.motif} ${r.side} ${r.slider}-${r.front}-${r.back}`;
  }
}

/** The documented `[%xray …]` of a position's records ('' for none). */
function xrayText(records: MotifRecord[]): string {
  return records.length === 0 ? '' : `[%xray ${records.map(renderRecord).join(',')}]`;
}

/** Wraps the PGN formatter and notes the expected text of each comment: slot s = after move s. */
class Recording implements Formatter {
  comments = new Map<number, string>();
  constructor(readonly inner: Formatter) {}
  beginGame(info: GameInfo, text: GameText): void {
    this.inner.beginGame(info, text);
  }
  position(v: PositionView): void {
    const records: MotifRecord[] = [];
    for (let i = 0; i < v.buf.count; i++) records.push(recordAt(v.buf, i, v.pos));
    this.append(v.ply, xrayText(records));
    const played = playedNames(v.played);
    if (played.length > 0) this.append(v.ply + 1, `[%played ${played.join(',')}]`);
    this.inner.position(v);
  }
  private append(slot: number, text: string): void {
    if (text === '') return;
    const had = this.comments.get(slot);
    this.comments.set(slot, had === undefined ? text : `${had} ${text}`);
  }
  endGame(text: GameText): void {
    this.inner.endGame(text);
  }
  take(): Uint8Array {
    return this.inner.take();
  }
  size(): number {
    return this.inner.size();
  }
}

function commentText(c: ParsedComment): string {
  if (c.commands) return c.commands.map((k) => `[%${k.key} ${k.values.join(',')}]`).join(' ');
  return (c.text ?? '').trim();
}

/** Our commands in a comment chess.js read (the other commands, such as [%clk], left out). */
function ourXray(comment: string): string {
  return comment.match(/\[%xray [^\]]*\]/)?.[0] ?? '';
}

/** Every comment chess.js attaches to a position holds the records tagFen() gives for that position. */
function expectCommentsDescribeTheirPositions(pgn: string): number {
  const chess = new Chess();
  chess.loadPgn(pgn);
  const comments = chess.getComments();
  for (const { fen, comment } of comments) expect(ourXray(comment), `${fen}: ${comment}`).toBe(xrayText(tagFen(fen).motifs));
  return comments.length;
}

/** Takes our text out of an annotated game: whole comments of ours, then our commands merged into others. */
function stripOurs(pgn: string): string {
  const ours = String.raw`\[%(?:xray|played) [^\]]*\]`;
  return pgn
    .replace(new RegExp(String.raw` \{ (?:${ours} ?)+\}`, 'g'), '')
    .replace(new RegExp(String.raw`\{ (?:${ours} ?)+\} ?`, 'g'), '')
    .replace(new RegExp(' ' + ours, 'g'), '');
}

const enc = new TextEncoder();

interface Checked {
  games: number;
  comments: number;
  parsed: number;
  notParsed: number;
  chessJs: number;
}

/** The text of the comment after byte `end` of the output, past blanks, NAGs and glyphs (null if none). */
function commentAfter(outBytes: Uint8Array, end: number): string | null {
  const rest = decodeText(outBytes, end, Math.min(outBytes.length, end + 4000));
  const m = /^(?:\s*(?:\$\d+|[!?]+(?=[\s{;$])))*\s*(?:\{([^}]*)\}|;([^\r\n]*))/.exec(rest);
  return m === null ? null : (m[1] ?? m[2]);
}

/** Our comment of each slot s ≥ 1 ends the comment after move s (the initial one is chess.js's to check). */
function expectPlaced(outBytes: Uint8Array, comments: Map<number, string>): void {
  const ends: number[] = [];
  scanGame(outBytes, { tag() {}, move: (_s, e) => void ends.push(e), result() {} });
  for (const [slot, c] of comments) {
    if (slot === 0) continue;
    const text = commentAfter(outBytes, ends[slot - 1]);
    expect(text?.trimEnd().endsWith(c), `after move ${slot}: ${text}`).toBe(true);
  }
}

/** pgn-parser reads the same moves whenever it read the input, with our text in the comment of its move. */
function expectPgnParser(input: string, out: string, comments: Map<number, string>, r: Checked): void {
  let before: ParsedGame;
  try {
    before = pgnParser.parse(input)[0];
  } catch {
    r.notParsed++;
    return;
  }
  const after = pgnParser.parse(out)[0];
  r.parsed++;
  expect(after.moves.map((m) => m.move)).toEqual(before.moves.map((m) => m.move));
  for (const [slot, c] of comments) {
    if (slot > 0) expect(after.moves[slot - 1].comments?.some((k) => commentText(k).endsWith(c))).toBe(true);
  }
}

/** chess.js reads the same moves whenever it read the input, and each comment describes its position. */
function expectChessJs(input: string, out: string, r: Checked): void {
  const before = new Chess();
  try {
    before.loadPgn(input);
  } catch {
    return;
  }
  const after = new Chess();
  after.loadPgn(out);
  expect(after.history()).toEqual(before.history());
  expectCommentsDescribeTheirPositions(out);
  r.chessJs++;
}

function checkFile(file: string, limit: number, allPositions: boolean): Checked {
  const rec = new Recording(createFormatter('pgn'));
  const analyzer = new GameAnalyzer({ formatter: rec, allPositions, filter: ALL_MOTIFS });
  const r: Checked = { games: 0, comments: 0, parsed: 0, notParsed: 0, chessJs: 0 };
  for (const g of splitGames(readCorpusBytes(file), limit)) {
    rec.comments.clear();
    const out = analyzer.pgn(g.bytes, g.index + 1, g.offset, new Stats());
    if (typeof out !== 'string') continue; // a rejected game is not written
    r.games++;
    r.comments += rec.comments.size;
    const input = decodeText(g.bytes, 0, g.bytes.length);
    expect(out.endsWith('\n\n')).toBe(true);
    expect(out.trim()).toBe(out.slice(0, -2));
    const outBytes = enc.encode(out.slice(0, -2));
    expect(tokenizeMoves(outBytes)).toEqual(tokenizeMoves(g.bytes));
    expectPlaced(outBytes, rec.comments);
    expect(stripOurs(out.slice(0, -2))).toBe(input.trim());
    expect(out.split('[%').length - input.split('[%').length).toBe([...rec.comments.values()].join(' ').split('[%').length - 1);
    expectPgnParser(input, out, rec.comments, r);
    expectChessJs(input, out, r);
  }
  return r;
}

describe('PGN', () => {
  it('annotates real games in place, and the output re-parses', () => {
    const files: [string, number][] = [
      ['games/pgnmentor-style-Fischer.pgn', 100],
      ['games/lichess-db-2017-05-no-event-tag-clocks.pgn', 100], // clock comments
      ['games/twic-sample-232games.pgn', 100],
      ['games/mliebelt-32games.pgn', 32], // variations, comments, NAGs
      ['games/lichess-export-mliebelt-2024-01-03.pgn', 50],
    ];
    for (const [file, limit] of files) {
      const r = checkFile(file, limit, false);
      expect(r.games).toBeGreaterThan(0);
      expect(r.comments).toBeGreaterThan(0);
      console.log(
        `PGN ${file}: ${r.games} games, ${r.comments} comments; pgn-parser parsed ${r.parsed} outputs (${r.notParsed} inputs it cannot parse), chess.js ${r.chessJs}`,
      );
    }
  });

  it('writes untagged positions without a comment (--all-positions)', () => {
    const r = checkFile('games/pgnmentor-style-Fischer.pgn', 20, true);
    expect(r.games).toBe(20);
  });

  const analyzer = new GameAnalyzer({ formatter: new PgnFormatter(), allPositions: false, filter: ALL_MOTIFS });
  /** Annotates a game; our tokenizer, chess.js and pgn-parser read it as before (each that read it). */
  const run = (pgn: string): string => {
    const out = analyzer.pgn(enc.encode(pgn), 1, 0, new Stats());
    if (typeof out !== 'string') throw new Error(out.reason);
    expect(tokenizeMoves(enc.encode(out))).toEqual(tokenizeMoves(enc.encode(pgn)));
    const r: Checked = { games: 0, comments: 0, parsed: 0, notParsed: 0, chessJs: 0 };
    expectPgnParser(pgn, out, new Map(), r);
    expectChessJs(pgn, out, r);
    return out;
  };

  it("describes the position after each move: Légal's mate (hand-checked)", () => {
    const out = run('[Event "Legal"]\n\n1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5# 1-0');
    // 3...Bg4 pins the knight to the queen: said after the move that made the pin, and while it stands
    expect(out).toContain('3. Bc4 Bg4 { [%xray discoveredAttack w d1-f3-g4,pin.relative b g4-f3-d1] } 4. Nc3');
    expect(out).toContain('g6 { [%xray discoveredAttack w d1-f3-g4,pin.relative b g4-f3-d1] } 5. Nxe5');
    // 5.Nxe5 takes the knight off the diagonal: it uncovers the queen's attack on g4, and no record stands
    // after it (the bishop attacks the queen directly; Bc4's x-ray through f7 ends on g8, defended by h8)
    expect(out).toContain('5. Nxe5 { [%played discoveredAttack] } Bxd1');
    expect(out).toContain('6. Bxf7+ { [%played check] ');
    expect(out).toMatch(/7\. Nd5# \{ \[%played check\][^}]*\} 1-0\n\n$/);
  });

  it('puts the comment after the NAGs of the move', () => {
    const out = run('1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 $4 $18 4. Qxf7# 1-0');
    expect(out).toContain('Nf6 $4 $18 { [%xray pin.relative w h5-h7-h8,pin.absolute w h5-f7-e8] } 4. Qxf7#');
    expect(run('1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7# 1-0')).toContain('Nf6?? { [%xray ');
  });

  it('keeps an en passant mark with its move: the comment goes after it', () => {
    // exd6 e.p. takes the pawn that blocked the rook's file: a discovered check (the game was rejected before)
    const game = (moves: string): string => `[SetUp "1"]\n[FEN "4k3/8/8/3pP3/8/8/8/4RK2 w - d6 0 1"]\n\n${moves}`;
    expect(run(game('1. exd6+ e.p. Kd7 *'))).toContain('1. exd6+ e.p. { [%played check,discoveredCheck] } Kd7 *');
    expect(run(game('1. exd6+e.p. {ep} Kd7 *'))).toContain('1. exd6+e.p. {ep [%played check,discoveredCheck]} Kd7 *');
    expect(run(game('1. exd6e.p.+ Kd7 *'))).toContain('1. exd6e.p.+ { [%played check,discoveredCheck] } Kd7 *');
  });

  it('merges into the comment a move has, after its NAGs', () => {
    const input =
      '1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:03:00] } 2. Qh5 { [%clk 0:02:58] } 2... Nc6 { [%clk 0:02:57] } ' +
      '3. Bc4 { [%clk 0:02:55] } 3... Nf6 $4 { [%clk 0:02:50] } 4. Qxf7# { [%clk 0:02:49] } 1-0';
    const out = run(input);
    expect(out.split('{').length).toBe(input.split('{').length);
    expect(out).toContain('2. Qh5 { [%clk 0:02:58] [%xray pin.relative w h5-h7-h8,pin.absolute w h5-f7-e8] } 2... Nc6');
    expect(out).toContain('Nf6 $4 { [%clk 0:02:50] [%xray ');
    expect(out).toContain('4. Qxf7# { [%clk 0:02:49] [%played check] } 1-0');
    // into a `;` comment at its end, and into a comment glued to the move
    expect(run('1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 c6 5. Nf3 Bg4 ; pin\n')).toMatch(/Bg4 ; pin \[%xray [^\]]*g4-f3-d1[^\]]*\]\n\n$/);
    expect(run('1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#{mate}$1 *')).toContain('4. Qxf7#{mate [%played check]}$1 *');
  });

  it('writes the records of the initial position before the first move', () => {
    const fen = 'rn2kbnr/pp2pppp/2p5/q7/3P2b1/2N2N2/PPP2PPP/R1BQKB1R w KQkq - 2 6';
    const tags = `[SetUp "1"]\n[FEN "${fen}"]\n\n`;
    const xray = xrayText(tagFen(fen).motifs);
    expect(xray).toContain('pin.relative b g4-f3-d1');
    expect(run(`${tags}6. h3 *`)).toBe(`${tags}{ ${xray} } 6. h3 { ${xray} } *\n\n`);
    expect(run(`${tags}{ Pinned. } 6. h3 *`)).toContain(`{ Pinned. ${xray} } 6. h3`);
    expect(run(`${tags}*`)).toBe(`${tags}{ ${xray} } *\n\n`);
    // a position given as FEN: endGame() with no bytes writes it as a game of its own
    const f = new PgnFormatter();
    const buf = new MotifBuffer();
    const pos = parseFen(fen);
    scanMotifs(pos, buf);
    f.position({ game: 7, offset: -1, ply: 0, pos, buf, played: 0, tactic: null, move: -1, next: null, san: null, uci: null });
    expect(taken(f)).toBe(''); // nothing before the game ends
    f.endGame({ bytes: new Uint8Array(0), moveEnds: new Int32Array(0) });
    const fenGame = taken(f);
    expect(fenGame).toBe(`[SetUp "1"]\n[FEN "${fen}"]\n\n{ ${xray} } *\n\n`);
    expect(pgnParser.parse(fenGame)[0].moves).toEqual([]);
    expectCommentsDescribeTheirPositions(fenGame);
    // and nothing of it reaches the next game
    expect(run('1. e4 *')).toBe('1. e4 *\n\n');
    f.endGame({ bytes: new Uint8Array(0), moveEnds: new Int32Array(0) });
    expect(taken(f)).toBe('');
  });

  it('decodes non-UTF-8 bytes as Latin-1 and keeps them', () => {
    const bytes = new Uint8Array([
      ...enc.encode('[White "M'),
      0xfc,
      ...enc.encode('ller"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n'),
    ]);
    const analyzer = new GameAnalyzer({ formatter: new PgnFormatter(), allPositions: false, filter: ALL_MOTIFS });
    const out = analyzer.pgn(bytes, 1, 0, new Stats());
    expect(typeof out).toBe('string');
    expect(out as string).toContain('[White "Müller"]');
    expect(out as string).toContain('Qxf7# {');
  });
});
