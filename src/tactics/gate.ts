// The gate in front of the tactic search: whether anything at a position may win the gain asked for, so
// that only those positions are searched. It judges each legal move of the side to move by the threats it
// leaves, and lets the position through as soon as one move may win:
// - a check may win when it takes something, leaves the king at most two squares, or the king (which must
//   answer it) leaves a threat of ours standing: we attack something worth a pawn or more;
// - every move may win when the side to move has a pawn on its sixth or seventh rank (a promotion near),
//   or the opponent has no piece but pawns beside its king (mates come by quiet moves there);
// - when the opponent's king has at most one square to go to, a move whose piece then bears on its zone
//   (or a king walking up to it) may win: a quiet move that sets up a mate;
// - any other move may win when what it takes (and promotes) plus the best of these reaches the gain: the
//   best threat it makes itself (a threat is what our cheapest attacker wins on a piece: all of it when
//   nothing reliable defends it — a pinned defender or one we attack does not count — else the difference
//   in value); the second best threat after it among its own, those a slider it uncovers makes and those
//   we make already (a piece the move takes defended nothing since); a threat on a piece that cannot
//   leave. Behind a piece a slider attacks, the next one on the line is a threat too. When the reply may
//   retake the moved piece with profit, the move must win the gain through the exchange (its SEE) or
//   through our best threat elsewhere at the price of the piece (one the retaker defended hangs then).
// These rules are measured against searching every position, not proved (test/tactics/gate.test.ts and
// npm run tactics:cost give the positions the gate drops).
import { attacksTo } from '../core/attacks.js';
import {
  BISHOP,
  BLACK,
  KING,
  PAWN,
  PIECE_VALUES,
  QUEEN,
  ROOK,
  WHITE,
  piecesHi,
  piecesLo,
  rooksQueensHi,
  rooksQueensLo,
  sideHi,
  sideLo,
  typeHi,
  typeLo,
} from '../core/board.js';
import { FLAG_CASTLE, FLAG_EP, moveFlags, moveFrom, movePromo, moveTo } from '../core/move.js';
import { legalMoves } from '../core/movegen.js';
import type { Position } from '../core/position.js';
import { see } from '../core/see.js';
import type { MotifBuffer } from '../motifs/buffer.js';
import { attacksOf, bitHi, bitLo, CHECK, GatePosition, has, s } from './gate-position.js';

/** Why the gate let positions through, summed (the first move that may win decides). */
export interface GateCounts {
  positions: number;
  /** A promotion near, or a lone king: every move. */
  whole: number;
  checks: number;
  approaches: number;
  threats: number;
}

export class TacticGate {
  readonly counts: GateCounts = { positions: 0, whole: 0, checks: 0, approaches: 0, threats: 0 };
  private readonly g = new GatePosition();
  private readonly legal = new Int32Array(256);
  /** The best two threats after the move being judged, and the best of its own. */
  private b1 = 0;
  private b2 = 0;
  private own = 0;
  /** What the move being judged uncovers: squares newly attacked, a check among them, the slider's type. */
  private discLo = 0;
  private discHi = 0;
  private discCheck = false;
  private discType = 0;

  /** Whether pos may hold a tactic worth need pawns for its side to move (motifs: its scan, if at hand). */
  open(pos: Position, need: number, motifs: MotifBuffer | null): boolean {
    this.counts.positions++;
    const n = legalMoves(pos, this.legal);
    if (n === 0) return false;
    this.g.setUp(pos, motifs);
    if (promotionNear(pos) || this.g.loneKing()) {
      this.counts.whole++;
      return true;
    }
    for (let i = 0; i < n; i++) if (this.mayWin(this.legal[i], need)) return true;
    return false;
  }

  /** Whether move m may win need (the rules in the header). */
  private mayWin(m: number, need: number): boolean {
    const g = this.g;
    const from = moveFrom(m);
    const to = moveTo(m);
    const flags = moveFlags(m);
    const promo = movePromo(m);
    const castle = (flags & FLAG_CASTLE) !== 0;
    // castling: its rook, on its square beside the king's
    const t = castle ? ROOK : promo !== 0 ? promo : (g.board[from] & 7) - 1;
    const dest = castle ? (from & 56) + (to < from ? 3 : 5) : to;
    const capSq = (flags & FLAG_EP) !== 0 ? (to < from ? to + 8 : to - 8) : castle ? -1 : to;
    const oLo = castle ? this.castled(from, to, 0) : (g.occLo & ~bitLo(from) & ~bitLo(capSq)) | bitLo(to);
    const oHi = castle ? this.castled(from, to, 1) : (g.occHi & ~bitHi(from) & ~bitHi(capSq)) | bitHi(to);
    attacksOf(t, g.us, dest, oLo, oHi);
    let aLo = s[0],
      aHi = s[1];
    const direct = has(aLo, aHi, g.ek);
    if (t >= BISHOP && t <= QUEEN) {
      // the piece next behind one it attacks (a checked king, a piece worth more: it must leave)
      const xLo = aLo & g.themLo;
      const xHi = aHi & g.themHi;
      if ((xLo | xHi) !== 0) {
        attacksOf(t, g.us, dest, oLo & ~xLo, oHi & ~xHi);
        aLo |= s[0];
        aHi |= s[1];
      }
    }
    this.uncovered(castle ? -1 : from, oLo, oHi);
    const c = capSq < 0 ? 0 : (flags & FLAG_EP) !== 0 ? PIECE_VALUES[PAWN] : g.board[to] !== 0 ? PIECE_VALUES[(g.board[to] & 7) - 1] : 0;
    if (direct || this.discCheck) return this.checkMayWin(c, t, dest, capSq, oLo, oHi, aLo, aHi);
    if (((g.zoneLo & aLo) | (g.zoneHi & aHi)) !== 0 || (t === KING && g.nearZone(to))) {
      this.counts.approaches++;
      return true;
    }
    if (castle) return false;
    const base = c + (promo !== 0 ? PIECE_VALUES[promo] - PIECE_VALUES[PAWN] : 0);
    const second = this.threats(t, to, capSq, oLo, oHi, aLo, aHi, false);
    if (base + Math.max(second, this.own) < need) return false;
    if (g.retakable(from, to, oLo, oHi) && this.retakeFloor(m, to, base, t) < need) return false;
    this.counts.threats++;
    return true;
  }

  /** A check: may win when it takes, leaves the king at most two squares, or leaves a threat standing. */
  private checkMayWin(c: number, t: number, to: number, capSq: number, oLo: number, oHi: number, aLo: number, aHi: number): boolean {
    if (c > 0 || this.g.kingRoom(oLo, oHi, aLo, aHi) <= 2) {
      this.counts.checks++;
      return true;
    }
    this.threats(t, to, capSq, oLo, oHi, aLo, aHi, true);
    if (this.b1 < PIECE_VALUES[PAWN]) return false;
    this.counts.checks++;
    return true;
  }

  /** The occupancy after castling, one half (h 0: low, 1: high). */
  private castled(kingFrom: number, rookFrom: number, h: number): number {
    const g = this.g;
    const rank = kingFrom & 56;
    const long = rookFrom < kingFrom;
    const kt = rank + (long ? 2 : 6);
    const rt = rank + (long ? 3 : 5);
    if (h === 0) return (g.occLo & ~bitLo(kingFrom) & ~bitLo(rookFrom)) | bitLo(kt) | bitLo(rt);
    return (g.occHi & ~bitHi(kingFrom) & ~bitHi(rookFrom)) | bitHi(kt) | bitHi(rt);
  }

  /**
   * The threats after a move of a piece of type t to `to` (taking on capSq; attacking aLo, aHi): the moved
   * piece's own (the best in `own`), the uncovered ones and ours already, best two in b1 ≥ b2. Returns the
   * second best, or the best on a piece that cannot leave if that is more. `check`: its king defends nothing.
   */
  private threats(t: number, to: number, capSq: number, oLo: number, oHi: number, aLo: number, aHi: number, check: boolean): number {
    const g = this.g;
    this.b1 = 0;
    this.b2 = 0;
    this.own = 0;
    let fixed = 0;
    const tLo = (aLo | this.discLo) & g.themLo & ~bitLo(capSq);
    const tHi = (aHi | this.discHi) & g.themHi & ~bitHi(capSq);
    for (let h = 0; h < 2; h++) {
      for (let x = h === 0 ? tLo : tHi; x !== 0; x ^= 1 << (31 - Math.clz32(x))) {
        const sq = h * 32 + 31 - Math.clz32(x);
        if (sq === g.ek) continue;
        const mine = has(aLo, aHi, sq);
        const v = g.threat(mine ? t : this.discType, sq, check);
        this.add(v);
        if (mine && v > this.own) this.own = v;
        if (g.immobile(sq, oLo | bitLo(to), oHi | bitHi(to), aLo, aHi)) fixed = Math.max(fixed, v);
      }
    }
    this.existing(capSq, check);
    return Math.max(this.b2, fixed);
  }

  /** Counts threat v among the best two. */
  private add(v: number): void {
    if (v > this.b1) {
      this.b2 = this.b1;
      this.b1 = v;
    } else if (v > this.b2) this.b2 = v;
  }

  /** Adds the threats we make already, but on the square taken; a piece the taken one defended counts as undefended. */
  private existing(capSq: number, check: boolean): void {
    const g = this.g;
    let dLo = 0,
      dHi = 0;
    if (capSq >= 0 && g.board[capSq] !== 0) {
      attacksOf((g.board[capSq] & 7) - 1, g.us ^ 1, capSq, g.occLo, g.occHi);
      dLo = s[0];
      dHi = s[1];
    }
    const lo = g.attLo & g.themLo & ~bitLo(capSq);
    const hi = g.attHi & g.themHi & ~bitHi(capSq);
    for (let h = 0; h < 2; h++) {
      for (let x = h === 0 ? lo : hi; x !== 0; x ^= 1 << (31 - Math.clz32(x))) {
        const sq = h * 32 + 31 - Math.clz32(x);
        if (sq === g.ek) continue;
        const v = has(dLo, dHi, sq) ? PIECE_VALUES[(g.board[sq] & 7) - 1] : g.now[sq];
        this.add(check ? Math.max(v, g.threat(g.cheapest[sq], sq, true)) : v);
      }
    }
  }

  /**
   * The squares our sliders attack once the piece on `from` (-1: none) has left, on the occupancy after the
   * move, that they did not attack before; whether the enemy king is one; the type of a slider that uncovers.
   */
  private uncovered(from: number, oLo: number, oHi: number): void {
    this.discLo = 0;
    this.discHi = 0;
    this.discCheck = false;
    if (from < 0) return;
    const g = this.g;
    const bb = g.pos.bb;
    attacksTo(bb, g.occLo, g.occHi, from, s, 2);
    const sLo = s[2] & sideLo(bb, g.us) & (typeLo(bb, BISHOP) | rooksQueensLo(bb));
    const sHi = s[3] & sideHi(bb, g.us) & (typeHi(bb, BISHOP) | rooksQueensHi(bb));
    for (let h = 0; h < 2; h++) {
      for (let x = h === 0 ? sLo : sHi; x !== 0; x ^= 1 << (31 - Math.clz32(x))) {
        const sq = h * 32 + 31 - Math.clz32(x);
        const st = (g.board[sq] & 7) - 1;
        attacksOf(st, g.us, sq, g.occLo, g.occHi);
        const bLo = s[0],
          bHi = s[1];
        attacksOf(st, g.us, sq, oLo, oHi);
        const nLo = s[0] & ~bLo;
        const nHi = s[1] & ~bHi;
        if ((nLo | nHi) === 0) continue;
        this.discLo |= nLo;
        this.discHi |= nHi;
        this.discType = st;
        if (has(nLo, nHi, g.ek)) this.discCheck = true;
      }
    }
  }

  /**
   * After a retake on `to`: the exchange's SEE, or the mover lost and our best threat elsewhere (one the
   * retakers defended hangs then). When retaking does not pay (SEE at least what the move takes), the reply
   * will not retake, and the move keeps what it may win.
   */
  private retakeFloor(m: number, to: number, base: number, t: number): number {
    const g = this.g;
    let best = see(g.pos, m);
    if (best >= base) return base + CHECK;
    const bb = g.pos.bb;
    attacksTo(bb, g.occLo, g.occHi, to, s, 2);
    const rLo = s[2] & g.themLo;
    const rHi = s[3] & g.themHi;
    const lo = g.attLo & g.themLo & ~bitLo(to);
    const hi = g.attHi & g.themHi & ~bitHi(to);
    for (let h = 0; h < 2; h++) {
      for (let x = h === 0 ? lo : hi; x !== 0; x ^= 1 << (31 - Math.clz32(x))) {
        const sq = h * 32 + 31 - Math.clz32(x);
        if (sq === g.ek) continue;
        attacksTo(bb, g.occLo, g.occHi, sq, s, 0);
        const shared = ((s[0] & rLo) | (s[1] & rHi)) !== 0;
        best = Math.max(best, base - PIECE_VALUES[t] + (shared ? PIECE_VALUES[(g.board[sq] & 7) - 1] : g.now[sq]));
      }
    }
    return best;
  }
}

/** Whether the side to move has a pawn on its sixth or seventh rank. */
function promotionNear(pos: Position): boolean {
  const bb = pos.bb;
  return pos.turn === WHITE ? (piecesHi(bb, WHITE, PAWN) & 0x00ffff00) !== 0 : (piecesLo(bb, BLACK, PAWN) & 0x00ffff00) !== 0;
}
