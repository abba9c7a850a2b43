// The source's failures as run errors (docs/design.md §7): an input that cannot be opened or read
// ('input-io'), and one whose bytes are damaged or are not text ('input-corrupt'). One line each,
// naming the input; the run side decides the exit code from the kind.
import { XrayError, osReason } from '../errors.js';

/** An input as messages name it: its path, or stdin for '-'. */
export function inputName(path: string): string {
  return path === '-' ? 'stdin' : path;
}

/** An input that cannot be opened or read: the path and the OS reason (an XrayError passes through). */
export function inputIoError(path: string, e: unknown): XrayError {
  if (e instanceof XrayError) return e;
  return new XrayError('input-io', `cannot read ${inputName(path)}: ${osReason(e)}`, path);
}

/** An input whose bytes cannot be used: `<name>: <what>`. */
export function corruptInput(path: string, what: string): XrayError {
  return new XrayError('input-corrupt', `${inputName(path)}: ${what}`, path);
}

/** Compressed data that ends early or does not decode, at the compressed offset the decoder had reached. */
export function damagedData(path: string, format: 'gzip' | 'zstd', offset: number, reason: string): XrayError {
  return corruptInput(path, `truncated or corrupt ${format} data at byte ${offset} (${reason})`);
}
