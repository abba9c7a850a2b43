// The motif scan of docs/design.md §5: every static motif of both sides of a position into a MotifBuffer. Its
// logic (the table of rows, batteries, the readings of open cases, docs/design.md §5) is WebAssembly built from
// wasm/scan.ts; here only the module's loading, once per thread, and the copies in and out of its memory:
// the position's sets and mailbox in (32 words), the records and uncover lines out, except for the one
// buffer that lies in that memory (scanBuffer(): the analyzer's).
import { installedTables } from '../core/attacks.js';
import { PIECE_VALUES } from '../core/board.js';
import type { Position } from '../core/position.js';
import { wasmExports } from '../runtime/compiled.js';
import { MotifBuffer, STRIDE, UNCOVER_STRIDE } from './buffer.js';
import {
  BATTERY,
  DISCOVERED_ATTACK,
  DISCOVERED_CHECK,
  PIN_ABSOLUTE,
  PIN_RELATIVE,
  SKEWER_ABSOLUTE,
  SKEWER_RELATIVE,
  XRAY,
} from './catalogue.js';
import { checkScanLayout, type ScanModule } from './scan-layout.js';

/**
 * What wasm/scan.ts exports: its map of its memory (byte offsets), its functions; its memory, layout values
 * and code readers are ScanModule's, which scan-layout.ts checks at load.
 */
interface ScanExports extends ScanModule {
  MASKS: WebAssembly.Global;
  KNIGHTS: WebAssembly.Global;
  KINGS: WebAssembly.Global;
  PAWNS: WebAssembly.Global;
  XRAYS: WebAssembly.Global;
  LINES: WebAssembly.Global;
  POS: WebAssembly.Global;
  RECORDS: WebAssembly.Global;
  UNCOVER: WebAssembly.Global;
  OTHER_RECORDS: WebAssembly.Global;
  OTHER_UNCOVER: WebAssembly.Global;
  VALUES: WebAssembly.Global;
  RESULT: WebAssembly.Global;
  init(
    pinAbs: number,
    pinRel: number,
    skewerAbs: number,
    skewerRel: number,
    battery: number,
    dCheck: number,
    dAttack: number,
    xray: number,
  ): void;
  /** 1 or 0. */
  exploitableOn(slider: number, front: number, back: number): number;
  xrayWordOf(lo: number, hi: number, sq: number, l: number): number;
  xraySquareOf(word: number, sq: number, l: number, k: number): number;
  lineAttacksOf(occLo: number, occHi: number, sq: number, l: number): void;
  pawnAttackersOf(side: number, lo: number, hi: number): void;
  /** Records in the low 16 bits of the result, uncover lines above them; `other`: not into scanBuffer()'s place. */
  scan(turn: number, ep: number, kingSq: number, checkersLo: number, checkersHi: number, other: boolean): number;
}

/**
 * This thread's instance: its memory as words, where the position goes, the buffer the scan writes in
 * and the one it writes for any other buffer (copied out from there), its scan.
 */
interface Scanner {
  words: Int32Array;
  pos: number;
  own: MotifBuffer;
  other: MotifBuffer;
  run: ScanExports['scan'];
  exports: ScanExports;
}

let scanner: Scanner | null = null;

/**
 * This thread's instance, made at the first scan: the module compiled (about 4 KB: V8 compiles it at once
 * and optimizes its hot functions in the background), the installed tables copied in at the module's map.
 */
function instantiate(): Scanner {
  const x = wasmExports<ScanExports>('src/motifs/wasm/scan.wasm');
  const t = installedTables();
  checkScanLayout(x, t);
  const words = new Int32Array(x.memory.buffer);
  const place: [Int32Array, number][] = [
    [t.masks, x.MASKS.value],
    [t.knight, x.KNIGHTS.value],
    [t.king, x.KINGS.value],
    [t.pawn, x.PAWNS.value],
    [t.xray, x.XRAYS.value],
    [t.line, x.LINES.value],
  ];
  for (const [table, at] of place) words.set(table, at >> 2);
  words.set(PIECE_VALUES, x.VALUES.value >> 2);
  x.init(PIN_ABSOLUTE, PIN_RELATIVE, SKEWER_ABSOLUTE, SKEWER_RELATIVE, BATTERY, DISCOVERED_CHECK, DISCOVERED_ATTACK, XRAY);
  const own = MotifBuffer.over(x.memory.buffer, x.RECORDS.value, x.UNCOVER.value);
  const other = MotifBuffer.over(x.memory.buffer, x.OTHER_RECORDS.value, x.OTHER_UNCOVER.value);
  return { words, pos: x.POS.value >> 2, own, other, run: x.scan, exports: x };
}

/** The scan's kernels one by one (sets as int32 halves, out into out[o], out[o + 1]): for the exhaustive tests. */
export interface ScanKernels {
  lineXray(lo: number, hi: number, sq: number, l: number): number;
  xraySquare(word: number, sq: number, l: number, k: number): number;
  lineAttacks(occLo: number, occHi: number, sq: number, l: number, out: Int32Array, o: number): void;
  pawnAttackers(side: number, lo: number, hi: number, out: Int32Array, o: number): void;
}

/** This thread's scan module's kernels (ScanKernels). */
export function scanKernels(): ScanKernels {
  const s = (scanner ??= instantiate());
  const x = s.exports;
  const result = x.RESULT.value >> 2;
  const take = (out: Int32Array, o: number): void => {
    out[o] = s.words[result];
    out[o + 1] = s.words[result + 1];
  };
  return {
    lineXray: (lo, hi, sq, l) => x.xrayWordOf(lo, hi, sq, l),
    xraySquare: (word, sq, l, k) => x.xraySquareOf(word, sq, l, k),
    lineAttacks: (occLo, occHi, sq, l, out, o) => (x.lineAttacksOf(occLo, occHi, sq, l), take(out, o)),
    pawnAttackers: (side, lo, hi, out, o) => (x.pawnAttackersOf(side, lo, hi), take(out, o)),
  };
}

/** This thread's instance with pos copied in, where its functions read it. */
function withPosition(pos: Position): Scanner {
  const s = (scanner ??= instantiate());
  s.words.set(pos.words, s.pos); // one call: faster than a loop over the 32 words
  return s;
}

/** E(S, F, X) on pos, by the scan's own rule (defended.ts). */
export function scanExploitable(pos: Position, slider: number, front: number, back: number): boolean {
  return withPosition(pos).exports.exploitableOn(slider, front, back) !== 0;
}

/**
 * The buffer the scan writes in: scanning into it copies nothing out. One per thread, for the analyzer,
 * which reads a position's records before it scans the next; a scan into any other buffer leaves it be.
 */
export function scanBuffer(): MotifBuffer {
  scanner ??= instantiate();
  return scanner.own;
}

/** Every static motif of both sides into buf (cleared first); returns the number of records. */
export function scanMotifs(pos: Position, buf: MotifBuffer): number {
  const s = withPosition(pos);
  const own = buf === s.own;
  const r = s.run(pos.turn, pos.ep, pos.kingSq, pos.checkersLo, pos.checkersHi, !own);
  const n = r & 0xffff;
  const u = r >>> 16;
  if (!own) {
    const from = s.other;
    for (let i = 0, end = n * STRIDE; i < end; i++) buf.data[i] = from.data[i];
    for (let i = 0, end = u * UNCOVER_STRIDE; i < end; i++) buf.uncover[i] = from.uncover[i];
  }
  buf.count = n;
  buf.uncoverCount = u;
  return n;
}
