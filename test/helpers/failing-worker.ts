// A test-only pool worker: the real task, with faults injected on one batch, to prove a failing worker
// loses no other game. PGN_XRAY_TEST_FAIL="seq:attempts[:exit]" makes batch `seq` fail on its first
// `attempts` tries, by throwing or (":exit") by killing the worker thread.
import { workerData } from 'node:worker_threads';
import type { Batch } from '../../src/pipeline/batch.js';
import { createTask, type WorkerInit } from '../../src/pipeline/task.js';

const task = createTask(workerData as WorkerInit);
const [seq, attempts, mode] = (process.env.PGN_XRAY_TEST_FAIL ?? '-1:0').split(':');

export default async function failingTask(batch: Batch): ReturnType<typeof task> {
  if (batch.seq === Number(seq) && batch.attempt < Number(attempts)) {
    if (mode === 'exit') process.exit(70);
    throw new Error(`test fault: batch ${batch.seq} fails on attempt ${batch.attempt}`);
  }
  return task(batch);
}
