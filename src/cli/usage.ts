// The help text and version: what `pgn-xray --help` and `-V` print. Keep in step with the README.
import { readFileSync } from 'node:fs';
import { MOTIF_NAMES } from '../motifs/filter.js';
import { defaultThreads } from '../pipeline/run.js';
import { DEFAULT_GAP } from '../puzzles/stage2.js';
import { DEFAULT_NODES, DEFAULT_PROBE_NODES, DEFAULT_SCREEN_NODES } from './puzzle-options.js';
import { maxThreads } from './threads.js';
import { DIMENSION_NAMES } from '../stats/dimensions.js';
import { GAME_FIELDS, POSITION_FIELDS } from '../stats/group-by.js';

/** Words as lines of the help's description column (from column 27, up to column 105). */
function described(words: string[]): string {
  const lines: string[] = [];
  for (const w of words) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 1 + w.length <= 78) lines[last] += ` ${w}`;
    else lines.push(w);
  }
  return lines.map((l) => ' '.repeat(26) + l).join('\n');
}

/** What --group-by takes, as the help lists it. */
const GROUP_FIELDS = described(
  `${[...GAME_FIELDS, ...POSITION_FIELDS].join(', ')}, or a PGN tag by its name (Opening, White); ${DIMENSION_NAMES.join(', ')} are always there; 1,000 values each at most, the rest added up as "(other)"`.split(
    ' ',
  ),
);

export function usage(): string {
  return `pgn-xray — tag tactical motifs found by x-ray bitboards in chess games
(pins, skewers, batteries, x-ray defences, discovered attacks and checks, double checks)

Usage:
  pgn-xray [analyze] INPUT... [options]
      INPUT: .pgn | .pgn.gz | .pgn.zst | .epd | .fen | - (stdin)
  pgn-xray perft FEN DEPTH [--divide] [--chess960]
      count the leaf nodes of the legal move tree; the total alone on the last line
      (a castling field in Shredder letters, e.g. HFhf, means Chess960 without --chess960)
  pgn-xray merge-stats FILE... [-o FILE] [--report FILE.html] [-q]
      add up --stats files (of shards, of months): equal to one run's statistics over all their inputs;
      refuses a bad count and a file, run or input counted twice, warns when shards are missing
  pgn-xray puzzles INPUT... [puzzle options]
      puzzle sets: positions where the opponent's move lost material or allowed a mate, picked by a
      material search with an x-ray static exchange evaluation, verified by a UCI engine (Stockfish)

Options:
  -o, --output FILE       write here instead of stdout (never an input or another output)
  -f, --format FMT        jsonl | csv | epd | pgn | none | parquet    (default jsonl; parquet needs -o FILE)
      --all-positions     every position, not only tagged ones
      --motifs LIST       keep only these: ${MOTIF_NAMES.join(',')}
      --where EXPR        exactly the positions matching EXPR, e.g. "pin.absolute[front=Q] and rating >= 2000"
                          (-f pgn: the games holding one, whole); the language is in the README, "Mining"
  -j, --threads N         worker threads                               (default ${defaultThreads()}, at most ${maxThreads()})
      --stats FILE        statistics as JSON
      --report FILE.html  the statistics as charts and example boards: one self-contained page
                          (no network needed)
      --group-by FIELDS   the statistics by these fields too (repeatable; a dimension each under "by"):
${GROUP_FIELDS}
      --player NAME       only this player's games (the White or Black tag, any case; repeatable: their
                          accounts), the statistics split into their figures and their opponents',
                          and --report about them: tactics by phase and theme, costliest misses
      --errors FILE       every rejected game as a JSON line (stderr shows the first few)
      --games FILE        one JSON line per game, analysed or rejected: tags, speed, rating, ECO, result
      --shard I/N         only the games starting in the I-th of N byte ranges of each input
                          (uncompressed files; N ≤ 10000 shards together analyse every game once)
      --tags LIST         copy these PGN tags into every record, e.g. White,Black,WhiteElo (jsonl, csv, parquet)
      --no-tactics        no tactic verdicts (the winning move of the side to move, found/missed for the
                          move played): faster, and the output of the motifs alone; refused with a
                          --where that reads them
      --max-game-bytes N  reject games longer than N bytes             (default 4194304, at most 2^30)
      --strict            exit 3 when any game was rejected
      --verify            audit every game with pgn-parser and chess.js (slow)
      --batch-games N     games per worker task (default 256 in each input's first
                          tasks, one per thread, then 512; given: N in every task)
  -q, --quiet             no summary table, no progress, no rejected-game lines
      --no-progress       no progress bar (it shows only when stderr is a terminal)
      --progress          a progress bar even when stderr is not a terminal
  -h, --help              this help
  -V, --version           the version

Puzzle options:
  -o, --output FILE       write here instead of stdout (never an input or another output)
  -f, --format FMT        csv (the lichess puzzle CSV) | pgn | epd        (default csv)
      --engine PATH       the UCI engine; none: stage 1 only, unverified  (default: stockfish on the PATH
                          or in /usr/games)
      --engine-procs N    engine processes                             (default ${defaultThreads()}, at most ${maxThreads()})
      --nodes N           nodes per verifying search                   (default ${DEFAULT_NODES}; 100 to 10^10)
      --probe-nodes N     nodes of the short probe before it           (default ${DEFAULT_PROBE_NODES}; 100 to 10^10)
      --screen-nodes N    nodes of the engine screen, a short search of every position stage 1 does not
                          send on: one the solver wins, and did not before the opponent's move, goes on
                          to the probe                     (default ${DEFAULT_SCREEN_NODES}; 0 turns it off; 100 to 10^10)
      --gap G             the only-move gap: every other move worse by more than G on the win-chance
                          scale 2 / (1 + exp(-0.004 cp)) - 1        (default ${DEFAULT_GAP}, lichess's; 0 to 2)
      --max-puzzles N     stop after N puzzles
      --summary FILE      the run's counts as JSON (candidates per rule, engine, drops, themes)
      --candidates FILE   every stage-1 candidate with the engine's verdict, as JSON Lines
      --every-position    no stage 1: the engine judges every position (slow; shows what stage 1 saves)
  -j, --threads, --errors, --max-game-bytes, --batch-games, -q, --quiet, --no-progress, --progress: as above

Merge-stats options:
  -o, --output FILE       write the sum here instead of stdout (never one of the inputs)
      --report FILE.html  the sum as charts and example boards: one self-contained page
  -q, --quiet             no summary table

Output: one JSON object per tagged position (see the README for every format's fields); rejected games
are reported and skipped, and the games a broken one swallowed are recovered.
Exit codes: 0 the run finished, or stdout or stderr was closed; 1 an input or output failed (unreadable,
damaged, disk full) or an internal error; 2 bad usage (an output that is an input or another output's
file included); 3 --strict and a game was rejected; 130 / 143 interrupted (SIGINT / SIGTERM).
`;
}

export function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}
