#!/usr/bin/env bash
# Behaviour unchanged: fixed-seed estimates of this build and of a previous
# one, side by side, for every estimate method on 9x9, 16x16, 25x25, a Latin
# square (7x7: boxes 1x7) and a variant (9x9 with both diagonals), each with
# a few samples (seconds in all), --seed fixed and --threads 2. A seed gives
# the same estimate on any thread count, so a changed figure means changed
# behaviour. The estimate fields of the JSON are compared (timings are not);
# one line per row: identical, different (with the fields), or skipped where
# a method refuses the layout (exit status 2 from both binaries, the message
# quoted). Exit status 1 if any row differs.
#
# usage: SUDOKU_COUNT_BASE_BIN=OLD scripts/same_estimates.sh [THIS_BIN]
#   THIS_BIN  the binary to check (default build/sudoku-count)
set -euo pipefail
cd "$(dirname "$0")/.."
base=${SUDOKU_COUNT_BASE_BIN:?set SUDOKU_COUNT_BASE_BIN to the previous build\'s sudoku-count}
this=${1:-build/sudoku-count}
for b in "$base" "$this"; do
  [ -x "$b" ] || { echo "error: $b is not an executable" >&2; exit 2; }
done
seed=2032
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# LAYOUT (the options that ask for it) | method | samples: about a second
# or less each on 2 cores, enough for every step of each method to run.
rows=(
  "--box 3|auto|400" "--box 3|bands|400" "--box 3|sets|400" "--box 3|smc|40" "--box 3|rows|4"
  "--box 4|auto|10" "--box 4|bands|10" "--box 4|sets|100" "--box 4|smc|10" "--box 4|rows|10"
  "--box 5|auto|2" "--box 5|bands|2" "--box 5|sets|10" "--box 5|smc|2" "--box 5|rows|2"
  "--box 1x7|auto|20" "--box 1x7|bands|20" "--box 1x7|sets|20" "--box 1x7|smc|20" "--box 1x7|rows|20"
  "--box 3 --variant x|auto|4" "--box 3 --variant x|bands|4" "--box 3 --variant x|sets|4"
  "--box 3 --variant x|smc|4" "--box 3 --variant x|rows|4"
)

# The fields that are the estimate and its statistics; timings, versions
# and free-text notes are left out.
compare_fields() {  # compare_fields BASE_JSON THIS_JSON: prints "identical" or the differing fields
  python3 - "$1" "$2" <<'PY'
import json, sys
fields = ["method", "samples", "blocks", "estimate", "log10_estimate", "std_error", "rel_std_error", "ci_low",
          "ci_high", "lower_bound", "effective_sample_size", "max_weight_share", "log_weight_mean",
          "log_weight_var", "rel_var", "pareto_k", "tail_size", "interval", "seed", "orientation", "particles"]
def last_json(path):
    lines = [l for l in open(path) if l.lstrip().startswith("{")]
    return json.loads(lines[-1])
base, this = last_json(sys.argv[1]), last_json(sys.argv[2])
differ = [f"{k}: {base.get(k)} -> {this.get(k)}" for k in fields
          if (k in base or k in this) and base.get(k) != this.get(k)]
print("identical" if not differ else "different (" + "; ".join(differ) + ")")
PY
}

echo "base: $base ($("$base" --version 2>&1 | head -1)); this: $this ($("$this" --version 2>&1 | head -1))"
echo "seed $seed, --threads 2; load $(cut -d' ' -f1-3 /proc/loadavg)"
differences=0
for row in "${rows[@]}"; do
  IFS='|' read -r layout method samples <<<"$row"
  # shellcheck disable=SC2206  # the layout's options split into words on purpose
  args=(estimate $layout --method "$method" --samples "$samples" --seed "$seed" --threads 2 --json
        --progress never)
  label="$layout --method $method --samples $samples"
  base_status=0 this_status=0
  "$base" "${args[@]}" >"$tmp/base.out" 2>"$tmp/base.err" || base_status=$?
  "$this" "${args[@]}" >"$tmp/this.out" 2>"$tmp/this.err" || this_status=$?
  if [ "$base_status" = 2 ] && [ "$this_status" = 2 ]; then
    echo "skipped   $label: refused by both ($(head -1 "$tmp/this.err"))"
  elif [ "$base_status" != 0 ] || [ "$this_status" != 0 ]; then
    echo "different $label: exit status $base_status -> $this_status ($(head -1 "$tmp/base.err") | $(head -1 "$tmp/this.err"))"
    differences=$((differences + 1))
  else
    verdict=$(compare_fields "$tmp/base.out" "$tmp/this.out")
    estimate=$(python3 -c 'import json,sys; d=[json.loads(l) for l in open(sys.argv[1]) if l.lstrip().startswith("{")][-1]; print(d["method"], d["estimate"], "+-", d["std_error"])' "$tmp/this.out")
    case $verdict in
      identical) echo "identical $label: $estimate" ;;
      *) echo "different $label: $verdict"; differences=$((differences + 1)) ;;
    esac
  fi
done
if [ $differences -gt 0 ]; then
  echo "$differences row(s) differ" >&2
  exit 1
fi
echo "all rows identical or refused by both"
