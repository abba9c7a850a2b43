// Typed errors and the one map from their kinds to exit codes and one-line messages (DESIGN.md §7).
// Game kinds reject one game and the run goes on; run kinds end the run. Nothing tells errors apart by
// matching their text, and no expected failure (bad input, unwritable output) shows a stack trace.

/** Why one game was rejected. */
export type GameErrorKind =
  | 'syntax' // the movetext or tags cannot be read as PGN
  | 'san' // an illegal, ambiguous or unreadable move
  | 'fen' // a [FEN] tag or EPD line that is not a usable position
  | 'variant' // a [Variant] we do not play
  | 'size' // over --max-game-bytes
  | 'incomplete' // cut off: a comment, variation or tag open at the end of the input, or at damage
  | 'worker'; // the worker failed twice on the game's batch

/** Why a run stopped or could not start. */
export type RunErrorKind =
  | 'usage' // bad command line, or an output that is an input
  | 'input-io' // an input that cannot be opened or read
  | 'input-corrupt' // damaged or truncated compressed input, or input that is not PGN text
  | 'output-io' // an output that cannot be opened or written (no directory, disk full)
  | 'engine' // the UCI engine cannot be started, or no engine process is left
  | 'internal'; // a bug of ours

export type ErrorKind = GameErrorKind | RunErrorKind;

/** A failure that ends the run (or the reading of one input): its kind decides the exit code. */
export class XrayError extends Error {
  constructor(
    readonly kind: RunErrorKind,
    message: string,
    /** The file concerned, when there is one. */
    readonly path?: string,
  ) {
    super(message);
    this.name = 'XrayError';
  }
}

export class UsageError extends XrayError {
  constructor(message: string) {
    super('usage', message);
  }
}

/**
 * The reader of a pipe we write went away (`| head`): the run stops quietly and exits 0 — no error of ours.
 * `name`: the output ('stdout', 'stderr', or a path naming a FIFO or /dev/stdout).
 */
export class PipeClosed extends Error {
  constructor(readonly output: string) {
    super(`${output} closed`);
    this.name = 'PipeClosed';
  }
}

/** Exit codes (DESIGN.md §7), one place. */
export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  strictRejected: 3,
  sigint: 130,
  sigterm: 143,
} as const;

const EXIT_OF: Record<RunErrorKind, number> = {
  usage: EXIT.usage,
  'input-io': EXIT.failure,
  'input-corrupt': EXIT.failure,
  'output-io': EXIT.failure,
  engine: EXIT.failure,
  internal: EXIT.failure,
};

/** Node's system errors (ENOENT, ENOSPC, …) as a reason without the call that failed. */
export function osReason(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  const msg = err instanceof Error ? err.message : String(e);
  const m = /^([A-Z0-9_]+): ([^,]+)/.exec(msg);
  return m !== null ? `${m[2]} (${m[1]})` : msg;
}

/** An output that cannot be opened or written, as a run error naming the file. */
export function outputError(path: string, e: unknown): XrayError {
  if (e instanceof XrayError) return e;
  return new XrayError('output-io', `cannot write ${path}: ${osReason(e)}`, path);
}

/**
 * The exit code and one-line message for any failure (none for a closed pipe); a stack only for what must
 * be a bug.
 */
export function describeFailure(e: unknown): { code: number; message: string | null } {
  if (e instanceof XrayError) return { code: EXIT_OF[e.kind], message: e.message };
  if (e instanceof PipeClosed) return { code: EXIT.ok, message: null };
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) return { code: EXIT.usage, message: (e as Error).message };
  return { code: EXIT.failure, message: `internal error: ${(e as Error)?.stack ?? String(e)}` };
}
