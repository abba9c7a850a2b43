// What a worker does with each analysed position: count it, and either format it as text (-f …) or
// collect it as a record (the library). One sink per worker, emptied after every batch.
import type { GameInfo, GameText, PositionSink, PositionView } from '../analysis/view.js';
import { OUTPUT_KINDS, type OutputKind } from '../output/kinds.js';
import { createFormatter, type FormatOptions, type TextFormat } from '../output/formats.js';
import { NO_OUTPUT } from '../output/lines.js';
import { ParquetColumns, type ParquetBatch } from '../output/parquet-columns.js';
import { askedTags, positionRecord, type PositionRecord } from '../output/records.js';
import type { ExamplesJSON } from '../stats/examples.js';
import type { Miss } from '../stats/misses.js';
import { Stats, type StatsSpec, type StatsVector } from '../stats/stats.js';
import type { Formatter } from '../output/formatter.js';
import { SPILL_BYTES, SPILL_RECORDS, SPILL_ROWS } from './spill.js';

export class BatchSink implements PositionSink {
  /** The counts of the batch so far; the same object for the sink's life (Stats.clear()). */
  readonly stats: Stats;
  records: PositionRecord[] | null;
  /** Positions kept in the current game. */
  private kept = 0;
  /** The game's asked tags for its records, or null when none are asked for (--tags). */
  private gameTags: [string, string][] | null = null;
  /** -f parquet: the written positions as columns. */
  private readonly columns: ParquetColumns | null;
  private readonly tags: readonly string[];
  /** --where: a game without a kept position writes nothing, and the statistics count only the kept positions and the games holding one. */
  private readonly keptGamesOnly: boolean;
  /** The current game, its text (the tags of an example position), and whether its statistics have begun (at its first matched position). */
  private info: GameInfo | null = null;
  private text: GameText | null = null;
  private statsBegun = false;
  /** Matched positions of the current game with a record or a played tag. */
  private keptTagged = 0;
  /** Another sink shown every position too (a task plugin's). */
  private readonly also: PositionSink | null;
  /** Called when the output outgrows the batch (spill.ts): it takes the output so far; null: never. */
  spill: (() => void) | null = null;
  /** Memory the formatter writes on in after a part of its output is taken (and copied): the last part's. */
  spare: SharedArrayBuffer | null = null;

  /**
   * Formats with `formatter` (null: no text), or collects records (`records`) or Parquet columns
   * (`parquet`); `tags`: the tags every record carries (--tags); `keptGamesOnly` (--where): a game
   * without a kept position writes nothing, not even its PGN text; `also`: a sink that sees every
   * position as well; `stats`: what the statistics count besides the standing figures (--group-by, --player);
   * `examples`: the statistics pick example positions, and with --player the player's costliest misses (--stats, --report).
   */
  constructor(
    private readonly formatter: Formatter | null,
    o: {
      records?: boolean;
      tags?: readonly string[];
      parquet?: boolean;
      keptGamesOnly?: boolean;
      also?: PositionSink;
      stats?: StatsSpec;
      examples?: boolean;
    } = {},
  ) {
    this.stats = new Stats(o.stats);
    if (o.examples === true) this.stats.collectExamples();
    this.also = o.also ?? null;
    this.tags = o.tags ?? [];
    this.keptGamesOnly = o.keptGamesOnly === true;
    this.records = o.records === true ? [] : null;
    this.columns = o.parquet === true ? new ParquetColumns(this.tags) : null;
  }

  /** The sink of an output kind. */
  static of(kind: OutputKind, o: FormatOptions = {}, keptGamesOnly = false, stats: StatsSpec = {}, examples = false): BatchSink {
    const made = OUTPUT_KINDS[kind].worker;
    return new BatchSink(made === 'text' ? createFormatter(kind as TextFormat, o) : null, {
      records: made === 'records',
      tags: o.tags,
      parquet: made === 'columns',
      keptGamesOnly,
      stats,
      examples,
    });
  }

  beginGame(info: GameInfo, text: GameText): void {
    this.also?.beginGame(info, text);
    this.formatter?.beginGame(info, text);
    this.columns?.beginGame(info);
    if (this.records !== null && this.tags.length > 0) this.gameTags = askedTags(this.tags, info.tags);
    if (!this.keptGamesOnly) this.stats.beginGame(info.derived, info, text);
    this.info = info;
    this.text = text;
    this.statsBegun = false;
    this.keptTagged = 0;
  }

  position(v: PositionView, keep: boolean): void {
    if (keep) {
      this.kept++;
      if (this.formatter !== null) this.formatter.position(v);
      else if (this.records !== null) this.records.push(positionRecord(v, this.gameTags));
      else this.columns?.position(v);
    }
    if (!this.keptGamesOnly) this.stats.addPosition(v);
    else this.countMatch(v, keep);
    this.also?.position(v, keep);
    if (keep && this.spill !== null && this.overfull()) this.spill();
  }

  /** --where: a matched position is counted (its game's statistics begun at the first), another passed. */
  private countMatch(v: PositionView, keep: boolean): void {
    if (!keep) return this.stats.passPosition();
    if (!this.statsBegun) {
      this.stats.beginGame(this.info!.derived, this.info!, this.text);
      this.statsBegun = true;
    }
    this.stats.addPosition(v);
    if (v.buf.count > 0 || v.played !== 0) this.keptTagged++;
  }

  /** Whether the output so far is more than a batch holds. */
  private overfull(): boolean {
    if (this.formatter !== null) return this.formatter.size() >= SPILL_BYTES;
    if (this.records !== null) return this.records.length >= SPILL_RECORDS;
    return (this.columns?.rows ?? 0) >= SPILL_ROWS;
  }

  endGame(text: GameText, tagged: number): void {
    if (this.formatter !== null && (this.kept > 0 || !this.keptGamesOnly)) this.formatter.endGame(text);
    this.kept = 0;
    if (!this.keptGamesOnly) this.stats.endGame(tagged);
    else if (this.statsBegun) this.stats.endGame(this.keptTagged);
    else this.stats.passGame();
    this.also?.endGame(text, tagged);
    if (this.spill !== null && this.overfull()) this.spill();
  }

  /**
   * What the batch produced (its statistics as a vector, its example positions), and a fresh start;
   * `outbox`: memory given back for the formatter's next output (Formatter.take).
   */
  take(outbox: SharedArrayBuffer | null = null): {
    text: Uint8Array;
    records: PositionRecord[] | null;
    parquet: ParquetBatch | null;
    stats: StatsVector;
    examples: ExamplesJSON | null;
    misses: Miss[] | null;
  } {
    const out = {
      ...this.takeOutput(outbox),
      stats: this.stats.vector(),
      examples: this.stats.takeExamples(),
      misses: this.stats.takeMisses(),
    };
    this.stats.clear();
    return out;
  }

  /** The output so far (a part of the batch's, or all of it), and a fresh start of it; the counts go on. */
  takeOutput(outbox: SharedArrayBuffer | null): { text: Uint8Array; records: PositionRecord[] | null; parquet: ParquetBatch | null } {
    const out = { text: this.formatter?.take(outbox) ?? NO_OUTPUT, records: this.records, parquet: this.columns?.take() ?? null };
    this.records = this.records === null ? null : [];
    return out;
  }
}
