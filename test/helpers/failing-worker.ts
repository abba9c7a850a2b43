// A test-only pool worker: the real task, with faults injected on one batch, to prove a failing worker
// loses no other game. PGN_XRAY_TEST_FAIL="seq:attempts[:exit|:part]" makes batch `seq` fail on its first
// `attempts` tries, by throwing, (":exit") by killing the worker thread at once, or (":part") by killing
// it once it has handed over the first part of the batch's output (src/pipeline/spill.ts).
import { parentPort, workerData } from 'node:worker_threads';
import type { Batch } from '../../src/pipeline/batch.js';
import { isPartMessage } from '../../src/pipeline/spill.js';
import { createTask, type WorkerInit } from '../../src/pipeline/task.js';

const task = createTask(workerData as WorkerInit);
const [seq, attempts, mode] = (process.env.PGN_XRAY_TEST_FAIL ?? '-1:0').split(':');

/** Set while the batch to kill after its first part runs. */
let dieAfterPart = false;
if (mode === 'part') {
  const post = parentPort!.postMessage.bind(parentPort!);
  parentPort!.postMessage = (m: unknown): void => {
    post(m);
    if (dieAfterPart && isPartMessage(m)) process.exit(70);
  };
}

export default async function failingTask(batch: Batch): ReturnType<typeof task> {
  const fails = batch.seq === Number(seq) && batch.attempt < Number(attempts);
  dieAfterPart = fails && mode === 'part';
  if (fails && mode !== 'part') {
    if (mode === 'exit') process.exit(70);
    throw new Error(`test fault: batch ${batch.seq} fails on attempt ${batch.attempt}`);
  }
  return task(batch);
}
