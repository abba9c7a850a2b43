// The piscina task: thin wiring; all logic lives in src/pipeline/task.ts.
import { workerData } from 'node:worker_threads';
import { createTask, type WorkerInit } from '../src/pipeline/task.js';

export default createTask(workerData as WorkerInit);
