#!/usr/bin/env bash
# Estimates beside exact counts, with z-scores, for docs/validation.md.
# Every exact count is computed by the tool itself (`exact`, which picks
# dancing links or the band sums; the 10x10 count takes a few minutes) and
# checked against the published one in tests/data/grid_counts.txt where
# that file has the shape: the script stops at a difference.
# usage: scripts/validation.sh [SECONDS_PER_RUN [SHAPE...]]
#   (default: every shape with an exact count, 1x2 to 2x5; the binary is
#   $SUDOKU_COUNT, default build/sudoku-count)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
shift || true
bin=${SUDOKU_COUNT:-build/sudoku-count}
[ -x "$bin" ] || scripts/setup.sh

exact_of() {  # the tool's own exact count and the method that gave it
  "$bin" exact --box "$1" --json | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["count"], d["method"])'
}
known_count() { sed -n "s/^$1:\([0-9]*\).*/\1/p" tests/data/grid_counts.txt; }

echo "| box | method | exact count | source | estimate | rel. std. error | z | samples | seconds |"
echo "|---|---|---|---|---|---|---|---|---|"
row() {  # row SHAPE METHOD EXACT SOURCE
  local out err
  err=$(mktemp)
  if ! out=$("$bin" estimate --box "$1" --method "$2" --time "$seconds" --seed 2026 --json 2>"$err"); then
    echo "| $1 | $2 | $3 | $4 | not available: $(sed 's/^sudoku-count: error: //' "$err") | | | | |"
    rm -f "$err"
    return
  fi
  rm -f "$err"
  python3 -c '
import json, sys
from decimal import Decimal, getcontext
getcontext().prec = 40
d = json.loads(sys.argv[5])
exact = Decimal(sys.argv[3])
se = Decimal(d["std_error"])
diff = Decimal(d["estimate"]) - exact
# A zero standard error means every sample gave the same value (1x2, 2x1):
# then the estimate must equal the count exactly.
z = "%+.2f" % (diff / se) if se else ("exact" if abs(diff) <= exact * Decimal("1e-9") else "WRONG")
print("| %s | %s | %s | %s | %s | %.2e | %s | %d | %.1f |" % (sys.argv[1], d["method"], sys.argv[3], sys.argv[4],
      d["estimate"], d["rel_std_error"], z, d["samples"], d["seconds"]))
' "$1" "$2" "$3" "$4" "$out"
}
shapes=("$@")
[ ${#shapes[@]} -gt 0 ] || shapes=(1x2 2x1 2x2 1x3 3x1 1x4 4x1 2x3 3x2 2x4 4x2 3x3 2x5 5x2)
previous=
for shape in "${shapes[@]}"; do
  # 5x2 after 2x5 is the same sum on the transposed shape: reuse its count.
  if [ "$shape" != 5x2 ] || [ "$previous" != 2x5 ]; then read -r count how < <(exact_of "$shape"); fi
  known=$(known_count "$shape")
  if [ -n "$known" ] && [ "$known" != "$count" ]; then
    echo "error: exact --box $shape gives $count, tests/data/grid_counts.txt $known" >&2
    exit 1
  fi
  previous=$shape
  for method in bands sets; do row "$shape" "$method" "$count" "this tool ($how)"; done
done
