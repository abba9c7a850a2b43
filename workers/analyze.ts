// The piscina task: thin wiring; all logic lives in src/pipeline/task.ts. The task plugins a run may ask
// for by name are offered here, so that the pipeline knows none of them: the puzzles' stage 1.
import { workerData } from 'node:worker_threads';
import { createTask, type WorkerInit } from '../src/pipeline/task.js';
import { STAGE1_PLUGIN, stage1Plugin } from '../src/puzzles/candidate-sink.js';

export default createTask(workerData as WorkerInit, { [STAGE1_PLUGIN]: stage1Plugin });
