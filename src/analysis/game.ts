// One game from bytes to tagged positions: pass 1 reads and replays it (src/analysis/replay.ts); only when
// the whole game replays does pass 2 tag every position and hand it to the sink, so a rejected game leaves
// nothing behind. The sink decides what a position becomes (text, a record, counts).
import { BLACK, WHITE } from '../core/board.js';
import { Position } from '../core/position.js';
import { moveToSan, moveToUci } from '../core/san.js';
import { scanBuffer, scanMotifs } from '../motifs/classify.js';
import { filterBuffer, type MotifFilter } from '../motifs/filter.js';
import { PLAYED_FOUND, PLAYED_MISSED } from '../motifs/catalogue.js';
import { playedFlags } from '../motifs/played.js';
import { scanGame } from '../pgn/movetext.js';
import { swallowedGame } from '../pgn/recover.js';
import { TacticJudge } from '../tactics/verdict.js';
import { GameReader, PIECE_OF_A_GAME, type GameFailure } from './replay.js';
import type { PositionSelector } from './selector.js';
import type { GameInfo, GameText, PositionSink, PositionView } from './view.js';

export type { GameFailure } from './replay.js';

export interface AnalyzerOptions {
  /** Keep every tag pair for GameInfo.tags (games table, --tags, --where on tags). */
  allTags?: boolean;
  /** Select every position for output, not only tagged ones. */
  allPositions: boolean;
  filter: MotifFilter;
  /**
   * Write SAN and UCI as strings into the views of selected positions, for the outputs that read strings
   * (CSV, EPD, Parquet, records); JSONL writes them itself from the view's move and next, -f none not at all.
   */
  moves: boolean;
  /** --where: select exactly the positions it matches, tagged or not (null: the tagged ones). */
  select?: PositionSelector | null;
  /** Tag the positions (default); false hands out untagged positions, for sinks that judge them otherwise (puzzles). */
  scan?: boolean;
  /** Give every position its tactic verdict and the move played found or missed (src/tactics/verdict.ts); needs scan. */
  tactics?: boolean;
  /** Keep the tags for GameInfo.tagText (--group-by on tags). */
  tagLookup?: boolean;
  /**
   * --player: a player's names (accounts), compared with the White and Black tags without case; only
   * their games go to the sink, the others are read (rejected when broken) but not analysed.
   */
  players?: readonly string[];
}

/** Characters of the offending text kept in an error report. */
export const MAX_ERROR_TEXT = 60;
const NO_TEXT: GameText = { bytes: new Uint8Array(0), moveEnds: new Int32Array(0), moves: new Int32Array(0) };

/**
 * Why a game that replays is not a whole game, or null: no tag section and no move (a bare result or
 * comment; a first move not at move 1 was refused by the reader); cut off by the end of its input before
 * its result; a tag section with neither moves nor a result, in its movetext or its Result tag. A tag-only
 * game that the next game's tags end is whole when its Result tag says how it ended (tag-only databases);
 * at the end of the input it cannot be told from a tag section cut off there.
 */
function notWhole(r: GameReader, atEnd: boolean): GameFailure | null {
  const noTags = r.tagsEnd === 0;
  if (noTags && r.plies === 0) return incomplete(0, PIECE_OF_A_GAME);
  if (r.terminated) return null;
  if (atEnd) return incomplete(r.plies, CUT_OFF);
  return r.plies === 0 && !r.resultTag() ? incomplete(0, 'a tag section with no movetext and no result') : null;
}

const CUT_OFF = "cut off: the input ends before the game's result";

function incomplete(ply: number, reason: string, text = ''): GameFailure {
  return { kind: 'incomplete', ply, text: text.slice(0, MAX_ERROR_TEXT), reason };
}

/** Reads, replays and tags games; one per worker, reused for every game. */
export class GameAnalyzer {
  private readonly reader: GameReader;
  private readonly buf = scanBuffer(); // the scan's own: no copy of its records
  private readonly view: PositionView;
  private readonly select: PositionSelector | null;
  private readonly tagOf = (name: string): string | null => this.reader.tagText(name);
  /** Tagged positions of the last game analysed. */
  private tagged = 0;
  /** The verdicts' judge (null: --no-tactics, or no scan), and the position before the current one, kept for it. */
  private readonly judge: TacticJudge | null;
  private readonly before = new Position();
  /** --player's names in lower case, or null; and the sides the player holds in the current game. */
  private readonly players: ReadonlySet<string> | null;
  private playerSides = 0;

  constructor(private readonly opts: AnalyzerOptions) {
    this.select = opts.select ?? null;
    this.players = opts.players === undefined || opts.players.length === 0 ? null : new Set(opts.players.map((p) => p.toLowerCase()));
    const lookup = opts.tagLookup === true || this.players !== null || this.select?.usesTags === true;
    this.reader = new GameReader(opts.allTags === true, opts.allTags === true || lookup);
    this.reader.reset(new Uint8Array(0));
    this.judge = opts.tactics === true && opts.scan !== false ? new TacticJudge() : null;
    this.view = {
      game: 0,
      offset: -1,
      ply: 0,
      pos: this.reader.positions[0],
      buf: this.buf,
      played: 0,
      tactic: null,
      move: -1,
      next: null,
      san: null,
      uci: null,
    };
  }

  /**
   * Analyzes one PGN game into the sink; returns null, or why it was rejected (the sink saw nothing).
   * `atEnd`: the game's bytes end its input, so a game without its result there was cut off.
   */
  pgn(bytes: Uint8Array, game: number, sink: PositionSink, atEnd = false): GameFailure | null {
    const r = this.reader;
    r.reset(bytes);
    const scan = scanGame(bytes, r);
    if (scan !== null) {
      return {
        kind: scan.incomplete ? 'incomplete' : 'syntax',
        ply: r.plies,
        text: scan.text.slice(0, MAX_ERROR_TEXT),
        reason: `PGN syntax: ${scan.reason} at byte ${scan.offset} of the game`,
        scanError: true,
      };
    }
    if (!r.started) r.setUp(); // a game without moves: its start position alone
    if (r.error !== null) {
      // a move cut short by the end of the input is no mistyped move
      if (atEnd && r.error.kind === 'san' && r.errorEnd === bytes.length) return incomplete(r.plies, CUT_OFF, r.error.text);
      return { ...r.error, text: r.error.text.slice(0, MAX_ERROR_TEXT) };
    }
    const cut = notWhole(r, atEnd);
    if (cut !== null) return cut;
    const split = swallowedGame(bytes, r.tagsEnd);
    if (split >= 0) return { kind: 'incomplete', ply: 0, text: '', reason: `holds the start of another game at byte ${split}`, split };
    if (!this.isPlayers()) return null; // another player's game: whole, and not asked for
    const text: GameText = {
      bytes: bytes.subarray(0, r.end),
      moveEnds: r.moveEnds.subarray(0, r.plies),
      moves: r.moves.subarray(0, r.plies),
    };
    this.begin(game, sink, text);
    this.positions(r.plies, game, sink);
    sink.endGame(text, this.tagged);
    return null;
  }

  /** Byte offset of the next game analysed, written into its records when ≥ 0 (--shard; -1: not written). */
  set gameOffset(offset: number) {
    this.view.offset = offset;
  }

  /** Tags, derived fields and variant of the last game read (as far as it was read, when rejected). */
  info(game: number): GameInfo {
    const r = this.reader;
    return {
      game,
      tags: r.tags(),
      tagText: this.tagOf,
      player: this.playerSides,
      derived: r.derived(),
      variant: r.variantName(),
      plies: r.error === null ? r.plies : 0,
    };
  }

  /** Whether the game read is --player's (always, without --player); notes the sides the player holds. */
  private isPlayers(): boolean {
    if (this.players === null) return true;
    const r = this.reader;
    const holds = (tag: string): boolean => this.players!.has(r.tagText(tag)?.toLowerCase() ?? '');
    this.playerSides = (holds('White') ? 1 << WHITE : 0) | (holds('Black') ? 1 << BLACK : 0);
    return this.playerSides !== 0;
  }

  /** Bytes the last PGN game read: up to its termination marker (the scan ignores what follows). */
  get consumed(): number {
    return this.reader.end;
  }

  /** The game's start, told to the query (its game fields) and to the sink. */
  private begin(game: number, sink: PositionSink, text: GameText): void {
    const info = this.info(game);
    this.select?.beginGame(info, this.tagOf);
    sink.beginGame(info, text);
  }

  /** Analyzes one position given as FEN (an EPD/FEN input line) as a game of its own. */
  fen(fen: string, game: number, sink: PositionSink): GameFailure | null {
    const r = this.reader;
    if (!r.setPosition(fen)) return { ...r.error!, text: fen.slice(0, MAX_ERROR_TEXT) };
    if (!this.isPlayers()) return null; // a position has no players
    this.begin(game, sink, NO_TEXT);
    this.positions(0, game, sink);
    sink.endGame(NO_TEXT, this.tagged);
    return null;
  }

  /** Pass 2: every position of a replayable game through the motif engine into the sink. */
  private positions(plies: number, game: number, sink: PositionSink): void {
    const r = this.reader;
    const moves = r.moves;
    const { allPositions, filter } = this.opts;
    const scan = this.opts.scan !== false;
    const v = this.view;
    v.game = game;
    this.tagged = 0;
    let pos = r.positions[0];
    for (let ply = 0; ply <= plies; ply++) {
      if (scan) {
        scanMotifs(pos, this.buf);
        filterBuffer(this.buf, filter.codes);
      }
      const m = ply < plies ? moves[ply] : -1;
      const next = m >= 0 ? r.next(ply, pos) : null;
      let played = next !== null && scan ? playedFlags(pos, m, next, this.buf) & filter.played : 0;
      v.tactic = null;
      if (this.judge !== null) {
        played |= this.verdict(pos, ply > 0 ? moves[ply - 1] : -1, m) & filter.played;
        this.before.copyFrom(pos);
      }
      const tagged = this.buf.count > 0 || played !== 0;
      if (tagged) this.tagged++;
      v.ply = ply;
      v.pos = pos;
      v.played = played;
      v.move = m;
      v.next = next;
      v.san = null;
      v.uci = null;
      const keep = this.select !== null ? this.select.matches(v, m, next) : tagged || allPositions;
      if (keep && next !== null && this.opts.moves) {
        v.san ??= moveToSan(pos, m, next);
        v.uci = moveToUci(pos, m);
      }
      sink.position(v, keep);
      if (next !== null) pos = next;
    }
  }

  /**
   * The verdict of pos (into the view) and the PLAYED_FOUND or PLAYED_MISSED bit of the move m played from it
   * (-1: none); `lastMove` led to pos from this.before (-1 at the game's start).
   */
  private verdict(pos: Position, lastMove: number, m: number): number {
    const judge = this.judge!;
    if (!judge.position(pos, lastMove >= 0 ? this.before : null, lastMove)) return 0;
    this.view.tactic = judge;
    if (m < 0) return 0;
    return judge.judgePlayed(m) === 'found' ? PLAYED_FOUND : PLAYED_MISSED;
  }
}
