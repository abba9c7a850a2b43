// How many worker threads a run may ask for (-j, --engine-procs): checked by the options, shown by the help.
import { defaultThreads } from '../pipeline/run.js';

/** Most worker threads: twice the cores (more only costs memory: -j 1000 once took 11.7 GB). */
export function maxThreads(): number {
  return 2 * defaultThreads();
}
