// Rejected games as the user sees them: every one in --errors FILE (JSON Lines), a few on stderr above
// the progress bar and then only a count, so an input full of unsupported variants does not flood the
// terminal. -q prints none of them (the file still gets all).
import type { GameError } from '../pipeline/batch.js';
import type { RecordWriter } from './outputs.js';

/** Rejections shown on stderr before the rest are only counted. */
export const SHOWN_REJECTIONS = 5;

export class Rejections {
  private shown = 0;
  private hidden = 0;

  constructor(
    private readonly file: RecordWriter | null,
    private readonly quiet: boolean,
    private readonly log: (line: string) => void,
  ) {}

  async add(errors: GameError[]): Promise<void> {
    if (errors.length === 0) return;
    if (this.file !== null) await this.file.write(errors.map((e) => JSON.stringify(e) + '\n').join(''));
    for (const e of errors) {
      if (this.quiet || this.shown >= SHOWN_REJECTIONS) this.hidden++;
      else {
        this.shown++;
        this.log(
          `pgn-xray: rejected game ${e.game} (${e.input} offset ${e.offset}, ply ${e.ply}): ${e.text ? `"${e.text}": ` : ''}${e.reason}`,
        );
      }
    }
  }

  /** The closing line about the rejections not shown, if any. */
  close(): void {
    if (this.hidden === 0 || this.quiet) return;
    const where = this.file !== null ? `${this.file.name} lists them all` : 'use --errors FILE to list them all';
    this.log(`pgn-xray: ${this.hidden} more rejected game${this.hidden === 1 ? '' : 's'} not shown (${where})`);
  }
}
