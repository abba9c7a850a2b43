// The WebAssembly tokenizer (scanGame) and the JavaScript one it replaced (test/helpers/reference-tokenizer.ts)
// compared event by event: what each scan hands its sink, and the games on which they differ. For
// test/pgn/tokenizer-wasm.test.ts and its corpus peer.
import { scanGame, type GameSink, type ScanError } from '../../src/pgn/movetext.js';
import { referenceScanGame } from './reference-tokenizer.js';

type Scan = (bytes: Uint8Array, sink: GameSink) => ScanError | null;

export interface Trace {
  events: number[];
  error: ScanError | null;
}

/** What a scan hands its sink, as numbers (kind, then the ranges); `stopAt`: the sink stops at that move (1-based). */
export function trace(scan: Scan, bytes: Uint8Array, stopAt = 0): Trace {
  const events: number[] = [];
  let moves = 0;
  const error = scan(bytes, {
    tag: (a, b, c, d) => void events.push(0, a, b, c, d),
    move: (a, b) => {
      events.push(1, a, b);
      return ++moves !== stopAt;
    },
    result: (a, b) => void events.push(2, a, b),
  });
  return { events, error };
}

/** The games on which the two scans differ (index and both traces), none expected. */
export function disagreements(games: Uint8Array[], stopAt = (_i: number) => 0): { game: number; wasm: Trace; js: Trace }[] {
  const out: { game: number; wasm: Trace; js: Trace }[] = [];
  games.forEach((g, i) => {
    const wasm = trace(scanGame, g, stopAt(i));
    const js = trace(referenceScanGame, g, stopAt(i));
    if (JSON.stringify(wasm) !== JSON.stringify(js) && out.length < 3) out.push({ game: i, wasm, js });
  });
  return out;
}
