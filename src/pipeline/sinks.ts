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

  /** Formats with `formatter` (null: no text), or collects records. */
  constructor(
    private readonly formatter: Formatter | null,
    collectRecords: boolean,
  ) {
    this.records = collectRecords ? [] : null;
  }

  /** The sink of an output kind. */
  static of(kind: OutputKind): BatchSink {
    return new BatchSink(kind === 'records' || kind === 'none' ? null : createFormatter(kind), kind === 'records');
  }

  beginGame(info: GameInfo): void {
    this.stats.beginGame(info.derived);
  }

  position(v: PositionView, keep: boolean): void {
    if (keep) {
      if (this.formatter !== null) this.text += this.formatter.position(v);
      else if (this.records !== null) this.records.push(positionRecord(v));
    }
    this.stats.addPosition(v);
  }

  endGame(text: GameText, tagged: number): void {
    if (this.formatter !== null) this.text += this.formatter.endGame(text);
    this.stats.endGame(tagged);
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
