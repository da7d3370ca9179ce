#!/usr/bin/env bash
# Benchmarks whose figures are recorded in docs/benchmarks.md. Speed and
# precision are measured here, never in timed tests. The machine may be
# shared and noisy, so every estimator figure is set against the reference
# estimator (Knuth's random path, most-constrained cell: bench/knuth_path.cpp,
# built here) run in the same go on the same shape with the same threads, and
# quoted as a ratio.
#
# usage: scripts/bench.sh [all|estimate|scaling|exact|bands|bands-ab|frontier|smc|reach|distributed|solve|symmetry|sample|layouts|diagonals|classic-ab|frontier-ab|supersets-ab|subsets-ab|weighted-grids|variance|look-ahead] [SECONDS]
#   THREADS        threads for both sides (default: all cores)
#   BUILD_DIR      build tree holding sudoku-count, knuth_path and make_puzzles (default build)
#   SUDOKU_COUNT_BIN, SUDOKU_COUNT_MPI_BIN   the binaries (default $BUILD_DIR/ and build-mpi/)
#   PUZZLE_BOX, PUZZLE_SIZE, PUZZLE_SETS, PUZZLE_CLUES   the plan of weighted-grids (default 2x5, sets of 40
#                  cells, 256 a grid; the errors at 32 34 35 36 clues)
#   SUDOKU_COUNT_BASE_BIN   a previous build's binary, for bands-ab, classic-ab, supersets-ab and subsets-ab (required there) and smc (optional)
#   PUZZLES        minimal 16x16 puzzles generated for `solve` (default 40)
#   SUBSETS, CLUES random k-clue subsets per k for `solve` (default 50000) and the k (default "22 24 26 28 30 32")
#   TDOKU_BENCH    tdoku's run_benchmark (built outside the repository), for `solve` (optional)
#   FRONTIER_SPECS shapes and replicates of frontier-ab, "BOX N,BOX N,..." (default
#                  "4x4 2000,5x5 2000,6x6 400,8x8 100"); FRONTIER_SCALE multiplies N
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}
seconds=${2:-60}
threads=${THREADS:-$(nproc)}
build=${BUILD_DIR:-build}
bin=${SUDOKU_COUNT_BIN:-$build/sudoku-count}
mpi_bin=${SUDOKU_COUNT_MPI_BIN:-build-mpi/sudoku-count}
if [ ! -x "$bin" ]; then
  if [ "$bin" = build/sudoku-count ]; then scripts/setup.sh; else echo "$bin not found: build it first" >&2; exit 2; fi
fi
ref=$build/knuth_path

json_field() { python3 -c 'import json,sys; d=[json.loads(l) for l in sys.stdin if l.strip()][-1]; print(d[sys.argv[1]])' "$1"; }
# A puzzle of tests/data/puzzles.txt by name (lines NAME PUZZLE:COUNT[:SOLUTION]).
known_puzzle() { awk -v name="$1" '$1 == name { split($2, f, ":"); print f[1]; found = 1 } END { exit !found }' tests/data/puzzles.txt; }

# The reference, built in the tree with the benchmark helpers switched on
# (scripts/setup.sh leaves them out but for the full tier).
build_reference() {
  if [ ! -x "$ref" ]; then
    cmake -S . -B "$build" -DSUDOKU_COUNT_BUILD_BENCHMARKS=ON >&2
    cmake --build "$build" -j "$(nproc)" --target sudoku_count_knuth_path >&2
  fi
}

# How well the look-ahead's guess predicts the three-row closing count, and
# the relative variance of the row it picks against 1/q alone and the
# averaged closing, on the bands of SMC paths (bench/closing_guess_fit.cpp).
bench_look_ahead() {
  local tool=$build/closing_guess_fit
  [ -x "$tool" ] || { echo "$tool not found: build the bench targets" >&2; return 2; }
  echo "== the look-ahead's guess; load: $(cut -d' ' -f1-3 /proc/loadavg)"
  for box in 4x4 4x5 5x4 5x5; do "$tool" "$box" 200 400 1; done
}

# Time-normalised variance (rel. std. error^2 x seconds) of ours and of the
# reference on one shape; the ratio is the speed-up at equal precision.
compare() {  # compare R C SECONDS [REFERENCE_SECONDS [EXTRA ESTIMATE OPTIONS...]]
  local r=$1 c=$2 s=$3 rs=${4:-$3}
  shift 4 2>/dev/null || shift $#
  local ours theirs
  ours=$(OMP_NUM_THREADS=$threads "$bin" estimate --box "${r}x${c}" --time "$s" --threads "$threads" --json --seed 11 "$@")
  theirs=$("$ref" "${r}x${c}" 11 "${rs}s" "$threads")
  python3 - "$r" "$c" "$ours" "$theirs" <<'PY'
import json, sys
r, c, ours, theirs = sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), json.loads(sys.argv[4])
tnv_o = ours["rel_std_error"] ** 2 * ours["seconds"]
tnv_t = theirs["time_normalized_variance"]
print(f"{r}x{c}: sudoku-count {ours['method']}: estimate {ours['estimate']} rse {ours['rel_std_error']:.3e} "
      f"in {ours['seconds']:.1f} s (+{ours['setup_seconds']:.1f} s tables), rse^2*s {tnv_o:.3e}")
print(f"{r}x{c}: knuth_path reference: log10 {theirs['log10_estimate']:.6f} rse {theirs['rel_std_error']:.3e} "
      f"in {theirs['seconds']:.1f} s, rse^2*s {tnv_t:.3e}")
print(f"{r}x{c}: ratio reference/ours = {tnv_t / tnv_o:.1f}x less time for equal precision")
PY
}

bench_estimate() {
  build_reference
  echo "== estimator vs reference, ${seconds} s each, $threads threads"
  compare 3 3 "$seconds"
  compare 2 3 "$((seconds / 4 + 1))"
  echo "== 9x9 to relative standard error 1e-4 (wall time of the whole command)"
  local t0 t1 out
  t0=$(date +%s.%N)
  out=$("$bin" estimate --box 3 --rel-error 1e-4 --time 120 --threads "$threads" --json --seed 5)
  t1=$(date +%s.%N)
  echo "$out" | python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); print("estimate %s rse %.3e samples %d stop %s" % (d["estimate"], d["rel_std_error"], d["samples"], d["stop_reason"]))'
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "wall %.1f s including table build\n", b - a }'
}

bench_scaling() {
  echo "== thread scaling: samples per second on 9x9, 1 vs $threads threads, 15 s each"
  local one two
  one=$("$bin" estimate --box 3 --time 15 --threads 1 --json | json_field samples)
  two=$("$bin" estimate --box 3 --time 15 --threads "$threads" --json | json_field samples)
  awk -v a="$one" -v b="$two" -v t="$threads" 'BEGIN { printf "1 thread: %.0f samples/s, %d threads: %.0f samples/s, ratio %.2f\n", a / 15, t, b / 15, b / a }'
}

bench_exact() {
  echo "== exact counts (dancing links), wall time of the whole command"
  local t0 t1
  t0=$(date +%s.%N); "$bin" exact --box 2x3 --method dlx --threads "$threads" --json; t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "2x3 full grid: %.2f s\n", b - a }'
  local p
  p=$(known_puzzle completions-8008)
  t0=$(date +%s.%N)
  for _ in $(seq 20); do "$bin" exact --box 3 --puzzle "$p" --threads 1 >/dev/null; done
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "8008-completion puzzle: %.1f ms per run (whole process, 20 runs)\n", (b - a) / 20 * 1000 }'
}

# Whole-grid exact counts by the band sums. CPU time (user + system) is
# quoted beside wall time: on a shared machine it moves less.
bench_bands() {
  echo "== exact counts by the band sums, whole command, $threads threads"
  local box out times
  for box in 3 2x4 4x2 2x5; do
    times=$(mktemp)
    out=$( { TIMEFORMAT='%R %U %S'; time "$bin" exact --box "$box" --method bands --threads "$threads" --json; } 2>"$times")
    echo "$out" | python3 -c 'import json,sys; d=json.load(sys.stdin); print("box %s: count %s (%s)" % (sys.argv[1], d["count"], d.get("detail", "")))' "$box"
    tail -1 "$times" | awk '{ printf "  wall %.1f s, cpu %.1f s\n", $1, $2 + $3 }'
    rm -f "$times"
  done
}

# The exact band sums against a previous binary, A/B in the same go: 9x9
# by hyperfine where installed (10 runs each after a warm-up; else 10
# alternating runs each),
# then 10x10 once each, the previous binary first, with wall and CPU time
# (the CPU time moves less on a shared machine). The counts must agree.
bench_bands_ab() {
  local base=${SUDOKU_COUNT_BASE_BIN:?set SUDOKU_COUNT_BASE_BIN to the previous binary}
  echo "== exact band sums, previous ($base) vs this ($bin), whole command, $threads threads"
  local which b out times counts=()
  if command -v hyperfine >/dev/null; then
    hyperfine -N -w 1 -r 10 \
      -n previous "$base exact --box 3 --threads $threads" -n this "$bin exact --box 3 --threads $threads"
  else  # without hyperfine (Debian package hyperfine): 10 alternating runs each, summed
    local sums=(0 0)
    for _ in $(seq 10); do
      for which in 0 1; do
        b=$bin
        [ "$which" = 1 ] || b=$base
        times=$( { TIMEFORMAT='%R'; time "$b" exact --box 3 --threads "$threads" >/dev/null; } 2>&1)
        sums[which]=$(awk -v a="${sums[which]}" -v t="$times" 'BEGIN { print a + t }')
      done
    done
    awk -v p="${sums[0]}" -v t="${sums[1]}" \
      'BEGIN { printf "3x3: previous %.3f s, this %.3f s per run (mean of 10), ratio %.1f\n", p / 10, t / 10, p / t }'
  fi
  for which in previous this; do
    b=$bin
    [ "$which" = this ] || b=$base
    times=$(mktemp)
    out=$( { TIMEFORMAT='%R %U %S'; time "$b" exact --box 2x5 --threads "$threads" --json; } 2>"$times")
    counts+=("$(echo "$out" | json_field count)")
    tail -1 "$times" | awk -v w="$which" '{ printf "2x5 %s: wall %.1f s, cpu %.1f s\n", w, $1, $2 + $3 }'
    rm -f "$times"
  done
  [ "${counts[0]}" = "${counts[1]}" ] || { echo "counts differ: ${counts[*]}" >&2; return 1; }
  echo "2x5 count (both): ${counts[1]}"
}

# The frontier: 16x16 to relative standard error 1e-3 within 10 minutes
# (the reference runs 2 minutes: its heavy-tailed error bar is not to be
# trusted anyway, so the ratio flatters it), then shapes without a count.
bench_frontier() {
  build_reference
  echo "== 16x16: sudoku-count to rel. std. error 1e-3 (at most 600 s) vs reference for 120 s, $threads threads"
  compare 4 4 600 120 --rel-error 1e-3
  echo "== 25x25: sudoku-count to rel. std. error 1e-2 (at most 1800 s) vs reference for 120 s, $threads threads"
  compare 5 5 1800 120 --rel-error 1e-2
}

# SMC against sets on the frontier shapes, in the same go, 2 rounds
# alternating, fixed budgets of about equal work (a replicate of P particles
# costs about P samples of sets). scripts/tnv.py records rse^2 x wall
# seconds, rse^2 x CPU seconds / threads (the machine is shared: wall time
# depends on the load, CPU time much less) and the peak memory. BASE_BIN, if
# given, runs the sets method of an earlier build ("today's sets").
bench_smc() {
  local base=${SUDOKU_COUNT_BASE_BIN:-} round spec box sets_n smc_n
  echo "== smc vs sets, $threads threads, fixed budgets"
  for round in 1 2; do
    for spec in "4x4 40000 625" "5x5 6400 800" "6x6 600 400"; do
      read -r box sets_n smc_n <<<"$spec"
      local common=(estimate --box "$box" --threads "$threads" --json --seed "$((700 + round))")
      [ -n "$base" ] && scripts/tnv.py "base-sets" "$threads" -- "$base" "${common[@]}" --method sets --samples "$sets_n"
      scripts/tnv.py "sets" "$threads" -- "$bin" "${common[@]}" --method sets --samples "$sets_n"
      scripts/tnv.py "smc" "$threads" -- "$bin" "${common[@]}" --method smc --samples "$smc_n"
    done
  done
}

# Every shape beyond 36x36 for SECONDS each (docs/results.md): 7x8 and 8x7,
# 7x9 and 9x7 each as given (--method smc --orientation given), so that each pair is two
# independent computations of one count. The tool's JSON goes to docs/runs/,
# the summary line (CPU time, peak memory) to stdout.
bench_reach() {
  local box
  mkdir -p docs/runs
  for box in 7x7 7x8 8x7 7x9 9x7 8x8; do
    scripts/tnv.py "reach" "$threads" "docs/runs/$box-smc-${seconds}s.json" -- "$bin" estimate --box "$box" \
      --method smc --orientation given --time "$seconds" --threads "$threads" --json --seed 2026
  done
}

# Costs of the long-run machinery on 9x9: checkpoints after every batch
# (about four a second, each flushed to disk) against none, and the MPI
# build with 2 ranks of 1 thread against the plain build with 2 threads
# (same machine: what the per-batch gather and synchronisation cost).
# Each pair runs twice, alternately, SECONDS/4 each (the machine is shared).
bench_distributed() {
  local s=$((seconds / 4 + 1)) ckpt
  ckpt=$(mktemp -d)
  rate() { json_field samples | awk -v s="$s" '{ printf "%.0f", $1 / s }'; }
  echo "== 9x9 samples per second, $s s per run, $threads threads in all"
  for round in 1 2; do
    rm -f "$ckpt/run.ckpt"
    echo "round $round: plain $("$bin" estimate --box 3 --time "$s" --threads "$threads" --json | rate)/s," \
      "checkpoint every batch $("$bin" estimate --box 3 --time "$s" --threads "$threads" --json \
        --checkpoint "$ckpt/run.ckpt" --checkpoint-every 0.001 | rate)/s"
    if [ -x "$mpi_bin" ] && command -v mpirun >/dev/null; then
      [ "$(id -u)" -ne 0 ] || export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
      echo "round $round: MPI $threads ranks x 1 thread $(mpirun --oversubscribe -np "$threads" "$mpi_bin" \
        estimate --box 3 --time "$s" --threads 1 --json --report-every 0 | rate)/s"
    fi
  done
  rm -rf "$ckpt"
}

# The solver: PUZZLES minimal 9x9 puzzles with a unique solution, generated
# into the build tree by bench/make_puzzles (seed 1), solved from one file on
# $threads threads (5 runs, median wall time of the whole command); then the
# Inkala 2012 puzzle alone, whole process, mean of 20 runs.
# Layouts beyond the classic boxes (issue targets in docs/benchmarks.md,
# "Layouts"): fixed budgets of SECONDS (9x9 variants), 2 x SECONDS (16x16
# variants, Latin squares of orders 12 and 20, each beside the classic
# method auto takes there, in the same go). The time a run needs for a
# relative standard error e on these threads is tnv_wall / e^2 (and
# tnv_cpu / e^2 on idle cores).
bench_layouts() {
  local spec box variant common
  echo "== layouts: rows and the classic methods, $threads threads, fixed budgets"
  for spec in "3 x" "3 p" "3 windows" "3 x,p"; do
    read -r box variant <<<"$spec"
    scripts/tnv.py "rows" "$threads" -- "$bin" estimate --box "$box" --variant "$variant" --time "$seconds" \
      --threads "$threads" --json --seed 2101
  done
  for spec in "4 x" "4 p"; do
    read -r box variant <<<"$spec"
    scripts/tnv.py "rows" "$threads" -- "$bin" estimate --box "$box" --variant "$variant" --time "$((2 * seconds))" \
      --threads "$threads" --json --seed 2102
  done
  for box in 1x12 1x20; do
    common=(estimate --box "$box" --time "$((2 * seconds))" --threads "$threads" --json --seed 2103)
    scripts/tnv.py "auto" "$threads" -- "$bin" "${common[@]}"
    scripts/tnv.py "rows" "$threads" -- "$bin" "${common[@]}" --method rows
  done
}

# Both diagonals (x) by sets-x against rows in the same go, fixed budgets:
# 9x9 by sets-x for 30 s (the target is 1e-3 within it) and for SECONDS
# (1e-4 within 900), by rows for 120 s, and 8x8 (4x2) and 10x10 (2x5) by
# sets-x for 60 s; the 10-run studies against the exact total are
# scripts/variant_study.py's.
bench_diagonals() {
  local common=(estimate --box 3 --variant x --threads "$threads" --json)
  echo "== diagonals: sets-x and rows, $threads threads, fixed budgets"
  scripts/tnv.py "sets-x 30 s" "$threads" -- "$bin" "${common[@]}" --time 30 --seed 2201
  scripts/tnv.py "sets-x" "$threads" -- "$bin" "${common[@]}" --time "$seconds" --seed 2202
  scripts/tnv.py "rows" "$threads" -- "$bin" "${common[@]}" --time 120 --seed 2203 --method rows
  for box in 4x2 2x5; do
    scripts/tnv.py "sets-x" "$threads" -- "$bin" estimate --box "$box" --variant x --threads "$threads" --json \
      --time 60 --seed 2204
  done
}

# The classic layout before and after a change, in one go: the previous
# build (SUDOKU_COUNT_BASE_BIN) and this one alternate, two rounds, on 9x9
# (auto: bands), 16x16 and 25x25 (smc) with the same seeds and sample
# budgets, so the estimates can be compared sample for sample and the time
# normalised variances as a ratio.
bench_classic_ab() {
  local base=${SUDOKU_COUNT_BASE_BIN:?set SUDOKU_COUNT_BASE_BIN to the previous binary} round spec box method n
  echo "== classic layout, previous ($base) vs this ($bin), $threads threads, fixed budgets"
  for round in 1 2; do
    for spec in "3 auto 10000" "4 smc 4000" "5 smc 800"; do
      read -r box method n <<<"$spec"
      local common=(estimate --box "$box" --method "$method" --samples "$n" --threads "$threads" --json --seed "$((800 + round))")
      scripts/tnv.py "previous" "$threads" -- "$base" "${common[@]}"
      scripts/tnv.py "this" "$threads" -- "$bin" "${common[@]}"
    done
  done
}

# The supersets method of `puzzles` before and after a change: the previous
# build (SUDOKU_COUNT_BASE_BIN) and this one alternate, two rounds, on the
# same 9x9 grids and sets (seed 2026, 4 grids of 16 sets of 24 cells, clues
# 24-32, one thread each). Both list every minimal superset of each set, so
# the hits must be equal; the line gives each side's wall and CPU seconds, and
# the seconds of the sets (the run's own, less the table set-up).
# A puzzles run, the previous build (SUDOKU_COUNT_BASE_BIN) and this one in
# turn, two rounds, on the same grids and sets: NAME, then the arguments.
bench_puzzles_ab() {
  local base=${SUDOKU_COUNT_BASE_BIN:?set SUDOKU_COUNT_BASE_BIN to the previous binary} round side binary name=$1
  shift
  local common=("$@" --json --progress never)
  echo "== $name, previous ($base) vs this ($bin), 1 thread, fixed budget; load: $(cut -d' ' -f1-3 /proc/loadavg)"
  for round in 1 2; do
    for side in previous this; do
      binary=$bin
      [ "$side" = previous ] && binary=$base
      /usr/bin/time -f "%e %U %S" -o "$build/puzzles_ab.time" "$binary" "${common[@]}" >"$build/puzzles_ab.json"
      python3 - "$side" "$build/puzzles_ab.json" "$build/puzzles_ab.time" <<'PY'
import json, sys
d = json.load(open(sys.argv[2]))
wall, user, system = (float(x) for x in open(sys.argv[3]).read().split())
hits = " ".join(f"{r['clues']}:{r['hits']}" for r in d["by_clues"] if r["hits"])
print(f"{sys.argv[1]:9s} sets {d['sets']}, uniqueness tests {d['uniqueness_tests']}, "
      f"wall {wall:.1f} s, CPU {user + system:.1f} s, sets {d['seconds'] - d['setup_seconds']:.2f} s; "
      f"hits by clue count {hits}")
PY
    done
  done
  echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
}

# Puzzle counts over weighted grids against exactly uniform ones, in one go:
# the same plan, seed and time budget on a shape drawn both ways (default
# 10x10, whose exact draws take over a second a grid), two rounds
# alternating; per side the grids, the effective number of weighted grids
# and the relative standard errors of the clue counts given (PUZZLE_CLUES).
bench_weighted_grids() {
  local round side extra
  local plan=(puzzles --box "${PUZZLE_BOX:-2x5}" --subset-size "${PUZZLE_SIZE:-40}" --subsets-per-grid "${PUZZLE_SETS:-256}"
    --time "$seconds" --seed 11 --threads "$threads" --json --progress never)
  echo "== weighted vs uniform grids: ${plan[*]}; load: $(cut -d' ' -f1-3 /proc/loadavg)"
  for round in 1 2; do
    for side in uniform weighted; do
      extra=()
      [ "$side" = weighted ] && extra=(--weighted-grids)
      "$bin" "${plan[@]}" "${extra[@]}" >"$build/weighted_ab.json"
      python3 - "$side" "$build/weighted_ab.json" "${PUZZLE_CLUES:-32 34 35 36}" <<'PY'
import json, sys
d = json.load(open(sys.argv[2]))
rows = {r["clues"]: r for r in d["by_clues"]}
def rse(c):
    r = rows.get(c)
    if not r or not r["hits"]:
        return f"{c}: -"
    return f"{c}: {float(r['std_error']) / float(r['estimate']):.3f} ({r['hits']} hits)"
ess = f", effective {d['weight_effective_grids']:.0f}" if "weight_effective_grids" in d else ""
print(f"{sys.argv[1]:9s} grids {d['grid_count']}{ess}, set-up {d['setup_seconds']:.1f} s; rel. std. error "
      + ", ".join(rse(int(c)) for c in sys.argv[3].split()))
PY
    done
  done
  echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
}

# The frontier before and after a change, in one go: the previous build
# (SUDOKU_COUNT_BASE_BIN) and this one alternate, two rounds, with the same
# seeds and replicate budgets on 16x16, 25x25, 36x36 and 64x64 (auto: smc),
# each line the time-normalised variance (scripts/tnv.py: rse^2 x CPU s /
# threads beside rse^2 x wall s). FRONTIER_SCALE multiplies the budgets.
bench_frontier_ab() {
  local base=${SUDOKU_COUNT_BASE_BIN:?set SUDOKU_COUNT_BASE_BIN to the previous binary} round spec box n
  local scale=${FRONTIER_SCALE:-1}
  echo "== frontier, previous ($base) vs this ($bin), $threads threads, fixed budgets; load: $(cut -d' ' -f1-3 /proc/loadavg)"
  local specs
  IFS=, read -r -a specs <<<"${FRONTIER_SPECS:-4x4 2000,5x5 2000,6x6 400,8x8 100}"
  for round in 1 2; do
    for spec in "${specs[@]}"; do
      read -r box n <<<"$spec"
      n=$(python3 -c "print(max(2, round($n * $scale)))")
      local common=(estimate --box "$box" --samples "$n" --threads "$threads" --json --seed "$((900 + round))")
      scripts/tnv.py "previous" "$threads" -- "$base" "${common[@]}"
      scripts/tnv.py "this" "$threads" -- "$bin" "${common[@]}"
    done
  done
  echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
}

# Where the variance comes from, step by step: bench/variance_steps.cpp
# (the Doob decomposition of an SMC replicate; its header has the method).
# Each line one step's share of the relative variance, then their sum beside
# the relative variance measured directly. One path of the steps (P = 1) on
# 9x9, 16x16 and 25x25, where the shares are large enough to resolve; on
# 9x9 also the default P = 16. 25x25 with the last sampled row picked
# (averaged=0, the steps before issue 22) and averaged over its draws (the
# default since); 16x16 with the row before the closing picked by 1/q alone
# (look-ahead=0, before) and by the look-ahead (the default since).
bench_variance() {
  local tool=$build/variance_steps
  [ -x "$tool" ] || { echo "$tool not found: build the bench targets" >&2; return 2; }
  echo "== variance by step, $threads threads; load: $(cut -d' ' -f1-3 /proc/loadavg)"
  "$tool" 3x3 2000 10 1 particles=1 threads="$threads"
  "$tool" 3x3 4000 20 1 threads="$threads"
  for ahead in 0 1; do
    "$tool" 4x4 400 4 1 particles=1 look-ahead=$ahead threads="$threads"
  done
  for averaged in 0 1; do
    "$tool" 5x5 300 2 1 particles=1 averaged=$averaged threads="$threads"
  done
}

bench_solve() {
  # 9x9: the public 17-clue puzzles and seeded random k-clue subsets of
  # uniform grids (sample --clues, the workload of counting puzzles), one
  # thread. The kernel alone by its own clock (bench/solve_kernel: count to
  # two, and the uniqueness test given the grid), then whole processes of this
  # build, of SUDOKU_COUNT_BASE_BIN if given, and of TDOKU_BENCH if given
  # (tdoku's run_benchmark, built outside the repository) in the same go.
  local kernel=$build/solve_kernel
  if [ ! -x "$kernel" ] || [ ! -x "$build/make_puzzles" ]; then
    cmake -S . -B "$build" -DSUDOKU_COUNT_BUILD_BENCHMARKS=ON >&2
    cmake --build "$build" -j "$(nproc)" --target sudoku_count_solve_kernel sudoku_count_make_puzzles >&2
  fi
  local count=${SUBSETS:-50000} dir=$build/bench-solve
  mkdir -p "$dir"
  echo "== solve, one thread; load: $(cut -d' ' -f1-3 /proc/loadavg)"
  local sets=(17-clue) file grids
  cp tests/data/puzzles-17-clue.txt "$dir/17-clue.txt"
  for k in ${CLUES:-22 24 26 28 30 32}; do
    if [ ! -s "$dir/$k-clue.txt" ]; then
      "$bin" sample --box 3 --count "$count" --seed 2026 --clues "$k" >"$dir/$k-clue.txt"
      "$bin" sample --box 3 --count "$count" --seed 2026 >"$dir/$k-clue-grids.txt"
    fi
    sets+=("$k-clue")
  done
  for set in "${sets[@]}"; do
    file=$dir/$set.txt
    grids=$dir/$set-grids.txt
    [ -s "$grids" ] || grids=-
    echo "-- $set ($(grep -vc '^#' "$file") puzzles)"
    "$kernel" "$file" "$grids" 3
    whole_solve "this build" "$bin" "$file"
    [ -n "${SUDOKU_COUNT_BASE_BIN:-}" ] && whole_solve "base build" "$SUDOKU_COUNT_BASE_BIN" "$file"
    if [ "$grids" != - ]; then
      whole_solve "this build, --solutions-file" "$bin" "$file" --solutions-file "$grids"
    fi
    if [ -n "${TDOKU_BENCH:-}" ]; then
      # Count to two (tdoku's default), its own clock, the file's order
      # (-r0); tdoku reads '.' for a blank, not '0'.
      grep -v '^#' "$file" | tr 0 . >"$dir/$set.tdoku"
      "$TDOKU_BENCH" -s tdoku -r0 -w 1 -t 5 "$dir/$set.tdoku" | grep -E 'tdoku' | tail -1
    fi
  done
  # Other shapes and layouts (dancing links, unchanged): generated minimal
  # 16x16 puzzles, and random subsets of 16x16, 25x25, 9x9 X and 9x9 P grids.
  local spec box variant clues n options
  for spec in "4 - - -" "4 - 130 500" "5 - 330 200" "3 x 30 2000" "3 p 30 2000"; do
    read -r box variant clues n <<<"$spec"
    options=(--box "$box")
    [ "$variant" != - ] && options+=(--variant "$variant")
    if [ "$clues" = - ]; then
      file=$dir/minimal-$box.txt
      [ -s "$file" ] || "$build/make_puzzles" "$box" "${PUZZLES:-40}" 1 >"$file"
    else
      file=$dir/$box${variant/-/}-$clues-clue.txt
      [ -s "$file" ] || "$bin" sample "${options[@]}" --count "$n" --seed 2026 --clues "$clues" >"$file"
    fi
    echo "-- $(basename "$file" .txt), ${options[*]}: $(grep -vc '^#' "$file") puzzles"
    whole_solve "this build" "$bin" "$file" "${options[@]}"
    [ -n "${SUDOKU_COUNT_BASE_BIN:-}" ] && whole_solve "base build" "$SUDOKU_COUNT_BASE_BIN" "$file" "${options[@]}"
  done
  return 0
}

# One thread, whole process: the tool's own clock (seconds in its JSON
# lines) and the wall time, in microseconds per puzzle, and the share unique.
whole_solve() {  # whole_solve LABEL BIN FILE [OPTIONS...] (--box 3 unless given)
  local label=$1 solver=$2 file=$3
  shift 3
  local box=(--box 3)
  [ "${1:-}" = --box ] && box=()
  local t0 t1
  t0=$(date +%s%N)
  "$solver" solve "${box[@]}" --puzzle-file "$file" --threads 1 --json "$@" >"$dir/out.json"
  t1=$(date +%s%N)
  python3 - "$label" "$dir/out.json" "$t0" "$t1" <<'PY'
import json, sys
label, path, t0, t1 = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rows = [json.loads(l) for l in open(path) if l.strip()]
n = len(rows)
own = sum(r.get("seconds", 0) for r in rows)
unique = sum(1 for r in rows if r.get("status") == "unique")
print(f"{label}: {own / n * 1e6:.2f} us a puzzle by its own clock, {(t1 - t0) / 1e3 / n:.2f} us whole process, "
      f"{unique / n:.5f} unique ({n} puzzles)")
PY
}

# Essentially different grids (Burnside), through the CLI: 9x9 first (the
# 10-minute target), then every other shape in reach, and the square boxes
# without transposition. One JSON line per run, then wall and CPU time of the
# whole process.
bench_symmetry() {
  echo "== exact --essentially-different, $threads threads, load $(cut -d' ' -f1-3 /proc/loadavg)"
  local box
  for box in 3 2x2 1x2 2x1 1x3 3x1 1x4 4x1 1x5 5x1 2x3 3x2 4x2 2x4 1x6 6x1; do
    /usr/bin/time -f "$box: wall %e s, CPU %U+%S s" "$bin" exact --box "$box" --essentially-different \
      --threads "$threads" --json
  done
  for box in 3 2x2; do
    /usr/bin/time -f "$box without transposition: wall %e s, CPU %U+%S s" "$bin" exact --box "$box" \
      --essentially-different --no-transposition --threads "$threads" --json
  done
  echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
}

# Uniform grids through the CLI: 100,000 9x9 grids (the 10-second target),
# then the file fed to solve --puzzle-file unchanged; a few draws of every
# route.
bench_sample() {
  local file=$build/bench-sample-9x9.txt box
  echo "== sample, $threads threads, load $(cut -d' ' -f1-3 /proc/loadavg)"
  /usr/bin/time -f "3, 100000 grids: wall %e s, CPU %U+%S s" "$bin" sample --box 3 --count 100000 --seed 2026 \
    --threads "$threads" >"$file"
  grep '^#' "$file"
  echo "$(grep -vc '^#' "$file") grid lines"
  "$bin" solve --box 3 --puzzle-file "$file" --threads "$threads" | tail -2
  for box in 2x2 2x3 4x2 2x4 3x4 4x4; do
    /usr/bin/time -f "$box, 100 grids: wall %e s, CPU %U+%S s" "$bin" sample --box "$box" --count 100 --seed 2026 \
      --threads "$threads" | grep '^# [ae]'
  done
  echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
}

case "$what" in
  symmetry) bench_symmetry ;;
  sample) bench_sample ;;
  layouts) bench_layouts ;;
  diagonals) bench_diagonals ;;
  classic-ab) bench_classic_ab ;;
  frontier-ab) bench_frontier_ab ;;
  supersets-ab) bench_puzzles_ab supersets puzzles --box 3 --method supersets --subset-size 24 --clues 24-32 \
                  --subsets-per-grid 16 --grids 4 --seed 2026 --threads 1 ;;
  weighted-grids) bench_weighted_grids ;;
  subsets-ab) bench_puzzles_ab subsets puzzles --box 3 --subset-size 28 --subsets-per-grid 128 --grids 20000 \
                --seed 7 --threads 1 ;;
  variance) bench_variance ;;
  look-ahead) bench_look_ahead ;;
  estimate) bench_estimate ;;
  scaling) bench_scaling ;;
  exact) bench_exact ;;
  bands) bench_bands ;;
  bands-ab) bench_bands_ab ;;
  frontier) bench_frontier ;;
  smc) bench_smc ;;
  reach) bench_reach ;;
  distributed) bench_distributed ;;
  solve) bench_solve ;;
  all) bench_exact; bench_solve; bench_scaling; bench_estimate ;;
  *) echo "usage: scripts/bench.sh [all|estimate|scaling|exact|bands|bands-ab|frontier|smc|reach|distributed|solve|symmetry|sample|layouts|diagonals|classic-ab|frontier-ab|supersets-ab|subsets-ab|weighted-grids|variance|look-ahead] [SECONDS]" >&2; exit 2 ;;
esac
