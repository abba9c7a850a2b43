// The zstd decoder thread: thin wiring; the loop lives in src/input/zstd-decoder.ts.
import { parentPort } from 'node:worker_threads';
import { serveDecoder } from '../src/input/zstd-decoder.js';

serveDecoder(parentPort!);
