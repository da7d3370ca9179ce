#!/usr/bin/env bash
# CLI tests: run the real binary and check its output and exit status.
# Usage: cli_test.sh PATH/TO/sudoku-count
set -u
bin="$1"
failures=0
passes=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check() {  # check NAME EXPECTED_STATUS PATTERN -- ARGS...
  local name=$1 want=$2 pattern=$3
  shift 4
  "$bin" "$@" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  if [ "$got" -ne "$want" ] || ! grep -Eq -- "$pattern" "$tmp/out" "$tmp/err"; then
    echo "FAIL $name: status $got (want $want), pattern '$pattern'"
    sed 's/^/  out: /' "$tmp/out" | head -5
    sed 's/^/  err: /' "$tmp/err" | head -5
    failures=$((failures + 1))
  else
    passes=$((passes + 1))
  fi
}

p8008=900000000000000000000800600078006000020000090000500430006003200010094000000000008
unique=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
clash=55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79

check help 0 'usage: sudoku-count' -- --help
check version 0 '^sudoku-count [0-9]' -- --version
check exact-help 0 'fix-first-row' -- exact --help
check estimate-help 0 'rel-error' -- estimate --help
check no-command 2 'usage' --
check exact-2x2 0 '^count: 288$' -- exact --box 2x2
check exact-1x2 0 '^count: 2$' -- exact --box 1x2
check exact-2x3-json 0 '"count":"28200960"' -- exact --box 2x3 --json
check exact-2x3-fixed 0 '"count_first_row_fixed":"39168"' -- exact --box 2x3 --fix-first-row --json
check exact-bands-3x3 0 '^count: 6670903752021072936960$' -- exact --box 3
check exact-bands-json 0 '"method":"bands"' -- exact --box 3x2 --method bands --json
check exact-bands-puzzle 2 'drop the puzzle' -- exact --box 3 --method bands --puzzle "$p8008"
check exact-out-of-reach 2 'estimate --box 4x4' -- exact --box 4
check exact-empty-puzzle 0 '^count: 6670903752021072936960$' -- exact --box 3 --puzzle "$(printf '.%.0s' $(seq 81))"
check stray-argument 2 'positional|unexpected|too many' -- exact --box 2x2 extra
check puzzle-directory 2 'directory' -- exact --box 3 --puzzle-file /
check exact-sparse-puzzle 2 'roughly .* completions' -- exact --box 3 --puzzle "$(printf '.%.0s' $(seq 80))1"
check exact-8008 0 '^count: 8008$' -- exact --box 3 --puzzle "$p8008"
check exact-unique 0 '^count: 1$' -- exact --box 3 --puzzle "$unique"
check exact-clash 2 'row 1.*column [12]' -- exact --box 3 --puzzle "$clash"
check exact-short 2 'error' -- exact --box 3 --puzzle 123
printf '%s\n' "$p8008" >"$tmp/p.txt"
check exact-file 0 '^count: 8008$' -- exact --box 3 --puzzle-file "$tmp/p.txt"
check exact-missing-file 2 'cannot read' -- exact --box 3 --puzzle-file "$tmp/none.txt"
check exact-both 2 'not both' -- exact --box 3 --puzzle "$p8008" --puzzle-file "$tmp/p.txt"
check exact-fixed-puzzle 2 'empty grid' -- exact --box 3 --puzzle "$p8008" --fix-first-row

check estimate-json 0 '"estimate":"2\.[0-9]{9}e\+02".*"rel_std_error"' -- estimate --box 2x2 --samples 5000 --json
check estimate-fields 0 '"ci_low".*"ci_high".*"confidence".*"samples":5000.*"seed":"1".*"method":"bands".*"symmetry":"none"' \
  -- estimate --box 2x2 --samples 5000 --json
check estimate-text 0 'all grids counted \(no symmetry reduction\)' -- estimate --box 2x3 --samples 2000
check estimate-symmetry 0 'essentially different' -- estimate --box 2x3 --samples 2000
check estimate-reports 0 '"final":false' -- estimate --box 2x3 --time 1.5 --report-every 0.2 --json

check rel-error-zero 2 'rel-error' -- estimate --box 3 --rel-error 0
check rel-error-negative 2 'rel-error' -- estimate --box 3 --rel-error -1
check time-negative 2 '\-\-time' -- estimate --box 3 --time -5
check time-text 2 '\-\-time' -- estimate --box 3 --time abc
check samples-float 2 '\-\-samples' -- estimate --box 3 --samples 1e3
check samples-overflow 2 '\-\-samples' -- estimate --box 3 --samples 99999999999999999999999
check threads-negative 2 '\-\-threads' -- estimate --box 3 --threads -2
check confidence-one 2 '\-\-confidence' -- estimate --box 3 --confidence 1
check unknown-method 2 'unknown method' -- estimate --box 3 --method nonsense
check unknown-option 2 'unrecognised|unrecognized|unknown' -- estimate --box 3 --frobnicate
check unknown-command 2 'unknown command' -- frobnicate
check forever-conflict 2 'forever' -- estimate --box 3 --forever --time 5
check missing-box 2 'missing --box' -- estimate
for bad in 0 1x0 9x9 3x x3 -3 abc; do
  check "box-$bad" 2 'box' -- exact --box="$bad"
done

# Ctrl-C: the run finishes its blocks in flight, prints the summary, exits 0.
"$bin" estimate --box 2x3 --forever >"$tmp/int.out" 2>&1 &
pid=$!
sleep 2
kill -INT $pid
wait $pid
status=$?
if [ $status -eq 0 ] && grep -q 'stopped: interrupted' "$tmp/int.out"; then
  passes=$((passes + 1))
else
  echo "FAIL sigint: status $status"; cat "$tmp/int.out"; failures=$((failures + 1))
fi

echo "cli: $passes passed, $failures failed"
[ $failures -eq 0 ]
