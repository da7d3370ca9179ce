#!/usr/bin/env bash
# The exact 9x9 variant totals of docs/results.md ("Exact 9x9 variant
# totals"), each counted as a job (x by the sets-x route, the others by slices) with a checkpoint (a
# run stopped by Ctrl-C goes on with the same command), one markdown row per
# layout: the total, its classes and symmetries, the CPU time (user + system
# of the whole run, from /usr/bin/time) and the wall time, with the load
# average before the run (these machines are shared). The published totals
# sit beside them for comparison only: the tool never prints them.
# usage: scripts/variant_totals.sh [LAYOUT...]   (default: p windows)
#        e.g. scripts/variant_totals.sh p windows x+p
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${SUDOKU_COUNT:-build/sudoku-count}
[ -x "$bin" ] || scripts/setup.sh
work=${SUDOKU_COUNT_JOBS:-build/variant-totals}
mkdir -p "$work"
layouts=("$@")
[ ${#layouts[@]} -gt 0 ] || layouts=(p windows)
published() {
  case "$1" in
    p) echo "201105135151764480 (enjoysudoku forum, 'SudokuP - Analysis', 2018)" ;;
    windows) echo "6337174388428800 (enjoysudoku forum, 'SudokuW/SudokuWX (Windoku)', 2018)" ;;
    x) echo "55613393399531520 (enjoysudoku forum, 'SudokuX (Diagonal Sudoku)', 2018)" ;;
    *) echo "-" ;;
  esac
}
echo "| layout | total | published (comparison only) | classes (symmetries) | CPU s | wall s | load before | command |"
echo "|---|---|---|---|---|---|---|---|"
for layout in "${layouts[@]}"; do
  job="$work/${layout//+/-}.job"
  method=slices
  [ "$layout" = x ] && method=sets-x
  args=(exact --box 3x3 --variant "$layout" --method "$method" --json)
  if [ -e "$job" ]; then args=(exact --resume "$job" --json); else args+=(--checkpoint "$job"); fi
  load=$(cut -d' ' -f1-3 /proc/loadavg)
  # A stopped job keeps its checkpoint; the same command resumes it (its row then times the rest only).
  /usr/bin/time -f '%U %S %e' -o "$work/time.txt" "$bin" "${args[@]}" > "$work/out.json" || exit $?
  read -r user system wall < "$work/time.txt"
  python3 - "$layout" "$work/out.json" "$user" "$system" "$wall" "$load" "$(published "$layout")" "$method" <<'PY'
import json, re, sys
layout, path, user, system, wall, load, published, method = sys.argv[1:]
record = json.loads(open(path).read().splitlines()[-1])
detail = record.get("detail", "")
classes = detail.split(" classes")[0].split()[-1] if " classes" in detail else "-"
found = re.search(r"(\d+) (?:column )?symmetries", detail)
symmetries = found.group(1) if found else "-"
print("| 3x3+%s | %s | %s | %s (%s) | %.0f | %.0f | %s | `sudoku-count exact --box 3x3 --variant %s --method %s` |" % (
    layout, record["count"], published, classes, symmetries, float(user) + float(system), float(wall), load, layout,
    method))
PY
  rm -f "$job"  # finished: the next run starts afresh
done
