// The analysis pool's entry in each worker: CommonJS, loading the worker's ES module (workerData.entry:
// its bundle or the compiled modules, pool.ts) by import(). Piscina loads its entry with require() first,
// and Node 20.19+ require()s an ES module synchronously; a worker terminated in that synchronous load
// (the pool closed while a late worker still starts) aborted the whole process ("FATAL ERROR:
// v8::Module::IsGraphAsync must be used on an instantiated module": Node's InstantiateSync goes on after a
// terminated instantiation). import() loads the same module by the asynchronous path, which a
// termination only stops. Piscina awaits a handler given as a promise.
import { pathToFileURL } from 'node:url';
import { workerData } from 'node:worker_threads';

export = import(pathToFileURL((workerData as { entry: string }).entry).href).then((m: { default: unknown }) => m.default);
