// The analysis of one game as text in one call, for format tests: GameAnalyzer with a
// sink that formats with the given formatter and counts into the given statistics.
import { GameAnalyzer, type GameFailure } from '../../src/analysis/game.js';
import type { MotifFilter } from '../../src/motifs/filter.js';
import type { Stats } from '../../src/stats/stats.js';
import type { Formatter } from '../../src/output/formatter.js';
import { BatchSink } from '../../src/pipeline/sinks.js';

const decoder = new TextDecoder('utf-8', { fatal: true });

export class FormattingAnalyzer {
  private readonly analyzer: GameAnalyzer;
  private readonly sink: BatchSink;

  constructor(o: { formatter: Formatter | null; allPositions: boolean; filter: MotifFilter }) {
    this.analyzer = new GameAnalyzer({ allPositions: o.allPositions, filter: o.filter, moves: o.formatter !== null });
    this.sink = new BatchSink(o.formatter);
  }

  /** The game's output text, or why it was rejected (then nothing was counted). */
  pgn(bytes: Uint8Array, game: number, _offset: number, stats: Stats): string | GameFailure {
    const failure = this.analyzer.pgn(bytes, game, this.sink);
    const out = this.sink.take();
    stats.addVector(out.stats);
    const text = decoder.decode(out.text);
    return failure ?? text;
  }
}
