// Stage 1's candidates on their way to the engine: a position met again — the same opening trap in many
// games — is not verified twice while it is among the last RECENT positions queued (a bounded memory of
// them: the puzzles written are deduplicated exactly by the caller, docs/design.md §12), at most `window` being
// verified at once (the engine pool's processes plus a few waiting, so every engine stays busy), and the
// verdicts handed back in input order whatever order the engines finish in.
import type { Candidate } from './types.js';

/** The part of a FEN that names a position: placement, side to move, castling, en passant. */
export function positionKey(fen: string): string {
  let spaces = 0;
  for (let i = 0; i < fen.length; i++) if (fen.charCodeAt(i) === 32 && ++spaces === 4) return fen.slice(0, i);
  return fen;
}

/** Positions remembered for deduplication before the engine: ~10 MB of keys at most. */
export const RECENT = 100_000;

/** A set of the last `size` strings added (first in, first out), so memory stays bounded on any input. */
export class RecentSet {
  private readonly set = new Set<string>();
  private readonly ring: string[] = [];
  private at = 0;

  constructor(private readonly size: number) {}

  has(key: string): boolean {
    return this.set.has(key);
  }

  add(key: string): void {
    if (this.ring.length < this.size) this.ring.push(key);
    else {
      this.set.delete(this.ring[this.at]);
      this.ring[this.at] = key;
      this.at = (this.at + 1) % this.size;
    }
    this.set.add(key);
  }
}

export class CandidateQueue<V> {
  private readonly seen = new RecentSet(RECENT);
  private readonly pending: { candidate: Candidate; verdict: Promise<V> }[] = [];
  /** Candidates skipped because their position was queued before. */
  duplicates = 0;

  constructor(
    private readonly verify: (c: Candidate) => Promise<V>,
    private readonly window: number,
  ) {}

  /** Queues a candidate unless its position was queued before; false for a duplicate. */
  push(c: Candidate): boolean {
    const key = positionKey(c.fen);
    if (this.seen.has(key)) {
      this.duplicates++;
      return false;
    }
    this.seen.add(key);
    const verdict = this.verify(c);
    verdict.catch(() => undefined); // awaited in order by next(); not an unhandled rejection meanwhile
    this.pending.push({ candidate: c, verdict });
    return true;
  }

  /** Whether the caller should take a verdict before pushing more. */
  get full(): boolean {
    return this.pending.length >= this.window;
  }

  get size(): number {
    return this.pending.length;
  }

  /** The oldest candidate and its verdict, or undefined when none is pending. */
  async next(): Promise<{ candidate: Candidate; verdict: V } | undefined> {
    const head = this.pending.shift();
    if (head === undefined) return undefined;
    return { candidate: head.candidate, verdict: await head.verdict };
  }
}
