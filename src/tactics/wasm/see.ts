// Static exchange evaluation on a position slot: core/see.ts's algorithm on 64-bit sets. What a move wins
// on its target square when both sides then capture there in turn, each with its least valuable attacker,
// either side free to stop; attackers hidden behind a capturer join by modifying occupancy (seed
// xray-attacks.md): the capturer leaves the occupancy and the slider attacks to the square are looked up
// again. A move's own promotion counts; a pawn recapturing onto the last rank later becomes a queen; en
// passant lifts the captured pawn from its own square. Pins and checks are ignored; a king captures only
// when the other side has no attacker left.
import {
  attackersTo, bishopAttacks, GAINS, bit, first, occupied, pieces, rookAttacks, side, at, value,
  BISHOP, FLAG_CASTLE, FLAG_EP, KING, PAWN, QUEEN, ROOK,
} from './board';

/** SEE of move m of the side to move of slot p (a capture or not), in pawns. Castling: 0. */
export function see(p: usize, m: i32): i32 {
  const flags = m >> 15;
  if ((flags & (FLAG_CASTLE | 8)) != 0) return 0;
  const from = m & 63;
  const to = (m >> 6) & 63;
  const code = at(p, from);
  const promo = (m >> 12) & 7;
  const target = at(p, to);
  let gain = target != 0 ? value((target & 7) - 1) : 0;
  let onSq = value((code & 7) - 1);
  if (promo != 0) {
    gain += value(promo) - value(PAWN);
    onSq = value(promo);
  }
  let occ = occupied(p);
  if ((flags & FLAG_EP) != 0) {
    gain = value(PAWN);
    occ &= ~bit(to < from ? to + 8 : to - 8);
  }
  occ &= ~bit(from);
  // the swap list at GAINS: word d is the balance for the side making capture d if the exchange stopped after it
  store<i32>(GAINS, gain);
  return exchange(p, to, (code >> 3) ^ 1, onSq, occ, attackersTo(p, occ, to) & occ);
}

/** The swap list from the first recapture by `c` on `to`, where a piece worth onSq stands; its result. */
function exchange(p: usize, to: i32, c: i32, onSq: i32, occ: i64, attackers: i64): i32 {
  const lastRank = to >= 56 || to < 8; // only the pawns that promote there attack such a square
  const diagonal = pieces(p, BISHOP) | pieces(p, QUEEN);
  const straight = pieces(p, ROOK) | pieces(p, QUEEN);
  let d = 0;
  for (;;) {
    const mine = attackers & side(p, c);
    if (mine == 0) break;
    let t = PAWN;
    while ((mine & pieces(p, t)) == 0) t++;
    const sq = first(mine & pieces(p, t));
    occ &= ~bit(sq);
    // the sliders behind it join
    if (t == PAWN || t == BISHOP || t == QUEEN || t == KING) attackers |= bishopAttacks(occ, to) & diagonal;
    if (t == ROOK || t == QUEEN || t == KING) attackers |= rookAttacks(occ, to) & straight;
    attackers &= occ;
    // a king may capture only last: not when the other side still attacks the square once it has left
    if (t == KING && (attackers & side(p, c ^ 1)) != 0) break;
    d++;
    const promotes = t == PAWN && lastRank;
    store<i32>(GAINS + (<usize>d << 2), onSq + (promotes ? value(QUEEN) - value(PAWN) : 0) - load<i32>(GAINS + (<usize>(d - 1) << 2)));
    onSq = value(promotes ? QUEEN : t);
    c ^= 1;
  }
  // negamax back up the list: each side either stops or makes its capture, whichever is better for it
  for (; d > 0; d--) {
    const a = GAINS + (<usize>(d - 1) << 2);
    store<i32>(a, -max(-load<i32>(a), load<i32>(a + 4)));
  }
  return load<i32>(GAINS);
}
