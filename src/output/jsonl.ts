// JSON Lines (docs/design.md §6): one object per position, keys in the order §6 gives,
//   {"game":12,"ply":34,"fen":"…","move":"Bb5","uci":"f1b5","checkers":[],"motifs":[…],"played":["check"]}
// then, where the position has a tactic verdict, `"tactic":{"move":…,"uci":…,"gain":N|"mate":N,"themes":[…]}`.
// written straight from the MotifBuffer: no JSON.stringify, no intermediate objects. Motif
// objects carry their keys in the order recordAt() (src/motifs/tags.ts) gives them, so
// JSON.stringify(recordAt(…)) and this writer agree byte for byte (tested).
//
// The line is written as ASCII bytes into the reusable line buffer (lines.ts) and taken as one flat
// string. SAN and UCI are the core's bytes (writeSan, writeUci), written from the view's move and next like
// the FEN: no strings built (the view's san and uci are for other formats), nothing to escape.
import { REC_BACK, REC_CODE, REC_FRONT, REC_LINE, REC_PARTIAL, REC_SIDE, REC_SLIDER, STRIDE } from '../motifs/buffer.js';
import { LETTER_BYTES } from '../core/board.js';
import { ALL_PLAYED, byPlayedBits, isChain } from '../motifs/catalogue.js';
import {
  AsciiWriter,
  LineFormatter,
  ascii,
  piece,
  writeChainLetters,
  writeChainSquares,
  writeChainTargets,
  writeSquareSet,
  writeTargetLetters,
  type Piece,
} from './lines.js';
import { MAX_FEN_BYTES, writeFen } from '../core/fen.js';
import { MAX_SAN_BYTES, MAX_UCI_BYTES, writeSan, writeUci } from '../core/san.js';
import { askedTags } from './records.js';
import { jsonKey } from './record-schema.js';
import {
  BACK_AT,
  BACK_PIECE_AT,
  CHAIN_END,
  CHAIN_HEAD,
  FRONT_AT,
  FRONT_PIECE_AT,
  LINE_MID,
  LINE_RECORD,
  PIECES_OPEN,
  SLIDER_AT,
  SLIDER_PIECE_AT,
  TARGET_PIECES_OPEN,
} from './jsonl-record-text.js';
import type { GameInfo, PositionView } from './formatter.js';

const stringWriter = new AsciiWriter();

/** A JSON string literal of any text (what the line writer does for SAN and UCI, as a string). */
export function jsonString(s: string): string {
  stringWriter.ensure(2);
  stringWriter.buf[stringWriter.n++] = 0x22;
  stringWriter.jsonText(s);
  stringWriter.ensure(1);
  stringWriter.buf[stringWriter.n++] = 0x22;
  return stringWriter.take();
}

/** `],"played":[…]` by PLAYED_* bits: closes the motifs list, writes the played list. */
const PLAYED_TAIL: readonly Piece[] = byPlayedBits((names) =>
  piece('],' + jsonKey('played') + '[' + names.map((n) => '"' + n + '"').join(',') + ']'),
);
/** The end of a line without --tags. */
const LINE_END = ascii('}\n');
// the keys of record-schema.ts, written here in its order (tested)
const GAME = piece('{' + jsonKey('game'));
const OFFSET = piece(',' + jsonKey('offset'));
const PLY = piece(',' + jsonKey('ply'));
const FEN = piece(',' + jsonKey('fen') + '"');
const MOVE = piece('",' + jsonKey('move') + '"');
const UCI = piece('",' + jsonKey('uci') + '"');
const CHECKERS = piece('",' + jsonKey('checkers') + '[');
/** After the FEN at the end of a game: no move. */
const NO_MOVE = piece('",' + jsonKey('move') + 'null,' + jsonKey('uci') + 'null,' + jsonKey('checkers') + '[');
const MOTIFS = piece('],' + jsonKey('motifs') + '[');
const QUOTE_COMMA_QUOTE = ascii('","');
/** Most bytes of a motif record and the comma before it (a chain of 8 squares with 2 targets: about 220). */
const RECORD_ROOM = 256;
/**
 * Most bytes of a line besides its records and end: the labels and their numbers (20 digits each), the
 * FEN, the move's SAN and UCI or their nulls, the checkers (64 squares of 5 bytes at most), the other
 * pieces. A piece counts its room: its length rounded up to 8.
 */
const LINE_ROOM =
  [GAME, OFFSET, PLY].reduce((r, p) => r + p.room + 20, 0) +
  [FEN, MOVE, UCI, CHECKERS, NO_MOVE, MOTIFS].reduce((r, p) => r + p.room, 0) +
  MAX_FEN_BYTES +
  MAX_SAN_BYTES +
  MAX_UCI_BYTES +
  64 * 5 +
  Math.max(...PLAYED_TAIL.map((p) => p.room));

/**
 * Writes record i of a filled buffer as its JSON object, in recordAt()'s key order, at most RECORD_ROOM
 * bytes (room ensured by the caller); board: the position's mailbox.
 */
export function writeRecordJson(w: AsciiWriter, d: Int32Array, i: number, board: Int8Array): void {
  const o = i * STRIDE;
  const code = d[o + REC_CODE];
  const k = code * 2 + d[o + REC_SIDE];
  if (isChain(code)) {
    writeChainJson(w, d, o, k, board);
    return;
  }
  const at = w.n + SLIDER_AT[k];
  w.put(LINE_RECORD[k * 2 + (d[o + REC_PARTIAL] & 1)]);
  const b = w.buf;
  // the squares stored inline, not through writeSquare(): three calls here crowd V8's inlining of this
  // hot writer
  let sq = d[o + REC_SLIDER];
  b[at] = 97 + (sq & 7);
  b[at + 1] = 49 + (sq >> 3);
  b[at + SLIDER_PIECE_AT] = LETTER_BYTES[board[sq]];
  sq = d[o + REC_FRONT];
  b[at + FRONT_AT] = 97 + (sq & 7);
  b[at + FRONT_AT + 1] = 49 + (sq >> 3);
  b[at + FRONT_PIECE_AT] = LETTER_BYTES[board[sq]];
  sq = d[o + REC_BACK];
  b[at + BACK_AT] = 97 + (sq & 7);
  b[at + BACK_AT + 1] = 49 + (sq >> 3);
  b[at + BACK_PIECE_AT] = LETTER_BYTES[board[sq]];
}

/** A chain record (room ensured by the caller): squares, pieces, line, targets, target pieces. */
function writeChainJson(w: AsciiWriter, d: Int32Array, o: number, k: number, board: Int8Array): void {
  w.piece(CHAIN_HEAD[k]);
  writeChainSquares(w, d, o, QUOTE_COMMA_QUOTE, board, 0);
  w.piece(PIECES_OPEN);
  writeChainLetters(w, d, o, board, QUOTE_COMMA_QUOTE);
  w.piece(LINE_MID[d[o + REC_LINE]]);
  writeChainTargets(w, d, o, QUOTE_COMMA_QUOTE, board, 0);
  w.piece(TARGET_PIECES_OPEN);
  writeTargetLetters(w, d, o, board, QUOTE_COMMA_QUOTE);
  w.piece(CHAIN_END);
}

/**
 * Writes one position's JSON line into the writer; `end` closes it (`}\n`, or the game's `,"tags":{…}}\n`).
 * Room for the whole line is ensured once, here: each check is a branch, and after each possible growth
 * V8 loads the writer's buffer again.
 */
export function writePositionJson(w: AsciiWriter, v: PositionView, end: Uint8Array = LINE_END): void {
  const pos = v.pos;
  const n = v.buf.count;
  w.ensure(LINE_ROOM + RECORD_ROOM * n + end.length);
  w.piece(GAME);
  w.digits(v.game);
  if (v.offset >= 0) {
    w.piece(OFFSET); // --shard: (input, offset, ply) is the key
    w.digits(v.offset);
  }
  w.piece(PLY);
  w.digits(v.ply);
  w.piece(FEN);
  w.n = writeFen(pos, w.buf, w.n); // the core's writer straight: the line's room counts MAX_FEN_BYTES already
  if (v.next !== null) {
    w.piece(MOVE);
    w.n = writeSan(pos, v.move, v.next, w.buf, w.n);
    w.piece(UCI);
    w.n = writeUci(pos, v.move, w.buf, w.n);
    w.piece(CHECKERS);
  } else w.piece(NO_MOVE);
  writeSquareSet(w, pos.checkersLo, pos.checkersHi, 0x2c, true);
  w.piece(MOTIFS);
  const d = v.buf.data;
  for (let i = 0; i < n; i++) {
    if (i > 0) w.buf[w.n++] = 0x2c;
    writeRecordJson(w, d, i, pos.board);
  }
  w.piece(PLAYED_TAIL[v.played & ALL_PLAYED]);
  if (v.tactic !== null) {
    // a verdict is on a few positions in a hundred: its themes are read here, for the lines written
    w.plain(',' + jsonKey('tactic') + JSON.stringify(v.tactic.tactic()));
    w.ensure(end.length);
  }
  w.put(end);
}

/** The game's `,"tags":{…}}\n`: the asked tags it has, in the order asked, as JSON strings (ASCII, escaped). */
export function tagsLineEnd(names: readonly string[], tags: ReadonlyMap<string, string> | null): Uint8Array {
  const fields = askedTags(names, tags).map(([name, value]) => jsonString(name) + ':' + jsonString(value));
  return ascii(',' + jsonKey('tags') + '{' + fields.join(',') + '}}\n');
}

const lineWriter = new AsciiWriter();

/** One position as its JSON line (with the final "\n"). */
export function positionJson(v: PositionView): string {
  writePositionJson(lineWriter, v);
  return lineWriter.take();
}

export class JsonlFormatter extends LineFormatter {
  /** How the game's lines end: with its tags when some are asked for. */
  private end = LINE_END;

  constructor(private readonly tags: readonly string[] = []) {
    super();
  }

  override beginGame(info: GameInfo): void {
    if (this.tags.length > 0) this.end = tagsLineEnd(this.tags, info.tags);
  }

  protected write(w: AsciiWriter, v: PositionView): void {
    writePositionJson(w, v, this.end);
  }
}
