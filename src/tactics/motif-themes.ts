// The puzzle themes read from our motif tags over a puzzle's line (the rules are in src/puzzles/puzzle-themes.ts's header):
// the static records of each position (scanMotifs) and the played tags of each solver move (playedFlags),
// kept only where the solution uses them. Names from the catalogue's `theme` column.
import { between } from '../core/attacks.js';
import { hasBit } from '../core/bitboard.js';
import { moveFrom, moveTo } from '../core/move.js';
import { isCheckmate } from '../core/movegen.js';
import type { Position } from '../core/position.js';
import {
  MotifBuffer,
  REC_BACK,
  REC_CODE,
  REC_FRONT,
  REC_LENGTH,
  REC_PARTIAL,
  REC_SIDE,
  REC_SLIDER,
  REC_SQUARES,
  REC_TARGET1,
  REC_TARGET2,
  STRIDE,
} from '../motifs/buffer.js';
import {
  BATTERY,
  MOTIFS,
  PARTIAL_PIN_THEME,
  PIN_ABSOLUTE,
  PIN_RELATIVE,
  PLAYED,
  PLAYED_DISCOVERED_ATTACK,
  PLAYED_DISCOVERED_CHECK,
  PLAYED_DOUBLE_CHECK,
  SKEWER_ABSOLUTE,
  SKEWER_RELATIVE,
  XRAY,
} from '../motifs/catalogue.js';
import { scanMotifs } from '../motifs/classify.js';
import { exploitable } from '../motifs/defended.js';
import { playedFlags } from '../motifs/played.js';
import type { PuzzleLine } from './line.js';
import { attacksFrom, defended, isCapture, valueAt } from './threats.js';

const buf = new MotifBuffer();
const s = new Int32Array(2);
const playedTheme = (bit: number): string => PLAYED.find((p) => p.bit === bit)!.theme!;
const DISCOVERED_ATTACK = playedTheme(PLAYED_DISCOVERED_ATTACK);
const DISCOVERED_CHECK = playedTheme(PLAYED_DISCOVERED_CHECK);
const DOUBLE_CHECK = playedTheme(PLAYED_DOUBLE_CHECK);

/** Adds to `out` the themes of our tags that the solution of the loaded line uses. */
export function motifThemes(line: PuzzleLine, out: Set<string>): void {
  const pos = line.positions;
  const solver = pos[1].turn;
  for (let k = 1; k <= line.count; k++) {
    const n = scanMotifs(pos[k], buf);
    const solverMove = (k & 1) === 1;
    for (let i = 0; i < n; i++) {
      const o = i * STRIDE;
      if (buf.data[o + REC_SIDE] !== solver) continue;
      const code = buf.data[o + REC_CODE];
      if (solverMove) {
        if (code === BATTERY && k < line.count && batteryTakes(buf.data, o, line.moves[k])) out.add(MOTIFS[code].theme);
      } else if (code === PIN_ABSOLUTE || code === PIN_RELATIVE) {
        if (pinCosts(pos[k], buf.data, o, code === PIN_ABSOLUTE)) {
          out.add(MOTIFS[code].theme);
          if (buf.data[o + REC_PARTIAL] === 1) out.add(PARTIAL_PIN_THEME);
        }
      } else if (code === SKEWER_ABSOLUTE || code === SKEWER_RELATIVE) {
        if (skewerWins(line, k, buf.data, o)) out.add(MOTIFS[code].theme);
      } else if (code === XRAY && xrayRetakes(line, k, buf.data, o)) out.add(MOTIFS[code].theme);
    }
    if (solverMove && k < line.count) playedThemes(line, k, out);
  }
}

/** Whether solver move m takes, with a piece of the battery record at o, one of its targets. */
function batteryTakes(d: Int32Array, o: number, m: number): boolean {
  const to = moveTo(m);
  if (to !== d[o + REC_TARGET1] && to !== d[o + REC_TARGET2]) return false;
  for (let j = 0; j < d[o + REC_LENGTH]; j++) if (d[o + REC_SQUARES + j] === moveFrom(m)) return true;
  return false;
}

/**
 * Whether the pin at o costs the opponent, to move in pos: the pinned front is worth more than the slider;
 * or it cannot take the slider (a partial pin can; so can a pawn next to it) and is undefended once the
 * slider has taken it; or, for an absolute pin, it attacks a solver piece other than the slider worth more
 * than it or undefended (a relative pin lets it take that piece at the price of the one behind it).
 */
function pinCosts(pos: Position, d: Int32Array, o: number, absolute: boolean): boolean {
  const slider = d[o + REC_SLIDER];
  const front = d[o + REC_FRONT];
  const v = valueAt(pos, front);
  if (v > valueAt(pos, slider)) return true;
  attacksFrom(pos, front, s, 0);
  if (!hasBit(s[0], s[1], slider) && !defended(pos, front, pos.turn, slider)) return true;
  if (!absolute) return false;
  const solver = pos.turn ^ 1;
  for (let sq = 0; sq < 64; sq++) {
    const code = pos.board[sq];
    if (code === 0 || code >> 3 !== solver || sq === slider || !hasBit(s[0], s[1], sq)) continue;
    if (valueAt(pos, sq) > v || !defended(pos, sq, solver, -1)) return true;
  }
  return false;
}

/**
 * Whether the skewer at o, in pos[k] after a solver move, wins: the opponent's reply moves the front, the
 * solver's next move is the slider taking the back, still exploitable then, and it does not mate.
 */
function skewerWins(line: PuzzleLine, k: number, d: Int32Array, o: number): boolean {
  if (k + 1 >= line.count) return false;
  const reply = line.moves[k];
  const next = line.moves[k + 1];
  const pos = line.positions;
  return (
    moveFrom(reply) === d[o + REC_FRONT] &&
    moveFrom(next) === d[o + REC_SLIDER] &&
    moveTo(next) === d[o + REC_BACK] &&
    exploitable(pos[k + 1], d[o + REC_SLIDER], d[o + REC_FRONT], d[o + REC_BACK]) &&
    !isCheckmate(pos[k + 2])
  );
}

/**
 * Whether the x-ray defence at o, in pos[k] after a solver move onto its back square X, is used: the
 * opponent's front takes on X and the solver's slider retakes through the square the front left.
 */
function xrayRetakes(line: PuzzleLine, k: number, d: Int32Array, o: number): boolean {
  if (k + 1 >= line.count) return false;
  const x = d[o + REC_BACK];
  const reply = line.moves[k];
  const next = line.moves[k + 1];
  return (
    moveTo(line.moves[k - 1]) === x &&
    moveFrom(reply) === d[o + REC_FRONT] &&
    moveTo(reply) === x &&
    moveFrom(next) === d[o + REC_SLIDER] &&
    moveTo(next) === x
  );
}

/**
 * Themes of solver move k's played tags: a double check; a discovered check that is not one (also a
 * discovered attack, as lichess counts it); a discovered attack the solver's next move cashes in, a capture
 * along a line through the square the first move left.
 */
function playedThemes(line: PuzzleLine, k: number, out: Set<string>): void {
  const pos = line.positions;
  const m = line.moves[k];
  const flags = playedFlags(pos[k], m, pos[k + 1], buf); // buf: the loop's scan of pos[k]
  if ((flags & PLAYED_DOUBLE_CHECK) !== 0) out.add(DOUBLE_CHECK);
  else if ((flags & PLAYED_DISCOVERED_CHECK) !== 0) out.add(DISCOVERED_CHECK).add(DISCOVERED_ATTACK);
  if ((flags & PLAYED_DISCOVERED_ATTACK) === 0 || k + 2 >= line.count) return;
  const next = line.moves[k + 2];
  if (!isCapture(pos[k + 2], next)) return;
  between(moveFrom(next), moveTo(next), s, 0);
  if (hasBit(s[0], s[1], moveFrom(m))) out.add(DISCOVERED_ATTACK);
}
