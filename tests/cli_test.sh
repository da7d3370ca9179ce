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

# ---- checkpoints, resume, merge ----------------------------------------------------
pass_if() {  # pass_if NAME CONDITION_STATUS DETAIL
  if [ "$2" -eq 0 ]; then passes=$((passes + 1)); else echo "FAIL $1: $3"; failures=$((failures + 1)); fi
}
# The exact state of a run: its checkpoint without timing and checksum.
state_of() { grep -E '^(box|method|range|samples|zeros|shift|mean|m2|max) ' "$1"; }
json_field() { grep -o "\"$1\":[^,}]*" "$2"; }

ck=$tmp/run.ckpt
check checkpoint-save 0 "checkpoint: saved to '$ck' \(seed 4, blocks 0\.\.29\)" -- estimate --box 2x3 --blocks 30 --seed 4 --checkpoint "$ck"
check checkpoint-exists 2 'already exists.*--resume' -- estimate --box 2x3 --blocks 30 --checkpoint "$ck"
check resume-text 0 "resumed from '$ck': 7680 samples in blocks 0\.\.29" -- estimate --resume "$ck" --blocks 55
check resume-json 0 '"first_block":0,"blocks":80,.*"stop_reason":"blocks"' -- estimate --resume "$ck" --blocks 80 --json
"$bin" estimate --box 2x3 --blocks 80 --seed 4 --checkpoint "$tmp/straight.ckpt" >/dev/null 2>&1
state_of "$ck" >"$tmp/resumed.state"
state_of "$tmp/straight.ckpt" >"$tmp/straight.state"
[ "$(grep -c . "$tmp/resumed.state")" -eq 9 ] && cmp -s "$tmp/resumed.state" "$tmp/straight.state"
pass_if resume-bit-identical $? "30 + 25 + 25 blocks differ from 80 blocks in one go"
check resume-done 0 'stopped: blocks' -- estimate --resume "$ck" --blocks 80
check resume-box-mismatch 2 'does not match checkpoint' -- estimate --resume "$ck" --box 3
check resume-seed-mismatch 2 'seed 4' -- estimate --resume "$ck" --seed 5
check resume-method-mismatch 2 'differ in method' -- estimate --resume "$ck" --method sets --blocks 90
check checkpoint-every-alone 2 'needs a checkpoint' -- estimate --box 2x3 --blocks 5 --checkpoint-every 5
check checkpoint-every-zero 2 '\-\-checkpoint-every' -- estimate --box 2x3 --blocks 5 --checkpoint "$tmp/z.ckpt" --checkpoint-every 0
check resume-first-block 2 'first-block' -- estimate --resume "$ck" --first-block 3
check resume-missing 2 "cannot read checkpoint '$tmp/none.ckpt'" -- estimate --resume "$tmp/none.ckpt"

cp "$ck" "$tmp/corrupt.ckpt"
sed -i 's/^samples \([0-9]*\)/samples 1\1/' "$tmp/corrupt.ckpt"
cp "$tmp/corrupt.ckpt" "$tmp/corrupt.copy"
check resume-corrupt 2 'corrupt: its checksum does not match' -- estimate --resume "$tmp/corrupt.ckpt"
cmp -s "$tmp/corrupt.ckpt" "$tmp/corrupt.copy"
pass_if corrupt-untouched $? "a refused checkpoint was modified"
head -c 120 "$ck" >"$tmp/short.ckpt"
check resume-truncated 2 'truncated' -- estimate --resume "$tmp/short.ckpt"
check resume-not-checkpoint 2 'not a sudoku-count checkpoint' -- estimate --resume "$tmp/p.txt"

# An unwritable checkpoint is reported at once; the run finishes and exits 3.
check checkpoint-unwritable 3 "cannot write checkpoint '$tmp/no/such/x.ckpt': No such file" -- estimate --box 2x3 --blocks 10 --checkpoint "$tmp/no/such/x.ckpt"
check checkpoint-unwritable-result 3 '^estimate: 2\.' -- estimate --box 2x3 --blocks 10 --checkpoint "$tmp/no/such/x.ckpt"

# Merge: other seeds, and disjoint block ranges of one seed.
"$bin" estimate --box 2x3 --blocks 20 --seed 7 --checkpoint "$tmp/s7.ckpt" >/dev/null 2>&1
"$bin" estimate --box 2x3 --blocks 50 --seed 4 --first-block 80 --checkpoint "$tmp/later.ckpt" >/dev/null 2>&1
check merge-text 0 '3 runs merged' -- merge "$ck" "$tmp/s7.ckpt" "$tmp/later.ckpt"
check merge-json 0 '"command":"merge".*"samples":38400,.*"runs":3,"blocks":150' -- merge "$ck" "$tmp/s7.ckpt" "$tmp/later.ckpt" --json
check merge-overlap 2 'both hold blocks 0\.\.79 of seed 4' -- merge "$ck" "$tmp/straight.ckpt"
"$bin" estimate --box 3x2 --blocks 2 --checkpoint "$tmp/other-shape.ckpt" >/dev/null 2>&1
check merge-shape 2 'differ in shape' -- merge "$ck" "$tmp/other-shape.ckpt"
check merge-corrupt 2 'corrupt' -- merge "$ck" "$tmp/corrupt.ckpt"
check merge-none 2 'one or more checkpoint files' -- merge
check merge-output 0 "merged checkpoint saved to '$tmp/merged.ckpt'" -- merge "$ck" "$tmp/later.ckpt" --output "$tmp/merged.ckpt"
check merge-output-exists 2 'already exists' -- merge "$ck" "$tmp/later.ckpt" --output "$tmp/merged.ckpt"
check merge-of-merged 0 '2 runs merged' -- merge "$tmp/merged.ckpt" "$tmp/s7.ckpt"
check resume-merged 2 'merged runs and cannot be resumed' -- estimate --resume "$tmp/merged.ckpt"
# Blocks 0..79 and 80..129 of seed 4 merged equal one run of 130 blocks (to the printed digits).
"$bin" estimate --box 2x3 --blocks 130 --seed 4 --json >"$tmp/130.json" 2>&1
"$bin" merge "$ck" "$tmp/later.ckpt" --json >"$tmp/merged.json" 2>&1
[ -n "$(json_field estimate "$tmp/130.json")" ] &&
  [ "$(json_field estimate "$tmp/130.json")" = "$(json_field estimate "$tmp/merged.json")" ] &&
  [ "$(json_field std_error "$tmp/130.json")" = "$(json_field std_error "$tmp/merged.json")" ]
pass_if merge-ranges-equal-one-run $? "$(json_field estimate "$tmp/130.json") vs $(json_field estimate "$tmp/merged.json")"

# Ctrl-C with a checkpoint: the final state is saved, and the run resumes from it.
"$bin" estimate --box 2x3 --forever --checkpoint "$tmp/int.ckpt" >"$tmp/int2.out" 2>&1 &
pid=$!
sleep 2
kill -INT $pid
wait $pid
status=$?
blocks=$(sed -n 's/^range [0-9]* 0 \([0-9]*\)$/\1/p' "$tmp/int.ckpt" 2>/dev/null)
if [ $status -eq 0 ] && grep -q 'stopped: interrupted' "$tmp/int2.out" && [ -n "$blocks" ] && [ "$blocks" -gt 0 ]; then
  passes=$((passes + 1))
  check sigint-resume 0 "\"blocks\":$((blocks + 5)),.*\"checkpoint_saved\":true" -- estimate --resume "$tmp/int.ckpt" --blocks $((blocks + 5)) --json
else
  echo "FAIL sigint-checkpoint: status $status, blocks '$blocks'"; cat "$tmp/int2.out"; failures=$((failures + 1))
fi

echo "cli: $passes passed, $failures failed"
[ $failures -eq 0 ]
