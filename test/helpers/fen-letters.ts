// An oracle for the `pieces` of the records: the FEN letter standing on a square, read from the FEN's
// placement text (independently of the mailbox the writers read).

/** The letter of the piece on each square (a1 = 0 … h8 = 63), '' where the square is empty. */
export function fenLetters(fen: string): string[] {
  const out = new Array<string>(64).fill('');
  const ranks = fen.split(' ')[0].split('/');
  ranks.forEach((row, i) => {
    let file = 0;
    for (const c of row) {
      if (c >= '1' && c <= '8') file += Number(c);
      else out[(7 - i) * 8 + file++] = c;
    }
  });
  return out;
}

/** The letter on a named square ('e4'). */
export function letterOn(fen: string, square: string): string {
  return fenLetters(fen)[(square.charCodeAt(1) - 49) * 8 + square.charCodeAt(0) - 97];
}

/**
 * Records of an oracle that knows squares only, with the pieces §6 names on them (read from the FEN):
 * `pieces` {slider, front, back} for line records; for chains `pieces` of the squares and `targetPieces`.
 */
export function withPieces<R extends object>(fen: string, records: readonly R[]): R[] {
  const on = (sq: string): string => letterOn(fen, sq);
  return records.map((r) => {
    const x = r as { slider?: string; front?: string; back?: string; squares?: string[]; targets?: string[] };
    if (x.squares !== undefined) return { ...r, pieces: x.squares.map(on), targetPieces: (x.targets ?? []).map(on) };
    return { ...r, pieces: { slider: on(x.slider!), front: on(x.front!), back: on(x.back!) } };
  });
}
