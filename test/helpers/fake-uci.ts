// A fake UCI engine for the failure tests, run as `node dist/test/helpers/fake-uci.js MODE`:
//   hang     answers uci and isready, never bestmove
//   silent   never answers anything (not even uciok)
//   crash    exits with code 3 on `go`, after a line on stderr
//   garbage  surrounds every answer with junk (binary bytes, half fields, a long line, bad info lines),
//            then answers `go` with one good line and bestmove e2e4
//   slow     answers `go` after 300 ms with one line and bestmove e2e4
//   flat     answers `go` at once with two lines scored 0 (a1a1: the lines are never played), as a
//            position with no tactic; MODE `flat N`: the first N `go`s of all its processes together
//            (counted in FAKE_UCI_GO_LOG), then it hangs as `hang`: an engine that stops answering
// With FAKE_UCI_LOG set, each process appends its pid to that file as it starts.
import { appendFileSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const mode = process.argv[2] ?? 'hang';
const answers = process.argv[3] === undefined ? Infinity : Number(process.argv[3]);
if (process.env.FAKE_UCI_LOG) appendFileSync(process.env.FAKE_UCI_LOG, `${process.pid}\n`);

/** Counts this `go` among all processes'; whether it is still within the answers given. */
function answering(): boolean {
  const log = process.env.FAKE_UCI_GO_LOG;
  if (answers === Infinity || log === undefined) return true;
  appendFileSync(log, 'go\n');
  return readFileSync(log, 'utf8').length / 3 <= answers;
}
const say = (s: string): void => {
  process.stdout.write(s + '\n');
};

const JUNK = [
  '\u0000\u00ff\u0007 binary \u001b[31m',
  'info',
  'info depth',
  'info depth x score cp',
  'info score mate',
  'info depth 3 multipv 1 score cp 77 pv',
  'info depth 3 score cp 55 lowerbound nodes 12 pv d2d4',
  'info string depth 9 score cp 900 pv a2a3',
  'bestmovex e2e4',
  'x'.repeat(70_000),
  'info multipv -2 depth 4 score cp 1 pv h2h3',
];

function junk(): void {
  if (mode === 'garbage') for (const j of JUNK) say(j);
}

createInterface({ input: process.stdin }).on('line', (line) => {
  const cmd = line.trim().split(/\s+/)[0];
  if (mode === 'silent') return;
  junk();
  if (cmd === 'uci') {
    say('id name fake-uci');
    say('option name MultiPV type spin default 1 min 1 max 500');
    say('uciok');
  } else if (cmd === 'isready') say('readyok');
  else if (cmd === 'quit') process.exit(0);
  else if (cmd === 'go') {
    if (mode === 'crash') {
      process.stderr.write('fake-uci: segmentation fault (pretend)\n');
      process.exit(3);
    }
    if (mode === 'garbage') {
      say('info depth 2 seldepth 2 multipv 1 score cp 31 wdl 120 800 80 nodes 900 nps 9000 pv e2e4 e7e5 junk');
      say('bestmove e2e4 ponder e7e5');
    }
    if (mode === 'flat' && answering()) {
      say('info depth 1 multipv 1 score cp 0 nodes 10 pv a1a1');
      say('info depth 1 multipv 2 score cp 0 nodes 10 pv a1a1');
      say('bestmove a1a1');
    }
    if (mode === 'slow') {
      setTimeout(() => {
        say('info depth 1 multipv 1 score cp 20 nodes 100 pv e2e4');
        say('bestmove e2e4');
      }, 300);
    }
  }
});
