// DESIGN.md §6: every game that chess.js loadPgn, pgn-parser and python-chess read before annotation they
// still read after it, with the same moves. Checked on real games: lichess games with NAGs and `?!`
// glyphs (the sample), lichess games with a `{ [%clk …] }` comment after every move, and annotated
// world championship games with variations.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { decompress } from 'fzstd';
import { describe, expect, it } from 'vitest';
import { ALL_MOTIFS } from '../../src/motifs/filter.js';
import { PgnFormatter } from '../../src/output/pgn.js';
import { Stats } from '../../src/output/stats.js';
import { FormattingAnalyzer as GameAnalyzer } from '../helpers/game-text.js';
import { decodeText } from '../../src/pgn/movetext.js';
import { ROOT } from '../helpers/cli.js';
import { readCorpusBytes, splitGames } from '../helpers/corpus.js';
import { chessJsMoves, pgnParserMoves, pythonChessMissing, pythonChessMoves } from '../helpers/pgn-readers.js';

interface Pair {
  input: string;
  output: string;
}

/** Each game of the bytes that we analyse, as read and as annotated. */
function annotate(bytes: Uint8Array, limit: number): Pair[] {
  const analyzer = new GameAnalyzer({ formatter: new PgnFormatter(), allPositions: false, filter: ALL_MOTIFS });
  const pairs: Pair[] = [];
  for (const g of splitGames(bytes, limit)) {
    const output = analyzer.pgn(g.bytes, g.index + 1, g.offset, new Stats());
    if (typeof output === 'string') pairs.push({ input: decodeText(g.bytes, 0, g.bytes.length), output });
  }
  return pairs;
}

/** How many games the reader read before annotation; fails on the first one it misreads after. */
function sameMoves(name: string, pairs: Pair[], before: (string[] | null)[], after: (string[] | null)[]): number {
  let read = 0;
  pairs.forEach((p, i) => {
    if (before[i] === null) return;
    read++;
    expect(after[i], `${name} no longer reads game ${i + 1} after annotation:\n${p.output}`).toEqual(before[i]);
  });
  return read;
}

function checkReaders(label: string, pairs: Pair[]): void {
  const annotated = pairs.filter((p) => p.output.includes('[%xray') || p.output.includes('[%played')).length;
  expect(annotated).toBeGreaterThan(pairs.length / 2);
  const line = [`${label}: ${pairs.length} games, ${annotated} annotated`];
  for (const [name, read] of [['chess.js', chessJsMoves], ['pgn-parser', pgnParserMoves]] as const) {
    const n = sameMoves(name, pairs, pairs.map((p) => read(p.input)), pairs.map((p) => read(p.output)));
    line.push(`${name} read ${n} before and after`);
  }
  const missing = pythonChessMissing();
  if (missing === null) {
    const n = sameMoves('python-chess', pairs, pythonChessMoves(pairs.map((p) => p.input)), pythonChessMoves(pairs.map((p) => p.output)));
    line.push(`python-chess read ${n} before and after`);
  } else {
    line.push(`python-chess SKIPPED: ${missing}`);
  }
  console.log(line.join(', '));
}

describe('annotated PGN is read by every reader that read the input', () => {
  it('the lichess sample (first 600 games: NAGs, glyphs)', () => {
    const sample = new Uint8Array(decompress(readFileSync(resolve(ROOT, 'fixtures/sample/lichess-2016-05-3000.pgn.zst'))));
    checkReaders('sample', annotate(sample, 600));
  });

  it('lichess games with a [%clk] comment after every move', () => {
    checkReaders('clocks', annotate(readCorpusBytes('games/lichess-db-2017-05-no-event-tag-clocks.pgn'), Infinity));
  });

  it('world championship matches (first 250 games: variations, long comments)', () => {
    checkReaders('world_matches', annotate(readCorpusBytes('tricky/pychess-testing/world_matches.pgn'), 250));
  });
});
