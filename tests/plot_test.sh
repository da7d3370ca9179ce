#!/usr/bin/env bash
# scripts/plot_convergence.py draws a 25x25 smc run: its reports have null
# intervals (the tail diagnostics support none for a while) and the picture
# must still show the estimate, the error and the Pareto k.
# Usage: plot_test.sh PATH/TO/sudoku-count. Exit 77 (skipped) without matplotlib.
set -u
bin="$1"
root=$(cd "$(dirname "$0")/.." && pwd)
if ! /usr/bin/python3 -c 'import matplotlib' 2>/dev/null; then
  echo "plot: skipped: matplotlib is missing (Debian package python3-matplotlib; scripts/setup.sh --full installs it)"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bin" estimate --box 5 --method smc --time 4 --report-every 0.2 --threads 1 --json >"$tmp/run.jsonl" 2>"$tmp/err" ||
  { echo "FAIL: the 25x25 run failed"; cat "$tmp/err"; exit 1; }
nulls=$(grep -c '"ci_low":null' "$tmp/run.jsonl")
if ! /usr/bin/python3 "$root/scripts/plot_convergence.py" "$tmp/run.jsonl" -o "$tmp/plot.png" >"$tmp/out" 2>&1; then
  echo "FAIL: plot_convergence.py on a 25x25 smc run ($nulls reports with a null interval)"; cat "$tmp/out"; exit 1
fi
# A PNG of some size, and the final line names the tail diagnostics.
size=$(stat -c %s "$tmp/plot.png")
if [ "$(head -c 8 "$tmp/plot.png" | od -An -tx1 | tr -d ' \n')" != 89504e470d0a1a0a ] || [ "$size" -lt 20000 ] ||
   ! grep -q 'Pareto k' "$tmp/out"; then
  echo "FAIL: no proper picture ($size bytes): $(cat "$tmp/out")"; exit 1
fi
echo "plot: drew a 25x25 smc run of $(wc -l <"$tmp/run.jsonl") reports ($nulls with a null interval): $(cat "$tmp/out")"
