#!/usr/bin/env bash
# CLI tests: run the real binary and check its output and exit status.
# Usage: cli_test.sh PATH/TO/sudoku-count
set -u
bin="$1"
data=$(cd "$(dirname "$0")/data" && pwd)  # known counts (the script changes folder below)
failures=0
passes=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check() {  # check NAME EXPECTED_STATUS PATTERN -- ARGS...
  local name=$1 want=$2 pattern=$3
  shift 4
  local start=$SECONDS
  "$bin" "$@" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  # CLI_TEST_TIMES=FILE: the seconds of each check, to find the slow ones.
  [ -n "${CLI_TEST_TIMES:-}" ] && echo "$((SECONDS - start)) $name" >>"$CLI_TEST_TIMES"
  if [ "$got" -ne "$want" ] || ! grep -Eq -- "$pattern" "$tmp/out" "$tmp/err"; then
    echo "FAIL $name: status $got (want $want), pattern '$pattern'"
    sed 's/^/  out: /' "$tmp/out" | head -5
    sed 's/^/  err: /' "$tmp/err" | head -5
    failures=$((failures + 1))
  else
    passes=$((passes + 1))
  fi
}

pass_if() {  # pass_if NAME CONDITION_STATUS DETAIL
  if [ "$2" -eq 0 ]; then passes=$((passes + 1)); else echo "FAIL $1: $3"; failures=$((failures + 1)); fi
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
check exact-out-of-reach 2 'an estimate of the same layout' -- exact --box 4
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
check did-you-mean-option 2 "unrecognised option '--sampels'; did you mean '--samples'\?" -- estimate --box 3 --sampels 10
check did-you-mean-command 2 "unknown command 'estiamte'; did you mean 'estimate'\\?" -- estiamte --box 3
check no-guess-far-off 2 "unknown command 'frobnicate' \\(see" -- frobnicate
check help-command 0 '^usage: sudoku-count exact' -- help exact
check help-unknown-command 2 "unknown command 'exakt'; did you mean 'exact'" -- help exakt
check one-thread 0 'samples: 100 in .* on 1 thread \(' -- estimate --box 2x2 --samples 100 --threads 1
check exit-status-help 0 '130 stopped by SIGINT.*143 stopped by SIGTERM' -- --help
check dlx-box-3 2 "method dlx does not reach all grids of box 3x3 .*method bands counts them: leave --method at auto" -- exact --box 3 --method dlx
check dlx-first-row 2 "method dlx does not reach all grids of box 3x3" -- exact --box 3 --method dlx --fix-first-row
printf '%s\n' "$p8008" | "$bin" exact --box 3 --puzzle-file - >"$tmp/stdin.out" 2>&1
grep -q '^count: 8008$' "$tmp/stdin.out"
pass_if puzzle-file-stdin $? "exact --puzzle-file - read no puzzle from stdin: $(head -3 "$tmp/stdin.out")"
printf '%s\n%s\n' "$p8008" "$unique" | "$bin" solve --box 3 --puzzle-file - >"$tmp/stdin.out" 2>&1
grep -q '2 puzzles, 1 unique, 1 multiple' "$tmp/stdin.out"
pass_if solve-puzzle-file-stdin $? "solve --puzzle-file - read no puzzles from stdin: $(tail -2 "$tmp/stdin.out")"
check forever-conflict 2 'forever' -- estimate --box 3 --forever --time 5
check missing-box 2 'missing --box' -- estimate
for bad in 0 1x0 9x9 3x x3 -3 abc; do
  check "box-$bad" 2 'box' -- exact --box="$bad"
done

# exact --print: completions in search order before the count.
check exact-print 0 '^completion 2:$' -- exact --box 3 --puzzle "$p8008" --print 2
check exact-print-count 0 '^count: 8008$' -- exact --box 3 --puzzle "$p8008" --print 2
check exact-print-grid 0 '^------\+-------\+------$' -- exact --box 3 --puzzle "$p8008" --print 1
check exact-print-json 0 '"count":"8008".*"solutions":\["[1-9]{81}","[1-9]{81}"\]' -- exact --box 3 --puzzle "$p8008" --print 2 --json
check exact-print-only 0 '^the only completion:$' -- exact --box 3 --puzzle "$unique" --print 5
check exact-print-empty-grid 0 '^completion 1:$' -- exact --box 2x2 --print 1
check exact-print-zero 0 '"solutions":\[\]' -- exact --box 3 --puzzle "$unique" --print 0 --json
check exact-print-negative 2 '\-\-print' -- exact --box 3 --puzzle "$unique" --print -1
check exact-print-text 2 '\-\-print' -- exact --box 3 --puzzle "$unique" --print two

# solve: none, unique (printed) or multiple (two printed); exit 0 in all three.
inkala=8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..
inkala_solution=812753649943682175675491283154237896369845721287169534521974368438526917796318452
all_rules=...4..........932.23.1..4.995....7.......8.5...3....6..9..3...5..57...1..2....8..
no_completion=".12345678$(printf '.%.0s' $(seq 27))9$(printf '.%.0s' $(seq 44))"
sixteen=E.6GC.3FBA....5.5...9.2..1D..E....4........G9.F.......5.....7..A....1..B...2...C..8...G..6.9.1.....F...5.3.8........86.9..C.B3AG.2.93.....A1.G...B18.7AED...3....E.4..........8..7.C28..E..4F.D...A..3B1F...C4..9......D1C....25.....E..9..5...8.5G2.A....E...73
check solve-help 0 'explain' -- solve --help
check solve-unique 0 '^unique: exactly one solution$' -- solve --box 3 --puzzle "$unique"
check solve-unique-grid 0 '^5 3 4 \| 6 7 8 \| 9 1 2$' -- solve --box 3 --puzzle "$unique"
check solve-inkala 0 "\"status\":\"unique\",\"solutions\":\[\"$inkala_solution\"\]" -- solve --box 3 --puzzle "$inkala" --json
check solve-multiple 0 '^multiple: .* differ in [1-9][0-9]* cells' -- solve --box 3 --puzzle "$p8008"
check solve-multiple-grids 0 '^solution 2:$' -- solve --box 3 --puzzle "$p8008"
check solve-multiple-json 0 '"status":"multiple","solutions":\["[1-9]{81}","[1-9]{81}"\],"seconds":' -- solve --box 3 --puzzle "$p8008" --json
check solve-none 0 '^none: no solution$' -- solve --box 3 --puzzle "$no_completion"
check solve-none-json 0 '"status":"none","solutions":\[\]' -- solve --box 3 --puzzle "$no_completion" --json
check solve-16x16 0 '^unique: exactly one solution$' -- solve --box 4 --puzzle "$sixteen"
check solve-6x6 0 '^unique' -- solve --box 2x3 --puzzle ..145............26..1...3....1..5..
check explain-no-search 0 '^singles alone solved it \(51 cells\); no search$' -- solve --box 3 --puzzle "$unique" --explain
check explain-naked 0 '^  r5c5 = 5: only candidate$' -- solve --box 3 --puzzle "$unique" --explain
check explain-hidden 0 '^  r1c6 = 3: only place in row 1$' -- solve --box 3 --puzzle "$all_rules" --explain
check explain-box 0 ': only place in box [1-9]$' -- solve --box 3 --puzzle "$all_rules" --explain
check explain-inkala 0 '^no singles apply: all 60 blank cells left to search$' -- solve --box 3 --puzzle "$inkala" --explain
check explain-8008 0 '^singles filled [0-9]+ cells, leaving [0-9]+ to search$' -- solve --box 3 --puzzle "$p8008" --explain
check explain-16x16 0 '^singles filled 13 cells, leaving 151 to search$' -- solve --box 4 --puzzle "$sixteen" --explain
check explain-contradiction 0 'contradiction: r1c1 has no candidate left' -- solve --box 3 --puzzle "$no_completion" --explain
check explain-json 0 '"deductions":\["r5c5 = 5: only candidate",.*"singles_solved":true,"search_cells":0' \
  -- solve --box 3 --puzzle "$unique" --explain --json
check explain-inkala-json 0 '"deductions":\[\],"singles_solved":false,"search_cells":60' -- solve --box 3 --puzzle "$inkala" --explain --json
check solve-clash 2 'givens clash' -- solve --box 3 --puzzle "$clash"
check solve-short 2 'has 80 cells' -- solve --box 3 --puzzle "${unique:1}"
check solve-big-symbol 2 'larger than 4' -- solve --box 2x2 --puzzle 5...............
check solve-no-puzzle 2 'missing puzzle' -- solve --box 3
check solve-both 2 'not both' -- solve --box 3 --puzzle "$unique" --puzzle-file "$tmp/p.txt"
check solve-missing-box 2 'missing --box' -- solve --puzzle "$unique"

# solve --puzzle-file: one puzzle a line, all threads, input order.
printf '# four puzzles\n%s\n\n%s\n%s\n  # the end\n%s\n' "$p8008" "$unique" "$no_completion" "$inkala" >"$tmp/many.txt"
check solve-file 0 '^box 3x3 \(9x9 grid\): 4 puzzles, 2 unique, 1 multiple, 1 none$' -- solve --box 3 --puzzle-file "$tmp/many.txt" --threads 2
check solve-file-first 0 '^puzzle 1 \(line 2\)$' -- solve --box 3 --puzzle-file "$tmp/many.txt"
check solve-file-explain 0 '^no singles apply: all 60 blank cells left to search$' -- solve --box 3 --puzzle-file "$tmp/many.txt" --explain
"$bin" solve --box 3 --puzzle-file "$tmp/many.txt" --threads 2 --json >"$tmp/many.out" 2>&1
order=$(grep -o '"status":"[a-z]*".*"line":[0-9]*' "$tmp/many.out" | sed 's/"status":"\([a-z]*\)".*"line":\([0-9]*\)/\2:\1/' | tr '\n' ' ')
if [ "$order" = "2:multiple 4:unique 5:none 7:unique " ]; then
  passes=$((passes + 1))
else
  echo "FAIL solve-file-json-order: got '$order'"; failures=$((failures + 1))
fi
printf '%s\n%s\n\n123\n' "$unique" "$p8008" >"$tmp/bad.txt"
check solve-file-bad-line 2 "puzzle file '.*bad.txt': line 4: the puzzle has 3 cells" -- solve --box 3 --puzzle-file "$tmp/bad.txt"
printf '%s\n' "$unique" "$clash" >"$tmp/clash.txt"
check solve-file-clash 2 'line 2: givens clash' -- solve --box 3 --puzzle-file "$tmp/clash.txt"
printf '# nothing\n\n' >"$tmp/empty.txt"
check solve-file-empty 2 'no puzzle found' -- solve --box 3 --puzzle-file "$tmp/empty.txt"
check solve-file-missing 2 'cannot read' -- solve --box 3 --puzzle-file "$tmp/none.txt"
check solve-file-directory 2 'directory' -- solve --box 3 --puzzle-file /

# sample --clues and solve --solutions-file: the uniqueness test given each
# puzzle's grid (the same seed without --clues gives the grids).
# puzzles: estimates of puzzle counts, and their refusals.
check puzzles-help 0 'subsets-per-grid' -- puzzles --help
check puzzles-4x4 0 '^ +5  [0-9.]+e\+04 ' -- puzzles --box 2 --grids 200 --subset-size 8 --seed 3
check puzzles-proper-coin 0 'method coin' -- puzzles --box 2 --kind proper --grids 200
check puzzles-clues 0 '"by_clues":\[\{"clues":24,.*\}\]' -- puzzles --box 3 --clues 24 --grids 20 --json
check puzzles-one-estimate 0 '"kind":"minimal","method":"subsets","exact":false,"subset_size":8' \
  -- puzzles --box 2 --grids 30 --subset-size 8 --json
a=$("$bin" puzzles --box 2 --grids 64 --subset-size 8 --seed 9 --threads 1 --json 2>&1 | grep -o '"by_clues".*')
b=$("$bin" puzzles --box 2 --grids 64 --subset-size 8 --seed 9 --threads 2 --json 2>&1 | grep -o '"by_clues".*')
pass_if puzzles-threads "$([ -n "$a" ] && [ "$a" = "$b" ]; echo $?)" "one seed gave two estimates for 1 and 2 threads"
check puzzles-no-stop 2 'missing a stop' -- puzzles --box 2
check puzzles-supersets 0 'method supersets \(the minimal puzzles containing sets of 3 cells\)' -- puzzles --box 2 --method supersets --subset-size 3 --grids 20
check puzzles-supersets-json 0 '"method":"supersets","exact":false,"subset_size":24' -- puzzles --box 3 --method supersets --grids 1 --subsets-per-grid 1 --clues 24-25 --json
check puzzles-supersets-proper 2 '\-\-method supersets counts minimal puzzles only' -- puzzles --box 2 --kind proper --method supersets --grids 5
check puzzles-supersets-low 2 'counts puzzles of at least 5 clues, not 4' -- puzzles --box 2 --method supersets --subset-size 5 --clues 4-6 --grids 5
# Saved puzzle runs: a run stopped at 40 grids and resumed to 64 gives what
# one run of 64 grids gives; runs of two seeds merge; saved files of other
# kinds, plans that differ and runs that share grids are refused.
"$bin" puzzles --box 2 --grids 40 --subset-size 8 --seed 9 --checkpoint "$tmp/p9.run" >/dev/null 2>&1
c=$("$bin" puzzles --resume "$tmp/p9.run" --grids 64 --json 2>&1 | grep -o '"by_clues".*')
pass_if puzzles-resume "$([ -n "$c" ] && [ "$a" = "$c" ]; echo $?)" "a resumed run differs from an uninterrupted one"
check puzzles-resume-done 0 'grids 0\.\.63, stopped by grids' -- puzzles --resume "$tmp/p9.run" --grids 50
check puzzles-checkpoint-exists 2 '\-\-checkpoint.*exists' -- puzzles --box 2 --grids 5 --checkpoint "$tmp/p9.run"
"$bin" puzzles --box 2 --grids 30 --subset-size 8 --seed 10 --checkpoint "$tmp/p10.run" >/dev/null 2>&1
check puzzles-merge 0 '"stop_reason":"merged","ranges":\[\{"seed":"9","first_block":0,"end_block":64\},\{"seed":"10","first_block":0,"end_block":30\}\].*"runs":2' \
  -- merge "$tmp/p10.run" "$tmp/p9.run" --json
check puzzles-merge-output 0 "merged puzzle run saved to" -- merge "$tmp/p10.run" "$tmp/p9.run" --output "$tmp/p-merged.run"
check puzzles-resume-merged 2 'holds 2 merged runs and cannot be resumed' -- puzzles --resume "$tmp/p-merged.run" --grids 500
check puzzles-merge-twice 2 'both hold grids 0\.\.63 of seed 9' -- merge "$tmp/p9.run" "$tmp/p-merged.run"
"$bin" puzzles --box 2 --grids 10 --subset-size 7 --seed 11 --checkpoint "$tmp/p11.run" >/dev/null 2>&1
check puzzles-merge-plan 2 'differ in subset size \(8 vs 7\)' -- merge "$tmp/p9.run" "$tmp/p11.run"
check puzzles-resume-seed 2 '\-\-seed 3 does not match puzzle run' -- puzzles --resume "$tmp/p9.run" --grids 80 --seed 3
check puzzles-resume-box 2 '\-\-box 2x3 does not match puzzle run' -- puzzles --resume "$tmp/p9.run" --grids 80 --box 2x3
cp "$data/checkpoints/est_bands_2x3_v2.ckpt" "$tmp/estimate.ckpt"  # a copy: resuming locks it, beside the file
check puzzles-resume-estimate 2 "is an estimate run's checkpoint" -- puzzles --resume "$tmp/estimate.ckpt" --grids 5
check puzzles-merge-estimate 2 "is an estimate run's checkpoint" -- merge "$tmp/p9.run" "$tmp/estimate.ckpt"
check estimate-resume-puzzles 2 "is a puzzle-count run's saved state" -- estimate --resume "$tmp/p9.run" --samples 10
check exact-resume-puzzles 2 "is a puzzle-count run's saved state" -- exact --resume "$tmp/p9.run"
check puzzles-exact-resume 2 '\-\-exact counts every puzzle' -- puzzles --box 2 --exact --resume "$tmp/p9.run"
check puzzles-resume-no-stop 2 'missing a stop' -- puzzles --resume "$tmp/p9.run"
check puzzles-exact 0 '^ total  85632$' -- puzzles --box 2 --exact
check puzzles-exact-proper 0 '^ total  13579680$' -- puzzles --box 2 --kind proper --exact
check puzzles-exact-json 0 '"method":"listing","exact":true,"total_grids":"12","count":"324"' -- puzzles --box 1x3 --exact --json
check puzzles-exact-8x8-proper 2 'estimate it instead' -- puzzles --box 2x4 --kind proper --exact
check puzzles-exact-9x9 2 'estimate it instead \(drop \-\-exact\)' -- puzzles --box 3 --exact
check puzzles-exact-and-grids 2 '\-\-exact counts every puzzle' -- puzzles --box 2 --exact --grids 5
check puzzles-clues-beyond 2 '\-\-subset-size 8 counts puzzles of at most 8 clues' -- puzzles --box 2 --subset-size 8 --clues 4-9 --grids 5
check puzzles-clues-cells 2 'has 16 cells, so no puzzle has 17' -- puzzles --box 2 --kind proper --clues 17 --grids 5
check puzzles-clues-text 2 '\-\-clues must be a clue count' -- puzzles --box 2 --clues 4-x --grids 5
check puzzles-clues-order 2 'low end first' -- puzzles --box 2 --clues 6-4 --grids 5
check puzzles-subset-big 2 '\-\-subset-size must be between 1 and 32' -- puzzles --box 3 --subset-size 40 --grids 5
check puzzles-coin-minimal 2 '\-\-method coin counts proper puzzles only' -- puzzles --box 2 --method coin --grids 5
check puzzles-coin-size 2 '\-\-subset-size is for the subsets method' -- puzzles --box 2 --kind proper --method coin --subset-size 5 --grids 5
check puzzles-beyond-16x16 2 'reach grids of up to 16x16, not layout 5x5' -- puzzles --box 5 --grids 5
check puzzles-weighted-12x12 0 '"grid_estimate":"[0-9.]+e\+46","weight_effective_grids":[0-9.]+,"grid_method":"weighted-rows"' \
  -- puzzles --box 3x4 --grids 4 --subsets-per-grid 2 --subset-size 30 --json
check puzzles-weighted-forced 0 'grids: 50 drawn with importance weights' -- puzzles --box 2 --grids 50 --subset-size 8 --weighted-grids
check puzzles-weighted-exact 2 '\-\-exact counts every puzzle' -- puzzles --box 2 --exact --weighted-grids
check puzzles-kind 2 'kind' -- puzzles --box 2 --kind maximal --grids 5
check puzzles-zero-grids 2 '\-\-grids' -- puzzles --box 2 --grids 0
check sample-clues 0 '^# each line a candidate puzzle: 30 cells' -- sample --box 3 --count 3 --seed 5 --clues 30
"$bin" sample --box 3 --count 40 --seed 5 --clues 30 >"$tmp/cand.txt" 2>&1
"$bin" sample --box 3 --count 40 --seed 5 >"$tmp/cand-grids.txt" 2>&1
clue_count=$(grep -v '^#' "$tmp/cand.txt" | head -1 | tr -d '.\n' | wc -c)
pass_if sample-clues-count "$([ "$clue_count" = 30 ]; echo $?)" "a candidate of --clues 30 kept $clue_count cells"
check sample-clues-json 0 '"candidate":"[1-9.]{81}"' -- sample --box 3 --count 1 --seed 5 --clues 30 --json
check sample-clues-zero 2 '\-\-clues' -- sample --box 3 --count 1 --clues 0
check sample-clues-too-many 2 'between 0 and 81' -- sample --box 3 --count 1 --clues 82
"$bin" solve --box 3 --puzzle-file "$tmp/cand.txt" --threads 1 --json >"$tmp/blind.out" 2>&1
"$bin" solve --box 3 --puzzle-file "$tmp/cand.txt" --solutions-file "$tmp/cand-grids.txt" --threads 2 --json >"$tmp/given.out" 2>&1
blind=$(grep -o '"status":"[a-z]*"' "$tmp/blind.out" | tr '\n' ' ')
given=$(grep -o '"status":"[a-z]*"' "$tmp/given.out" | tr '\n' ' ')
pass_if solve-solutions-agree "$([ -n "$blind" ] && [ "$blind" = "$given" ]; echo $?)" "statuses differ: blind '$blind', given '$given'"
check solve-solutions-summary 0 '^box 3x3 \(9x9 grid\): 40 puzzles, [0-9]+ unique, [0-9]+ multiple, 0 none$' \
  -- solve --box 3 --puzzle-file "$tmp/cand.txt" --solutions-file "$tmp/cand-grids.txt"
printf '%s\n' "$unique" >"$tmp/one.txt"
check solve-solutions-count 2 '40 puzzles but 1 solutions' -- solve --box 3 --puzzle-file "$tmp/cand.txt" --solutions-file "$tmp/one.txt"
printf '%s\n' "$inkala_solution" >"$tmp/wrong.txt"
check solve-solutions-not-extending 2 'puzzle 1: the solution does not extend the puzzle: r1c1' \
  -- solve --box 3 --puzzle-file "$tmp/one.txt" --solutions-file "$tmp/wrong.txt"
check solve-solutions-incomplete 2 'not a completed grid' -- solve --box 3 --puzzle-file "$tmp/one.txt" --solutions-file "$tmp/one.txt"
check solve-solutions-no-file 2 'needs --puzzle-file' -- solve --box 3 --puzzle "$unique" --solutions-file "$tmp/one.txt"
check solve-solutions-explain 2 'do not go together' -- solve --box 3 --puzzle-file "$tmp/one.txt" --solutions-file "$tmp/one.txt" --explain

# ---- bad input everywhere ------------------------------------------------------
# refuse NAME PATTERN -- ARGS: the tool must refuse within 20 s with exit
# status 2 (not a crash, >= 128, nor a hang, 124 from timeout) and exactly one
# line on stderr, "sudoku-count: error: ...", matching PATTERN (which names
# the problem, usually the option), and print nothing on stdout.
refuse() {
  local name=$1 pattern=$2
  shift 3
  timeout 20 "$bin" "$@" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  local lines
  lines=$(wc -l <"$tmp/err")
  if [ "$got" -ne 2 ] || [ "$lines" -ne 1 ] || [ -s "$tmp/out" ] ||
     ! grep -Eq -- "^sudoku-count: error: .*($pattern)" "$tmp/err"; then
    echo "FAIL $name: status $got (want 2), $lines stderr lines (want 1), pattern '$pattern'; args: $*"
    sed 's/^/  out: /' "$tmp/out" | head -3
    sed 's/^/  err: /' "$tmp/err" | head -3
    failures=$((failures + 1))
  else
    passes=$((passes + 1))
  fi
}

# A quick valid run of each command; an option under test replaces its own
# entry here.
# Run in the scratch folder: a value the tool takes as a file name must not
# land in the build tree.
cd "$tmp"
declare -A base=([estimate]="--box 2x2 --samples 16" [exact]="--box 2x2" [tables]="--box 2x2"
                 [solve]="--box 2x2 --puzzle 1..............." [merge]="")
# Numbers where 0 or a fraction is a valid value (all others must refuse them).
zero_ok=" threads seed report-every first-block print checkpoint-every particles "
fraction_ok=" time report-every checkpoint-every "
# Options that name a file to write: any text is a valid name (their own
# checks are in the checkpoint section above).
writes_file=" checkpoint output "
for cmd in estimate exact tables solve merge; do
  # The option list comes from the command's own help: a new option is swept
  # without editing this script. A value name after the option (--box SHAPE)
  # marks an option that takes a value; flags have none.
  options=$("$bin" "$cmd" --help | grep -oE '^  --[a-z-]+( [A-Z]+)?' | sed 's/^  --//; s/ /:/')
  [ -n "$options" ] || { echo "FAIL $cmd: no options in --help"; failures=$((failures + 1)); }
  for entry in $options; do
    opt=${entry%%:*}
    [[ $writes_file == *" $opt "* ]] && continue
    # The rest of a valid command line, without this option.
    read -r -a rest <<<"$(echo " ${base[$cmd]} " | sed -E "s/ --$opt [^ ]+ / /")"
    name_pattern=${opt//-/[- ]}  # puzzle-file is named "puzzle file" in messages
    [ "$opt" = resume ] && name_pattern='resume|checkpoint'  # "cannot read checkpoint 'FILE': ..."
    if [ "$entry" = "$opt" ]; then  # a flag: it takes no value
      refuse "$cmd-$opt-value" "$name_pattern" -- "$cmd" "${rest[@]}" "--$opt=1"
      continue
    fi
    bad=(-1 abc 1e999 99999999999999999999999 "" nan 0x10 " 7")
    [[ $zero_ok == *" $opt "* ]] || bad+=(0)
    [[ $fraction_ok == *" $opt "* ]] || bad+=(1.5)
    for value in "${bad[@]}"; do
      refuse "$cmd-$opt='$value'" "$name_pattern" -- "$cmd" "${rest[@]}" "--$opt" "$value"
    done
    refuse "$cmd-$opt-missing-value" "$name_pattern" -- "$cmd" "${rest[@]}" "--$opt"
    refuse "$cmd-$opt-twice" "$name_pattern" -- "$cmd" "${rest[@]}" "--$opt" x "--$opt" y
  done
  if [ "$cmd" = merge ]; then  # no --box: checkpoint files
    refuse merge-unknown-option 'frobnicate' -- merge --frobnicate
    refuse merge-no-files 'checkpoint files' -- merge
    refuse merge-missing-file 'cannot read checkpoint' -- merge "$tmp/none.ckpt"
    continue
  fi
  for shape in 0 1x0 0x3 9x9 9 65x1 3x x3 -3 3x3x3 " 3" "3 " 3x-3 2.5 "" 99999999999999999999; do
    refuse "$cmd-box='$shape'" 'box' -- "$cmd" --box "$shape"
  done
  refuse "$cmd-unknown-option" 'frobnicate' -- "$cmd" --box 2x2 --frobnicate
  refuse "$cmd-short-unknown" "'-q'" -- "$cmd" --box 2x2 -q
  refuse "$cmd-prefix-of-option" "'--bo'" -- "$cmd" --bo 2x2
  refuse "$cmd-stray-word" 'positional|unexpected|too many' -- "$cmd" --box 2x2 stray
  refuse "$cmd-missing-box" 'missing --box' -- "$cmd"
done
# Boost's message templates hold %placeholders%: arguments holding one once
# made the tool loop forever (found by fuzz/fuzz_options).
refuse placeholder-option "'--%original_token%'" -- estimate --box 2x2 --%original_token%
refuse placeholder-short "'-%prefix%'" -- estimate --box 2x2 -%prefix%
refuse placeholder-value "'%original_token%'" -- estimate --box 2x2 --samples %original_token%
refuse newline-in-option 'unrecognised' -- estimate --box 2x2 "$(printf -- '--a\nb')"
for word in frobnicate EXACT "" --box -x estimat; do
  refuse "unknown-command='$word'" 'command|option' -- "$word" --box 2x2
done
refuse tables-out-of-reach 'band tables' -- tables --box 8x8
refuse estimate-out-of-reach 'method sets .*2x32' -- estimate --box 2x32 --method sets --orientation given
check estimate-orientation-auto 0 '"method":"sets".*"note":"sampled on the transposed 5x2 shape' -- estimate --box 2x5 --method sets --samples 50 --json
check estimate-orientation-given 0 '"method":"sets",' -- estimate --box 2x5 --method sets --orientation given --samples 50 --json
refuse estimate-orientation-bad 'unknown orientation|orientation' -- estimate --box 2x5 --orientation sideways
refuse estimate-orientation-bands 'bands works on the shape as given' -- estimate --box 2x3 --method bands --orientation transposed
check estimate-64x64 0 '"grid_size":64.*"samples":1,' -- estimate --box 8x8 --samples 1 --json --particles 4
check estimate-smc 0 '"method":"smc".*"note":"each sample is one replicate of 4 particles"' -- estimate --box 2x3 --method smc --particles 4 --samples 20 --json
refuse estimate-particles-sets 'particles\}? applies to method smc' -- estimate --box 2x3 --method sets --particles 4
# A checkpoint of an SMC run resumes with its particles, without naming them again.
check smc-checkpoint 0 '"blocks":1,' -- estimate --box 2x3 --method smc --particles 3 --blocks 1 --json --checkpoint "$tmp/smc.ckpt"
check smc-resume 0 '"note":"[^"]*each sample is one replicate of 3 particles".*"blocks":2,' -- estimate --resume "$tmp/smc.ckpt" --blocks 2 --json
refuse estimate-method-shape 'bands' -- estimate --box 5x5 --method bands

# Conflicting options.
refuse forever-samples 'forever' -- estimate --box 2x2 --forever --samples 5
refuse forever-rel-error 'forever' -- estimate --box 2x2 --forever --rel-error 0.1
refuse forever-time 'forever' -- estimate --box 2x2 --forever --time 5
printf '%s\n' "$p8008" >"$tmp/p8008.txt"
refuse puzzle-and-file 'not both' -- exact --box 3 --puzzle "$p8008" --puzzle-file "$tmp/p8008.txt"
refuse fix-first-row-puzzle 'empty grid' -- exact --box 3 --puzzle "$p8008" --fix-first-row
refuse bands-puzzle 'drop the puzzle' -- exact --box 3 --method bands --puzzle "$p8008"
refuse bands-fix-first-row 'fix-first-row' -- exact --box 2x2 --method bands --fix-first-row

# Puzzles: wrong length, symbols beyond N, unknown symbols, clashes; given
# as text and as a file.
long=$(printf '.%.0s' $(seq 82))
for puzzle in "$long" "${p8008}1" "${p8008:1}" 1 "" "1234 3412 2143 4325"; do
  refuse "puzzle-length-${#puzzle}" 'cells|symbol' -- exact --box 3 --puzzle "$puzzle"
done
refuse symbol-beyond-4 'larger than 4' -- exact --box 2x2 --puzzle "5..............."
refuse symbol-beyond-9 'larger than 9' -- exact --box 3 --puzzle "A${p8008:1}"
refuse numeric-beyond-16 'larger than 16' -- exact --box 4 --puzzle "17 $(printf '0 %.0s' $(seq 255))"
refuse numeric-overflow 'larger than 4' -- exact --box 2x2 --puzzle "99999999999999999999999 $(printf '0 %.0s' $(seq 15))"
refuse unknown-symbol 'unknown symbol' -- exact --box 2x2 --puzzle "é.............."  # é is 2 bytes
refuse unknown-byte 'the puzzle is not text: control byte 0x01 at byte offset 0' -- exact --box 2x2 --puzzle "$(printf '\001')..............."
refuse clash 'clash' -- exact --box 3 --puzzle "$clash"
printf '%s' "$long" >"$tmp/long.txt"
: >"$tmp/empty.txt"
head -c 10000000 /dev/zero | tr '\0' '1' >"$tmp/huge.txt"
printf '123\0456' >"$tmp/nul.txt"
refuse file-too-long 'cells' -- exact --box 3 --puzzle-file "$tmp/long.txt"
refuse file-empty '0 cells' -- exact --box 3 --puzzle-file "$tmp/empty.txt"
refuse file-huge '10000000 cells' -- exact --box 3 --puzzle-file "$tmp/huge.txt"
refuse file-nul 'unknown symbol|cells' -- exact --box 3 --puzzle-file "$tmp/nul.txt"
refuse file-missing 'cannot read' -- exact --box 3 --puzzle-file "$tmp/none.txt"
refuse file-in-missing-directory 'cannot read' -- exact --box 3 --puzzle-file "$tmp/none/p.txt"
refuse file-directory 'directory' -- exact --box 3 --puzzle-file "$tmp"
# Puzzles whose completions are far beyond counting one by one, sparse or
# not: refused at once with a rough count, instead of running for ages.
refuse one-given-64x64 'completions|search' -- exact --box 8x8 --puzzle "1$(printf '.%.0s' $(seq 4095))"
rows16=123456789ABCDEFG5678DEFG1234ABC9
refuse three-rows-16x16 'completions|search' -- exact --box 4 --puzzle "${rows16}9ABC1234DEFG5678$(printf '.%.0s' $(seq 208))"

# A confidence level a hair below 1 (its normal quantile is finite).
check confidence-near-one 0 'confidence interval' -- estimate --box 2x2 --samples 100 --confidence 0.9999999999999999
# One sample: an estimate, but no error bar or interval to print.
check one-sample 0 'need at least 2 samples' -- estimate --box 2x2 --samples 1
check one-sample-json 0 '"std_error":null.*"samples":1,' -- estimate --box 2x2 --samples 1 --json

# ---- signals --------------------------------------------------------------------
# SIGINT or SIGTERM, early (during set-up, at 0.2 s) or later (1-3 s in,
# varying from run to run): the run stops within seconds, exits 130 (SIGINT)
# or 143 (SIGTERM) and prints (unless SIGTERM came in a set-up longer than
# its grace of 3 s)
# its final summary; with --json every line is a JSON object and the last is
# the final one. A fixed 30 s kill guards against a hang.
json_ok() {  # json_ok FILE: every line parses; the last has final true and the summary fields
  if command -v python3 >/dev/null; then
    python3 - "$1" <<'PY'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
objects = [json.loads(line) for line in lines]
last = objects[-1]
assert last["final"] is True and last["stop_reason"] == "interrupted", last
for key in ("estimate", "std_error", "samples", "seconds", "seed", "symmetry_group_order"):
    assert key in last, key
assert all(not o["final"] for o in objects[:-1])
PY
  else
    jq -se 'all(.[:-1][]; .final == false) and (.[-1] | .final == true and .stop_reason == "interrupted" and has("estimate") and has("samples"))' "$1" >/dev/null
  fi
}
signal_run() {  # signal_run SIGNAL DELAY MODE(text|json)
  local sig=$1 delay=$2 mode=$3 args=(estimate --box 3 --time 1000) want=130
  [ "$sig" = TERM ] && want=143
  [ "$mode" = json ] && args+=(--json --report-every 0.05)
  timeout -s KILL 30 "$bin" "${args[@]}" >"$tmp/sig.out" 2>"$tmp/sig.err" &
  local pid=$!
  # The delay counts from the moment the tool catches SIGINT (SigCgt in
  # /proc): a signal before that ends any program at once, and a slow start
  # (a sanitizer build on a loaded machine) can outlast a short delay.
  local tool="" mask="" waited=0
  while [ $waited -lt 200 ]; do
    tool=$(pgrep -P $pid | head -1)
    mask=$( [ -n "$tool" ] && awk '/^SigCgt:/ { print $2 }' /proc/$tool/status 2>/dev/null)
    [ -n "$mask" ] && (( 0x$mask & 2 )) && break
    sleep 0.05
    waited=$((waited + 1))
  done
  sleep "$delay"
  pkill -"$sig" -P $pid 2>/dev/null || kill -"$sig" $pid  # the tool is timeout's child
  wait $pid
  local status=$? ok=1
  [ $status -eq $want ] || ok=0
  # SIGTERM is urgent: a set-up that outlasts its grace (a loaded machine)
  # is ended without a summary, and says so.
  if [ "$sig" = TERM ] && grep -q 'stopped by SIGTERM before the run could stop in order' "$tmp/sig.err"; then
    :
  elif [ "$mode" = json ]; then
    json_ok "$tmp/sig.out" || ok=0
  else
    grep -q 'stopped: interrupted' "$tmp/sig.out" || ok=0
    grep -Eq '^estimate: ' "$tmp/sig.out" || ok=0
  fi
  if [ $ok -eq 1 ]; then
    passes=$((passes + 1))
  else
    echo "FAIL signal $sig after $delay s ($mode): status $status"
    tail -3 "$tmp/sig.out" | sed 's/^/  out: /'
    tail -3 "$tmp/sig.err" | sed 's/^/  err: /'
    failures=$((failures + 1))
  fi
}
for sig in INT TERM; do
  for mode in text json; do
    signal_run $sig 0.2 $mode
    signal_run $sig "$((1 + RANDOM % 3)).$((RANDOM % 10))" $mode
  done
done
# Ctrl-C on a --forever run: the run cuts its samples in flight, prints the
# summary, exits 130.
"$bin" estimate --box 2x3 --forever >"$tmp/int.out" 2>&1 &
pid=$!
sleep 2
kill -INT $pid
wait $pid
status=$?
if [ $status -eq 130 ] && grep -q 'stopped: interrupted' "$tmp/int.out"; then
  passes=$((passes + 1))
else
  echo "FAIL sigint: status $status"; cat "$tmp/int.out"; failures=$((failures + 1))
fi

# ---- checkpoints, resume, merge ----------------------------------------------------
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
check merge-shape 2 'differ in layout' -- merge "$ck" "$tmp/other-shape.ckpt"
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
if [ $status -eq 130 ] && grep -q 'stopped: interrupted' "$tmp/int2.out" && [ -n "$blocks" ] && [ "$blocks" -gt 0 ]; then
  passes=$((passes + 1))
  check sigint-resume 0 "\"blocks\":$((blocks + 5)),.*\"checkpoint_saved\":true" -- estimate --resume "$tmp/int.ckpt" --blocks $((blocks + 5)) --json
else
  echo "FAIL sigint-checkpoint: status $status, blocks '$blocks'"; cat "$tmp/int2.out"; failures=$((failures + 1))
fi

# ---- essentially different grids ---------------------------------------------------
check ed-2x2 0 '^count: 2$' -- exact --box 2x2 --essentially-different
check ed-2x2-no-transposition 0 '"count":"3","count_scientific":"3\.0+e\+00","symmetry":"burnside","transposition":false' \
  -- exact --box 2x2 --essentially-different --no-transposition --json
check ed-2x3-json 0 '"count":"49".*"group_order":"[0-9]+","geometric_group_order":"[0-9]+","total_grids":"28200960","total_method":"[a-z]+","conjugacy_classes":[0-9]+,"classes_with_fixed_grids":[0-9]+,"seconds":.*"threads":' \
  -- exact --box 2x3 --essentially-different --json
check ed-out-of-reach 2 'beyond that reach.*estimate of all grids of box 4x4.*lower bound' -- exact --box 4 --essentially-different
check ed-puzzle 2 'essentially-different counts the classes of all grids' -- exact --box 3 --essentially-different --puzzle "$p8008"
check ed-method 2 'drop .*--method' -- exact --box 3 --essentially-different --method dlx
check no-transposition-alone 2 'add --essentially-different' -- exact --box 3 --no-transposition
check estimate-lower-bound 0 'estimate / order = .*lower bound of the essentially different grids' -- estimate --box 2x3 --samples 2000
check estimate-lower-bound-json 0 '"estimate_per_symmetry_bound":"essentially different grids .*>= number of grids / ' \
  -- estimate --box 2x3 --samples 2000 --json

# ---- sample --------------------------------------------------------------------------
check sample-help 0 'solve --puzzle-file reads' -- sample --help
check sample-text 0 '^# exactly uniform \(method dlx' -- sample --box 2x2 --count 3 --seed 9
check sample-approximate 0 '^# approximately uniform \(method resampling\): effective sample size' -- sample --box 3x4 --count 2
check sample-json 0 '"command":"sample".*"record":"header".*"grid_count":4,"seed":"9","method":"bands","exactly_uniform":true.*"threads":.*"seconds":' \
  -- sample --box 3 --count 4 --seed 9 --json
check sample-json-lines 0 '^\{"command":"sample","version":"[^"]+","record":"grid","index":3,"grid":"[1-9]{81}"\}$' \
  -- sample --box 3 --count 4 --seed 9 --json
check sample-json-ess 0 '"exactly_uniform":false.*"effective_sample_size":[0-9.]+' -- sample --box 3x4 --count 2 --json
check sample-count-zero 2 '\-\-count' -- sample --box 3 --count 0
check sample-count-negative 2 '\-\-count' -- sample --box 3 --count -4
check sample-count-huge 2 '\-\-count' -- sample --box 3 --count 100000000
check sample-count-cells 2 'more than 10\^8 cells' -- sample --box 8 --count 1000000
check sample-count-missing 2 'missing --count' -- sample --box 3
check sample-box-missing 2 'missing --box' -- sample --count 3
check sample-seed-bad 2 '\-\-seed' -- sample --box 3 --count 3 --seed x
# The grids, comments and all, feed solve --puzzle-file unchanged; the same
# seed gives the same grids for any thread count.
"$bin" sample --box 3 --count 200 --seed 11 --threads 1 >"$tmp/grids1.txt" 2>&1
"$bin" sample --box 3 --count 200 --seed 11 --threads 2 >"$tmp/grids2.txt" 2>&1
check sample-into-solve 0 '200 puzzles, 200 unique, 0 multiple, 0 none' -- solve --box 3 --puzzle-file "$tmp/grids1.txt"
[ "$(grep -vc '^#' "$tmp/grids1.txt")" -eq 200 ] && cmp -s <(grep -v '^#' "$tmp/grids1.txt") <(grep -v '^#' "$tmp/grids2.txt")
pass_if sample-threads-same-grids $? "200 grids of seed 11 differ between 1 and 2 threads"
"$bin" sample --box 2x4 --count 50 --seed 3 >"$tmp/grids8.txt" 2>&1
check sample-two-bands-into-solve 0 '50 puzzles, 50 unique' -- solve --box 2x4 --puzzle-file "$tmp/grids8.txt"

# ---- exact jobs (two-band shapes): stop, checkpoint, resume -------------------------
count8=$(sed -n 's/^2x4://p' "$data/grid_counts.txt")  # the known count, written once
check job-2x4 0 "^count: $count8$" -- exact --box 2x4
check job-2x4-detail 0 'sum over 26 classes .* in [0-9]+ chunks' -- exact --box 2x4
jk=$tmp/job.ckpt
check job-stop 0 'exact job stopped: 50 of [0-9]+ chunks counted, 0 of \? classes' -- exact --box 2x4 --max-units 50 --checkpoint "$jk"
check job-exists 2 'already exists.*--resume' -- exact --box 2x4 --checkpoint "$jk"
check job-resume-part 0 "resume with: sudoku-count exact --resume $jk" -- exact --resume "$jk" --max-units 200
check job-resume-json 0 '"finished":false,"chunks":[0-9]+,"census_complete":true,"units_done":260,"classes_done":23,"classes":26' -- exact --resume "$jk" --max-units 10 --json
check job-resume-end 0 "^count: $count8$" -- exact --resume "$jk"
check job-resume-from 0 '26 classes .*\(26 classes from the checkpoint\)' -- exact --resume "$jk" --checkpoint "$tmp/job-again.ckpt"
check job-resume-box 2 "does not match job checkpoint" -- exact --resume "$jk" --box 2x5
check job-resume-missing 2 "cannot read job checkpoint '$tmp/none.ckpt'" -- exact --resume "$tmp/none.ckpt"
sed 's/^sum \([0-9]*\)/sum 1\1/' "$jk" >"$tmp/job-corrupt.ckpt"
check job-resume-corrupt 2 'corrupt: its checksum does not match' -- exact --resume "$tmp/job-corrupt.ckpt"
head -c 100 "$jk" >"$tmp/job-short.ckpt"
check job-resume-truncated 2 'truncated' -- exact --resume "$tmp/job-short.ckpt"
check job-resume-estimate 2 'not a sudoku-count job checkpoint' -- exact --resume "$ck"
check estimate-resume-job 2 'not a sudoku-count checkpoint' -- estimate --resume "$jk"
# A checkpoint of another shape: its box line says 4x2 (checksum recomputed), this run asks for 2x4.
"$bin" exact --box 4x2 --max-units 3 --checkpoint "$tmp/job42.ckpt" >/dev/null 2>&1
check job-other-shape 2 'does not match job checkpoint .*box 4x2' -- exact --resume "$tmp/job42.ckpt" --box 2x4
check job-option-elsewhere 2 '\-\-max-units applies to the exact jobs \(two-band shapes' -- exact --box 3 --max-units 5
check job-option-dlx 2 '\-\-checkpoint applies to the exact job' -- exact --box 2x2 --method dlx --checkpoint "$tmp/dlx.ckpt"
check job-every-alone 2 'needs a checkpoint' -- exact --box 2x4 --checkpoint-every 5
check job-unwritable 3 "cannot write job checkpoint '$tmp/no/such/j.ckpt'.*final state was not saved" -- exact --box 2x4 --checkpoint "$tmp/no/such/j.ckpt"
check job-unwritable-count 3 "^count: $count8$" -- exact --box 2x4 --checkpoint "$tmp/no/such/j.ckpt"
check job-max-units-zero 2 '\-\-max-units' -- exact --box 2x4 --max-units 0
# The job's routes: each says how it computed f; a resumed job keeps its own
# and refuses another; --route and --calibrate only where they apply.
check route-layers 0 'f\^2 each, f by the reverse row layers' -- exact --box 2x3
check route-half-split 0 'f by the half split of each class' -- exact --box 3x2 --route two-bands
check route-unknown 2 "\-\-route 'diagonal'" -- exact --box 2x3 --route diagonal
check route-not-a-job 2 '\-\-route applies to the exact job' -- exact --box 3 --route layers
check route-stop 0 'exact job stopped' -- exact --box 2x4 --route two-bands --max-units 3 --checkpoint "$tmp/route.ckpt"
check route-resume-other 2 'runs by route two-bands.*drop \-\-route' -- exact --resume "$tmp/route.ckpt" --route layers
check route-resume-same 0 'f by the half split of each class' -- exact --resume "$tmp/route.ckpt" --route two-bands
# Variant layouts by slices (docs/method.md, section 14): counts, jobs, and the layouts it refuses.
check slices-4x4p 0 '^count: 168$' -- exact --box 2x2 --variant p --method slices
check slices-6x6-windows 0 'method slices' -- exact --box 3x2 --variant windows --method slices
check slices-6x6-windows-count 0 '^count: 668160$' -- exact --box 3x2 --variant windows --method slices
check slices-auto-small 0 'method dlx' -- exact --box 2x3 --variant p
check slices-classic 2 'method slices counts variant layouts.*bands' -- exact --box 3 --method slices
check slices-x-alone 2 'does not count layout 3x3\+x: .*slice of its own' -- exact --box 3 --variant x --method slices
check slices-p-windows 2 'not this layout: its extra houses join 9 columns' -- exact --box 3 --variant p,windows
check slices-four-bands 2 'has 4 bands' -- exact --box 2x4 --variant p --method slices
check slices-puzzle 2 'drop the puzzle' -- exact --box 2x2 --variant p --method slices --puzzle 1...............
check slices-route-classic 2 'route slices counts variant layouts' -- exact --box 3x2 --route slices
check slices-stop 0 'exact job stopped' -- exact --box 2x3 --variant p --method slices --max-units 5 --checkpoint "$tmp/slices.ckpt"
grep -qx 'variants p' "$tmp/slices.ckpt"
pass_if slices-saved-variants $? "the job checkpoint keeps its variants"
check slices-resume-other 2 'does not match|differ' -- exact --resume "$tmp/slices.ckpt" --variant x,p
check slices-resume-route 2 'route' -- exact --resume "$tmp/slices.ckpt" --route layers
check slices-resume 0 '^count: 2799360$' -- exact --resume "$tmp/slices.ckpt"
check calibrate-2x3 0 '^projected: .* s of CPU' -- exact --box 2x3 --calibrate --threads 1
check calibrate-not-two-bands 2 '\-\-calibrate times the layers route of a two-band count' -- exact --box 3 --calibrate
check calibrate-variant 2 '\-\-calibrate projects the two-band count of the classic rules' -- exact --box 2x3 --variant x --calibrate
check calibrate-with-route 2 'calibrate' -- exact --box 2x3 --calibrate --route layers
# 2x6 is accepted, tells its cost first, and stops when told.
check job-2x6-cost 0 'box 2x6 is a long job: .* CPU-years' -- exact --box 2x6 --time 0.001
check job-2x6-stop 0 'exact job stopped' -- exact --box 6x2 --max-units 20 --checkpoint "$tmp/job26.ckpt"
check job-2x6-resume 0 'chunks counted' -- exact --resume "$tmp/job26.ckpt" --max-units 20
# Ctrl-C: the units under way finish, the state is saved, the job resumes from it.
"$bin" exact --box 2x5 --threads 1 --checkpoint "$tmp/int-job.ckpt" >"$tmp/int-job.out" 2>&1 &
pid=$!
sleep 3
kill -INT $pid
wait $pid
status=$?
if [ $status -eq 130 ] && grep -q 'exact job stopped' "$tmp/int-job.out" && [ -s "$tmp/int-job.ckpt" ]; then
  passes=$((passes + 1))
  check sigint-job-resume 0 'exact job stopped' -- exact --resume "$tmp/int-job.ckpt" --max-units 1
else
  echo "FAIL sigint-job: status $status"; cat "$tmp/int-job.out"; failures=$((failures + 1))
fi


# Layouts: variants and jigsaws on every command, and every refusal.
jig="$data/jigsaw/4x4-bent.txt"
check layout-exact-x 0 '^count: 48$' -- exact --box 2x2 --variant x
check layout-exact-heading 0 '^layout 2x3\+x\+p \(6x6 grid, 2x3 boxes, both main diagonals, disjoint groups\), method dlx$' -- exact --box 2x3 --variant p,x
check layout-exact-json 0 '"layout":"2x2\+p".*"count":"168"' -- exact --box 2x2 --variant disjoint --json
check layout-exact-latin-x 0 '^count: 960$' -- exact --box 1x5 --variant x
check layout-exact-fixed 0 'first row fixed to 1..4: 2 grids' -- exact --box 2x2 --variant x --fix-first-row
check layout-exact-jigsaw 0 '^count: 144$' -- exact --regions "$jig"
check setsx-exact-4x4 0 '^count: 48$' -- exact --box 2x2 --variant x --method sets-x
check setsx-exact-6x6 0 '^count: 8640$' -- exact --box 3x2 --variant x --method sets-x
check setsx-exact-auto 0 'exact job for layout 3x3\+x' -- exact --box 3 --variant x --max-units 3 --checkpoint "$tmp/setsx.ckpt"
grep -q '^route sets-x$' "$tmp/setsx.ckpt" && grep -q '^variants x$' "$tmp/setsx.ckpt"
pass_if setsx-saved-route $? "the job checkpoint keeps its route and variants"
check setsx-resume-other 2 'does not match|differ' -- exact --resume "$tmp/setsx.ckpt" --variant p
check setsx-resume-route 2 'route' -- exact --resume "$tmp/setsx.ckpt" --route slices
check setsx-refuse-p 2 'method sets-x does not count layout 3x3\+p: it counts the diagonals \(x\) alone' -- exact --box 3 --variant p --method sets-x
check setsx-refuse-bands 2 'three bands' -- exact --box 2x4 --variant x --method sets-x
check setsx-refuse-puzzle 2 'drop the puzzle' -- exact --box 2x2 --variant x --method sets-x --puzzle 1...............
check dlx-variant-served 2 'method dlx does not reach all grids of layout 3x3\+p .*method slices counts them' -- exact --box 3 --variant p --method dlx
check exact-x-16 2 'no exact method counts all grids of layout 4x4\+x.*not this layout: its table of column sets' -- exact --box 4 --variant x
check slices-jigsaw 2 'method slices does not count layout jigsaw4-.*no boxes of several rows and columns' -- exact --regions "$jig" --method slices
check layout-exact-jigsaw-json 0 '"layout":"jigsaw4-[0-9a-f]{8}"' -- exact --regions "$jig" --json
check layout-exact-jigsaw-box 0 '^count: 144$' -- exact --regions "$jig" --box 2x2
# Unique only under the diagonals: as a classic 4x4 puzzle it has more than one solution.
check layout-solve-x 0 '^unique' -- solve --box 2x2 --variant x --puzzle '.3..1....1..34..'
check layout-solve-classic 0 '^multiple' -- solve --box 2x2 --puzzle '.3..1....1..34..'
check layout-solve-explain 0 'singles alone solved it' -- solve --box 2x2 --variant x --puzzle '.3..1....1..34..' --explain
check layout-solve-jigsaw 0 '^layout jigsaw4-' -- solve --regions "$jig" --puzzle '1...............'
check layout-sample 0 '^# exactly uniform' -- sample --box 2x3 --variant x --count 3
check layout-sample-jigsaw 0 '^# sudoku-count sample: layout jigsaw4-' -- sample --regions "$jig" --count 2
# Refusals: exit 2 with a message that says what to fix.
check layout-unknown-variant 2 "unknown variant 'diagonal-ish': choose from x" -- exact --box 3 --variant diagonal-ish
check layout-windows-latin 2 'variant windows needs boxes' -- exact --box 1x9 --variant windows
check layout-p-latin 2 'variant p needs boxes' -- estimate --box 9x1 --variant p --samples 2
check layout-p-jigsaw 2 'variant p needs boxes' -- exact --regions "$jig" --variant p
check layout-bands 2 'method bands counts the classic rules' -- exact --box 2x2 --variant x --method bands
check layout-exact-9x9 2 "no exact method counts all grids of layout 3x3\+x\+p\+windows in reasonable time.*an estimate of the same layout" -- exact --box 3 --variant x,p,windows
check layout-essentially-different 2 'essentially different grids are counted for the classic rules' -- exact --box 2x2 --variant x --essentially-different
check layout-no-grids 2 'has no completed grid' -- sample --box 2x3 --variant x,p --count 1
check layout-regions-missing 2 "cannot read regions file '$tmp/none.txt'" -- exact --regions "$tmp/none.txt"
check layout-regions-dir 2 "regions file .* is a directory" -- exact --regions "$tmp"
check layout-regions-size 2 "region 'C' has 5 cells; every region of a 4x4 jigsaw needs exactly 4" -- exact --regions "$data/jigsaw/bad-size.txt"
printf 'AAB\nABB\n' >"$tmp/short.txt"
check layout-regions-short 2 'line 1: 3 labels, but the file has 2 rows' -- exact --regions "$tmp/short.txt"
printf 'AB\nCD\n' >"$tmp/labels.txt"
check layout-regions-labels 2 'label .C. is region 3, but a 2x2 jigsaw has exactly 2 regions' -- solve --regions "$tmp/labels.txt" --puzzle '....'
check layout-regions-box 2 '\-\-box 3 gives a 9x9 grid but regions file .* has 4 rows' -- exact --regions "$jig" --box 3
check layout-puzzle-clash 2 'givens clash: symbol 1 .* in the same diagonal' -- solve --box 2x2 --variant x --puzzle '1..............1'
check layout-puzzle-region-clash 2 'givens clash: symbol 2 .* in the same .*region' -- solve --regions "$jig" --puzzle '2.......2.......'

# Input files that are not text, are empty, or hold another kind of file:
# one line on stderr, exit 2. Before the text check, the NUL labels made a
# 2x2 jigsaw and the NUL or Latin-1 byte in a comment line was skipped.
printf '\211PNG\r\n\032\n\0\0\0\rIHDR' >"$tmp/image.png"
printf 'a\0\n\0a\n' >"$tmp/nul-labels.txt"
printf 'AABB\nAC\311DB\nACDB\nCCDD\n' >"$tmp/latin1-labels.txt"
: >"$tmp/empty.txt"
printf '# r\0\n%s\n' "$unique" >"$tmp/nul-comment.txt"
printf '# grille n\260 1\n%s\n' "$unique" >"$tmp/latin1-comment.txt"
est_ckpt="$data/checkpoints/est_bands_2x3_v2.ckpt"
job_ckpt="$data/checkpoints/job_2x3_v1.ckpt"
refuse regions-binary "regions file '$tmp/image.png': the file is not text: byte 0x89, which does not start a UTF-8 character at byte offset 0 \(line 1\)" -- exact --regions "$tmp/image.png"
refuse regions-nul "not text: a NUL byte \(0x00\) at byte offset 1 \(line 1\); it should hold N lines of N region labels" -- exact --regions "$tmp/nul-labels.txt"
refuse regions-latin1 'not text: byte 0xC9, which starts an invalid UTF-8 sequence at byte offset 7 \(line 2\)' -- solve --regions "$tmp/latin1-labels.txt" --puzzle '....'
refuse regions-empty "regions file '$tmp/empty.txt': the file has no rows of labels" -- exact --regions "$tmp/empty.txt"
refuse regions-checkpoint "is a file saved by sudoku-count \(its first line is 'sudoku-count checkpoint'\), not N lines of N region labels" -- estimate --regions "$est_ckpt" --samples 2
refuse regions-job "its first line is 'sudoku-count exact job'" -- sample --regions "$job_ckpt" --count 1
printf '%s\n%s\n' "$unique" "$p8008" >"$tmp/two-puzzles.txt"
refuse regions-puzzles 'line 1: 81 labels, but the file has 2 rows' -- exact --regions "$tmp/two-puzzles.txt"
refuse regions-one-puzzle 'line 1: the file has one row of labels' -- exact --regions "$tmp/p.txt"
refuse puzzles-binary "puzzle file '$tmp/image.png': the file is not text: byte 0x89" -- solve --box 3 --puzzle-file "$tmp/image.png"
refuse puzzles-binary-stdin "puzzle file '-': the file is not text: byte 0x89" -- solve --box 3 --puzzle-file - <"$tmp/image.png"
refuse puzzles-nul-comment 'not text: a NUL byte \(0x00\) at byte offset 3 \(line 1\); it should hold puzzles, one a line' -- solve --box 3 --puzzle-file "$tmp/nul-comment.txt"
refuse puzzles-latin1-comment 'not text: byte 0xB0, which does not start a UTF-8 character at byte offset 10 \(line 1\)' -- solve --box 3 --puzzle-file - <"$tmp/latin1-comment.txt"
refuse puzzles-empty 'no puzzle found' -- solve --box 3 --puzzle-file "$tmp/empty.txt"
refuse puzzles-empty-stdin 'no puzzle found' -- solve --box 3 --puzzle-file - <"$tmp/empty.txt"
refuse puzzles-checkpoint "is a file saved by sudoku-count \(its first line is 'sudoku-count checkpoint'\), not puzzles, one a line" -- solve --box 2x3 --puzzle-file "$est_ckpt"
refuse puzzles-regions 'line 2: the puzzle has 4 cells but a 4x4 grid' -- solve --box 2x2 --puzzle-file "$jig"
refuse puzzle-binary 'the puzzle is not text: byte 0x89' -- exact --box 3 --puzzle-file "$tmp/image.png"
refuse puzzle-binary-stdin 'the puzzle is not text: byte 0x89' -- exact --box 3 --puzzle-file - <"$tmp/image.png"
refuse puzzle-empty 'the puzzle has 0 cells but a 9x9 grid' -- exact --box 3 --puzzle-file "$tmp/empty.txt"
refuse puzzle-checkpoint "the puzzle is a file saved by sudoku-count \(its first line is 'sudoku-count exact job'\)" -- exact --box 2x3 --puzzle-file "$job_ckpt"
refuse puzzle-regions 'the puzzle has 103 cells but a 4x4 grid' -- exact --box 2x2 --puzzle-file "$data/jigsaw/6x6-disconnected.txt"
refuse puzzle-text-control 'the puzzle is not text: control byte 0x1B at byte offset 80' -- solve --box 3 --puzzle "${unique:0:80}$(printf '\033')"


# Estimates of layouts: auto takes rows (sets-x for the diagonals alone) and says why; checkpoints keep the layout.
check layout-estimate 0 'method rows.*' -- estimate --box 2x2 --variant p --samples 20
check layout-estimate-why 0 'has houses beyond the boxes, which the box methods do not handle' -- estimate --box 2x2 --variant p --samples 20
check layout-estimate-json 0 '"layout":"2x3\+p".*"method":"rows"' -- estimate --box 2x3 --variant p --samples 8 --json
check setsx-auto 0 'layout 3x3\+x .*method sets-x' -- estimate --box 3 --variant x --samples 2000
check setsx-note 0 'both diagonals counted exactly by the bands. diagonal histograms' -- estimate --box 2x3 --variant x --samples 200
check setsx-rows 0 'method rows' -- estimate --box 3 --variant x --method rows --samples 4
check setsx-refuse-shape 2 'method sets-x does not serve layout 4x4\+x: its table of column sets would hold more than 2\^22 entries; ask for --method rows' -- estimate --box 4 --variant x --method sets-x --samples 2
check setsx-refuse-layout 2 'method sets-x does not serve layout 3x3\+x\+p: it counts the diagonals \(x\) alone' -- estimate --box 3 --variant x,p --method sets-x --samples 2
check setsx-refuse-particles 2 'particles applies to method smc, rows-x or rows, not sets-x' -- estimate --box 3 --variant x --method sets-x --particles 8 --samples 2
check layout-estimate-jigsaw 0 '^layout jigsaw5-' -- estimate --regions "$data/jigsaw/5x5-pentominoes.txt" --samples 8
check layout-estimate-latin 0 'box 1x6 \(6x6 grid\), method rows' -- estimate --box 1x6 --samples 8
check layout-estimate-sets 2 'method sets handles the classic rules of a box shape only, not layout 3x3\+x' -- estimate --box 3 --variant x --method sets --samples 2
"$bin" estimate --box 2x2 --variant x --samples 16 --checkpoint "$tmp/x.ckpt" >/dev/null 2>&1
"$bin" estimate --box 2x2 --variant x --samples 16 --seed 2 --checkpoint "$tmp/x2.ckpt" >/dev/null 2>&1
"$bin" estimate --box 2x2 --variant p --samples 16 --method rows --checkpoint "$tmp/p.ckpt" >/dev/null 2>&1
"$bin" estimate --regions "$jig" --samples 16 --checkpoint "$tmp/jig.ckpt" >/dev/null 2>&1
check layout-resume 0 'layout 2x2\+x' -- estimate --resume "$tmp/x.ckpt" --samples 32
check layout-resume-jigsaw 0 '^layout jigsaw4-' -- estimate --resume "$tmp/jig.ckpt" --samples 32
check layout-resume-mismatch 2 "layout 2x2\+p \(from --box, --variant, --regions\) does not match checkpoint '.*x.ckpt' \(layout 2x2\+x\)" -- estimate --resume "$tmp/x.ckpt" --variant p --samples 40
check layout-resume-box-mismatch 2 'layout 2x2 \(from --box.*does not match checkpoint .*\(layout 2x2\+x\)' -- estimate --resume "$tmp/x.ckpt" --box 2x2 --samples 40
check layout-merge 0 'layout 2x2\+x' -- merge "$tmp/x.ckpt" "$tmp/x2.ckpt"
check layout-merge-mismatch 2 'differ in layout \(2x2\+x vs 2x2\+p\)' -- merge "$tmp/x.ckpt" "$tmp/p.ckpt"
"$bin" estimate --box 2x2 --samples 16 --method rows --checkpoint "$tmp/classic.ckpt" >/dev/null 2>&1
check layout-merge-classic 2 'differ in layout \(2x2\+x vs 2x2\)' -- merge "$tmp/x.ckpt" "$tmp/classic.ckpt"

# Estimates of a puzzle's completions: auto takes rows and says why; the puzzle is kept in checkpoints.
check estimate-puzzle 0 'completions of the puzzle .*\(18 givens\)' -- estimate --box 3 --puzzle "$p8008" --samples 64
check estimate-puzzle-exact-note 0 'dancing links counts this puzzle.s completions exactly .* with sudoku-count exact --puzzle' -- estimate --box 3 --puzzle "$p8008" --samples 8
check estimate-puzzle-why 0 'for a puzzle auto takes rows' -- estimate --box 3 --puzzle "$p8008" --samples 64
check estimate-puzzle-json 0 '"puzzle":true,"givens":18' -- estimate --box 3 --puzzle "$p8008" --samples 64 --json
check estimate-puzzle-whole 0 '^estimate: 1\.0+e\+00' -- estimate --box 2x2 --puzzle 1234341221434321 --samples 16
printf '%s\n' "$p8008" > "$tmp/p8008.txt"
check estimate-puzzle-file 0 'completions of the puzzle' -- estimate --box 3 --puzzle-file "$tmp/p8008.txt" --samples 32
check estimate-puzzle-both 2 'either --puzzle or --puzzle-file' -- estimate --box 3 --puzzle "$p8008" --puzzle-file "$tmp/p8008.txt" --samples 8
check estimate-puzzle-clash 2 'givens clash' -- estimate --box 2x2 --puzzle 11.............. --samples 8
check estimate-puzzle-size 2 'cells' -- estimate --box 3 --puzzle 123 --samples 8
check estimate-puzzle-symbol 2 'symbol|larger' -- estimate --box 2x2 --puzzle 5............... --samples 8
check estimate-puzzle-bands 2 'method bands counts the grids of an empty layout only.*--method sets, smc or rows' -- estimate --box 3 --puzzle "$p8008" --method bands --samples 8
check estimate-puzzle-setsx 2 'method sets-x counts the grids of an empty layout only' -- estimate --box 3 --variant x --puzzle "1.......2$(printf '.%.0s' $(seq 72))" --method sets-x --samples 8
check estimate-puzzle-sets 0 'sampled on the transposed 3x2 shape.*givens kept in every step' -- estimate --box 2x3 --puzzle 45.3...............3................ --method sets --samples 64
check estimate-puzzle-smc 0 'givens kept in every step; each sample is one replicate' -- estimate --box 2x3 --puzzle 45.3...............3................ --method smc --samples 8
check estimate-puzzle-sets-clash 2 'givens clash' -- estimate --box 2x2 --puzzle 11.............. --method sets --samples 8
check estimate-puzzle-smc-clash 2 'givens clash' -- estimate --box 2x2 --puzzle 1.1............. --method smc --samples 8
check estimate-puzzle-missing-file 2 'puzzle' -- estimate --box 3 --puzzle-file "$tmp/no-such-puzzle.txt" --samples 8
"$bin" estimate --box 3 --puzzle "$p8008" --samples 64 --checkpoint "$tmp/puzzle.ckpt" >/dev/null 2>&1
"$bin" estimate --box 3 --puzzle "$p8008" --samples 64 --seed 2 --checkpoint "$tmp/puzzle2.ckpt" >/dev/null 2>&1
"$bin" estimate --box 3 --samples 64 --method rows --checkpoint "$tmp/empty9.ckpt" >/dev/null 2>&1
check estimate-puzzle-resume 0 'completions of the puzzle 9\.\.\.' -- estimate --resume "$tmp/puzzle.ckpt" --samples 128
check estimate-puzzle-resume-other 2 'the puzzle given does not match checkpoint' -- estimate --resume "$tmp/puzzle.ckpt" --puzzle "1$(printf '.%.0s' $(seq 80))" --samples 256
check estimate-puzzle-resume-same 0 'completions of the puzzle' -- estimate --resume "$tmp/puzzle.ckpt" --puzzle "$p8008" --samples 256
check estimate-puzzle-merge 0 'completions of the puzzle counted' -- merge "$tmp/puzzle.ckpt" "$tmp/puzzle2.ckpt"
check estimate-puzzle-merge-empty 2 'differ in what they count' -- merge "$tmp/puzzle.ckpt" "$tmp/empty9.ckpt"
check exact-sparse-advice 2 "estimate --puzzle" -- exact --box 3 --puzzle "$(printf '.%.0s' $(seq 80))1"

# Both diagonals as givens (rows-x): auto takes it from 10x10 on and says why; it refuses layouts without
# diagonals and puzzles; its checkpoints resume.
check rowsx-auto 0 'method rows-x.*' -- estimate --box 2x5 --variant x --samples 4
check rowsx-note 0 'anti-diagonal drawn from its' -- estimate --box 2x5 --variant x --samples 4
check rowsx-small 0 '^estimate: ' -- estimate --box 2x3 --variant x --method rows-x --samples 64
check rowsx-no-diagonals 2 'method rows-x does not serve layout 3x3: the layout has no diagonals' -- estimate --box 3 --method rows-x --samples 8
check rowsx-puzzle 2 'method rows-x counts the grids of an empty layout only' -- estimate --box 3 --variant x --puzzle "1.......2$(printf '.%.0s' $(seq 72))" --method rows-x --samples 8
"$bin" estimate --box 2x5 --variant x --samples 4 --checkpoint "$tmp/rowsx.ckpt" >/dev/null 2>&1
check rowsx-resume 0 'method rows-x' -- estimate --resume "$tmp/rowsx.ckpt" --samples 8

echo "cli: $passes passed, $failures failed"
[ $failures -eq 0 ]
