// What the tactic gate reads off a position once, before it judges each move: our attacks, the
// opponent's reliable defences, its pinned pieces, the threats we make already, its king's room. Sets are
// int32 halves; nothing is allocated per position.
import {
  attacked,
  attackedExcept,
  attacksTo,
  between,
  bishopAttacks,
  kingAttacks,
  knightAttacks,
  pawnAttacks,
  queenAttacks,
  rookAttacks,
  xrayAttacksAlong,
  LINE_ANTI,
  LINE_DIAG,
  LINE_FILE,
  LINE_RANK,
} from '../core/attacks.js';
import {
  BISHOP,
  KING,
  KNIGHT,
  PAWN,
  PIECE_VALUES,
  QUEEN,
  ROOK,
  bishopsQueensHi,
  bishopsQueensLo,
  occupiedHi,
  occupiedLo,
  rooksQueensHi,
  rooksQueensLo,
  sideHi,
  sideLo,
  typeHi,
  typeLo,
  type Colour,
} from '../core/board.js';
import { Position } from '../core/position.js';
import { REC_CODE, REC_FRONT, REC_SIDE, STRIDE, type MotifBuffer } from '../motifs/buffer.js';
import { PIN_RELATIVE } from '../motifs/catalogue.js';

/** A check counts as a threat worth this much: the reply must answer it. */
export const CHECK = 100;
/** Scratch of the look-ups: [0, 1] attacksOf's answer, [2, 3] the callers'. */
export const s = new Int32Array(4);

/** The squares a piece of type t of side c on sq attacks on the occupancy, into s[0], s[1]. */
export function attacksOf(t: number, c: number, sq: number, occLo: number, occHi: number): void {
  switch (t) {
    case PAWN:
      pawnAttacks(c, sq, s, 0);
      break;
    case KNIGHT:
      knightAttacks(sq, s, 0);
      break;
    case BISHOP:
      bishopAttacks(occLo, occHi, sq, s, 0);
      break;
    case ROOK:
      rookAttacks(occLo, occHi, sq, s, 0);
      break;
    case QUEEN:
      queenAttacks(occLo, occHi, sq, s, 0);
      break;
    default:
      kingAttacks(sq, s, 0);
  }
}

/** Whether sq is in the set (lo, hi). */
export function has(lo: number, hi: number, sq: number): boolean {
  return (sq < 32 ? (lo >>> sq) & 1 : (hi >>> (sq - 32)) & 1) !== 0;
}

/** The halves of the one-square set {sq} (none for sq < 0). */
export const bitLo = (sq: number): number => (sq >= 0 && sq < 32 ? 1 << sq : 0);
export const bitHi = (sq: number): number => (sq >= 32 ? 1 << (sq - 32) : 0);

/** The facts of one position, for the side to move ("we") against the opponent. */
export class GatePosition {
  pos = new Position();
  board = new Int8Array(64);
  us = 0;
  /** The opponent's king. */
  ek = 0;
  occLo = 0;
  occHi = 0;
  themLo = 0;
  themHi = 0;
  /** Squares the opponent's reliable defenders attack (with and without its king); squares we attack. */
  defLo = 0;
  defHi = 0;
  def2Lo = 0;
  def2Hi = 0;
  attLo = 0;
  attHi = 0;
  /** The opponent's pieces that cannot leave their line: pinned to its king, or before a piece worth more. */
  pinLo = 0;
  pinHi = 0;
  /** The opponent's king zone (its square and around) when it has at most one square to go to, else empty. */
  zoneLo = 0;
  zoneHi = 0;
  /** Per enemy square we attack now: what our cheapest attacker wins there, and that attacker's type. */
  readonly now = new Int32Array(64);
  readonly cheapest = new Int32Array(64);

  setUp(pos: Position, motifs: MotifBuffer | null): void {
    this.pos = pos;
    this.board = pos.board;
    const bb = pos.bb;
    const us = pos.turn;
    this.us = us;
    this.ek = pos.king((us ^ 1) as Colour);
    this.occLo = occupiedLo(bb);
    this.occHi = occupiedHi(bb);
    this.themLo = sideLo(bb, us ^ 1);
    this.themHi = sideHi(bb, us ^ 1);
    this.pinned(motifs);
    this.attackMaps();
    this.threatsNow();
    const room = this.kingRoom(this.occLo, this.occHi, 0, 0);
    kingAttacks(this.ek, s, 2);
    this.zoneLo = room <= 1 ? s[2] | bitLo(this.ek) : 0;
    this.zoneHi = room <= 1 ? s[3] | bitHi(this.ek) : 0;
  }

  /** Our attacks, and the opponent's defences by pieces neither pinned nor attacked by us (those may have to leave). */
  private attackMaps(): void {
    const us = this.us;
    let aLo = 0,
      aHi = 0,
      dLo = 0,
      dHi = 0,
      d2Lo = 0,
      d2Hi = 0;
    for (let sq = 0; sq < 64; sq++) {
      const code = this.board[sq];
      if (code === 0 || code >> 3 !== us) continue;
      attacksOf((code & 7) - 1, us, sq, this.occLo, this.occHi);
      aLo |= s[0];
      aHi |= s[1];
    }
    for (let sq = 0; sq < 64; sq++) {
      const code = this.board[sq];
      if (code === 0 || code >> 3 === us || has(this.pinLo, this.pinHi, sq)) continue;
      const t = (code & 7) - 1;
      if (t !== KING && has(aLo, aHi, sq)) continue;
      attacksOf(t, us ^ 1, sq, this.occLo, this.occHi);
      dLo |= s[0];
      dHi |= s[1];
      if (t !== KING) {
        d2Lo |= s[0];
        d2Hi |= s[1];
      }
    }
    this.attLo = aLo;
    this.attHi = aHi;
    this.defLo = dLo;
    this.defHi = dHi;
    this.def2Lo = d2Lo;
    this.def2Hi = d2Hi;
  }

  /**
   * The opponent's pieces pinned to its king by our sliders (x-rays from its king through its own pieces,
   * seed xray-attacks.md), and the fronts of our relative pins from the motif records.
   */
  private pinned(motifs: MotifBuffer | null): void {
    const bb = this.pos.bb;
    const us = this.us;
    const ek = this.ek;
    xrayAttacksAlong(this.occLo, this.occHi, this.themLo, this.themHi, ek, LINE_RANK, LINE_FILE, s, 0);
    let pLo = s[0] & sideLo(bb, us) & rooksQueensLo(bb);
    let pHi = s[1] & sideHi(bb, us) & rooksQueensHi(bb);
    xrayAttacksAlong(this.occLo, this.occHi, this.themLo, this.themHi, ek, LINE_DIAG, LINE_ANTI, s, 0);
    pLo |= s[0] & sideLo(bb, us) & bishopsQueensLo(bb);
    pHi |= s[1] & sideHi(bb, us) & bishopsQueensHi(bb);
    let lo = 0,
      hi = 0;
    for (let h = 0; h < 2; h++) {
      for (let x = h === 0 ? pLo : pHi; x !== 0; x ^= 1 << (31 - Math.clz32(x))) {
        between(ek, h * 32 + 31 - Math.clz32(x), s, 0);
        lo |= s[0];
        hi |= s[1];
      }
    }
    if (motifs !== null) {
      const d = motifs.data;
      for (let i = 0; i < motifs.count; i++) {
        const o = i * STRIDE;
        if (d[o + REC_SIDE] === us && d[o + REC_CODE] === PIN_RELATIVE) {
          lo |= bitLo(d[o + REC_FRONT]);
          hi |= bitHi(d[o + REC_FRONT]);
        }
      }
    }
    this.pinLo = lo & this.themLo;
    this.pinHi = hi & this.themHi;
  }

  /** What a piece of type t wins by taking the enemy piece on sq (the king: CHECK); `noKing`: its king defends nothing. */
  threat(t: number, sq: number, noKing: boolean): number {
    const x = (this.board[sq] & 7) - 1;
    if (x === KING) return t === KING ? 0 : CHECK;
    const defended = noKing ? has(this.def2Lo, this.def2Hi, sq) : has(this.defLo, this.defHi, sq);
    if (!defended) return PIECE_VALUES[x];
    return t === KING ? 0 : Math.max(0, PIECE_VALUES[x] - PIECE_VALUES[t]);
  }

  /** Per enemy piece we attack now: our cheapest attacker's type and what it wins there. */
  private threatsNow(): void {
    this.now.fill(0);
    const bb = this.pos.bb;
    const usLo = sideLo(bb, this.us);
    const usHi = sideHi(bb, this.us);
    const lo = this.attLo & this.themLo;
    const hi = this.attHi & this.themHi;
    for (let h = 0; h < 2; h++) {
      for (let x = h === 0 ? lo : hi; x !== 0; x ^= 1 << (31 - Math.clz32(x))) {
        const sq = h * 32 + 31 - Math.clz32(x);
        if (sq === this.ek) continue;
        attacksTo(bb, this.occLo, this.occHi, sq, s, 0);
        for (let t = PAWN; t <= KING; t++) {
          if (((s[0] & usLo & typeLo(bb, t)) | (s[1] & usHi & typeHi(bb, t))) !== 0) {
            this.cheapest[sq] = t;
            this.now[sq] = this.threat(t, sq, false);
            break;
          }
        }
      }
    }
  }

  /** Whether the opponent has no piece but pawns beside its king. */
  loneKing(): boolean {
    const bb = this.pos.bb;
    const them = this.us ^ 1;
    return ((sideLo(bb, them) & ~typeLo(bb, PAWN) & ~typeLo(bb, KING)) | (sideHi(bb, them) & ~typeHi(bb, PAWN) & ~typeHi(bb, KING))) === 0;
  }

  /** Squares the enemy king may step to on occupancy o with our piece that moved attacking a: not its own, not attacked. */
  kingRoom(oLo: number, oHi: number, aLo: number, aHi: number): number {
    kingAttacks(this.ek, s, 2);
    const kLo = oLo & ~bitLo(this.ek);
    const kHi = oHi & ~bitHi(this.ek);
    let room = 0;
    for (let h = 0; h < 2; h++) {
      const free = h === 0 ? s[2] & ~this.themLo & ~aLo : s[3] & ~this.themHi & ~aHi;
      for (let x = free; x !== 0; x ^= 1 << (31 - Math.clz32(x))) {
        if (!attacked(this.pos.bb, kLo, kHi, h * 32 + 31 - Math.clz32(x), this.us)) room++;
      }
    }
    return room;
  }

  /** Whether the enemy piece on sq cannot leave: pinned, a pawn, or no square we do not attack (a: our moved piece's attacks). */
  immobile(sq: number, oLo: number, oHi: number, aLo: number, aHi: number): boolean {
    if (has(this.pinLo, this.pinHi, sq)) return true;
    const x = (this.board[sq] & 7) - 1;
    if (x === PAWN) return true;
    if (x === KING) return false;
    attacksOf(x, this.us ^ 1, sq, oLo, oHi);
    return ((s[0] & ~this.themLo & ~this.attLo & ~aLo) | (s[1] & ~this.themHi & ~this.attHi & ~aHi)) === 0;
  }

  /** Whether an enemy piece not pinned may retake on `to`; its king only where none of our other pieces defends `to`. */
  retakable(from: number, to: number, oLo: number, oHi: number): boolean {
    const bb = this.pos.bb;
    const exLo = this.pinLo | bitLo(to) | (typeLo(bb, KING) & this.themLo);
    const exHi = this.pinHi | bitHi(to) | (typeHi(bb, KING) & this.themHi);
    if (attackedExcept(bb, oLo, oHi, to, this.us ^ 1, exLo, exHi)) return true;
    kingAttacks(this.ek, s, 2);
    return has(s[2], s[3], to) && !attackedExcept(bb, oLo, oHi, to, this.us, bitLo(from) | bitLo(to), bitHi(from) | bitHi(to));
  }

  /** Whether a king on sq is at most two steps from the opponent's king when that king is short of room. */
  nearZone(sq: number): boolean {
    return (this.zoneLo | this.zoneHi) !== 0 && Math.max(Math.abs((sq & 7) - (this.ek & 7)), Math.abs((sq >> 3) - (this.ek >> 3))) <= 2;
  }
}
