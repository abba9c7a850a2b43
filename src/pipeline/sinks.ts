// What a worker does with each analysed position: count it, and either format it as text (-f …) or
// collect it as a record (the library). One sink per worker, emptied after every batch.
import type { GameInfo, GameText, PositionSink, PositionView } from '../analysis/view.js';
import type { OutputKind } from '../output/formats.js';
import { createFormatter } from '../output/formats.js';
import { positionRecord, type PositionRecord } from '../output/records.js';
import { Stats } from '../output/stats.js';
import type { Formatter } from '../output/view.js';

export class BatchSink implements PositionSink {
  stats = new Stats();
  text = '';
  records: PositionRecord[] | null;
  /** Positions kept in the current game. */
  private kept = 0;

  /**
   * Formats with `formatter` (null: no text), or collects records. `keptGamesOnly` (--where): a game
   * without a kept position writes nothing, not even its PGN text.
   */
  constructor(
    private readonly formatter: Formatter | null,
    collectRecords: boolean,
    private readonly keptGamesOnly = false,
  ) {
    this.records = collectRecords ? [] : null;
  }

  /** The sink of an output kind. */
  static of(kind: OutputKind, keptGamesOnly = false): BatchSink {
    return new BatchSink(kind === 'records' || kind === 'none' ? null : createFormatter(kind), kind === 'records', keptGamesOnly);
  }

  beginGame(_info: GameInfo): void {}

  position(v: PositionView, keep: boolean): void {
    if (keep) {
      this.kept++;
      if (this.formatter !== null) this.text += this.formatter.position(v);
      else if (this.records !== null) this.records.push(positionRecord(v));
    }
    this.stats.addPosition(v);
  }

  endGame(text: GameText, tagged: number): void {
    if (this.formatter !== null && (this.kept > 0 || !this.keptGamesOnly)) this.text += this.formatter.endGame(text);
    this.kept = 0;
    this.stats.addGame(tagged);
  }

  /** What the batch produced, and a fresh start. */
  take(): { text: string; records: PositionRecord[] | null; stats: Stats } {
    const out = { text: this.text, records: this.records, stats: this.stats };
    this.text = '';
    this.records = this.records === null ? null : [];
    this.stats = new Stats();
    return out;
  }
}
