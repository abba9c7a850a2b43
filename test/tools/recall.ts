// npm run recall — recall of our motif tags against the lichess puzzle themes. Each puzzle is a game
// from a FEN whose first move is the opponent's; the solving side is the side to move after it. For each
// theme, the share of its puzzles whose solution line (every position from the first move on, and the
// solver's moves) carries the matching tag for the solving side:
//   pin -> pin, skewer -> skewer, xRayAttack -> xray, discoveredAttack -> discoveredAttack or
//   discoveredCheck (potential or played), doubleCheck -> played doubleCheck.
import { installNewTables } from '../../src/core/attacks.js';
import { parseFen } from '../../src/core/fen.js';
import { parseSan } from '../../src/core/san.js';
import { MotifBuffer, REC_CODE, REC_SIDE, STRIDE } from '../../src/motifs/buffer.js';
import { MOTIFS, PLAYED } from '../../src/motifs/catalogue.js';
import { scanMotifs } from '../../src/motifs/classify.js';
import { playedFlags } from '../../src/motifs/played.js';
import { readHeaders } from '../../src/pgn/headers.js';
import { tokenizeMoves } from '../../src/pgn/movetext.js';
import { readCorpusBytes, splitGames } from '../helpers/corpus.js';

const THEMES = ['pin', 'skewer', 'xRayAttack', 'discoveredAttack', 'doubleCheck'] as const;
type Theme = (typeof THEMES)[number];
const AIM: Record<Theme, number> = { pin: 98, skewer: 98, xRayAttack: 95, discoveredAttack: 95, doubleCheck: 98 };

/** Adds a catalogue row's lichess theme when it is one measured here; the puzzle set predates lichess's
 * discoveredCheck theme, which its discoveredAttack theme covered. */
function addTheme(out: Set<Theme>, theme: string | null): void {
  const t = theme === 'discoveredCheck' ? 'discoveredAttack' : theme;
  if ((THEMES as readonly (string | null)[]).includes(t)) out.add(t as Theme);
}

/** The themes our tags show for the solving side along the solution line. */
function found(fen: string, sans: string[]): Set<Theme> {
  const out = new Set<Theme>();
  const pos = parseFen(fen);
  const buf = new MotifBuffer();
  pos.play(parseSan(pos, sans[0]));
  const solver = pos.turn;
  for (let ply = 1; ply <= sans.length; ply++) {
    const n = scanMotifs(pos, buf);
    for (let i = 0; i < n; i++) {
      if (buf.data[i * STRIDE + REC_SIDE] === solver) addTheme(out, MOTIFS[buf.data[i * STRIDE + REC_CODE]].theme);
    }
    if (ply === sans.length) break;
    const m = parseSan(pos, sans[ply]);
    const next = pos.clone();
    next.play(m);
    if (pos.turn === solver) {
      const f = playedFlags(pos, m, next, buf);
      for (const p of PLAYED) if ((f & p.bit) !== 0) addTheme(out, p.theme);
    }
    pos.copyFrom(next);
  }
  return out;
}

function main(): void {
  installNewTables();
  const file = 'puzzles/lichess-puzzles-42k-themed.pgn.zst';
  const total: Record<string, number> = {};
  const hits: Record<string, number> = {};
  const misses: Record<string, string[]> = {};
  let puzzles = 0;
  for (const g of splitGames(readCorpusBytes(file))) {
    const h = readHeaders(g.bytes);
    const themes = (h.tags.get('Themes') ?? '').split(/\s+/).filter((t): t is Theme => (THEMES as readonly string[]).includes(t));
    if (themes.length === 0 || !h.fen) continue;
    puzzles++;
    const got = found(h.fen, tokenizeMoves(g.bytes));
    for (const t of themes) {
      total[t] = (total[t] ?? 0) + 1;
      if (got.has(t)) hits[t] = (hits[t] ?? 0) + 1;
      else (misses[t] ??= []).push(`${h.tags.get('Site') ?? '?'}  ${h.fen}  ${tokenizeMoves(g.bytes).join(' ')}`);
    }
  }
  console.log(`${puzzles} puzzles with one of the themes, from ${file}\n`);
  console.log('theme              puzzles   found   recall   aim');
  for (const t of THEMES) {
    const r = (100 * (hits[t] ?? 0)) / (total[t] ?? 1);
    console.log(
      `${t.padEnd(18)} ${String(total[t] ?? 0).padStart(7)} ${String(hits[t] ?? 0).padStart(7)}  ${r.toFixed(1).padStart(6)}%  ≥${AIM[t]}%`,
    );
  }
  const sample = Number(process.env.RECALL_MISSES ?? 3);
  for (const t of THEMES) {
    const m = misses[t] ?? [];
    if (m.length === 0 || sample === 0) continue;
    console.log(`\nmisses of ${t} (${m.length}; first ${Math.min(sample, m.length)}):`);
    for (const line of m.slice(0, sample)) console.log(`  ${line}`);
  }
}

main();
