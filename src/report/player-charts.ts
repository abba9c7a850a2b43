// The charts of a report about a player (--player; docs/design.md §11): the share of winning tactics found by
// phase, the player's moves beside their opponents', and found and missed by theme for the player's moves.
// None without a player, or when the player's games hold no verdict on a move played.
import type { TopLevelSpec } from 'vega-lite';
import { PHASES } from '../core/phase.js';
import type { PlayerJSON } from '../stats/stats.js';
import { CONFIG, BAR, GREY, SCHEMA, type Chart } from './frame.js';
import { FEW_TACTICS, foundShares, INTERVAL_RULE, SHARE_Y, sharesTable, themeChart } from './tactic-charts.js';

/** Whose moves, as the chart names them: the player's tally, then the opponents'. */
const SIDES = [
  ['for', 'the player'],
  ['against', 'the opponents'],
] as const;

/** The share found by phase, a bar for the player's moves beside one for the opponents', with the n behind each. */
export function phaseChart(p: PlayerJSON): Chart {
  const rows = PHASES.flatMap((phase) =>
    SIDES.flatMap(([side, moves]) =>
      foundShares(p[side]?.by, 'phase')
        .filter((r) => r.value === phase)
        .map((r) => ({ moves, ...r })),
    ),
  );
  const spec = {
    $schema: SCHEMA,
    config: CONFIG,
    data: { values: rows },
    width: 360,
    height: 200,
    encoding: {
      x: { field: 'value', type: 'ordinal', sort: PHASES, title: 'phase', axis: { labelAngle: 0 } },
      xOffset: { field: 'moves', type: 'nominal', sort: SIDES.map(([, m]) => m) },
    },
    layer: [
      {
        mark: { type: 'bar' },
        encoding: {
          y: SHARE_Y,
          color: {
            field: 'moves',
            type: 'nominal',
            title: 'the moves of',
            scale: { domain: SIDES.map(([, m]) => m), range: [BAR, GREY] },
          },
          opacity: { condition: { test: `datum.n < ${FEW_TACTICS}`, value: 0.35 }, value: 1 },
          tooltip: [
            { field: 'value', title: 'phase' },
            { field: 'moves', title: 'the moves of' },
            { field: 'share', title: 'found (%)' },
            { field: 'found', title: 'found', format: ',' },
            { field: 'missed', title: 'missed', format: ',' },
            { field: 'n', title: 'tactics (n)', format: ',' },
          ],
        },
      },
      INTERVAL_RULE,
    ],
  };
  return {
    id: 'player-phase',
    title: 'The player\u2019s tactics found, by phase',
    caption: `Of the positions where the player (blue) or their opponent (grey) was to move with a winning tactic, the share where the move played was a winning one, by the phase of the game; the line: its 95% interval. Hover a bar for the counts; the table gives them all. Pale: fewer than ${FEW_TACTICS} tactics.`,
    spec: spec as TopLevelSpec,
    table: sharesTable(rows, (r) => `${r.value}, ${r.moves}`),
  };
}

/** Whether a player's games hold a verdict on a move played, theirs or their opponents'. */
function hasVerdicts(p: PlayerJSON): boolean {
  const moved = (side: 'for' | 'against'): number => (p[side]?.tactics?.found?.tactic ?? 0) + (p[side]?.tactics?.missed?.tactic ?? 0);
  return moved('for') + moved('against') > 0;
}

/** The player's charts: by phase, and by theme for the player's moves; none without a player or verdicts. */
export function playerCharts(p: PlayerJSON | undefined): Chart[] {
  if (p === undefined || !hasVerdicts(p)) return [];
  const themes = themeChart(p.for?.tactics, {
    id: 'player-themes',
    title: 'The player\u2019s tactics found and missed, by theme',
    mover: 'the player\u2019s move',
  });
  return [phaseChart(p), themes];
}
