// What a puzzle run did, for the summary on stderr and `--summary FILE` (docs/design.md §12): games, stage 1's
// counts per rule, the engine's calls, nodes and CPU time against ours, the drops by reason, and the
// puzzles by theme.

/** Counts by name, summed over batches and verdicts. */
export type Counts = Record<string, number>;

export function addCounts(total: Counts, part: Readonly<Counts>): void {
  for (const [k, n] of Object.entries(part)) total[k] = (total[k] ?? 0) + n;
}

export interface PuzzleSummary {
  games: number;
  rejected: number;
  positions: number;
  /** Stage 1's counts (positions seen, searched, fired per rule, candidates per rule). */
  stage1: Counts;
  candidates: number;
  /** Candidates not verified because their position was verified before. */
  duplicates: number;
  engine: { calls: number; nodes: number; cpuSeconds: number | null } | null;
  /** Candidates the engine turned down, by reason (and badLine: a line that could not be made a puzzle). */
  dropped: Counts;
  puzzles: number;
  themes: Counts;
  /** CPU seconds of this process (the main thread and the stage-1 workers) and wall seconds. */
  cpuSeconds: number;
  seconds: number;
}

export function emptySummary(withEngine: boolean): PuzzleSummary {
  return {
    games: 0,
    rejected: 0,
    positions: 0,
    stage1: {},
    candidates: 0,
    duplicates: 0,
    engine: withEngine ? { calls: 0, nodes: 0, cpuSeconds: null } : null,
    dropped: {},
    puzzles: 0,
    themes: {},
    cpuSeconds: 0,
    seconds: 0,
  };
}

const int = (n: number): string => Math.round(n).toLocaleString('en');

/** Counts as `name n, name n` by decreasing count. */
function listed(c: Counts): string {
  const rows = Object.entries(c)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return rows.length === 0 ? 'none' : rows.map(([k, n]) => `${k} ${int(n)}`).join(', ');
}

function withoutPositions(c: Counts): Counts {
  const { positions: _, ...rest } = c;
  return rest;
}

/** The summary as the lines printed on stderr at the end of a run. */
export function summaryText(s: PuzzleSummary): string {
  const per = s.candidates > 0 ? ` (1 in ${int(s.positions / s.candidates)} positions)` : '';
  const lines = [
    `games ${int(s.games)} (rejected ${int(s.rejected)}), positions ${int(s.positions)}`,
    `stage 1: ${int(s.candidates)} candidates${per}, ${int(s.duplicates)} positions already met; ${listed(withoutPositions(s.stage1))}`,
  ];
  if (s.engine !== null) {
    const e = s.engine;
    const cpu = e.cpuSeconds === null ? 'CPU not known' : `${e.cpuSeconds.toFixed(1)} s CPU in the engine`;
    lines.push(`engine: ${int(e.calls)} searches, ${int(e.nodes)} nodes, ${cpu} against ${s.cpuSeconds.toFixed(1)} s in pgn-xray`);
  }
  if (s.engine !== null || Object.keys(s.dropped).length > 0) lines.push(`dropped: ${listed(s.dropped)}`);
  lines.push(`puzzles: ${int(s.puzzles)}${s.engine === null ? ' (stage 1 only, unverified)' : ''}; themes: ${listed(s.themes)}`);
  lines.push(`${s.seconds.toFixed(1)} s`);
  return lines.join('\n') + '\n';
}
