// The UCI reader against real engine output and against junk. fixtures/uci/stockfish-15.1-session.txt is
// one unedited Stockfish 15.1 session (Debian, /usr/games/stockfish) answering, with Threads 1 and MultiPV 2:
//   1. Scholar's mate to play (mate 1 beside a cp line)   2. the mated position (`score mate 0`, `(none)`)
//   3. a mate in 2 (lichess puzzle 000hf)                  4. the mated side there, `go depth 3` (mate -1)
//   5. a stalemate (`cp 0`, `(none)`)                      6. MultiPV 1, 1.e4 e5 at 8M nodes, which prints
//      lowerbound/upperbound lines (the last one just before bestmove) and currmove lines.
// Each search's expected answer comes from a naive reader written here: the last text line that names
// `multipv k` (or no multipv, for k = 1), has a score and no bound word, read by position in the line.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AnswerReader,
  goNodesCommand,
  isUciMove,
  parseBestmove,
  positionCommand,
  readInfo,
  setOptionCommand,
} from '../../src/puzzles/uci.js';
import type { EngineAnswer, EngineLine } from '../../src/puzzles/types.js';
import { ROOT } from '../helpers/cli.js';

const SESSION = readFileSync(resolve(ROOT, 'fixtures/uci/stockfish-15.1-session.txt'), 'latin1').split('\n');

/** The session cut into searches: the lines up to and including each bestmove. */
function searches(): string[][] {
  const out: string[][] = [];
  let cur: string[] = [];
  for (const l of SESSION) {
    cur.push(l);
    if (l.startsWith('bestmove')) {
      out.push(cur);
      cur = [];
    }
  }
  return out;
}

function read(lines: string[]): EngineAnswer {
  const r = new AnswerReader();
  for (const l of lines) {
    const a = r.push(l);
    if (a !== null) return a;
  }
  throw new Error('no bestmove');
}

/** The naive oracle for one rank: the last scored, unbounded line of multipv k, read positionally. */
function naiveLine(lines: string[], k: number): EngineLine | null {
  for (let i = lines.length - 1; i >= 0; i--) {
    const w = lines[i].split(' ');
    const at = (key: string): number => w.indexOf(key);
    if (w[0] !== 'info' || at('score') < 0 || at('pv') < 0 || at('lowerbound') >= 0 || at('upperbound') >= 0) continue;
    const mpv = at('multipv') >= 0 ? Number(w[at('multipv') + 1]) : 1;
    if (mpv !== k) continue;
    const kind = w[at('score') + 1];
    const n = Number(w[at('score') + 2]);
    return { multipv: k, depth: Number(w[at('depth') + 1]), score: kind === 'cp' ? { cp: n } : { mate: n }, pv: w.slice(at('pv') + 1) };
  }
  return null;
}

function naiveNodes(lines: string[]): number {
  let max = 0;
  for (const l of lines) {
    const w = l.split(' ');
    const i = w.indexOf('nodes');
    if (w[0] === 'info' && i > 0 && w[1] !== 'string') max = Math.max(max, Number(w[i + 1]));
  }
  return max;
}

describe('commands', () => {
  it('writes position, go and setoption as UCI says', () => {
    expect(positionCommand('8/8/8/8/8/8/8/K6k w - - 0 1', [])).toBe('position fen 8/8/8/8/8/8/8/K6k w - - 0 1');
    expect(positionCommand('8/8/8/8/8/8/8/K6k w - - 0 1', ['a1a2', 'h1h2'])).toBe(
      'position fen 8/8/8/8/8/8/8/K6k w - - 0 1 moves a1a2 h1h2',
    );
    expect(goNodesCommand(100_000)).toBe('go nodes 100000');
    expect(setOptionCommand('MultiPV', 2)).toBe('setoption name MultiPV value 2');
    expect(setOptionCommand('Clear Hash', true)).toBe('setoption name Clear Hash value true');
  });
});

describe('a real Stockfish 15.1 session', () => {
  const all = searches();

  it('holds the six searches described above', () => {
    expect(all.map((s) => s[s.length - 1])).toEqual([
      'bestmove h5f7',
      'bestmove (none)',
      'bestmove e2e6 ponder f7e8',
      'bestmove f7f8 ponder e6f7',
      'bestmove (none)',
      'bestmove g1f3 ponder b8c6',
    ]);
  });

  it('keeps the last complete line of each multipv, as the naive reader does', () => {
    for (const s of all) {
      const a = read(s);
      const want: EngineLine[] = [];
      for (let k = 1; naiveLine(s, k) !== null; k++) want.push(naiveLine(s, k)!);
      expect(a.lines).toEqual(want);
      expect(a.nodes).toBe(naiveNodes(s));
    }
  });

  it('says from which depth the best move led, as a plain scan of the multipv-1 lines finds it', () => {
    for (const s of all) {
      const a = read(s);
      const best = naiveLine(s, 1)?.pv[0];
      const first = (l: string): string | undefined => {
        const w = l.split(' ');
        const ok = w[0] === 'info' && w.includes('score') && w.includes('pv') && !w.includes('lowerbound') && !w.includes('upperbound');
        return ok && (w.includes('multipv') ? w[w.indexOf('multipv') + 1] === '1' : true) ? w[w.indexOf('pv') + 1] : undefined;
      };
      let settled = 0;
      for (const l of s) {
        const m = first(l);
        if (m === undefined) continue;
        if (m !== best) settled = 0;
        else if (settled === 0) settled = Number(l.split(' ')[l.split(' ').indexOf('depth') + 1]);
      }
      expect(a.settled).toBe(settled);
    }
    const [scholar, , , , , long] = all.map(read);
    expect(scholar.settled).toBeGreaterThan(0);
    expect(long.settled).toBeGreaterThan(1); // 1.e4 e5 at 8M nodes changes its mind after depth 1
  });

  it('reads mate scores of both signs, cp beside mate, (none), and skips a bound just before bestmove', () => {
    const [scholar, mated, mateIn2, gettingMated, stalemate, long] = all.map(read);
    expect(scholar.bestmove).toBe('h5f7');
    expect(scholar.lines.map((l) => l.score)).toEqual([{ mate: 1 }, { cp: -125 }]);
    expect(scholar.lines[0]).toMatchObject({ multipv: 1, depth: 13, pv: ['h5f7'] });
    expect(mated).toEqual({ lines: [], bestmove: '', nodes: 0, settled: 0 });
    expect(mateIn2.lines[0]).toEqual({ multipv: 1, depth: 13, score: { mate: 2 }, pv: ['e2e6', 'f7e8', 'e6f7'] });
    expect(mateIn2.lines[1].score).toEqual({ cp: 57 });
    expect(gettingMated.lines.map((l) => l.score)).toEqual([{ mate: -1 }, { mate: -1 }]);
    expect(gettingMated.lines.map((l) => l.pv[0])).toEqual(['f7f8', 'f7e8']);
    expect(stalemate).toEqual({ lines: [], bestmove: '', nodes: 0, settled: 0 });
    // the session's last info line is `depth 31 … score cp 29 upperbound`: the answer is the depth-30 line
    expect(long.lines).toHaveLength(1);
    expect(long.lines[0]).toMatchObject({ multipv: 1, depth: 30, score: { cp: 36 } });
    expect(long.nodes).toBe(7822550);
  });
});

describe('odd and broken lines', () => {
  it('reads fields in any order, with unknown tokens and wdl among them', () => {
    const f = readInfo('info nodes 77 foo pv e2e4 e7e5 score cp -12 wdl 100 800 100 multipv 3 bar depth 9');
    expect(f).toEqual({ depth: 9, multipv: 3, score: { cp: -12 }, bound: false, nodes: 77, pv: ['e2e4', 'e7e5'] });
  });

  it('ends a pv at the first token that is not a move, and reads promotions and 0000', () => {
    expect(readInfo('info depth 1 score cp 1 pv e7e8q a2a1n 0000 string x')!.pv).toEqual(['e7e8q', 'a2a1n', '0000']);
    expect(readInfo('info depth 1 score cp 1 pv e2e4 e7e5 depth 4')!.depth).toBe(4);
    expect(['e2e4', 'e7e8q', '0000'].every(isUciMove)).toBe(true);
    expect(['e2e9', 'e7e8k', 'E2E4', 'e2e4+', '(none)', ''].some(isUciMove)).toBe(false);
  });

  it('marks bounds, ignores info string, and never throws on junk', () => {
    expect(readInfo('info depth 5 score cp 30 lowerbound pv e2e4')!.bound).toBe(true);
    expect(readInfo('info depth 5 score upperbound cp 30 pv e2e4')!.score).toBeNull();
    expect(readInfo('info string depth 5 score cp 30 pv e2e4')).toEqual({
      depth: null,
      multipv: 1,
      score: null,
      bound: false,
      nodes: null,
      pv: [],
    });
    expect(readInfo('bestmove e2e4')).toBeNull();
    const junk = [
      '',
      ' ',
      'info',
      'info depth',
      'info score',
      'info score mate',
      'info score cp x',
      'info depth -',
      'info multipv',
      '\u0000\u00ff',
      'x'.repeat(10_000),
    ];
    for (const j of junk) expect(() => readInfo(j)).not.toThrow();
  });

  it('reads bestmove with and without ponder, (none), and refuses other lines', () => {
    expect(parseBestmove('bestmove e2e4 ponder e7e5')).toEqual({ bestmove: 'e2e4', ponder: 'e7e5' });
    expect(parseBestmove('bestmove e7e8q')).toEqual({ bestmove: 'e7e8q', ponder: null });
    expect(parseBestmove('bestmove (none)')).toEqual({ bestmove: '', ponder: null });
    expect(parseBestmove('  bestmove a1a2 ponder  \r')).toEqual({ bestmove: 'a1a2', ponder: null });
    expect(parseBestmove('bestmove')).toBeNull();
    expect(parseBestmove('bestmovex e2e4')).toBeNull();
    expect(parseBestmove('info bestmove e2e4')).toBeNull();
  });

  it('answers from complete lines only, ranks without a gap, and survives junk between them', () => {
    const a = read([
      'garbage \u0000',
      'info depth 3 multipv 2 score cp 5 pv d2d4',
      'info depth 3 multipv 1 score cp 20 nodes 50 pv e2e4 e7e5',
      'info depth 4 multipv 1 score cp 60 lowerbound nodes 90 pv e2e4',
      'info depth 4 multipv 3 score cp 1 pv a2a3',
      'info depth 4 currmove g1f3 currmovenumber 2',
      'info depth 4 score mate -3 pv h2h3',
      'bestmove e2e4',
      'info depth 9 multipv 1 score cp 999 pv a2a4',
    ]);
    // the multipv-less line is rank 1; the rank-1 bound is skipped; ranks 1, 2, 3 are all present
    expect(a.lines.map((l) => [l.multipv, l.depth, l.score])).toEqual([
      [1, 4, { mate: -3 }],
      [2, 3, { cp: 5 }],
      [3, 4, { cp: 1 }],
    ]);
    expect(a.nodes).toBe(90);
    const gap = read(['info depth 1 multipv 2 score cp 5 pv d2d4', 'info depth 1 multipv 3 score cp 4 pv c2c4', 'bestmove d2d4']);
    expect(gap.lines).toEqual([]);
  });
});
