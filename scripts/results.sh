#!/usr/bin/env bash
# Estimates for every box shape from 2x2 to 5x5 (rectangular ones included)
# for docs/results.md: one markdown row per shape with the command that
# reproduces it. References: exact counts where known (tests/data/grid_counts.txt),
# else the heuristic b(R,C)^C b(C,R)^R / (N!)^N quoted in the literature
# (labelled as such).
# Fixed budgets only (--time), never --rel-error: a data-dependent stop is
# biased with skewed weights (docs/method.md, "Stopping"). Each row gives the
# samples, the Pareto k of the weight tail and the interval status; the
# estimate is printed with the digits its error supports, and an unreliable
# run gives its tail-proof lower bound instead of an error bar.
# usage: scripts/results.sh [SECONDS_PER_SHAPE] [SHAPE...]
#        scripts/results.sh --saved FILE...   rows from saved `estimate --json`
#          outputs of fixed-budget runs (docs/runs/), each row's command
#          rebuilt from the run's own fields (box, method, threads, seed, and
#          --time or --samples as its stop reason says)
set -euo pipefail
cd "$(dirname "$0")/.."
saved=()
if [ "${1:-}" = --saved ]; then
  shift
  saved=("$@")
  set --
fi
seconds=${1:-60}
shift || true
bin=${SUDOKU_COUNT:-build/sudoku-count}
[ ${#saved[@]} -gt 0 ] || [ -x "$bin" ] || scripts/setup.sh
shapes=("$@")
if [ ${#shapes[@]} -eq 0 ] && [ ${#saved[@]} -eq 0 ]; then
  for r in 2 3 4 5; do for c in 2 3 4 5; do shapes+=("${r}x${c}"); done; done
fi

reference() {
  local exact
  exact=$(sed -n "s/^$1:\([0-9]*\).*/\1/p" tests/data/grid_counts.txt)
  if [ -n "$exact" ]; then echo "$exact exact"; return; fi
  case "$1" in
    4x4) echo "5.9584e98 heuristic" ;;
    5x5) echo "4.3648e308 heuristic" ;;
    3x5|5x3) echo "3.5086e84 heuristic" ;;
    4x5|5x4) echo "3.1764e175 heuristic" ;;
    *) echo "- none" ;;
  esac
}

echo "| box | grid | estimate | rel. std. error | samples | seconds | Pareto k | interval | method | reference | z or ratio | command |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
# One markdown row from an `estimate --json` output on stdin (its last line).
# usage: row SHAPE REFERENCE KIND COMMAND (COMMAND "-": rebuilt from the output)
row() {
  python3 -c '
import json, math, sys
from decimal import Decimal, getcontext
getcontext().prec = 40
d = [json.loads(line) for line in sys.stdin if line.strip()][-1]
shape, ref, kind, cmd = sys.argv[1:5]
if cmd == "-":  # a saved run: its command from its own fields
    budget = "--samples %d" % d["samples"] if d["stop_reason"] == "samples" else "--time %.0f" % d["seconds"]
    cmd = "sudoku-count estimate --box %s --method %s --threads %d %s --seed %s" % (
        shape, d["method"], d["threads"], budget, d["seed"])
n = d["grid_size"]
est = Decimal(d["estimate"])
rse = d["rel_std_error"]
reliable = d["interval"] != "unreliable"
# Digits down to the second significant digit of the standard error.
digits = max(2, min(10, int(math.floor(-math.log10(rse))) + 2)) if rse and rse > 0 else 10
def sci(x, digits):  # Decimal formatting: estimates go beyond double range
    return format(Decimal(x), ".%de" % (digits - 1))
if kind == "exact" and reliable:
    cmp = "z = %+.2f" % ((est - Decimal(ref)) / Decimal(d["std_error"]))
    refcell = "%s (exact)" % ref
elif kind == "exact":
    cmp = "-"
    refcell = "%s (exact)" % ref
elif kind == "heuristic":
    cmp = "est/heuristic = %s" % format(est / Decimal(ref), ".%df" % max(2, digits - 1))
    refcell = "%s (heuristic)" % ref
else:
    cmp, refcell = "-", "-"
if reliable:
    estimate = sci(est, digits)
    rsecell = "%.2e" % rse
else:
    bound = ("lower bound %s" % sci(Decimal(d["lower_bound"]), 2)) if d.get("lower_bound") else "no lower bound below 16 samples"
    estimate = "%s (unreliable; %s)" % (sci(est, 2), bound)
    rsecell = "(%.2g, not trusted)" % rse
k = "-" if d["pareto_k"] is None else "%.2f" % d["pareto_k"]
method = d["method"] + (" (transposed)" if "transposed" in d.get("note", "") else "")
print("| %s | %dx%d | %s | %s | %d | %.0f | %s | %s | %s | %s | %s | `%s` |" % (
    shape, n, n, estimate, rsecell, d["samples"], d["seconds"], k, d["interval"], method, refcell, cmp, cmd))
' "$@"
}

for file in "${saved[@]}"; do
  shape=$(python3 -c 'import json, sys; d = [json.loads(l) for l in open(sys.argv[1]) if l.strip()][-1]; print("%dx%d" % (d["box_rows"], d["box_cols"]))' "$file")
  read -r ref kind < <(reference "$shape")
  row "$shape" "$ref" "$kind" - <"$file"
done
for shape in "${shapes[@]}"; do
  read -r ref kind < <(reference "$shape")
  cmd="sudoku-count estimate --box $shape --time $seconds --seed 2026"
  "$bin" estimate --box "$shape" --time "$seconds" --seed 2026 --json | row "$shape" "$ref" "$kind" "$cmd"
done
