// The Parquet encoder thread: thin wiring; the loop lives in src/output/parquet-encoder.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { serveEncoder, type EncoderInit } from '../src/output/parquet-encoder.js';

serveEncoder(parentPort!, workerData as EncoderInit);
