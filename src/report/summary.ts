// The summary table printed on stderr at the end of a run (and by merge-stats): the totals (with the tactic
// verdicts, found and missed, when there are any; with --player, the player's and the opponents'), each
// motif key's count, rate and share of positions and games (and its count for and against the player),
// then its rate per 1000 positions by speed and by rating band. Plain aligned text, no colours.
import { MOTIF_KEYS } from '../motifs/catalogue.js';
import type { StatsJSON } from '../stats/stats.js';
import type { DimJSON, TacticsJSON } from '../stats/dim-counts.js';

/** 1234567 -> "1,234,567" (no locale data needed). */
export function grouped(n: number): string {
  const s = String(Math.round(Math.abs(n)));
  let out = '';
  for (let i = 0; i < s.length; i++) {
    if (i > 0 && (s.length - i) % 3 === 0) out += ',';
    out += s[i];
  }
  return (n < 0 ? '-' : '') + out;
}

function pct(n: number, of: number): string {
  return of === 0 ? '-' : ((100 * n) / of).toFixed(2) + '%';
}

function perMille(n: number, of: number): string {
  return of === 0 ? '-' : ((1000 * n) / of).toFixed(2);
}

/** Rows of cells as aligned text: the first column to the left, the others to the right. */
function aligned(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows
    .map(
      (r) =>
        r
          .map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
          .join('   ')
          .trimEnd() + '\n',
    )
    .join('');
}

function head(s: StatsJSON): string {
  const rows: [string, string][] = [];
  if (s.where !== undefined) {
    // the counts below are of the matches: say so, and what they are matches of
    rows.push(['--where', s.where.query]);
    rows.push([
      'matched',
      `${grouped(s.positions)} of ${grouped(s.where.positions)} positions (${pct(s.positions, s.where.positions)}), in ${grouped(s.games)} of ${grouped(s.where.games)} games`,
    ]);
  }
  if (s.player !== undefined) {
    // the counts below are of the player's games: say whose, and how many with each colour
    rows.push(['--player', s.player.names.join(', ')]);
    rows.push(['player', `${grouped(s.games)} games: ${grouped(s.player.white)} as White, ${grouped(s.player.black)} as Black`]);
  }
  rows.push(
    ['games', grouped(s.games)],
    ['rejected', grouped(s.rejected)],
    ['positions', grouped(s.positions)],
    ['positions/game', s.games === 0 ? '-' : (s.positions / s.games).toFixed(1)],
    ['tagged positions', `${grouped(s.taggedPositions)} (${pct(s.taggedPositions, s.positions)})`],
    ['tagged positions/game', s.games === 0 ? '-' : s.motifPositionsPerGame.toFixed(1)],
  );
  tacticRow(rows, 'tactics', s.tactics, s.positions);
  if (s.player !== undefined) {
    tacticRow(rows, "the player's tactics", s.player.for.tactics, s.positions);
    tacticRow(rows, "the opponents' tactics", s.player.against.tactics, s.positions);
  }
  const w = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `${k.padEnd(w)}  ${v}\n`).join('');
}

/** A line of tactic verdicts: positions with one, found and missed by the move played. */
function tacticRow(rows: [string, string][], title: string, t: TacticsJSON | undefined, positions: number): void {
  const n = t?.positions?.tactic ?? 0;
  // none with --no-tactics (or in statistics older than the verdicts): no line rather than a misleading 0
  if (n === 0) return;
  const found = t!.found?.tactic ?? 0;
  const missed = t!.missed?.tactic ?? 0;
  rows.push([
    title,
    `${grouped(n)} positions (${perMille(n, positions)} per 1000); found ${grouped(found)}, missed ${grouped(missed)}: ${pct(found, found + missed)} found`,
  ]);
}

/** Each key's figures; with --player, its count for the player and against (the opponents' records and moves). */
function motifTable(s: StatsJSON): string {
  const p = s.player;
  const rows = [['motif', 'count', 'per 1000 pos', 'positions with', 'games with', ...(p ? ['for', 'against'] : [])]];
  for (const key of MOTIF_KEYS) {
    const c = s.motifs?.[key] ?? 0;
    rows.push([
      key,
      grouped(c),
      perMille(c, s.positions),
      pct(s.positionsWith?.[key] ?? 0, s.positions),
      pct(s.gamesWith?.[key] ?? 0, s.games),
      ...(p ? [grouped(p.for.motifs?.[key] ?? 0), grouped(p.against.motifs?.[key] ?? 0)] : []),
    ]);
  }
  return aligned(rows);
}

/** Rate per 1000 positions of every key for each value of a dimension that has positions. */
function rateTable(title: string, dim: DimJSON | undefined): string {
  const values = Object.entries(dim ?? {}).filter(([, v]) => (v?.positions ?? 0) > 0);
  if (values.length === 0) return '';
  const rows = [
    [title, ...values.map(([label]) => label)],
    ['games', ...values.map(([, v]) => grouped(v!.games))],
  ];
  for (const key of MOTIF_KEYS) rows.push([key, ...values.map(([, v]) => perMille(v!.motifs?.[key] ?? 0, v!.positions))]);
  return '\n' + aligned(rows);
}

/** The readable, aligned tables of a statistics object for stderr. */
export function summaryTable(s: StatsJSON): string {
  return (
    head(s) +
    '\n' +
    motifTable(s) +
    rateTable('per 1000 positions, by speed', s.by?.speed) +
    rateTable('per 1000 positions, by rating band', s.by?.ratingBand)
  );
}
