// -f parquet (docs/design.md §6): the workers' batches (Arrow IPC bytes of their columns, parquet-arrow.ts), in
// input order, into one zstd-compressed Parquet file, in the encoder's thread (parquet-encoder.ts).
// parquet-wasm (the Rust parquet crate compiled to WebAssembly) encodes a stream of Arrow record batches
// and hands out each row group as it closes, so memory holds at most one row group in encoding and one
// batch in waiting; close() writes the footer, also after an interrupted run, so the file always reads
// back with the rows written.
import { open, type FileHandle } from 'node:fs/promises';
import {
  Compression,
  EnabledStatistics,
  Table,
  WriterPropertiesBuilder,
  transformParquetStream,
  type RecordBatch,
} from 'parquet-wasm/node';
import { outputError, XrayError } from '../errors.js';
import type { ParquetLayout } from './parquet-arrow.js';
import { ParquetColumns } from './parquet-columns.js';

/**
 * Rows per data page: the encoder's row limit (arrow-rs's default, which parquet-wasm cannot set). The
 * encoder checks its limits only at the end of each piece of a batch handed to it, so a page would end
 * wherever the batches (of the workers, sized by the thread count) happen to end. Fed pieces that never
 * cross a multiple of PAGE_ROWS, with no byte limit that could strike first, every page ends at one: the
 * file depends on the rows alone.
 */
const PAGE_ROWS = 20_000;
/** Rows per row group, whole pages: readers split work by row group; the encoder holds one in memory. */
const ROW_GROUP_ROWS = 6 * PAGE_ROWS;
/** Byte limits of data and dictionary pages, never reached (the row limit alone ends pages). */
const NO_BYTE_LIMIT = 1 << 30;

export class ParquetWriter {
  private controller!: ReadableStreamDefaultController<RecordBatch>;
  /** Called when the encoder asks for more batches (its queue ran low). */
  private wake: (() => void) | null = null;
  private failure: unknown = null;
  /** The encoder's output written to the file, to the end. */
  private readonly drained: Promise<void>;
  private written = 0;
  /** Rows handed to the encoder. */
  private rows = 0;

  /** Writes into `fh`, an open and empty file, which close() closes; `name`: the file as the user named it. */
  constructor(
    readonly name: string,
    private readonly fh: FileHandle,
    private readonly layout: ParquetLayout,
  ) {
    const input = new ReadableStream<RecordBatch>({
      start: (c) => {
        this.controller = c;
      },
      pull: () => this.wakeUp(),
    });
    // statistics (min/max per row group) only where a reader can skip row groups by them; a FEN never
    // repeats, so no dictionary for it: both save a fifth of the encoder's time (test/bench/outputs.ts)
    const props = new WriterPropertiesBuilder()
      .setCompression(Compression.ZSTD)
      .setMaxRowGroupSize(ROW_GROUP_ROWS)
      .setStatisticsEnabled(EnabledStatistics.None)
      .setColumnStatisticsEnabled('game', EnabledStatistics.Chunk)
      .setColumnStatisticsEnabled('ply', EnabledStatistics.Chunk)
      .setColumnDictionaryEnabled('fen', false)
      .setDataPageSizeLimit(NO_BYTE_LIMIT)
      .setDictionaryPageSizeLimit(NO_BYTE_LIMIT)
      .setCreatedBy('pgn-xray')
      .build();
    this.drained = this.drain(transformParquetStream(input, props)).catch((e: unknown) => {
      this.failure ??= e;
      this.wakeUp();
    });
  }

  /** Opens (creates or empties) the file at `path`; a file that cannot be opened is an output-io error. */
  static async open(path: string, layout: ParquetLayout): Promise<ParquetWriter> {
    try {
      return new ParquetWriter(path, await open(path, 'w'), layout);
    } catch (e) {
      throw outputError(path, e);
    }
  }

  /** Hands one batch (Arrow IPC bytes) to the encoder; waits while the encoder is behind (memory stays bounded). */
  async add(ipc: Uint8Array): Promise<void> {
    this.check();
    this.enqueue(ipc);
    while ((this.controller.desiredSize ?? 0) <= 0 && this.failure === null) await new Promise<void>((r) => (this.wake = r));
    this.check();
  }

  /** Ends the stream: the last row group and the footer are written, then the file is closed. */
  async close(): Promise<void> {
    if (this.failure === null) {
      // the encoder needs a batch to know the columns
      if (this.rows === 0)
        this.enqueue((await import('./parquet-arrow.js')).ipcWriter(this.layout)(new ParquetColumns(this.layout.tags).take()));
      this.controller.close();
    }
    await this.drained;
    try {
      await this.fh.close();
    } catch (e) {
      this.failure ??= outputError(this.name, e);
    }
    this.check();
  }

  private enqueue(ipc: Uint8Array): void {
    const table = Table.fromIPCStream(ipc);
    for (let i = 0; i < table.numBatches; i++) this.enqueuePages(table.recordBatch(i)!);
    table.free();
  }

  /** Hands a batch to the encoder in pieces that end at every page boundary (PAGE_ROWS) they cross. */
  private enqueuePages(batch: RecordBatch): void {
    const n = batch.numRows;
    if ((this.rows % PAGE_ROWS) + n <= PAGE_ROWS) {
      this.rows += n;
      this.controller.enqueue(batch);
      return;
    }
    for (let at = 0; at < n; ) {
      const take = Math.min(PAGE_ROWS - (this.rows % PAGE_ROWS), n - at);
      this.controller.enqueue(batch.slice(at, take)); // views of the batch's columns, no copy
      this.rows += take;
      at += take;
    }
    batch.free();
  }

  /** Writes the encoder's output to the file as it comes. */
  private async drain(output: Promise<ReadableStream<Uint8Array>>): Promise<void> {
    const reader = (await output).getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      const bytes = r.value;
      try {
        for (let at = 0; at < bytes.length; ) at += (await this.fh.write(bytes, at, bytes.length - at, this.written + at)).bytesWritten;
      } catch (e) {
        this.controller.error(e);
        throw outputError(this.name, e);
      }
      this.written += bytes.length;
    }
  }

  private wakeUp(): void {
    const w = this.wake;
    this.wake = null;
    w?.();
  }

  /** Rethrows the first failure: an output-io error, or the encoder's (an internal error). */
  private check(): void {
    if (this.failure === null) return;
    throw this.failure instanceof XrayError ? this.failure : new Error(`Parquet encoder: ${String(this.failure)}`);
  }
}
