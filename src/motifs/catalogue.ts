// The motif catalogue: every name the outputs, the statistics, --motifs and the puzzle themes use, one
// row per static record code and one per tag of the move played. A new motif is a row here plus its
// detection in classify.ts; the writers, the statistics, the filter and recordAt() derive from the rows.

export type Side = 'w' | 'b';
export type LineKind = 'rank' | 'file' | 'diagonal' | 'antiDiagonal';
export type MotifKind = 'absolute' | 'relative';
/**
 * Which fields a record has: `line` records slider, front and back (MotifBuffer.push); `chain` records
 * squares, line and targets (MotifBuffer.pushChain).
 */
export type Shape = 'line' | 'chain';

/** Sides by their number in a record (white 0, black 1). */
export const SIDES: readonly Side[] = ['w', 'b'];
/** Line kinds by their number (src/core/attacks.ts: rank 0, file 1, diagonal 2, anti-diagonal 3). */
export const LINE_KINDS: readonly LineKind[] = ['rank', 'file', 'diagonal', 'antiDiagonal'];

type Key<N extends string, K extends MotifKind | null> = K extends MotifKind ? `${N}.${K}` : N;

function motif<const N extends string, const K extends MotifKind | null, const S extends Shape, const P extends boolean>(
  name: N,
  kind: K,
  shape: S,
  partial: P,
  theme: string,
  title: string,
): { name: N; kind: K; key: Key<N, K>; shape: S; partial: P; theme: string; title: string } {
  const key = (kind === null ? name : `${name}.${kind}`) as Key<N, K>;
  return { name, kind, key, shape, partial, theme, title };
}

/**
 * Static motifs; a row's index is its record code. `name` is the JSON `motif`, `kind` its `kind` (null:
 * the record has none), `key` the statistics key and the PGN label, `shape` its fields, `partial` whether
 * it has the `partial` field, `theme` the puzzle theme it shows (src/puzzles/puzzle-themes.ts): lichess's name where
 * lichess has the idea (lichess's `pin` is the absolute pin, its `skewer` either kind, its `xRayAttack` our
 * x-ray defence of a piece through an enemy slider), else ours. `title` is the name a person reads (the
 * report). Codes order the statistics keys: append new rows.
 */
export const MOTIFS = [
  motif('pin', 'absolute', 'line', true, 'pin', 'Absolute pin'),
  motif('pin', 'relative', 'line', true, 'relativePin', 'Relative pin'),
  motif('skewer', 'absolute', 'line', false, 'skewer', 'Absolute skewer'),
  motif('skewer', 'relative', 'line', false, 'skewer', 'Relative skewer'),
  motif('battery', null, 'chain', false, 'battery', 'Battery'),
  motif('discoveredCheck', null, 'line', false, 'discoveredCheck', 'Discovered check (potential)'),
  motif('discoveredAttack', null, 'line', false, 'discoveredAttack', 'Discovered attack (potential)'),
  motif('xray', null, 'line', false, 'xRayAttack', 'X-ray defence'),
].map((m, code) => ({ code, ...m }));
/** The puzzle theme of a pin (either kind) whose front piece can move along the line: a partial pin. */
export const PARTIAL_PIN_THEME = 'partialPin';
export type MotifRow = (typeof MOTIFS)[number];
export type MotifName = MotifRow['name'];

/** The record code of a statistics key (for the detection that writes the records). */
function codeOf(key: MotifRow['key']): number {
  return MOTIFS.findIndex((m) => m.key === key);
}
export const PIN_ABSOLUTE = codeOf('pin.absolute');
export const PIN_RELATIVE = codeOf('pin.relative');
export const SKEWER_ABSOLUTE = codeOf('skewer.absolute');
export const SKEWER_RELATIVE = codeOf('skewer.relative');
export const BATTERY = codeOf('battery');
export const DISCOVERED_CHECK = codeOf('discoveredCheck');
export const DISCOVERED_ATTACK = codeOf('discoveredAttack');
export const XRAY = codeOf('xray');

function played<const N extends string>(
  name: N,
  theme: string | null,
  title: string,
): { name: N; key: `played.${N}`; theme: string | null; title: string } {
  return { name, key: `played.${name}`, theme, title };
}

/**
 * Tags of the move played, in the order of their statistics keys; a row's bit is 1 << its index. `theme`:
 * the puzzle theme it shows (null: a check alone is none); `title` the name a person reads. `found` and `missed` are the verdicts on a move
 * played where the side to move had a tactic (src/tactics/verdict.ts), not geometry.
 */
export const PLAYED = [
  played('check', null, 'Check (played)'),
  played('discoveredCheck', 'discoveredCheck', 'Discovered check (played)'),
  played('doubleCheck', 'doubleCheck', 'Double check (played)'),
  played('discoveredAttack', 'discoveredAttack', 'Discovered attack (played)'),
  played('found', null, 'Winning tactic found (played)'),
  played('missed', null, 'Winning tactic missed (played)'),
].map((p, i) => ({ bit: 1 << i, ...p }));
export type PlayedRow = (typeof PLAYED)[number];
export type PlayedTag = PlayedRow['name'];

/** The bit of a played tag (for src/motifs/played.ts, which computes them). */
function bitOf(name: PlayedTag): number {
  return PLAYED.find((p) => p.name === name)!.bit;
}
export const PLAYED_CHECK = bitOf('check');
export const PLAYED_DISCOVERED_CHECK = bitOf('discoveredCheck');
export const PLAYED_DOUBLE_CHECK = bitOf('doubleCheck');
export const PLAYED_DISCOVERED_ATTACK = bitOf('discoveredAttack');
export const PLAYED_FOUND = bitOf('found');
export const PLAYED_MISSED = bitOf('missed');

/** Played tags sorted by name: the order every output lists them in (docs/design.md §5). */
export const PLAYED_SORTED: readonly PlayedRow[] = [...PLAYED].sort((a, b) => (a.name < b.name ? -1 : 1));
/** Every static record code, as bits (1 << code). */
export const ALL_CODES = (1 << MOTIFS.length) - 1;
/** Every played tag's bit. */
export const ALL_PLAYED = PLAYED.reduce((bits, p) => bits | p.bit, 0);

/** Statistics keys: the static ones by record code, then the played ones (`played.check` …). */
export const MOTIF_KEYS: readonly MotifKey[] = [...MOTIFS.map((m) => m.key), ...PLAYED.map((p) => p.key)];
export type MotifKey = MotifRow['key'] | PlayedRow['key'];

/** The name a person reads for each statistics key (`Absolute pin` for `pin.absolute`): the rows' titles. */
export const MOTIF_TITLES: Readonly<Record<MotifKey, string>> = Object.fromEntries([
  ...MOTIFS.map((m) => [m.key, m.title]),
  ...PLAYED.map((p) => [p.key, p.title]),
]) as Record<MotifKey, string>;

/** Whether records of this code are chains (squares, line, targets) rather than lines. */
export function isChain(code: number): boolean {
  return CHAIN[code] === 1;
}
const CHAIN = Uint8Array.from(MOTIFS, (m) => (m.shape === 'chain' ? 1 : 0));

/** The sorted names of a set of played bits. */
export function playedNames(bits: number): PlayedTag[] {
  return PLAYED_SORTED.filter((p) => (bits & p.bit) !== 0).map((p) => p.name);
}

/**
 * A table of f(row, side) by code * 2 + side: how the writers precompute the constant text of a record,
 * so that writing one is a look-up.
 */
export function byCodeAndSide<T>(f: (m: MotifRow, side: Side) => T): T[] {
  const out: T[] = [];
  for (const m of MOTIFS) for (let side = 0; side < 2; side++) out[m.code * 2 + side] = f(m, SIDES[side]);
  return out;
}

/** A table of f(row, partial) by code * 2 + (partial ? 1 : 0); rows without the field get f(row, false) twice. */
export function byCodeAndPartial<T>(f: (m: MotifRow, partial: boolean) => T): T[] {
  return MOTIFS.flatMap((m) => [f(m, false), f(m, m.partial)]);
}

/** A table of f(sorted names) for every combination of played bits, indexed by the bits. */
export function byPlayedBits<T>(f: (names: readonly PlayedTag[]) => T): T[] {
  return Array.from({ length: ALL_PLAYED + 1 }, (_, bits) => f(playedNames(bits)));
}

/** Record codes of a motif name (and kind, if given) as bits (1 << code); 0 when there are none. */
export function codesOf(name: string, kind?: MotifKind): number {
  let bits = 0;
  for (const m of MOTIFS) if (m.name === name && (kind === undefined || m.kind === kind)) bits |= 1 << m.code;
  return bits;
}
