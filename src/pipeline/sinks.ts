// What a worker does with each analysed position: count it, and either format it as text (-f …) or
// collect it as a record (the library). One sink per worker, emptied after every batch.
import type { GameInfo, GameText, PositionSink, PositionView } from '../analysis/view.js';
import type { OutputKind } from '../output/formats.js';
import { createFormatter } from '../output/formats.js';
import { ParquetColumns, type ParquetBatch } from '../output/parquet-columns.js';
import { askedTags, positionRecord, type PositionRecord } from '../output/records.js';
import { Stats } from '../output/stats.js';
import type { Formatter } from '../output/view.js';

export class BatchSink implements PositionSink {
  stats = new Stats();
  text = '';
  records: PositionRecord[] | null;
  /** The game's asked tags for its records, or null when none are asked for (--tags). */
  private gameTags: [string, string][] | null = null;
  /** -f parquet: the written positions as columns. */
  private readonly columns: ParquetColumns | null;

  /** Formats with `formatter` (null: no text), or collects records; `tags`: the tags every record carries. */
  constructor(
    private readonly formatter: Formatter | null,
    collectRecords: boolean,
    private readonly tags: readonly string[] = [],
    parquet = false,
  ) {
    this.records = collectRecords ? [] : null;
    this.columns = parquet ? new ParquetColumns(tags) : null;
  }

  /** The sink of an output kind. */
  static of(kind: OutputKind, tags: readonly string[] = []): BatchSink {
    const text = kind !== 'records' && kind !== 'none' && kind !== 'parquet';
    return new BatchSink(text ? createFormatter(kind, tags) : null, kind === 'records', tags, kind === 'parquet');
  }

  beginGame(info: GameInfo): void {
    this.formatter?.beginGame(info);
    this.columns?.beginGame(info);
    if (this.records !== null && this.tags.length > 0) this.gameTags = askedTags(this.tags, info.tags);
  }

  position(v: PositionView, keep: boolean): void {
    if (keep) {
      if (this.formatter !== null) this.text += this.formatter.position(v);
      else if (this.records !== null) this.records.push(positionRecord(v, this.gameTags));
      else this.columns?.position(v);
    }
    this.stats.addPosition(v);
  }

  endGame(text: GameText, tagged: number): void {
    if (this.formatter !== null) this.text += this.formatter.endGame(text);
    this.stats.addGame(tagged);
  }

  /** What the batch produced, and a fresh start. */
  take(): { text: string; records: PositionRecord[] | null; parquet: ParquetBatch | null; stats: Stats } {
    const out = { text: this.text, records: this.records, parquet: this.columns?.take() ?? null, stats: this.stats };
    this.text = '';
    this.records = this.records === null ? null : [];
    this.stats = new Stats();
    return out;
  }
}
