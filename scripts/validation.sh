#!/usr/bin/env bash
# Estimates beside exact counts, with z-scores, for docs/validation.md.
# The exact counts are computed by the tool itself where it can (dancing
# links up to 6x6); the larger ones are the published values, labelled so.
# usage: scripts/validation.sh [SECONDS_PER_RUN]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
bin=build/sudoku-count
[ -x "$bin" ] || scripts/setup.sh

exact_of() {  # the tool's own exact count where dancing links finishes quickly
  "$bin" exact --box "$1" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["count"])'
}

echo "| box | method | exact count | source | estimate | rel. std. error | z | samples | seconds |"
echo "|---|---|---|---|---|---|---|---|---|"
row() {  # row SHAPE METHOD EXACT SOURCE
  "$bin" estimate --box "$1" --method "$2" --time "$seconds" --seed 2026 --json |
    python3 -c '
import json, sys
from decimal import Decimal, getcontext
getcontext().prec = 40
d = json.load(sys.stdin)
exact = Decimal(sys.argv[3])
se = Decimal(d["std_error"])
diff = Decimal(d["estimate"]) - exact
# A zero standard error means every sample gave the same value (1x2, 2x1):
# then the estimate must equal the count exactly.
z = "%+.2f" % (diff / se) if se else ("exact" if abs(diff) <= exact * Decimal("1e-9") else "WRONG")
print("| %s | %s | %s | %s | %s | %.2e | %s | %d | %.1f |" % (sys.argv[1], d["method"], sys.argv[3], sys.argv[4],
      d["estimate"], d["rel_std_error"], z, d["samples"], d["seconds"]))
' "$1" "$2" "$3" "$4"
}
for shape in 1x2 2x1 2x2 1x3 3x1 2x3 3x2; do
  count=$(exact_of "$shape")
  for method in bands sets; do row "$shape" "$method" "$count" "this tool (dlx)"; done
done
for method in bands sets; do
  row 2x4 "$method" 29136487207403520 "published (2005)"
  row 4x2 "$method" 29136487207403520 "published (2005)"
  row 3x3 "$method" 6670903752021072936960 "Felgenhauer & Jarvis (2005)"
done
