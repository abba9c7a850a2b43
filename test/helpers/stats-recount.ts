// Statistics recounted the slow way from JSON Lines records (--all-positions): the records read, and the
// phase of a position from its FEN. Nothing of src/ is used.

/** A record of the JSON Lines output. */
export interface Rec {
  game: number;
  ply: number;
  fen: string;
  motifs: { motif: string; kind?: string; side: 'w' | 'b'; front?: string; squares?: string[]; targets?: string[] }[];
  played: string[];
  /** The side to move's tactic verdict (absent or null: none). */
  tactic?: { mate?: number; themes: string[] } | null;
  tags?: Record<string, string>;
}

/** The records of a JSON Lines text. */
export function records(text: string): Rec[] {
  return text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Rec);
}

/** The phase of a position from its FEN and ply (docs/design.md §9): each side's N B R Q points counted on the board. */
export function phaseOfFen(fen: string, ply: number): string {
  const points: Record<string, number> = { n: 3, b: 3, r: 5, q: 9 };
  let white = 0;
  let black = 0;
  for (const c of fen.split(' ')[0]) {
    const p = points[c.toLowerCase()] ?? 0;
    if (c === c.toUpperCase()) white += p;
    else black += p;
  }
  return white <= 13 && black <= 13 ? 'endgame' : ply < 20 ? 'opening' : 'middlegame';
}
