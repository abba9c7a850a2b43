// The pieces of a FEN by square name, read the slow obvious way (no code of src/): for tests that look
// up which piece stands on a square a record names.

/** Square name (a1 … h8) → FEN letter (upper case white, lower case black), for the occupied squares. */
export function fenPieces(fen: string): Map<string, string> {
  const board = new Map<string, string>();
  fen
    .split(' ')[0]
    .split('/')
    .forEach((row, r) => {
      let file = 0;
      for (const c of row) {
        if (c >= '1' && c <= '8') file += Number(c);
        else board.set(String.fromCharCode(97 + file++) + String(8 - r), c);
      }
    });
  return board;
}
