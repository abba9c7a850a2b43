// The annotated-PGN round trip: each game of some bytes annotated by the PGN formatter, and the check that
// every reader that read a game before annotation reads the same moves after it (chess.js, pgn-parser, and
// python-chess when installed).
import { expect } from 'vitest';
import { ALL_MOTIFS } from '../../src/motifs/filter.js';
import { PgnFormatter } from '../../src/output/pgn.js';
import { Stats } from '../../src/stats/stats.js';
import { decodeText } from '../../src/pgn/movetext.js';
import { splitGames } from './corpus.js';
import { FormattingAnalyzer as GameAnalyzer } from './game-text.js';
import { chessJsMoves, pgnParserMoves, pythonChessMissing, pythonChessMoves } from './pgn-readers.js';

export interface Pair {
  input: string;
  output: string;
}

/** Each game of the bytes that we analyse, as read and as annotated. */
export function annotate(bytes: Uint8Array, limit: number): Pair[] {
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

export function checkReaders(label: string, pairs: Pair[]): void {
  const annotated = pairs.filter((p) => p.output.includes('[%xray') || p.output.includes('[%played')).length;
  expect(annotated).toBeGreaterThan(pairs.length / 2);
  const line = [`${label}: ${pairs.length} games, ${annotated} annotated`];
  for (const [name, read] of [
    ['chess.js', chessJsMoves],
    ['pgn-parser', pgnParserMoves],
  ] as const) {
    const n = sameMoves(
      name,
      pairs,
      pairs.map((p) => read(p.input)),
      pairs.map((p) => read(p.output)),
    );
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
