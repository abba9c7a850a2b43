// --verify: a slow audit of our tokenizer and core by the two independent parsers the user asked for.
// pgn-parser re-reads each game's main line; chess.js replays it move by move; any difference in moves,
// SAN, FEN or check/mate flags is reported. pgn-parser rejects some valid PGN (docs/design.md §8), so a game
// it cannot parse is counted apart, not as a disagreement. Both load lazily: the audit is off the hot path.
import { createRequire } from 'node:module';
import { Chess, type Square } from 'chess.js';
import { INITIAL_FEN, parseFen, toFen } from '../core/fen.js';
import { isCheckmate, isStalemate } from '../core/movegen.js';
import { moveToSan, parseSan } from '../core/san.js';
import { variantFromTag } from '../core/variant.js';
import { readHeaders } from '../pgn/headers.js';
import { decodeText, tokenizeMoves } from '../pgn/movetext.js';
import type { VerifyReport } from './batch.js';
import type { GameError } from './batch.js';

interface PgnParserGame {
  moves: { move: string }[];
}
type PgnParse = (text: string) => PgnParserGame[];

let pgnParse: PgnParse | null = null;

/** pgn-parser compiles its grammar at load (~100 ms): only when first needed. */
function parser(): PgnParse {
  if (pgnParse === null) {
    const mod = createRequire(import.meta.url)('pgn-parser') as { parse: PgnParse };
    pgnParse = mod.parse;
  }
  return pgnParse;
}

/** Games up to this size are read by pgn-parser for a diagnosis: it holds about 75 bytes of memory a byte read. */
const DIAGNOSED_BYTES = 256 << 10;

/** What pgn-parser says about a game our tokenizer rejected, quoted in the error report. */
export function pgnParserDiagnosis(bytes: Uint8Array): string {
  if (bytes.length > DIAGNOSED_BYTES) return `not asked (a game over ${DIAGNOSED_BYTES >> 10} KiB)`;
  try {
    parser()(decodeText(bytes, 0, bytes.length));
    return 'parses it';
  } catch (e) {
    const err = e as { message?: string; location?: { start?: { line: number; column: number } } };
    const at = err.location?.start ? ` (line ${err.location.start.line}, column ${err.location.start.column})` : '';
    return `${err.message ?? String(e)}${at}`;
  }
}

/** Where our core and chess.js first differ on a game, or null when they agree throughout. */
export interface ReplayDifference {
  ply: number;
  token: string;
  ours: string;
  theirs: string;
}

/**
 * Whether chess.js's start position differs from ours (its FEN) only by castling rights that the position
 * cannot have: standard chess keeps a right only with its king and rook on their squares, and drops the
 * others (fen.ts), where chess.js keeps the letters.
 */
function impossibleRightsOnly(ours: string, board: Chess): boolean {
  const [a, b] = [ours.split(' '), board.fen().split(' ')];
  if (a.length !== b.length || a.some((f, i) => i !== 2 && f !== b[i])) return false;
  const kept = a[2] === '-' ? '' : a[2];
  return [...(b[2] === '-' ? '' : b[2])].every((right) => kept.includes(right) || !possibleRight(board, right));
}

/** Whether a standard castling right has its king and rook on their squares. */
function possibleRight(board: Chess, right: string): boolean {
  const white = right === right.toUpperCase();
  const rank = white ? '1' : '8';
  const color = white ? 'w' : 'b';
  const king = board.get(`e${rank}` as Square);
  const rook = board.get(`${right.toLowerCase() === 'k' ? 'h' : 'a'}${rank}` as Square);
  return king?.type === 'k' && king.color === color && rook?.type === 'r' && rook.color === color;
}

/** chess.js's SAN of a token, also of a pawn move written with the pawn's letter (`Pe4`), which we read. */
function theirMove(chess: Chess, token: string): string {
  try {
    return chess.move(token).san;
  } catch (e) {
    if (/^P[a-h]/.test(token)) return chess.move(token.slice(1)).san;
    throw e;
  }
}

/**
 * Replays tokens from a standard start FEN on our core and on chess.js side by side. Returns the first
 * difference in accepting a move, its SAN, the FEN after it, or the check/mate/stalemate flags; when both
 * refuse the same move, `refused` names it and the replay stops there. Two readings of ours are no
 * difference: a pawn's letter before its move (`Pe4`: some programs write it; chess.js refuses it) and
 * castling rights that the start position cannot have (dropped; chess.js keeps them).
 */
export function replayAgainstChessJs(
  fen: string,
  tokens: readonly string[],
): { plies: number; difference: ReplayDifference | null; refused: string | null } {
  const pos = parseFen(fen);
  let chess = new Chess(fen);
  const differ = (ply: number, token: string, ours: string, theirs: string) => ({
    plies: ply,
    difference: { ply, token, ours, theirs },
    refused: null,
  });
  if (toFen(pos) !== chess.fen()) {
    if (!impossibleRightsOnly(toFen(pos), chess)) return differ(0, '', toFen(pos), chess.fen());
    chess = new Chess(toFen(pos));
  }
  for (let ply = 0; ply < tokens.length; ply++) {
    const token = tokens[ply];
    let m = -1;
    let ourError = '';
    try {
      m = parseSan(pos, token);
    } catch (e) {
      ourError = (e as Error).message;
    }
    let theirSan: string;
    try {
      theirSan = theirMove(chess, token);
    } catch (e) {
      if (ourError !== '') return { plies: ply, difference: null, refused: `ply ${ply} "${token}": ${ourError}` };
      return differ(ply, token, moveToSan(pos, m), `chess.js refuses: ${(e as Error).message}`);
    }
    if (ourError !== '') return differ(ply, token, ourError, theirSan);
    const ourSan = moveToSan(pos, m);
    pos.play(m);
    if (ourSan !== theirSan) return differ(ply, token, ourSan, theirSan);
    if (toFen(pos) !== chess.fen()) return differ(ply, token, toFen(pos), chess.fen());
    const ours = `check=${pos.isCheck()} mate=${isCheckmate(pos)} stalemate=${isStalemate(pos)}`;
    const theirs = `check=${chess.isCheck()} mate=${chess.isCheckmate()} stalemate=${chess.isStalemate()}`;
    if (ours !== theirs) return differ(ply, token, ours, theirs);
  }
  return { plies: tokens.length, difference: null, refused: null };
}

/** The audit of one worker's games, reported per batch. */
export class Verifier {
  private report: VerifyReport = Verifier.empty();

  private static empty(): VerifyReport {
    return { games: 0, agreed: 0, pgnParserFailed: 0, disagreements: [] };
  }

  /** Audits one game; `ours` is our rejection of it, or null when we analyzed it. */
  async check(bytes: Uint8Array, game: number, offset: number, ours: GameError | null): Promise<void> {
    const r = this.report;
    r.games++;
    const differ = (ply: number, what: string): void => {
      r.disagreements.push({ game, offset, ply, what });
    };
    let tokens: string[];
    try {
      tokens = tokenizeMoves(bytes);
    } catch {
      // our tokenizer rejects it: pgn-parser must reject it too
      try {
        parser()(decodeText(bytes, 0, bytes.length));
        differ(0, 'our tokenizer rejects a game pgn-parser parses');
      } catch {
        r.agreed++;
      }
      return;
    }
    let agreed = true;
    try {
      const parsed = parser()(decodeText(bytes, 0, bytes.length));
      const theirs = parsed.length === 0 ? [] : parsed[0].moves.map((m) => m.move);
      const n = Math.max(tokens.length, theirs.length);
      for (let i = 0; i < n; i++) {
        // pgn-parser strips check and annotation suffixes; compare the moves themselves
        if (strip(tokens[i]) !== strip(theirs[i])) {
          differ(i, `tokenizer: ours "${tokens[i] ?? '(end)'}", pgn-parser "${theirs[i] ?? '(end)'}"`);
          agreed = false;
          break;
        }
      }
    } catch {
      r.pgnParserFailed++;
    }
    const h = readHeaders(bytes);
    let standard = false;
    try {
      standard = variantFromTag(h.variant ?? '') === 'standard';
    } catch {
      standard = false;
    }
    if (standard) {
      let result;
      try {
        result = replayAgainstChessJs(h.fen ?? INITIAL_FEN, tokens);
      } catch (e) {
        result = { plies: 0, difference: null, refused: (e as Error).message };
      }
      if (result.difference) {
        const d = result.difference;
        differ(d.ply, `"${d.token}": ours ${d.ours} | chess.js ${d.theirs}`);
        agreed = false;
      } else if ((result.refused !== null) !== (ours !== null)) {
        differ(ours?.ply ?? 0, `chess.js and the analysis disagree on rejecting the game: ${result.refused ?? ours?.reason}`);
        agreed = false;
      }
    }
    if (agreed) r.agreed++;
  }

  /** The report so far, and a fresh one. */
  take(): VerifyReport {
    const r = this.report;
    this.report = Verifier.empty();
    return r;
  }
}

function strip(san: string | undefined): string | undefined {
  if (san === undefined) return undefined;
  let end = san.length;
  while (end > 0 && '+#!?'.includes(san[end - 1])) end--;
  return san.slice(0, end);
}
