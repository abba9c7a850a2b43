// The zstd decoder thread: thin wiring; the loop lives in src/pipeline/zstd-decoder.ts.
import { parentPort } from 'node:worker_threads';
import { serveDecoder } from '../src/pipeline/zstd-decoder.js';

serveDecoder(parentPort!);
