// Annotated PGN: real games through the worker's game analyzer with the PGN format. The output keeps the
// input (taking our comments out gives the input back), the comments say what the positions hold (checked
// against recordAt(), written by an independent rendering of the documented form) and sit where the
// format says, and the output re-parses: our tokenizer gives the same moves, and pgn-parser parses it
// whenever it parsed the input (called per game, in try/catch), with our comments on the right moves.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parseFen } from '../../src/core/fen.js';
import { MotifBuffer } from '../../src/motifs/buffer.js';
import { scanMotifs } from '../../src/motifs/classify.js';
import { ALL_MOTIFS } from '../../src/motifs/filter.js';
import { playedNames } from '../../src/motifs/catalogue.js';
import { recordAt, type MotifRecord } from '../../src/motifs/tags.js';
import { createFormatter } from '../../src/output/formats.js';
import { PgnFormatter } from '../../src/output/pgn.js';
import { Stats } from '../../src/output/stats.js';
import type { Formatter, GameText, PositionView } from '../../src/output/view.js';
import { GameAnalyzer } from '../../src/pipeline/game.js';
import { decodeText, scanGame, tokenizeMoves } from '../../src/pgn/movetext.js';
import { readCorpusBytes, splitGames } from '../helpers/corpus.js';

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

function expectedComment(v: PositionView): string {
  const parts: string[] = [];
  const records: string[] = [];
  for (let i = 0; i < v.buf.count; i++) records.push(renderRecord(recordAt(v.buf, i)));
  if (records.length > 0) parts.push(`[%xray ${records.join(',')}]`);
  const played = playedNames(v.played);
  if (played.length > 0) parts.push(`[%played ${played.join(',')}]`);
  return parts.join(' ');
}

/** Wraps the PGN formatter and notes the expected comment of each position it is shown. */
class Recording implements Formatter {
  comments = new Map<number, string>();
  constructor(readonly inner: Formatter) {}
  header(): string {
    return this.inner.header();
  }
  position(v: PositionView): string {
    const c = expectedComment(v);
    if (c !== '') this.comments.set(v.ply, c);
    return this.inner.position(v);
  }
  endGame(text: GameText): string {
    return this.inner.endGame(text);
  }
}

function commentText(c: ParsedComment): string {
  if (c.commands) return c.commands.map((k) => `[%${k.key} ${k.values.join(',')}]`).join(' ');
  return (c.text ?? '').trim();
}

const enc = new TextEncoder();

function checkFile(file: string, limit: number, allPositions: boolean): { games: number; comments: number; parsed: number; notParsed: number } {
  const rec = new Recording(createFormatter('pgn'));
  const analyzer = new GameAnalyzer({ formatter: rec, allPositions, filter: ALL_MOTIFS });
  let games = 0;
  let comments = 0;
  let parsed = 0;
  let notParsed = 0;
  for (const g of splitGames(readCorpusBytes(file), limit)) {
    rec.comments.clear();
    const out = analyzer.pgn(g.bytes, g.index + 1, g.offset, new Stats());
    if (typeof out !== 'string') continue; // a rejected game is not written
    games++;
    const input = decodeText(g.bytes, 0, g.bytes.length);
    expect(out.endsWith('\n\n')).toBe(true);
    expect(out.trim()).toBe(out.slice(0, -2));
    const outBytes = enc.encode(out.slice(0, -2));
    // 1. our tokenizer reads the same main line
    const moves = tokenizeMoves(g.bytes);
    expect(tokenizeMoves(outBytes)).toEqual(moves);
    // 2. each comment right after its move token; the final position's before the result or at the end
    const ends: number[] = [];
    let resultAt = -1;
    scanGame(outBytes, {
      tag() {},
      move(_s, e) {
        ends.push(e);
      },
      result(s) {
        resultAt = s;
      },
    });
    const plies = moves.length;
    for (const [ply, c] of rec.comments) {
      const inserted = `{ ${c} }`;
      if (ply < plies) {
        expect(decodeText(outBytes, ends[ply], ends[ply] + inserted.length + 1)).toBe(' ' + inserted);
      } else if (resultAt >= 0) {
        expect(decodeText(outBytes, resultAt - inserted.length - 1, resultAt)).toBe(inserted + ' ');
      } else {
        expect(out.slice(0, -2).endsWith(inserted)).toBe(true);
      }
      comments++;
    }
    // 3. taking our comments out gives the input back
    const stripped = out
      .slice(0, -2)
      .replace(/[ \n]\{ \[%(?:xray|played) [^}]*\}/g, '')
      .replace(/\{ \[%(?:xray|played) [^}]*\} /g, '');
    expect(stripped).toBe(input.trim());
    expect(out.split('[%').length - 1 - (input.split('[%').length - 1)).toBe(
      [...rec.comments.values()].reduce((n, c) => n + c.split('[%').length - 1, 0),
    );
    // 4. pgn-parser parses it whenever it parsed the input, with our comments on the right moves
    let before: ParsedGame | null = null;
    try {
      before = pgnParser.parse(input)[0];
    } catch {
      notParsed++;
    }
    if (before !== null) {
      const after = pgnParser.parse(out)[0];
      parsed++;
      expect(after.moves.map((m) => m.move)).toEqual(before.moves.map((m) => m.move));
      for (const [ply, c] of rec.comments) {
        const at = ply < plies ? ply : plies - 1; // the final position's comment follows the last move
        if (at < 0) continue;
        expect(after.moves[at].comments?.map(commentText)).toContain(c);
      }
    }
  }
  return { games, comments, parsed, notParsed };
}

describe('PGN', () => {
  it('annotates real games in place, and the output re-parses', () => {
    const files: [string, number][] = [
      ['games/pgnmentor-style-Fischer.pgn', 200],
      ['games/lichess-db-2017-05-no-event-tag-clocks.pgn', 150], // clock comments
      ['games/twic-sample-232games.pgn', 100],
      ['games/mliebelt-32games.pgn', 32], // variations, comments, NAGs
      ['games/lichess-export-mliebelt-2024-01-03.pgn', 50],
    ];
    for (const [file, limit] of files) {
      const r = checkFile(file, limit, false);
      expect(r.games).toBeGreaterThan(0);
      expect(r.comments).toBeGreaterThan(0);
      console.log(`PGN ${file}: ${r.games} games, ${r.comments} comments; pgn-parser parsed ${r.parsed} outputs (${r.notParsed} inputs it cannot parse)`);
    }
  });

  it('writes untagged positions without a comment (--all-positions)', () => {
    const r = checkFile('games/pgnmentor-style-Fischer.pgn', 20, true);
    expect(r.games).toBe(20);
  });

  it('places the comments of hand-made games: after moves, before the result, at the end', () => {
    const f = new PgnFormatter();
    const analyzer = new GameAnalyzer({ formatter: f, allPositions: false, filter: ALL_MOTIFS });
    const run = (pgn: string): string => {
      const out = analyzer.pgn(enc.encode(pgn), 1, 0, new Stats());
      if (typeof out !== 'string') throw new Error(out.reason);
      return out;
    };
    // Scholar's mate: the final position (mate) has motifs of its own; 4.Qxf7# is check
    const mate = run('[Event "x"]\r\n\r\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6?? 4. Qxf7# 1-0\r\n');
    expect(mate).toContain('4. Qxf7# { ');
    expect(mate).toContain('[%played check] }');
    expect(mate.endsWith(' } 1-0\n\n')).toBe(true);
    expect(mate.startsWith('[Event "x"]\r\n\r\n1. e4')).toBe(true);
    // the final position has motifs of its own (the bishop pins the knight to the queen)
    const pinned = '1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 c6 5. Nf3 Bg4';
    const withResult = run(`${pinned} *\n`);
    expect(withResult).toMatch(/Bg4 \{ \[%[^}]*\} \{ \[%xray [^}]*pin\.relative b g4-f3-d1[^}]*\} \*\n\n$/);
    // no result: at the end; on a line of its own when the last line is a `;` comment
    expect(run(`${pinned}\n`)).toMatch(/Bg4 \{ \[%[^}]*\} \{ \[%xray [^}]*g4-f3-d1[^}]*\}\n\n$/);
    const open = run(`${pinned} ; pin\n`);
    expect(open).toMatch(/Bg4 \{ \[%[^}]*\} ; pin\n\{ \[%xray [^}]*g4-f3-d1[^}]*\}\n\n$/);
    // a token followed at once by a comment or a NAG
    const tight = run('1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#{mate}$1 *');
    expect(tight).toMatch(/Qxf7# \{ [^}]*\}\{mate\}\$1 \*\n\n$/);
    // a position given as FEN: endGame() with no bytes writes it as a game of its own
    const buf = new MotifBuffer();
    const fen = 'rn2kbnr/pp2pppp/2p5/q7/3P2b1/2N2N2/PPP2PPP/R1BQKB1R w KQkq - 2 6';
    const pos = parseFen(fen);
    scanMotifs(pos, buf);
    expect(buf.count).toBeGreaterThan(0);
    expect(f.position({ game: 7, ply: 0, pos, buf, played: 0, san: null, uci: null })).toBe('');
    const fenGame = f.endGame({ bytes: new Uint8Array(0), moveEnds: new Int32Array(0) });
    expect(fenGame).toMatch(/^\[SetUp "1"\]\n\[FEN "rn2kbnr\/pp2pppp\/2p5\/q7\/3P2b1\/2N2N2\/PPP2PPP\/R1BQKB1R w KQkq - 2 6"\]\n\n\{ \[%xray [^}]*g4-f3-d1[^}]*\} \*\n\n$/);
    expect(tokenizeMoves(enc.encode(fenGame))).toEqual([]);
    expect(pgnParser.parse(fenGame)[0].moves).toEqual([]);
    // and nothing of it reaches the next game
    expect(run('1. e4 *')).toBe('1. e4 *\n\n');
    expect(f.endGame({ bytes: new Uint8Array(0), moveEnds: new Int32Array(0) })).toBe('');
  });

  it('decodes non-UTF-8 bytes as Latin-1 and keeps them', () => {
    const bytes = new Uint8Array([...enc.encode('[White "M'), 0xfc, ...enc.encode('ller"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n')]);
    const analyzer = new GameAnalyzer({ formatter: new PgnFormatter(), allPositions: false, filter: ALL_MOTIFS });
    const out = analyzer.pgn(bytes, 1, 0, new Stats());
    expect(typeof out).toBe('string');
    expect(out as string).toContain('[White "Müller"]');
    expect(out as string).toContain('Qxf7# {');
  });
});
