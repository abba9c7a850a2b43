// Stockfish as an oracle of Chess960 (chess.js plays standard chess only): its own move generator lists
// the legal moves of a position (`go perft 1`) and its own board prints the FEN it reached (`d`), with
// UCI_Chess960 on, so castling is the king taking its rook both in and out and castling rights print as
// rook files (Shredder-FEN). A driver of its own, apart from src/puzzles/engine.ts, which is under test.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';

export class StockfishOracle {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly waiting: Array<(line: string) => boolean> = [];

  constructor(path: string) {
    this.child = spawn(path, [], { stdio: ['pipe', 'pipe', 'pipe'] });
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      if (this.waiting.length > 0 && this.waiting[0](line)) this.waiting.shift();
    });
    this.child.stdin.write('uci\nsetoption name UCI_Chess960 value true\n');
  }

  /** Sends `commands` and hands every line after them to `take` until it returns true. */
  private ask(commands: string, take: (line: string) => boolean): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push((line) => {
        if (!take(line)) return false;
        resolve();
        return true;
      });
      this.child.stdin.write(commands);
    });
  }

  private position(fen: string, moves: readonly string[]): string {
    return `position fen ${fen}${moves.length > 0 ? ` moves ${moves.join(' ')}` : ''}\n`;
  }

  /** The legal moves after `moves` from `fen`, in UCI (Chess960 castling: the king takes its rook). */
  async legalMoves(fen: string, moves: readonly string[] = []): Promise<string[]> {
    const out: string[] = [];
    await this.ask(this.position(fen, moves) + 'go perft 1\n', (line) => {
      const m = /^([a-h][1-8][a-h][1-8][qrbn]?): 1$/.exec(line);
      if (m !== null) out.push(m[1]);
      return line.startsWith('Nodes searched');
    });
    return out;
  }

  /** Whether every move of `moves` is legal where it is played, from `fen`. */
  async playable(fen: string, moves: readonly string[]): Promise<boolean> {
    for (let k = 0; k < moves.length; k++) if (!(await this.legalMoves(fen, moves.slice(0, k))).includes(moves[k])) return false;
    return true;
  }

  /** The FEN Stockfish's board shows after `moves` from `fen` (castling rights as rook files). */
  async fen(fen: string, moves: readonly string[] = []): Promise<string> {
    let got = '';
    await this.ask(this.position(fen, moves) + 'd\n', (line) => {
      if (line.startsWith('Fen: ')) got = line.slice(5).trim();
      return line.startsWith('Checkers:');
    });
    return got;
  }

  close(): void {
    this.child.stdin.end('quit\n');
  }
}
