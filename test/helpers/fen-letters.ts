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
