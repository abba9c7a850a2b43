// The statistics of a dimension recounted the slow way from JSON Lines records (--all-positions, --tags):
// each position gets a label (a game's field gives every position of the game the same one), and the
// figures of each label are counted from the records alone — games, positions, motifs, positions and games
// with a key, tactic verdicts found and missed — optionally of one side's records and moves only (a
// player's, or their opponents'). Nothing of src/ is used.

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

export interface Value {
  games: number;
  positions: number;
  motifs: Record<string, number>;
  positionsWith: Record<string, number>;
  gamesWith: Record<string, number>;
  tactics: Record<'positions' | 'found' | 'missed', Record<string, number>>;
}

export const KEYS = [
  'pin.absolute',
  'pin.relative',
  'skewer.absolute',
  'skewer.relative',
  'battery',
  'discoveredCheck',
  'discoveredAttack',
  'xray',
  'played.check',
  'played.discoveredCheck',
  'played.doubleCheck',
  'played.discoveredAttack',
  'played.found',
  'played.missed',
];
const THEMES = [
  'battery',
  'discoveredAttack',
  'discoveredCheck',
  'doubleCheck',
  'fork',
  'hangingPiece',
  'partialPin',
  'pin',
  'relativePin',
  'skewer',
  'xRayAttack',
];
export const TACTIC_KEYS = ['tactic', 'tactic.mate', ...THEMES.map((t) => `tactic.${t}`)];

export function emptyValue(): Value {
  const z = (keys: string[]): Record<string, number> => Object.fromEntries(keys.map((k) => [k, 0]));
  return {
    games: 0,
    positions: 0,
    motifs: z(KEYS),
    positionsWith: z(KEYS),
    gamesWith: z(KEYS),
    tactics: { positions: z(TACTIC_KEYS), found: z(TACTIC_KEYS), missed: z(TACTIC_KEYS) },
  };
}

/** Counts a record's tactic verdict into a value: its keys, found or missed by the move played. */
export function countTactic(c: Value, r: Rec): void {
  const t = r.tactic;
  if (t === undefined || t === null) return;
  const keys = ['tactic', ...(t.mate !== undefined ? ['tactic.mate'] : []), ...t.themes.map((x) => `tactic.${x}`)];
  const counted = (['positions', 'found', 'missed'] as const).filter((w) => w === 'positions' || r.played.includes(w));
  for (const w of counted) for (const k of keys) c.tactics[w][k]++;
}

/** The side to move of a record, from its FEN. */
export const mover = (r: Rec): 'w' | 'b' => r.fen.split(' ')[1] as 'w' | 'b';

/**
 * Figures by label. `label(r)`: the position's value; `sides(r)`: the sides whose records count (a record's
 * own side), and whose moves and tactics count (the side to move's); both sides when not given.
 */
export function recount(
  recs: readonly Rec[],
  label: (r: Rec) => string,
  sides: (r: Rec) => readonly string[] = () => ['w', 'b'],
): Record<string, Value> {
  const out: Record<string, Value> = {};
  const gamesOf = new Map<string, Set<number>>();
  const gameKeys = new Map<string, Set<string>>(); // "label game" -> keys
  for (const r of recs) {
    const l = label(r);
    const c = (out[l] ??= emptyValue());
    const own = sides(r);
    const moves = own.includes(mover(r));
    c.positions++;
    const keys = r.motifs.filter((m) => own.includes(m.side)).map((m) => (m.kind ? `${m.motif}.${m.kind}` : m.motif));
    if (moves) keys.push(...r.played.map((p) => `played.${p}`));
    for (const k of keys) c.motifs[k]++;
    for (const k of new Set(keys)) c.positionsWith[k]++;
    if (moves) countTactic(c, r);
    const games = gamesOf.get(l) ?? new Set<number>();
    gamesOf.set(l, games);
    games.add(r.game);
    const gk = gameKeys.get(`${l} ${r.game}`) ?? new Set<string>();
    gameKeys.set(`${l} ${r.game}`, gk);
    for (const k of keys) gk.add(k);
  }
  for (const [l, games] of gamesOf) {
    out[l].games = games.size;
    for (const g of games) for (const k of gameKeys.get(`${l} ${g}`)!) out[l].gamesWith[k]++;
  }
  return out;
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
