// Which file each output and input names, to refuse before anything is read an output that would destroy
// an input or another output: an existing regular file is its device and inode (hard links, symbolic links
// and every spelling of its path are one file); a file yet to be created is its real directory and name,
// after following the links of its last component. Standard input and output count as the files behind
// them. Devices and FIFOs are streams, not files: any number of outputs may name /dev/null.
import { fstatSync, lstatSync, readlinkSync, realpathSync, statSync, type Stats } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { UsageError } from '../errors.js';

/** Standard input and output, as a path names them ('-'). */
export const STDIO = '-';

/** Symbolic links followed at most in one path (Linux's own limit). */
const MAX_LINKS = 40;

/** The key of an existing regular file, or null for a device, a FIFO, a directory. */
function fileKey(st: Stats): string | null {
  return st.isFile() ? `${st.dev}:${st.ino}` : null;
}

/** The path a file would be created at: its last component's links followed, its directory made real. */
export function creationPath(path: string): string {
  let p = resolve(path);
  for (let links = 0; links < MAX_LINKS; links++) {
    let st: Stats;
    try {
      st = lstatSync(p);
    } catch {
      break; // nothing there: this is the path to create
    }
    if (!st.isSymbolicLink()) break;
    p = resolve(dirname(p), readlinkSync(p));
  }
  try {
    return join(realpathSync(dirname(p)), basename(p));
  } catch {
    return p; // no such directory: the open will say so
  }
}

/** The identity of a path: an existing file's key (null for a stream), or the path it would be created at. */
function pathKey(path: string): string | null {
  let st: Stats;
  try {
    st = statSync(path);
  } catch {
    return `new:${creationPath(path)}`;
  }
  return fileKey(st);
}

/** The identity of the file behind a standard stream (0 or 1), or null when it is no regular file. */
function stdioKey(fd: number): string | null {
  try {
    return fileKey(fstatSync(fd));
  } catch {
    return null; // closed
  }
}

/**
 * Refuses (exit 2) an output that is one of the inputs, the file behind standard input when it is read
 * ('-' among the inputs), or another output. `outputs`: the paths asked for, STDIO for standard output,
 * undefined for none.
 */
export function checkOutputs(inputs: readonly string[], outputs: readonly (string | undefined)[]): void {
  const names = new Map<string, string>(); // identity -> what the user called it
  for (const p of inputs) {
    const key = p === STDIO ? stdioKey(0) : statKey(p);
    if (key !== null) names.set(key, p === STDIO ? 'the file behind standard input, an input (-)' : `the input ${p}`);
  }
  for (const p of outputs) {
    if (p === undefined) continue;
    const key = p === STDIO ? stdioKey(1) : pathKey(p);
    if (key === null) continue;
    const other = names.get(key);
    const name = p === STDIO ? 'standard output' : p;
    if (other !== undefined) throw new UsageError(`refusing to write ${name}: it is ${other}`);
    names.set(key, `the file of another output, ${name}`);
  }
}

/** An input's identity: its key when it exists (a missing input cannot be destroyed). */
function statKey(path: string): string | null {
  try {
    return fileKey(statSync(path));
  } catch {
    return null;
  }
}
