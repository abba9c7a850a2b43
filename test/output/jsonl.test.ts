// JSONL (docs/design.md §6): every line of real games equals, byte for byte, JSON.stringify of the object built
// from recordAt()/checkers/played (so key order and values are the contract's), and JSON.parse gives it
// back. The writer's throughput is measured and printed (not asserted).
import { describe, expect, it } from 'vitest';
import { squaresOf } from '../../src/core/bitboard.js';
import { INITIAL_FEN, parseFen, toFen } from '../../src/core/fen.js';
import { Position } from '../../src/core/position.js';
import { squareName } from '../../src/core/squares.js';
import { moveToSan, moveToUci, parseSan } from '../../src/core/san.js';
import { variantFromTag } from '../../src/core/variant.js';
import { MotifBuffer, REC_CODE, REC_PARTIAL, REC_TARGET2, STRIDE } from '../../src/motifs/buffer.js';
import { BATTERY, MOTIFS, PIN_ABSOLUTE, playedNames } from '../../src/motifs/catalogue.js';
import { scanMotifs } from '../../src/motifs/classify.js';
import { playedFlags } from '../../src/motifs/played.js';
import { recordAt } from '../../src/motifs/tags.js';
import { JsonlFormatter, jsonString, positionJson, writePositionJson } from '../../src/output/jsonl.js';
import { AsciiWriter } from '../../src/output/lines.js';
import { createFormatter } from '../../src/output/formats.js';
import type { PositionView } from '../../src/output/formatter.js';
import { loadGames, type CorpusGame } from '../helpers/corpus.js';
import { fenLetters } from '../helpers/fen-letters.js';
import type { PositionRecord } from '../../src/output/records.js';
import { taken } from '../helpers/taken.js';
import { chainSquare, pushChain, pushLine } from '../helpers/motif-records.js';

/** Replays games on the core and calls back with each position's view (reused: copy what you keep). */
function replay(games: CorpusGame[], cb: (v: PositionView) => void): void {
  const buf = new MotifBuffer();
  const next = new Position();
  games.forEach((g, gi) => {
    const chess960 = variantFromTag(g.variant) === 'chess960';
    const pos = parseFen(g.fen ?? INITIAL_FEN, { chess960 });
    const v: PositionView = {
      game: gi + 1,
      offset: -1,
      ply: 0,
      pos,
      buf,
      played: 0,
      tactic: null,
      move: -1,
      next: null,
      san: null,
      uci: null,
    };
    for (let ply = 0; ply <= g.sans.length; ply++) {
      scanMotifs(pos, buf);
      v.ply = ply;
      v.played = 0;
      v.move = -1;
      v.next = null;
      v.san = null;
      v.uci = null;
      let m = -1;
      if (ply < g.sans.length) {
        m = parseSan(pos, g.sans[ply]);
        next.copyFrom(pos);
        next.play(m);
        v.move = m;
        v.next = next;
        v.played = playedFlags(pos, m, next, buf);
        // the strings other formats read: the line must show the same text, written as bytes from move and next
        v.san = moveToSan(pos, m, next);
        v.uci = moveToUci(pos, m);
      }
      cb(v);
      if (m >= 0) pos.copyFrom(next);
    }
  });
}

function expectedObject(v: PositionView): object {
  const motifs = [];
  for (let i = 0; i < v.buf.count; i++) motifs.push(recordAt(v.buf, i, v.pos));
  return {
    game: v.game,
    ...(v.offset >= 0 ? { offset: v.offset } : {}),
    ply: v.ply,
    fen: toFen(v.pos),
    move: v.san,
    uci: v.uci,
    checkers: squaresOf(v.pos.checkersLo, v.pos.checkersHi).map(squareName),
    motifs,
    played: playedNames(v.played),
  };
}

/** Every record's pieces are the letters the FEN's placement shows on its squares (an independent reading). */
function expectPiecesOfFen(rec: PositionRecord): void {
  const on = fenLetters(rec.fen);
  const at = (sq: string): string => on[(sq.charCodeAt(1) - 49) * 8 + sq.charCodeAt(0) - 97];
  for (const m of rec.motifs) {
    if (m.motif === 'battery') {
      expect(m.pieces).toEqual(m.squares.map(at));
      expect(m.targetPieces).toEqual(m.targets.map(at));
      // a battery's sliders are its side's; its targets the other side's
      for (const p of m.pieces) expect(m.side === 'w' ? 'RBQ' : 'rbq').toContain(p);
      for (const p of m.targetPieces) expect(p === p.toUpperCase()).toBe(m.side === 'b');
    } else {
      expect(m.pieces).toEqual({ slider: at(m.slider), front: at(m.front), back: at(m.back) });
      expect('RBQrbq').toContain(m.pieces.slider);
    }
  }
}

const games = loadGames('games/pgnmentor-style-Fischer.pgn', 200);

describe('JSONL', () => {
  it('equals JSON.stringify of the recordAt() objects, line for line, on 200 real games', () => {
    expect(games.length).toBe(200);
    let positions = 0;
    let tagged = 0;
    const codes = new Set<number>();
    let partial = 0;
    let twoTargets = 0;
    let checked = 0;
    let multiPlayed = 0;
    let ends = 0;
    replay(games, (v) => {
      const line = positionJson(v);
      const expected = expectedObject(v);
      expect(line).toBe(JSON.stringify(expected) + '\n');
      expect(JSON.parse(line)).toEqual(expected);
      expectPiecesOfFen(JSON.parse(line) as PositionRecord);
      positions++;
      if (v.buf.count > 0 || v.played !== 0) tagged++;
      for (let i = 0; i < v.buf.count; i++) {
        const o = i * STRIDE;
        const d = v.buf.data;
        codes.add(d[o + REC_CODE]);
        if (d[o + REC_CODE] === PIN_ABSOLUTE && d[o + REC_PARTIAL] === 1) partial++;
        if (d[o + REC_CODE] === BATTERY && d[o + REC_TARGET2] >= 0) twoTargets++;
      }
      if ((v.pos.checkersLo | v.pos.checkersHi) !== 0) checked++;
      if ((v.played & (v.played - 1)) !== 0) multiPlayed++;
      if (v.san === null) ends++;
    });
    // the sample exercises every shape of the output
    expect(codes.size).toBe(MOTIFS.length);
    expect(partial).toBeGreaterThan(0);
    expect(twoTargets).toBeGreaterThan(0);
    expect(checked).toBeGreaterThan(0);
    expect(multiPlayed).toBeGreaterThan(0);
    expect(ends).toBe(200);
    console.log(`JSONL: ${positions} positions (${tagged} tagged) of 200 games checked against JSON.stringify(recordAt())`);
  });

  it('the formatter from the factory writes the same lines and nothing else', () => {
    const f = createFormatter('jsonl');
    expect(f).toBeInstanceOf(JsonlFormatter);
    replay(games.slice(0, 5), (v) => {
      // lines are handed out once per batch: here, one position per batch
      f.position(v);
      f.endGame({ bytes: new Uint8Array(0), moveEnds: new Int32Array(0) });
      expect(taken(f)).toBe(positionJson(v));
    });
    f.endGame({ bytes: new Uint8Array(0), moveEnds: new Int32Array(0) });
    expect(taken(f)).toBe('');
  });

  it('escapes strings defensively (the tags)', () => {
    for (const s of ['Bb5', 'e8=Q+', 'a"b', 'back\\slash', 'line\nbreak\r\t', '\u0001\u001f\u007f', 'é€😀', '\ud800x', 'x\udc00']) {
      const q = jsonString(s);
      expect(JSON.parse(q)).toBe(s);
      for (let i = 0; i < q.length; i++) expect(q.charCodeAt(i)).toBeLessThan(0x7f); // ASCII out
    }
    expect(jsonString('Bb5')).toBe('"Bb5"');
  });

  it('writes the move from move and next, not from the view strings (--where may have set san)', () => {
    const pos = parseFen(INITIAL_FEN);
    const m = parseSan(pos, 'Nf3');
    const next = pos.clone();
    next.play(m);
    const buf = new MotifBuffer();
    const v: PositionView = { game: 1, offset: -1, ply: 0, pos, buf, played: 0, tactic: null, move: m, next, san: null, uci: null };
    const line = positionJson(v);
    expect(JSON.parse(line)).toMatchObject({ move: 'Nf3', uci: 'g1f3' });
    expect(positionJson({ ...v, san: 'Nf3' })).toBe(line);
    expect(JSON.parse(positionJson({ ...v, move: -1, next: null }))).toMatchObject({ move: null, uci: null });
  });

  it('writes long lines (many records) whole', () => {
    const pos = parseFen(INITIAL_FEN);
    const buf = new MotifBuffer();
    for (let i = 0; i < 300; i++) pushLine(buf, i % 8 === BATTERY ? 0 : i % 8, i & 1, i % 64, (i + 1) % 64, (i + 2) % 64, i & 1);
    const v: PositionView = {
      game: 123456789,
      offset: 9007199254740,
      ply: 4000,
      pos,
      buf,
      played: 15,
      tactic: null,
      move: -1,
      next: null,
      san: null,
      uci: null,
    };
    const line = positionJson(v);
    const expected = expectedObject(v);
    expect(line).toBe(JSON.stringify(expected) + '\n');
    expect(line.length).toBeGreaterThan(20000);
  });

  it('ensures room for a whole line once: a long line written at every fill of the buffer ends intact', () => {
    // the line's one room check must cover every byte: a short count would leave bytes unwritten or throw
    // the longest SAN and UCI: exd8=Q+ and e7d8q
    const pos = parseFen('k2r4/4P3/8/8/8/8/8/K7 w - - 0 1');
    const move = parseSan(pos, 'exd8=Q');
    const next = pos.clone();
    next.play(move);
    const buf = new MotifBuffer();
    for (let c = 0; c < 3; c++) {
      for (let k = 0; k < 8; k++) chainSquare(buf, k, 8 + k);
      pushChain(buf, BATTERY, c & 1, 3, 62, 63, 8);
      pushLine(buf, PIN_ABSOLUTE, 1, 0, 1, 2, 1);
    }
    const v: PositionView = {
      game: 2 ** 31,
      offset: 9007199254740,
      ply: 4000,
      pos,
      buf,
      played: 15,
      tactic: null,
      move,
      next,
      san: null,
      uci: null,
    };
    const line = positionJson(v);
    expect(JSON.parse(line)).toMatchObject({ move: 'exd8=Q+', uci: 'e7d8q' });
    for (let fill = 4096 - line.length - 64; fill <= 4096; fill++) {
      const w = new AsciiWriter();
      w.n = fill;
      writePositionJson(w, v);
      expect(w.take().slice(fill)).toBe(line);
    }
  });

  it('sustains its throughput (measured, printed)', () => {
    // CPU time of this process, not wall time: other processes on the machine do not count against it
    const cpuMs = (): number => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    };
    // (a) in isolation: compact copies of the tagged positions, formatted again and again
    const kept: PositionView[] = [];
    replay(games, (v) => {
      if (v.buf.count === 0 && v.played === 0) return;
      const buf = new MotifBuffer();
      buf.data.set(v.buf.data.subarray(0, v.buf.count * STRIDE));
      buf.count = v.buf.count;
      kept.push({
        game: v.game,
        offset: -1,
        ply: v.ply,
        pos: v.pos.clone(),
        buf,
        played: v.played,
        tactic: null,
        move: v.move,
        next: v.next?.clone() ?? null,
        san: v.san,
        uci: v.uci,
      });
    });
    let chars = 0;
    for (const v of kept) chars += positionJson(v).length; // warm-up pass
    const perLine = chars / kept.length;
    const pass = (f: (v: PositionView) => string): number => {
      let out = ''; // the batch text, as the worker builds it
      const t0 = cpuMs();
      for (const v of kept) out += f(v);
      const ms = cpuMs() - t0;
      chars += out.length;
      return ms;
    };
    let best = Infinity;
    let bestFen = Infinity;
    for (let r = 0; r < 30; r++) best = Math.min(best, pass(positionJson));
    for (let r = 0; r < 10; r++)
      bestFen = Math.min(
        bestFen,
        pass((v) => toFen(v.pos)),
      );
    const rate = kept.length / (best / 1000);
    const fenRate = kept.length / (bestFen / 1000);
    // (b) in place: the replay loop of the worker (scan, played tags, SAN) with and without the writer;
    // the difference is what the format costs when the position is hot in the cache, as in a worker
    const loop = (write: boolean): number => {
      let out = '';
      const t0 = cpuMs();
      replay(games, (v) => {
        if (write && (v.buf.count > 0 || v.played !== 0)) out += positionJson(v);
      });
      chars += out.length;
      return cpuMs() - t0;
    };
    let withMs = Infinity;
    let withoutMs = Infinity;
    for (let r = 0; r < 6; r++) {
      withoutMs = Math.min(withoutMs, loop(false));
      withMs = Math.min(withMs, loop(true));
    }
    const marginal =
      withMs > withoutMs
        ? `${Math.round(kept.length / ((withMs - withoutMs) / 1000)).toLocaleString('en')} positions/s`
        : 'below the noise';
    console.log(
      `JSONL throughput, one thread, FEN included (best of repeated passes, CPU time): ${Math.round(rate).toLocaleString('en')} tagged positions/s ` +
        `formatting ${kept.length} stored positions in turn (${perLine.toFixed(0)} chars per line on average; ` +
        `toFen alone: ${Math.round(fenRate).toLocaleString('en')}/s); marginal cost inside the replay loop: ${marginal} ` +
        `(replay ${withoutMs.toFixed(0)} ms, replay + JSONL ${withMs.toFixed(0)} ms)`,
    );
    expect(rate).toBeGreaterThan(0);
  });
});
