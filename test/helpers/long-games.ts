// Legal games as long as one asks, for the tests of memory and of output handed over in parts.

/** The position the knights shuffle in: a middlegame with pins and batteries in every position that follows. */
export const SHUFFLE_FEN = 'rn1k4/p1pp4/1p1bp3/7Q/3P4/5b2/PPP1BqrP/RN1K3R b - - 3 16';
/** Its moves, over and over: black's knight b8-a6, white's b1-d2, and back. */
export const SHUFFLE_CYCLE = ['Na6', 'Nd2', 'Nb8', 'Nb1'];

/** A legal game of about `size` bytes (never more): the knights of SHUFFLE_FEN going back and forth, then a draw. */
export function shuffleGame(event: string, size: number): string {
  const head = `[Event "${event}"]\n[SetUp "1"]\n[FEN "${SHUFFLE_FEN}"]\n[Result "1/2-1/2"]\n\n`;
  const parts = [head];
  let n = head.length;
  for (let ply = 0; n < size - 40; ply++) {
    const number = ply === 0 ? '16... ' : ply % 2 === 1 ? `${16 + (ply + 1) / 2}. ` : '';
    const s = number + SHUFFLE_CYCLE[ply % 4] + ' ';
    parts.push(s);
    n += s.length;
  }
  parts.push('1/2-1/2\n');
  return parts.join('');
}

/** A short game whose one comment makes it about `size` bytes. */
export function commentGame(event: string, size: number): string {
  const head = `[Event "${event}"]\n[Result "*"]\n\n1. e4 { `;
  return head + 'a long comment [%clk 0:01:00] '.repeat(Math.floor((size - head.length - 20) / 31)) + '} e5 2. Nf3 *\n';
}
