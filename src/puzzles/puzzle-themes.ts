// A puzzle's themes, by lichess's names where lichess has the idea (docs/design.md §12), read from our tags
// over the solution line. Terms: P is the position after the opponent's setup move (the solver to move);
// the solution is solver moves s1 … sn with the opponent's replies r1 … r(n-1) between them; Ai is the
// position after si (the opponent to move), Bi the one before it (B1 = P). A motif counts only where the
// solution uses it — a tag the position merely has is no theme:
//
//   pin            in some Ai, an absolute pin of the solver's (slider S, front F, king behind) that costs
//                  the opponent: F is worth more than S; or F does not attack S (a partial pin's F does,
//                  and so may a pawn) and is undefended once S has taken it (S lifted: a defender behind S
//                  counts); or F attacks a solver piece other than S worth more than F or undefended (the
//                  pin stops a capture)
//   relativePin    the same for a relative pin (the piece behind F is worth more than F, not the king), but
//                  for the pin stopping a capture: a relative pin only makes a capture cost the piece behind
//   partialPin     a pin counted above whose F moves along the line (can take S)
//   skewer         in some Ai (i < n), a skewer of the solver's, either kind: ri moves F away, s(i+1) is S
//                  taking the back piece X, E(S, F, X) of docs/design.md §5 still holds before s(i+1), and s(i+1)
//                  does not mate (the mate is the theme then)
//   xRayAttack     si moves a piece onto X, in Ai our x-ray record says S defends X through the enemy
//                  slider F, ri is F taking on X and s(i+1) is S retaking on X
//   discoveredCheck  some si has our played tag discoveredCheck but not doubleCheck
//   discoveredAttack some si is such a discovered check, or has our played tag discoveredAttack and s(i+1)
//                  captures along a line through the square si left (the uncovered piece cashes in)
//   doubleCheck    some si has our played tag doubleCheck
//   battery        some si takes, with a piece of a battery of the solver's in Bi, one of its targets
//   fork           some si, i < n (a fork needs a follow-up), moves a piece M other than the king to t
//                  where in Ai it is not en prise (no enemy attacker, or it is defended and no enemy piece
//                  but the king worth less than M attacks it), and M attacks two or more enemy pieces other
//                  than pawns, each the king, worth more than M, or undefended with M lifted and not
//                  attacking t
//   hangingPiece   s1 takes a piece other than a pawn that nothing defends at P (the capturer lifted);
//                  not when the setup move had just taken on that square a piece worth at least as much
//                  (a recapture), nor when n ≥ 2 and the solver's material balance after s2 is below that
//                  after s1
//   mate, mateIn1 … mateIn5   mateIn given (mateIn5 for 5 or more)
//   oneMove / short / long / veryLong   n = 1 / 2 / 3 / 4 or more
//   opening / middlegame / endgame      phaseOf(P, its ply) (docs/design.md §9)
//   advantage / crushing                not a mate and cp 200–599 / cp ≥ 600
//   zugzwang       the engine's verdict (zugzwang.ts): the opponent would rather pass somewhere in the line
// Values P 1, N 3, B 3, R 5, Q 9, K 100; "defended": a piece of its side attacks its square.
// Besides these, the themes lichess's tagger reads from the line's moves and material, from a few
// consecutive moves and from the mating position, by its rules: move-themes.ts, sequence-themes.ts and
// mate-patterns.ts define them.
//
// Why these positions, measured against lichess's themes on its 10,407 sample puzzles: any record of the
// solver's side anywhere in the line would tag pin with 18% precision, skewer 16%, xRayAttack 5%; records
// only where the next solver moves cash them in (skewer, x-ray, discovered attack) keep 99% of lichess's and
// gain few more. A pin, though, mostly works by what it stops (a recapture, an escape from a mating net):
// demanding that a later solver move take the pinned piece keeps 33% of lichess's pins, whereas "costs the
// opponent" in a position after a solver move keeps them all at 96% precision (test/tools/themes-agreement.ts).
//
// Where lichess (lichess-puzzler's cooker) differs: its pin is the absolute pin only, found in any Ai when
// the pinned piece attacks a more valuable or hanging piece off the line, or is worth more than its
// attacker on the line, or is hanging with a move off the line; its skewer is any capture by a slider
// through the square the opponent's last move left, of a piece worth less than the one that moved and in
// a bad spot, and its xRayAttack and discoveredAttack are likewise geometric (a later capture passing the
// square a piece just left), not read from motif records; its discoveredAttack stops at a recapture and
// looks at any later solver move, ours at the next. It calls a piece hanging when nothing defends it even
// with one enemy slider attacker lifted (any of them), ours with the capturer lifted. Its phases come from
// lila's game divider (piece counts and mixing), ours from phaseOf, which names far fewer endgames; its
// advantage and crushing start above 200 and 600, ours at 200 and 600.
import { PHASES, phaseOf } from '../core/phase.js';
import { moveTo } from '../core/move.js';
import { PuzzleLine } from '../tactics/line.js';
import { motifThemes } from '../tactics/motif-themes.js';
import { forkAfter, hangingCapture } from '../tactics/threats.js';
import { isCheckmate } from '../core/movegen.js';
import { matePattern } from './mate-patterns.js';
import { endgameTheme, moveThemes, sideAttack } from './move-themes.js';
import { sequenceThemes } from './sequence-themes.js';

/** What the themes are read from: a Puzzle's fields. */
export interface ThemeInput {
  fenBefore: string;
  /** UCI: the setup move, then the solution. */
  moves: string[];
  mateIn: number | null;
  cp: number;
  /** The engine found the opponent in zugzwang in the line (zugzwang.ts); absent: not looked for. */
  zugzwang?: boolean;
}

const LENGTHS = ['oneMove', 'short', 'long', 'veryLong'] as const;
const ADVANTAGE_CP = 200;
const CRUSHING_CP = 600;
const line = new PuzzleLine();

/** The puzzle's themes, sorted; throws when there is no solution move or the moves do not replay. */
export function puzzleThemes(p: ThemeInput): string[] {
  if (p.moves.length < 2) throw new Error(`a puzzle needs a setup move and a solution, got "${p.moves.join(' ')}"`);
  line.load(p.fenBefore, p.moves);
  const out = new Set<string>();
  motifThemes(line, out);
  if (hasFork(line)) out.add('fork');
  if (hangingCapture(line)) out.add('hangingPiece');
  moveThemes(line, out);
  sequenceThemes(line, out);
  const pattern = isCheckmate(line.positions[line.count]) ? matePattern(line) : null;
  if (pattern !== null) out.add(pattern);
  const endgame = endgameTheme(line);
  if (endgame !== null) out.add(endgame);
  const side = out.has('backRankMate') || out.has('fork') ? null : sideAttack(line);
  if (side !== null) out.add(side);
  if (p.mateIn !== null) out.add('mate').add(`mateIn${Math.min(Math.max(p.mateIn, 1), 5)}`);
  else if (p.cp >= CRUSHING_CP) out.add('crushing');
  else if (p.cp >= ADVANTAGE_CP) out.add('advantage');
  if (p.zugzwang === true) out.add('zugzwang');
  out.add(LENGTHS[Math.min(line.solverMoves, LENGTHS.length) - 1]);
  const P = line.puzzle;
  out.add(PHASES[phaseOf(P, (P.fullmove - 1) * 2 + P.turn)]);
  return [...out].sort();
}

/** Whether a solver move before the last forks (its moved piece stands on its target square after it). */
function hasFork(l: PuzzleLine): boolean {
  for (let k = 1; k + 1 < l.count; k += 2) if (forkAfter(l.positions[k + 1], moveTo(l.moves[k]))) return true;
  return false;
}
