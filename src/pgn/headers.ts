// The tag section of one game, decoded: all tags in order plus the few the replay needs.

import { decodeText, scanGame, tagValue } from './movetext.js';

export interface GameHeaders {
  /** Every tag pair in input order; of repeated names the first is kept. */
  readonly tags: ReadonlyMap<string, string>;
  readonly fen: string | undefined;
  readonly setUp: string | undefined;
  readonly variant: string | undefined;
}

/** Reads the tag pairs of one game's bytes; stops at the first move. Malformed tags end the read. */
export function readHeaders(bytes: Uint8Array): GameHeaders {
  const tags = new Map<string, string>();
  scanGame(bytes, {
    tag(nameStart, nameEnd, valueStart, valueEnd) {
      const name = decodeText(bytes, nameStart, nameEnd);
      if (!tags.has(name)) tags.set(name, tagValue(bytes, valueStart, valueEnd));
    },
    move: () => false,
    result() {},
  });
  return { tags, fen: tags.get('FEN'), setUp: tags.get('SetUp'), variant: tags.get('Variant') };
}
