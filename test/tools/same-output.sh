#!/usr/bin/env bash
# Whether two builds write the same bytes: every format (jsonl, csv, epd, pgn, parquet, none), each with
# --stats, --games, --report and --errors, with 1 and 2 threads, and `puzzles --engine none` in each of its
# formats with --summary and --candidates, on each input. A move-and-name change must pass it. The run's
# id, its times and its CPU figures (in the statistics file and the report) differ from run to run and
# are masked; every other byte is compared.
#
#   test/tools/same-output.sh BASE_CLI NEW_CLI INPUT...
#   e.g. test/tools/same-output.sh ../main/dist/src/cli.js dist/src/cli.js fixtures/sample/lichess-2016-05-3000.pgn.zst
set -euo pipefail
if [ $# -lt 3 ]; then
  sed -n '8,9p' "$0" >&2
  exit 2
fi
base=$(realpath "$1")
new=$(realpath "$2")
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mask() {
  sed -E -e 's/"id": "[0-9a-f]{32}"/"id": "*"/' -e 's/"(seconds|cpuSeconds|main|user|system)": [0-9.e+-]+/"\1": *-/g' \
    -e 's/"workers": \[[0-9., e+-]*\]/"workers": [*]/' -e 's#run time</dt><dd>[^<]*#run time</dt><dd>*#' "$1"
}
failed=0
compare() { # label, then the files to compare (names relative to each build's folder)
  local label=$1 f
  shift
  for f in "$@"; do
    if ! cmp -s <(mask "$work/base/$f") <(mask "$work/new/$f"); then
      echo "DIFFERENT: $label: $f" >&2
      failed=1
    fi
  done
}
run() { # build's folder, cli, arguments (outputs are written in the folder)
  local dir=$1 cli=$2
  shift 2
  rm -rf "$dir" && mkdir -p "$dir"
  (cd "$dir" && node "$cli" "$@" -q 2>stderr.txt) || echo "exit $?" >>"$dir/stderr.txt"
}
runs=0
for input in "$@"; do
  input=$(realpath "$input")
  for j in 1 2; do
    for f in jsonl csv epd pgn parquet none; do
      args=("$input" -f "$f" -j "$j" --stats stats.json --games games.jsonl --report report.html --errors errors.jsonl)
      [ "$f" = none ] || args+=(-o "out.$f")
      run "$work/base" "$base" "${args[@]}"
      run "$work/new" "$new" "${args[@]}"
      outs=(stats.json games.jsonl report.html errors.jsonl stderr.txt)
      [ "$f" = none ] || outs+=("out.$f")
      compare "$(basename "$input") -f $f -j $j" "${outs[@]}"
      runs=$((runs + 1))
    done
    for f in csv pgn epd; do
      args=(puzzles "$input" --engine none -f "$f" -j "$j" -o "puzzles.$f" --summary summary.json --candidates candidates.jsonl --errors errors.jsonl)
      run "$work/base" "$base" "${args[@]}"
      run "$work/new" "$new" "${args[@]}"
      compare "$(basename "$input") puzzles -f $f -j $j" "puzzles.$f" summary.json candidates.jsonl errors.jsonl stderr.txt
      runs=$((runs + 1))
    done
  done
done
if [ "$failed" = 0 ]; then echo "same output: $runs runs of each build on $# inputs"; else exit 1; fi
