// The report's example boards (docs/design.md §11): for each motif key, the example positions the
// statistics hold (src/stats/examples.ts), each drawn as a board seen from the motif's owner, its line as
// an arrow (slider → front → back; a battery along its pieces to its target; a move played from its square
// to where it went), said in words under it with the game and, where the game's Site is a web address,
// a link to the position there (lichess: the address #ply).
import { MOTIF_KEYS, MOTIF_TITLES, type MotifKey } from '../motifs/catalogue.js';
import type { Example } from '../stats/examples.js';
import type { PickedGame } from '../stats/picks.js';
import type { StatsJSON } from '../stats/stats.js';
import { squareName } from '../core/squares.js';
import { boardSvg, placement, squareOf, type Arrow } from './board-svg.js';
import { escapeHtml } from './escape.js';

const LINE = '#e8702a';
const MOVE = '#2a6fdb';
/** A Site that is linked: a web address of printable characters, nothing that could end an attribute. */
const WEB_ADDRESS = /^https?:\/\/[!#-;=?-~]+$/;

/** What a board shows of an example: its owner, the squares tinted, the arrows, the words. */
interface Drawn {
  side: 'w' | 'b';
  marked: number[];
  arrows: Arrow[];
  said: string;
}

/** How each line motif says its slider S, front F and back B. */
const SAY_LINE: Partial<Record<MotifKey, (s: string, f: string, b: string) => string>> = {
  'pin.absolute': (s, f, b) => `${s} pins ${f} to ${b}`,
  'pin.relative': (s, f, b) => `${s} pins ${f} to ${b}`,
  'skewer.absolute': (s, f, b) => `${s} skewers ${f}, with ${b} behind`,
  'skewer.relative': (s, f, b) => `${s} skewers ${f}, with ${b} behind`,
  discoveredCheck: (s, f, b) => `${f} can leave the line of ${s} and uncover check to ${b}`,
  discoveredAttack: (s, f, b) => `${f} can leave the line of ${s} and uncover an attack on ${b}`,
  xray: (s, f, b) => `${s} defends ${b} through ${f}`,
};

/** A piece as a player writes it: its letter (none for a pawn) and its square. */
function named(pieces: string[], sq: number): string {
  const p = pieces[sq].toUpperCase();
  return `${p === 'P' || p === '' ? '' : p}${squareName(sq)}`;
}

/** The squares of a list of names, or null when one is not a square. */
function squaresOf(names: string[]): number[] | null {
  const out = names.map(squareOf);
  return out.includes(-1) ? null : out;
}

/** What to draw of a record's text (src/stats/examples.ts says its forms); null when it is not one. */
export function drawn(key: MotifKey, record: string, pieces: string[]): Drawn | null {
  const [k, side, ...rest] = record.split(' ');
  if (k !== key || (side !== 'w' && side !== 'b')) return null;
  const owner = side === 'w' ? 'White' : 'Black';
  if (key.startsWith('played.')) {
    const move = squaresOf([rest[0]?.slice(0, 2) ?? '', rest[0]?.slice(2, 4) ?? '']);
    if (move === null || rest.length !== 1) return null;
    const [from, to] = move;
    return {
      side,
      marked: [from, to],
      arrows: [{ from, to, colour: MOVE }],
      said: `${owner} played ${named(pieces, from)}-${squareName(to)}`,
    };
  }
  const cut = rest.indexOf('>');
  if (cut >= 0) return batteryDrawn(side, owner, rest.slice(0, cut), rest.slice(cut + 1), pieces);
  const line = squaresOf(rest);
  const say = SAY_LINE[key];
  if (line === null || line.length !== 3 || say === undefined) return null;
  const [s, f, b] = line;
  return {
    side,
    marked: line,
    arrows: [{ from: s, to: b, colour: LINE }],
    said: `${owner}\u2019s ${say(named(pieces, s), named(pieces, f), named(pieces, b))}`,
  };
}

/** A battery: its pieces lined up, an arrow from its far end through them to each target. */
function batteryDrawn(side: 'w' | 'b', owner: string, chainNames: string[], targetNames: string[], pieces: string[]): Drawn | null {
  const chain = squaresOf(chainNames);
  const targets = squaresOf(targetNames);
  if (chain === null || targets === null || chain.length < 2 || targets.length < 1) return null;
  const low = Math.min(...chain);
  const high = Math.max(...chain);
  const arrows = targets.map((to) => ({ from: to > high ? low : high, to, colour: LINE }));
  const said = `${owner}\u2019s ${chain.map((sq) => named(pieces, sq)).join(', ')} lined up at ${targets.map((sq) => named(pieces, sq)).join(' and ')}`;
  return { side, marked: [...chain, ...targets], arrows, said };
}

/** A position picked from a game (an example, a miss): its FEN, its ply and its game's tags. */
export type Picked = PickedGame & { fen: string; ply: number };

/** The game a position comes from, in words: the players, the date, whose move at which move number. */
function gameLine(e: Picked): string {
  const [, turn, , , , full] = e.fen.split(' ');
  const players = e.white !== null || e.black !== null ? `${e.white ?? '?'} \u2013 ${e.black ?? '?'}` : 'A game';
  const date = e.date !== null ? `, ${e.date}` : '';
  return `${players}${date}; move ${full ?? '?'}, ${turn === 'b' ? 'Black' : 'White'} to move`;
}

/** The link to the position in its game, when the game's Site is a web address. */
function link(e: Picked): string {
  if (e.site === null || !WEB_ADDRESS.test(e.site)) return '';
  const href = e.site.includes('#') ? e.site : `${e.site}#${e.ply}`;
  return ` <a class="game" href="${escapeHtml(href)}" rel="noopener noreferrer">the game at this position \u2197</a>`;
}

/** One example: its board and what it shows. */
function exampleFigure(key: MotifKey, e: Example, i: number): string {
  const pieces = placement(e.fen);
  const d = pieces === null ? null : drawn(key, e.record, pieces);
  if (pieces === null || d === null) return '';
  const title = `${MOTIF_TITLES[key]}: ${d.said}`;
  const svg = boardSvg(e.fen, { flipped: d.side === 'b', marked: d.marked, arrows: d.arrows, title: escapeHtml(title) });
  return svg === null ? '' : boardFigure(`board-${key.replace('.', '-')}-${i + 1}`, svg, d.said, e);
}

/** A board's figure: the board (SVG), what it shows in words, the game it comes from (linked) and its FEN. */
export function boardFigure(id: string, svg: string, said: string, e: Picked): string {
  return (
    `<figure class="board" id="${escapeHtml(id)}">${svg}<figcaption>` +
    `<span class="said">${escapeHtml(said)}</span><span class="from">${escapeHtml(gameLine(e))}${link(e)}</span>` +
    `<code class="fen">${escapeHtml(e.fen)}</code></figcaption></figure>`
  );
}

const INTRO =
  'A few positions of each motif from these games, chosen by a hash of the board (so the same ones whichever way the games were split into runs), each seen from the side that owns the motif. The arrow runs along the motif\u2019s line: from the slider through the front piece to the piece behind it; for a battery, along its pieces to its target; for a move played, from its square to where it went.';

/** The section of example boards: a row of boards per motif key that has examples. */
export function examplesSection(s: StatsJSON): string {
  const examples = s.examples;
  if (examples === undefined)
    return '<section id="examples"><h2>What the motifs look like</h2><p class="note">These statistics hold no example positions (a file written before they were kept).</p></section>';
  const rows = MOTIF_KEYS.flatMap((key) => {
    const figures = (examples[key] ?? []).map((e, i) => exampleFigure(key, e, i)).join('');
    return figures === ''
      ? []
      : [
          `<div class="motif-examples" id="examples-${key.replace('.', '-')}"><h3>${escapeHtml(MOTIF_TITLES[key])}</h3><div class="boards">${figures}</div></div>`,
        ];
  });
  return `<section id="examples"><h2>What the motifs look like</h2><p class="note">${INTRO}</p>\n${rows.join('\n')}</section>`;
}
