// The interpreter of a compiled --where program (compile.ts), run by the analyzer in the workers on each
// position: it reads the motif records straight from the MotifBuffer (REC_* offsets), the pieces from
// the position's mailbox, the played bits, ply, move number, turn and phase, and allocates nothing.
// Comparisons of the game's fields (tags, derived fields) do not change within a game: they are decided
// once, at its start, for each side to move (only `outcome` differs between them), decoding only the tags
// named. SAN is computed only when a `move` comparison is reached, and not
// for a move whose destination rules out the SAN compared with; a tactic's themes only when a theme
// condition is reached on a position that has a verdict.
import { phaseOf, PHASES } from '../core/phase.js';
import type { PositionSelector } from '../analysis/selector.js';
import type { GameInfo, PositionView, TagLookup } from '../analysis/view.js';
import { BLACK, WHITE } from '../core/board.js';
import type { Position } from '../core/position.js';
import { FLAG_CASTLE, moveFlags, moveFrom, moveTo } from '../core/move.js';
import { moveToSan } from '../core/san.js';
import type { DerivedFields } from '../pgn/derived.js';
import { REC_CODE, REC_LINE, REC_PARTIAL, REC_SIDE, REC_TARGET1, REC_TARGET2, STRIDE } from '../motifs/buffer.js';
import { MOTIFS, SIDES, isChain } from '../motifs/catalogue.js';
import type { TacticJudge } from '../tactics/verdict.js';
import {
  C_LINE,
  C_PARTIAL,
  C_ROLE,
  C_SIDE,
  C_TARGET,
  COND_WORDS,
  CONTAINS,
  EQ,
  GT,
  LE,
  LT,
  NE,
  OP_AND,
  OP_MOTIF,
  OP_NOT,
  OP_OR,
  OP_PLAYED,
  OP_POSITION,
  OP_TACTIC,
  STARTS,
  T_GAIN,
  T_MATE,
  TACTIC_WORDS,
  decimal,
  type CompiledQuery,
  type FieldTest,
  type SanKey,
} from './compile.js';
import { DATE_TAGS, OPENING_TAG, isPositionField, openingOf, outcomeOf, yearOf } from './fields.js';

/** 1 for record codes that have the `partial` field. */
const HAS_PARTIAL = Uint8Array.from(MOTIFS, (m) => (m.partial ? 1 : 0));

function sign(a: number | string, b: number | string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Whether the comparison whose sign is c (-1, 0, 1) satisfies the operator. */
function holds(op: number, c: number): boolean {
  switch (op) {
    case EQ:
      return c === 0;
    case NE:
      return c !== 0;
    case LT:
      return c < 0;
    case LE:
      return c <= 0;
    case GT:
      return c > 0;
    default:
      return c >= 0; // GE
  }
}

/** Whether a text passes a test of text: starts with, contains, or compares with the test's value. */
function passesAsText(t: FieldTest, value: string): boolean {
  if (t.op === STARTS) return value.startsWith(t.text);
  if (t.op === CONTAINS) return value.includes(t.text);
  return holds(t.op, sign(value, t.text));
}

/**
 * Whether a field's value passes the test (docs/design.md §10): numerically when both are numbers, a numeric
 * value never matching a field that is not one; else as strings (^= and *= always); a missing value
 * (null) never.
 */
export function passes(t: FieldTest, value: string | number | null): boolean {
  if (value === null) return false;
  if (t.num !== null) {
    const n = typeof value === 'number' ? value : decimal(value);
    return n !== null && holds(t.op, sign(n, t.num));
  }
  return passesAsText(t, typeof value === 'number' ? String(value) : value);
}

/** passes() for a field that is text and never a number (SAN, turn, phase): no number to look for. */
function passesText(t: FieldTest, value: string | null): boolean {
  return value !== null && t.num === null && passesAsText(t, value);
}

/** The value of a game field other than `outcome`: derived from tags, or a PGN tag (null when the game has none). */
function gameValue(t: FieldTest, info: GameInfo, tagOf: TagLookup): string | number | null {
  if (t.tag) return tagOf(t.field);
  if (t.field === 'opening') return openingOf(tagOf(OPENING_TAG));
  if (t.field === 'year') return yearOf(tagOf(DATE_TAGS[0]), tagOf(DATE_TAGS[1]));
  return info.derived[t.field as keyof DerivedFields];
}

/** The bits of a game test: 1 when it passes with white to move, 2 with black to move. */
function sidesPassing(t: FieldTest, info: GameInfo, tagOf: TagLookup): number {
  if (t.field === 'outcome') {
    const result = info.derived.result;
    return (passes(t, outcomeOf(result, WHITE)) ? 1 << WHITE : 0) | (passes(t, outcomeOf(result, BLACK)) ? 1 << BLACK : 0);
  }
  return passes(t, gameValue(t, info, tagOf)) ? (1 << WHITE) | (1 << BLACK) : 0;
}

/**
 * Whether the piece on sq is of a type in the mask (bit 1 << type), or sq is in the square set (lo: bits
 * of a1 … h4, hi: a5 … h8).
 */
function stands(board: Int8Array, sq: number, mask: number, lo: number, hi: number): boolean {
  const onSquare = sq < 32 ? (lo >>> sq) & 1 : (hi >>> (sq - 32)) & 1;
  return onSquare === 1 || ((mask >> ((board[sq] & 7) - 1)) & 1) === 1;
}

/** The condition at p[k] on the record at offset o (code `code`); a field the record lacks does not match. */
function cond(p: Int32Array, k: number, d: Int32Array, o: number, code: number, board: Int8Array): boolean {
  const a = p[k + 1];
  switch (p[k]) {
    case C_SIDE:
      return d[o + REC_SIDE] === a;
    case C_ROLE:
      return !isChain(code) && stands(board, d[o + a], p[k + 2], p[k + 3], p[k + 4]);
    case C_TARGET:
      return (
        isChain(code) &&
        (stands(board, d[o + REC_TARGET1], p[k + 2], p[k + 3], p[k + 4]) ||
          (d[o + REC_TARGET2] >= 0 && stands(board, d[o + REC_TARGET2], p[k + 2], p[k + 3], p[k + 4])))
      );
    case C_PARTIAL:
      return HAS_PARTIAL[code] === 1 && d[o + REC_PARTIAL] === a;
    case C_LINE:
      return isChain(code) && d[o + REC_LINE] === a;
    default:
      return false;
  }
}

/** One condition on a verdict; gain and mate, each only on a verdict of that kind. */
function tacticCond(kind: number, a: number, b: number, j: TacticJudge): boolean {
  switch (kind) {
    case T_GAIN:
      return j.mate === 0 && holds(a, sign(j.gain, b));
    case T_MATE:
      return j.mate > 0 && holds(a, sign(j.mate, b));
    default: // T_THEME
      return (j.themeBits() & a) !== 0;
  }
}

/** Decides, position by position, whether a compiled query matches; one per analyzer. */
export class QueryEvaluator implements PositionSelector {
  readonly usesTags: boolean;
  private readonly program: Int32Array;
  private readonly tests: FieldTest[];
  /** Results of the game-field tests for the current game, by test index: bit 1 << side to move. */
  private readonly game: Uint8Array;
  private v: PositionView | null = null;
  /** The move played from the position (-1 at the end) and the position it leads to. */
  private move = -1;
  private after: Position | null = null;

  constructor(q: CompiledQuery) {
    this.usesTags = q.usesTags;
    this.program = q.program;
    this.tests = q.tests;
    this.game = new Uint8Array(q.tests.length);
  }

  /** Decides the tests of the game's fields for the positions to come. */
  beginGame(info: GameInfo, tagOf: TagLookup): void {
    this.tests.forEach((t, k) => {
      if (!isPositionField(t.field)) this.game[k] = sidesPassing(t, info, tagOf);
    });
  }

  /**
   * Whether the position matches: its records and played bits, and the move played from it (m, -1 at the
   * end, leading to `after`), whose SAN goes into v.san when the query needs it.
   */
  matches(v: PositionView, m: number, after: Position | null): boolean {
    this.v = v;
    this.move = m;
    this.after = after;
    return this.node(0);
  }

  private node(pc: number): boolean {
    const p = this.program;
    switch (p[pc]) {
      case OP_OR:
        for (let a = pc + 2; a < p[pc + 1]; a = p[a + 1]) if (this.node(a)) return true;
        return false;
      case OP_AND:
        for (let a = pc + 2; a < p[pc + 1]; a = p[a + 1]) if (!this.node(a)) return false;
        return true;
      case OP_NOT:
        return !this.node(pc + 2);
      case OP_MOTIF:
        return this.motif(pc, p[pc + 1]);
      case OP_TACTIC:
        return this.tactic(pc, p[pc + 1]);
      case OP_PLAYED:
        return (this.v!.played & p[pc + 2]) !== 0;
      case OP_POSITION:
        return this.position(this.tests[p[pc + 2]]);
      default: // OP_GAME
        return ((this.game[p[pc + 2]] >> this.v!.pos.turn) & 1) === 1;
    }
  }

  /** Whether some record of the node's codes meets every condition of the node. */
  private motif(pc: number, end: number): boolean {
    const p = this.program;
    const { buf, pos } = this.v!;
    const d = buf.data;
    const codes = p[pc + 2];
    for (let r = 0; r < buf.count; r++) {
      const o = r * STRIDE;
      const code = d[o + REC_CODE];
      if (((codes >> code) & 1) === 0) continue;
      let k = pc + 3;
      while (k < end && cond(p, k, d, o, code, pos.board)) k += COND_WORDS;
      if (k >= end) return true;
    }
    return false;
  }

  /** Whether the position has a tactic verdict meeting every condition of the node. */
  private tactic(pc: number, end: number): boolean {
    const j = this.v!.tactic;
    if (j === null) return false;
    const p = this.program;
    for (let k = pc + 2; k < end; k += TACTIC_WORDS) if (!tacticCond(p[k], p[k + 1], p[k + 2], j)) return false;
    return true;
  }

  /** Whether the move played could have a SAN of that key. */
  private couldBe(k: SanKey): boolean {
    const m = this.move;
    if (k.castles) return (moveFlags(m) & FLAG_CASTLE) !== 0;
    return (k.to < 0 || moveTo(m) === k.to) && (k.piece < 0 || (this.v!.pos.board[moveFrom(m)] & 7) - 1 === k.piece);
  }

  private position(t: FieldTest): boolean {
    const v = this.v!;
    switch (t.field) {
      case 'ply':
        return passes(t, v.ply);
      case 'moveNumber':
        return passes(t, v.pos.fullmove);
      case 'move':
        if (this.move < 0 || !this.couldBe(t.san)) return false;
        v.san ??= moveToSan(v.pos, this.move, this.after!);
        return passesText(t, v.san);
      case 'turn':
        return passesText(t, SIDES[v.pos.turn]);
      default: // phase
        return passesText(t, PHASES[phaseOf(v.pos, v.ply)]);
    }
  }
}
