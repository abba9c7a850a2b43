// -f parquet's encoder thread's loop (its entry: workers/parquet.ts; its driver: parquet-thread.ts): the
// ParquetWriter (parquet-wasm) runs here, so that the main thread only reads, splits, dispatches and orders.
// Messages are handled one at a time, in order; the first failure is posted and ends the encoding.
import type { FileHandle } from 'node:fs/promises';
import type { MessagePort } from 'node:worker_threads';
import { XrayError, type RunErrorKind } from '../errors.js';
import { ParquetWriter } from './parquet.js';
import type { ParquetLayout } from './parquet-arrow.js';

/** From the driver: a batch of rows (Arrow IPC bytes), or the end: the footer, then the file closed. */
export type ToEncoder = { kind: 'batch'; ipc: Uint8Array } | { kind: 'close' };

/** A failure as it crosses the thread: a run error keeps its kind and file; anything else is internal. */
export interface EncoderFailure {
  kind: RunErrorKind | null;
  message: string;
  path?: string;
}

/** To the driver: the encoder is ready; a batch is encoded (another may come); the file is closed; a failure. */
export type FromEncoder = { kind: 'ready' } | { kind: 'added' } | { kind: 'closed' } | { kind: 'failure'; failure: EncoderFailure };

/** The file (opened and emptied by the main thread, handed over to this one, which closes it) and its columns. */
export interface EncoderInit {
  name: string;
  handle: FileHandle;
  layout: ParquetLayout;
}

function failureOf(e: unknown): FromEncoder {
  const failure = e instanceof XrayError ? { kind: e.kind, message: e.message, path: e.path } : { kind: null, message: String(e) };
  return { kind: 'failure', failure };
}

/** Encodes the batches sent into the file until the end. */
export function serveEncoder(port: MessagePort, init: EncoderInit): void {
  const writer = new ParquetWriter(init.name, init.handle, init.layout);
  port.postMessage({ kind: 'ready' } satisfies FromEncoder);
  let failed = false;
  let queue = Promise.resolve();
  port.on('message', (m: ToEncoder) => {
    queue = queue.then(async () => {
      try {
        if (m.kind === 'batch') {
          if (failed) return;
          await writer.add(m.ipc);
          port.postMessage({ kind: 'added' } satisfies FromEncoder);
        } else {
          await writer.close(); // also after a failure: the file ends with what was written
          port.postMessage({ kind: 'closed' } satisfies FromEncoder);
          port.close();
        }
      } catch (e) {
        if (m.kind === 'close' || !failed) port.postMessage(failureOf(e));
        if (m.kind === 'close') port.close();
        failed = true;
      }
    });
  });
}
