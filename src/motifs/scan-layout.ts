// What the motif scan's WebAssembly (wasm/scan.ts) restates from the TypeScript side, checked when a thread
// loads the module: every value by its export name against its source here (the record layout, piece
// types, set and line indices, the mask table's layout, the x-ray word's fields, the line steps), how it
// reads a mailbox code against pieceCode(), and its memory map against what is copied in and read out.
// A value changed on one side only fails at load, naming it, never as wrong tags.
import { BISHOP, BLACK, KING, KNIGHT, PAWN, PIECE_VALUES, QUEEN, ROOK, Sets, WHITE } from '../core/board.js';
import { Position, pieceCode } from '../core/position.js';
import { LINE_ANTI, LINE_DIAG, LINE_FILE, LINE_RANK, LINE_STEPS, Mask, Xray, maskIndex, type Tables } from '../core/tables.js';
import * as buffer from './buffer.js';

/** Every value restated in wasm/scan.ts, by its export name there. */
export const SCAN_LAYOUT: Readonly<Record<string, number>> = {
  STRIDE: buffer.STRIDE,
  MAX_CHAIN: buffer.MAX_CHAIN,
  REC_CODE: buffer.REC_CODE,
  REC_SIDE: buffer.REC_SIDE,
  REC_SLIDER: buffer.REC_SLIDER,
  REC_FRONT: buffer.REC_FRONT,
  REC_BACK: buffer.REC_BACK,
  REC_PARTIAL: buffer.REC_PARTIAL,
  REC_LINE: buffer.REC_LINE,
  REC_TARGET1: buffer.REC_TARGET1,
  REC_TARGET2: buffer.REC_TARGET2,
  REC_LENGTH: buffer.REC_LENGTH,
  REC_SQUARES: buffer.REC_SQUARES,
  UNCOVER_STRIDE: buffer.UNCOVER_STRIDE,
  UNC_SLIDER: buffer.UNC_SLIDER,
  UNC_FRONT: buffer.UNC_FRONT,
  UNC_BACK: buffer.UNC_BACK,
  PAWN,
  KNIGHT,
  BISHOP,
  ROOK,
  QUEEN,
  KING,
  // the scan reads a set as one i64: its index is the word of its lo half over 2
  SET_PAWNS: Sets.PawnsLo / 2,
  SET_KNIGHTS: Sets.KnightsLo / 2,
  SET_BISHOPS: Sets.BishopsLo / 2,
  SET_ROOKS: Sets.RooksLo / 2,
  SET_QUEENS: Sets.QueensLo / 2,
  SET_KINGS: Sets.KingsLo / 2,
  SET_WHITE: Sets.WhiteLo / 2,
  SET_BLACK: Sets.BlackLo / 2,
  RANK: LINE_RANK,
  FILE: LINE_FILE,
  DIAG: LINE_DIAG,
  ANTI: LINE_ANTI,
  STEP_RANK: LINE_STEPS[LINE_RANK],
  STEP_FILE: LINE_STEPS[LINE_FILE],
  STEP_DIAG: LINE_STEPS[LINE_DIAG],
  STEP_ANTI: LINE_STEPS[LINE_ANTI],
  FRONT_BELOW: Xray.FrontBelow,
  BACK_BELOW: Xray.BackBelow,
  FRONT_ABOVE: Xray.FrontAbove,
  BACK_ABOVE: Xray.BackAbove,
  // the mask table in i64 words: maskIndex() counts int32 words
  LINE_KINDS: (maskIndex(1, 0) - maskIndex(0, 0)) / (maskIndex(0, 1) - maskIndex(0, 0)),
  MASKS_PER_LINE: (maskIndex(0, 1) - maskIndex(0, 0)) / 2,
  MASK_LOWER: Mask.Lower / 2,
  MASK_UPPER: Mask.Upper / 2,
  MASK_LINE_EX: Mask.LineEx / 2,
};

/** What the check reads of the module's exports: its globals by name, its code readers, its memory. */
export interface ScanModule {
  memory: WebAssembly.Memory;
  typeOfCode(code: number): number;
  sideOfCode(code: number): number;
}

function fail(what: string): never {
  throw new Error(`wasm/scan.ts and the TypeScript side disagree on ${what}: rebuild (npm run build)`);
}

/**
 * Throws unless the module agrees with the sources: SCAN_LAYOUT by name, the mailbox codes, and its memory
 * map: the tables, the position (its piece sets, then its mailbox), two motif buffers and the piece values
 * each in a place of its own, inside the memory.
 */
export function checkScanLayout(x: ScanModule, tables: Tables): void {
  const globals = x as unknown as Record<string, WebAssembly.Global | undefined>;
  for (const [name, value] of Object.entries(SCAN_LAYOUT)) {
    if (globals[name]?.value !== value) fail(name);
  }
  const at = (place: string): number => globals[place]?.value ?? fail(`${place} (not exported)`);
  if (SCAN_LAYOUT.SET_BLACK !== SCAN_LAYOUT.SET_WHITE + 1) fail('SET_BLACK (side(c) reads SET_WHITE + c)');
  for (const side of [WHITE, BLACK] as const) {
    for (const type of [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING]) {
      const code = pieceCode(side, type);
      if (x.typeOfCode(code) !== type || x.sideOfCode(code) !== side) fail(`the mailbox code ${code} (pieceCode)`);
    }
  }
  const pos = new Position();
  if (at('BOARD') - at('POS') !== pos.board.byteOffset) fail('BOARD (where the mailbox lies in the position)');
  const buf = new buffer.MotifBuffer();
  const regions: [string, number][] = [
    ['MASKS', tables.masks.byteLength],
    ['KNIGHTS', tables.knight.byteLength],
    ['KINGS', tables.king.byteLength],
    ['PAWNS', tables.pawn.byteLength],
    ['XRAYS', tables.xray.byteLength],
    ['LINES', tables.line.byteLength],
    ['POS', pos.words.byteLength],
    ['RECORDS', buf.data.byteLength],
    ['UNCOVER', buf.uncover.byteLength],
    ['OTHER_RECORDS', buf.data.byteLength],
    ['OTHER_UNCOVER', buf.uncover.byteLength],
    ['VALUES', PIECE_VALUES.length * 4],
    ['RESULT', 8], // a set's two halves
  ];
  const placed = regions.map(([name, bytes]) => ({ name, start: at(name), bytes })).sort((a, b) => a.start - b.start);
  placed.forEach(({ name, start, bytes }, i) => {
    const next = placed[i + 1];
    if (start + bytes > (next?.start ?? x.memory.buffer.byteLength)) {
      fail(`the memory map: ${name} (${bytes} bytes at ${start}) runs into ${next?.name ?? 'the end of the memory'}`);
    }
  });
}
