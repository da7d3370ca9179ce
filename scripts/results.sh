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
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
bin=${SUDOKU_COUNT:-build/sudoku-count}
[ -x "$bin" ] || scripts/setup.sh
shapes=("$@")
if [ ${#shapes[@]} -eq 0 ]; then
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
for shape in "${shapes[@]}"; do
  read -r ref kind < <(reference "$shape")
  cmd="sudoku-count estimate --box $shape --time $seconds --seed 2026"
  "$bin" estimate --box "$shape" --time "$seconds" --seed 2026 --json | python3 -c '
import json, math, sys
from decimal import Decimal, getcontext
getcontext().prec = 40
d = json.load(sys.stdin)
shape, ref, kind, cmd = sys.argv[1:5]
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
    bound = ("lower bound %s" % sci(Decimal(d["lower_bound"]), 2)) if d.get("lower_bound") else "no lower bound below 8 samples"
    estimate = "%s (unreliable; %s)" % (sci(est, 2), bound)
    rsecell = "(%.2g, not trusted)" % rse
k = "-" if d["pareto_k"] is None else "%.2f" % d["pareto_k"]
method = d["method"] + (" (transposed)" if "note" in d else "")
print("| %s | %dx%d | %s | %s | %d | %.0f | %s | %s | %s | %s | %s | `%s` |" % (
    shape, n, n, estimate, rsecell, d["samples"], d["seconds"], k, d["interval"], method, refcell, cmp, cmd))
' "$shape" "$ref" "$kind" "$cmd"
done
