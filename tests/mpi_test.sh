#!/usr/bin/env bash
# MPI tests: one seed gives the same estimate (bit for bit) for any number
# of ranks and threads, with or without stops and resumptions, and as the
# plain build; input errors end every rank with one message.
# Usage: mpi_test.sh PATH/TO/sudoku-count MPI_BUILD(ON|OFF) MPIEXEC [PLAIN_SUDOKU_COUNT]
# Exit 77 (skipped) when the build has no MPI or no launcher is found.
set -u
bin=$1
enabled=$2
mpiexec=${3:-}
plain=${4:-}
case "$enabled" in
  ON | on | 1 | TRUE | true) ;;
  *)
    echo "SKIP: this build has no MPI; configure with -DSUDOKU_COUNT_MPI=ON (Debian packages libopenmpi-dev openmpi-bin)"
    exit 77
    ;;
esac
if [ -z "$mpiexec" ] || ! command -v "$mpiexec" >/dev/null; then
  echo "SKIP: no MPI launcher found (install the Debian package openmpi-bin)"
  exit 77
fi
launch_options=()
if "$mpiexec" --version 2>&1 | grep -qiE 'open ?mpi|openrte'; then
  launch_options+=(--oversubscribe)  # more ranks than cores is fine for a test
  if [ "$(id -u)" -eq 0 ]; then export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1; fi
fi
failures=0
passes=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

launch() {  # launch NP ARGS...
  local np=$1
  shift
  timeout 300 "$mpiexec" "${launch_options[@]}" -np "$np" "$bin" "$@"
}
# The exact state of a run: its checkpoint without timing and checksum
# (tail diagnostics included), and of a puzzle run: its plan and tallies.
state_of() { grep -E '^(box|method|range|samples|zeros|shift|mean|m2|max|log_mean|log_m2|groups|largest) ' "$1"; }
puzzle_state() { grep -E '^(layout|kind|method|subset_size|subsets_per_grid|clues|range|tests|slot) ' "$1"; }
same_as() {  # same_as STATE_FUNCTION LINES NAME FILE REFERENCE_FILE: at least LINES lines of state, equal
  if [ -s "$4" ] && [ "$("$1" "$4" | wc -l)" -ge "$2" ] && [ "$("$1" "$4")" = "$("$1" "$5")" ]; then
    passes=$((passes + 1))
  else
    echo "FAIL $3: state differs from the reference"
    diff <("$1" "$5") <("$1" "$4") | sed 's/^/  /'
    failures=$((failures + 1))
  fi
}
same_state() { same_as state_of 13 "$@"; }    # same_state NAME CHECKPOINT REFERENCE_CHECKPOINT
same_puzzles() { same_as puzzle_state 8 "$@"; }  # same_puzzles NAME RUN REFERENCE_RUN

for method in bands sets; do
  run=(estimate --box 2x3 --method "$method" --blocks 60 --seed 13)
  # Reference: one process (MPI started without a launcher), two threads.
  "$bin" "${run[@]}" --threads 2 --checkpoint "$tmp/$method-ref.ckpt" >/dev/null 2>"$tmp/err"
  if [ ! -s "$tmp/$method-ref.ckpt" ]; then
    echo "FAIL $method-reference: no checkpoint"; cat "$tmp/err"; failures=$((failures + 1)); continue
  fi
  for layout in "1 2" "2 1" "2 2" "3 1"; do
    read -r ranks threads <<<"$layout"
    launch "$ranks" "${run[@]}" --threads "$threads" --checkpoint "$tmp/$method-${ranks}x$threads.ckpt" >"$tmp/out" 2>&1
    same_state "$method-np$ranks-threads$threads" "$tmp/$method-${ranks}x$threads.ckpt" "$tmp/$method-ref.ckpt"
  done
  # Stopped at 25 blocks and resumed on another number of ranks.
  launch 2 estimate --box 2x3 --method "$method" --seed 13 --blocks 25 --threads 1 --checkpoint "$tmp/$method-part.ckpt" >/dev/null 2>&1
  launch 3 estimate --resume "$tmp/$method-part.ckpt" --blocks 60 --threads 1 >/dev/null 2>&1
  same_state "$method-resumed-on-other-ranks" "$tmp/$method-part.ckpt" "$tmp/$method-ref.ckpt"
  if [ -n "$plain" ] && [ -x "$plain" ]; then
    "$plain" "${run[@]}" --threads 2 --checkpoint "$tmp/$method-plain.ckpt" >/dev/null 2>&1
    same_state "$method-plain-build" "$tmp/$method-plain.ckpt" "$tmp/$method-ref.ckpt"
  fi
done

# At a deadline every finished block counts, on whichever rank it finished: 25x25 by smc draws one
# replicate a block, so the samples are the blocks before the first cut plus those finished after it
# (4 ranks of 2 threads: more workers than cores).
launch 4 estimate --box 5 --seed 3 --time 3 --threads 2 --json >"$tmp/out" 2>"$tmp/err"
last=$(grep '"final":true' "$tmp/out" | tail -1)
field() { sed -E "s/.*\"$1\":([0-9]+).*/\1/" <<<"$last"; }
if [ -n "$last" ] && grep -q '"stop_reason":"time"' <<<"$last" &&
  [ "$(field samples)" -eq $(($(field blocks) + $(field blocks_after_cut))) ]; then
  passes=$((passes + 1))
else
  echo "FAIL deadline-keeps-finished-blocks"; sed 's/^/  /' "$tmp/out" "$tmp/err"; failures=$((failures + 1))
fi

# Text output comes from rank 0 only, and says how many processes ran.
launch 2 estimate --box 2x3 --blocks 10 --threads 1 >"$tmp/out" 2>&1
if [ "$(grep -c '^estimate: ' "$tmp/out")" -eq 1 ] && grep -q 'on 1 thread x 2 processes' "$tmp/out"; then
  passes=$((passes + 1))
else
  echo "FAIL one-report"; sed 's/^/  /' "$tmp/out"; failures=$((failures + 1))
fi

# Input errors found by rank 0 alone (a missing checkpoint) end every rank, with one message.
launch 2 estimate --resume "$tmp/none.ckpt" >"$tmp/out" 2>&1
status=$?
if [ $status -ne 0 ] && [ $status -ne 124 ] && [ "$(grep -c 'cannot read checkpoint' "$tmp/out")" -eq 1 ]; then
  passes=$((passes + 1))
else
  echo "FAIL missing-resume-file: status $status"; sed 's/^/  /' "$tmp/out"; failures=$((failures + 1))
fi
launch 2 estimate --box 2x3 --blocks 5 --checkpoint "$tmp/bands-ref.ckpt" >"$tmp/out" 2>&1
status=$?
if [ $status -ne 0 ] && [ $status -ne 124 ] && [ "$(grep -c 'already exists' "$tmp/out")" -eq 1 ]; then
  passes=$((passes + 1))
else
  echo "FAIL existing-checkpoint: status $status"; sed 's/^/  /' "$tmp/out"; failures=$((failures + 1))
fi

# The exact job over ranks: the same count as the known one, whole, and
# stopped on 2 ranks and resumed on 3 (units are exact sums: any split).
count8=$(sed -n 's/^2x4://p' "$(dirname "$0")/data/grid_counts.txt")  # the known count, written once
launch 2 exact --box 2x4 --threads 1 >"$tmp/out" 2>&1
if [ "$(grep -c "^count: $count8$" "$tmp/out")" -eq 1 ]; then passes=$((passes + 1)); else
  echo "FAIL job-np2"; sed 's/^/  /' "$tmp/out"; failures=$((failures + 1)); fi
launch 2 exact --box 4x2 --threads 1 --max-units 245 --checkpoint "$tmp/job.ckpt" >"$tmp/out" 2>&1
launch 3 exact --resume "$tmp/job.ckpt" --threads 1 >"$tmp/out2" 2>&1
if grep -q 'exact job stopped' "$tmp/out" && [ "$(grep -c "^count: $count8$" "$tmp/out2")" -eq 1 ]; then
  passes=$((passes + 1))
else
  echo "FAIL job-resumed-on-other-ranks"; sed 's/^/  /' "$tmp/out" "$tmp/out2"; failures=$((failures + 1))
fi
launch 2 exact --resume "$tmp/none.ckpt" >"$tmp/out" 2>&1
status=$?
if [ $status -eq 2 ] && [ "$(grep -c 'cannot read job checkpoint' "$tmp/out")" -eq 1 ]; then passes=$((passes + 1)); else
  echo "FAIL job-missing-resume-file: status $status"; sed 's/^/  /' "$tmp/out"; failures=$((failures + 1)); fi
# A count that is not a job runs on rank 0 alone, printed once.
launch 2 exact --box 3 >"$tmp/out" 2>&1
if [ "$(grep -c '^count: 6670903752021072936960$' "$tmp/out")" -eq 1 ]; then passes=$((passes + 1)); else
  echo "FAIL exact-not-a-job"; sed 's/^/  /' "$tmp/out"; failures=$((failures + 1)); fi

# Puzzle counts over ranks: one seed and --grids give the same run state
# (tallies bit for bit) for any ranks and threads, stopped and resumed on
# other ranks, and as the plain build.
puzzles=(puzzles --box 2x3 --grids 60 --subsets-per-grid 8 --seed 13)
"$bin" "${puzzles[@]}" --threads 2 --checkpoint "$tmp/puzzles-ref.run" >/dev/null 2>"$tmp/err"
for layout in "1 2" "2 1" "2 2" "3 1"; do
  read -r ranks threads <<<"$layout"
  launch "$ranks" "${puzzles[@]}" --threads "$threads" --checkpoint "$tmp/puzzles-${ranks}x$threads.run" >"$tmp/out" 2>&1
  same_puzzles "puzzles-np$ranks-threads$threads" "$tmp/puzzles-${ranks}x$threads.run" "$tmp/puzzles-ref.run"
done
launch 2 puzzles --box 2x3 --grids 25 --subsets-per-grid 8 --seed 13 --threads 1 --checkpoint "$tmp/puzzles-part.run" >/dev/null 2>&1
launch 3 puzzles --resume "$tmp/puzzles-part.run" --grids 60 --threads 1 >/dev/null 2>&1
same_puzzles "puzzles-resumed-on-other-ranks" "$tmp/puzzles-part.run" "$tmp/puzzles-ref.run"
if [ -n "$plain" ] && [ -x "$plain" ]; then
  "$plain" "${puzzles[@]}" --threads 2 --checkpoint "$tmp/puzzles-plain.run" >/dev/null 2>&1
  same_puzzles "puzzles-plain-build" "$tmp/puzzles-plain.run" "$tmp/puzzles-ref.run"
fi
# A time budget stops every rank; the report comes once, from rank 0, and counts the processes.
launch 2 puzzles --box 2 --subset-size 8 --time 2 --threads 1 --json >"$tmp/out" 2>"$tmp/err"
if [ "$(grep -c '"command":"puzzles"' "$tmp/out")" -eq 1 ] && grep -q '"stop_reason":"time"' "$tmp/out" &&
  grep -q '"processes":2' "$tmp/out" && ! grep -q '"grid_count":0,' "$tmp/out"; then
  passes=$((passes + 1))
else
  echo "FAIL puzzles-time-budget"; sed 's/^/  /' "$tmp/out" "$tmp/err"; failures=$((failures + 1))
fi
# Input errors end every rank with one message; exact puzzle counts run on rank 0 alone.
launch 2 puzzles --resume "$tmp/none.run" --grids 5 >"$tmp/out" 2>&1
status=$?
if [ $status -eq 2 ] && [ "$(grep -c 'error:' "$tmp/out")" -eq 1 ]; then passes=$((passes + 1)); else
  echo "FAIL puzzles-missing-resume-file: status $status"; sed 's/^/  /' "$tmp/out"; failures=$((failures + 1)); fi
launch 2 puzzles --box 2 --exact >"$tmp/out" 2>&1
if [ $? -eq 0 ] && [ "$(grep -c '^ *total  85632$' "$tmp/out")" -eq 1 ]; then passes=$((passes + 1)); else
  echo "FAIL puzzles-exact-on-rank-0"; sed 's/^/  /' "$tmp/out"; failures=$((failures + 1)); fi

echo "mpi: $passes passed, $failures failed"
[ $failures -eq 0 ]
