// The boards of a player's costliest misses in the report about them (--player; docs/design.md §11): each
// miss the statistics keep (src/stats/misses.ts) drawn from the player's side, the winning move as a green
// arrow and the move played as a red one, said in words under it ("White missed Nxe5, winning a rook (gain
// 5); played Qd2") with the game linked as the example boards link theirs (example-boards.ts).
import type { Miss } from '../stats/misses.js';
import type { PlayerJSON } from '../stats/stats.js';
import { themeTitle } from '../tactics/themes.js';
import { boardSvg, squareOf, type Arrow } from './board-svg.js';
import { boardFigure } from './example-boards.js';
import { escapeHtml } from './escape.js';
import { FOUND, MISSED } from './frame.js';

/** What a gain of material is, in words, where it is one piece. */
const PIECE_WORTH: Readonly<Record<number, string>> = { 3: 'a piece', 5: 'a rook', 9: 'a queen' };

/** What the verdict won: `mate in 2`, `winning a rook (gain 5)`, `winning 4 pawns' worth (gain 4)`. */
function wins(m: Miss): string {
  const { mate, gain } = m.tactic;
  if (mate !== undefined) return `mate in ${mate}`;
  return `winning ${PIECE_WORTH[gain ?? 0] ?? `${gain} pawns\u2019 worth`} (gain ${gain})`;
}

/** The miss in words: who missed which move, what it won and with which motifs, what was played. */
export function missSaid(m: Miss): string {
  const who = m.fen.split(' ')[1] === 'b' ? 'Black' : 'White';
  const themes = m.tactic.themes.length === 0 ? '' : ` with ${m.tactic.themes.map(themeTitle).join(', ').toLowerCase()}`;
  return `${who} missed ${m.tactic.move}, ${wins(m)}${themes}; played ${m.played.move}`;
}

/** A move's arrow from its UCI, or null when it names no squares. */
function arrow(uci: string, colour: string): Arrow | null {
  const from = squareOf(uci.slice(0, 2));
  const to = squareOf(uci.slice(2, 4));
  return from < 0 || to < 0 ? null : { from, to, colour };
}

/** One miss: its board from the player's side, the move played under the winning one, and its words. */
function missFigure(m: Miss, i: number): string {
  const played = arrow(m.played.uci, MISSED);
  const best = arrow(m.tactic.uci, FOUND);
  if (played === null || best === null) return '';
  const said = missSaid(m);
  const flipped = m.fen.split(' ')[1] === 'b';
  const marked = [best.from, best.to];
  const svg = boardSvg(m.fen, { flipped, marked, arrows: [played, best], title: escapeHtml(said) });
  return svg === null ? '' : boardFigure(`miss-${i + 1}`, svg, said, m);
}

const INTRO =
  'The positions where the player had a winning tactic and played another move, the costliest first: a forced mate before any material, the shorter mate first, then the larger gain (ties by a hash of the board, so the same ones whichever way the games were split into runs). Each is seen from the player\u2019s side: the green arrow is the winning move, the red one the move played.';

/** The section of the player's costliest misses; none without a player. */
export function missesSection(p: PlayerJSON | undefined): string {
  if (p === undefined) return '';
  const head = '<section id="misses"><h2>The player\u2019s costliest misses</h2>';
  if (p.misses === undefined)
    return `${head}<p class="note">These statistics hold no misses (a file written before they were kept).</p></section>`;
  const figures = p.misses.map(missFigure).join('');
  if (figures === '') {
    const judged = (p.for?.tactics?.positions?.tactic ?? 0) > 0;
    const none = judged ? 'The player missed no winning tactic in these games.' : 'No tactic verdicts were counted (--no-tactics).';
    return `${head}<p class="note">${none}</p></section>`;
  }
  return `${head}<p class="note">${INTRO}</p>\n<div class="boards">${figures}</div></section>`;
}
