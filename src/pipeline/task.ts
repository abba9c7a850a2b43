// The pool's task, run in a worker: open the shared tables (views, no copy, never rebuilt), then for each
// batch analyze its games in order and return the formatted text, statistics and rejected games.
import { installTables } from '../core/attacks.js';
import { openTables } from '../core/tables.js';
import type { MotifFilter } from '../motifs/filter.js';
import { createFormatter, type OutputFormat } from '../output/formats.js';
import { Stats } from '../output/stats.js';
import type { Batch, BatchResult } from './batch.js';
import { GameAnalyzer, type GameError } from './game.js';
import { pgnParserDiagnosis, Verifier } from './verify.js';

export interface WorkerOptions {
  format: OutputFormat;
  allPositions: boolean;
  filter: MotifFilter;
  verify: boolean;
  /** Test hook (see the README's testing notes): batch seq whose first `failAttempts` tries fail. */
  failSeq?: number;
  failAttempts?: number;
  failMode?: 'throw' | 'exit';
}

export interface WorkerInit {
  tables: SharedArrayBuffer;
  options: WorkerOptions;
}

const decoder = new TextDecoder('latin1');

/** Builds the batch function for one worker. */
export function createTask(init: WorkerInit): (batch: Batch) => Promise<BatchResult> {
  installTables(openTables(init.tables));
  const o = init.options;
  const formatter = o.format === 'none' ? null : createFormatter(o.format);
  const analyzer = new GameAnalyzer({ formatter, allPositions: o.allPositions, filter: o.filter });
  const verifier = o.verify ? new Verifier() : null;

  return async (batch: Batch): Promise<BatchResult> => {
    if (o.failSeq === batch.seq && batch.attempt < (o.failAttempts ?? 1)) {
      if (o.failMode === 'exit') process.exit(70);
      throw new Error(`test hook: batch ${batch.seq} fails on attempt ${batch.attempt}`);
    }
    const stats = new Stats();
    const errors: GameError[] = [];
    let text = '';
    const n = batch.offsets.length;
    for (let i = 0; i < n; i++) {
      const game = batch.firstGame + i;
      const offset = batch.offsets[i];
      const bytes = batch.bytes.subarray(batch.starts[i], batch.starts[i + 1]);
      const known = batch.rejected[i];
      if (known !== null) {
        errors.push({ game, offset, ply: 0, text: decoder.decode(bytes).slice(0, 60), reason: known, input: batch.input });
        stats.addRejected();
        continue;
      }
      const r = batch.kind === 'pgn' ? analyzer.pgn(bytes, game, offset, stats) : analyzer.fen(decoder.decode(bytes), game, offset, stats);
      if (typeof r === 'string') {
        text += r;
      } else {
        r.input = batch.input;
        if (batch.kind === 'pgn' && r.reason.startsWith('PGN syntax')) r.reason += `; pgn-parser: ${await pgnParserDiagnosis(bytes)}`;
        errors.push(r);
        stats.addRejected();
      }
      if (verifier !== null && batch.kind === 'pgn') await verifier.check(bytes, game, offset, typeof r === 'string' ? null : r);
    }
    return { seq: batch.seq, text, stats: stats.toJSON(), errors, verify: verifier?.take() ?? null };
  };
}
