#!/usr/bin/env bash
# The Python module after `cmake --install` into a temporary prefix: imported
# from the prefix's site-packages (and from nowhere else), it counts the 2x2
# grids as tests/data says.
# Usage: install_test.sh BUILD_DIR PYTHON SITE_DIR_IN_PREFIX GRID_COUNTS_FILE
set -euo pipefail
build=$1 python=$2 site=$3 grid_counts=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
known=$(sed -n 's/^2x2:\([0-9]*\).*/\1/p' "$grid_counts")
[ -n "$known" ] || { echo "FAIL: no 2x2 count in $grid_counts"; exit 1; }

cmake --install "$build" --prefix "$tmp/prefix" >"$tmp/install.log" || { cat "$tmp/install.log"; exit 1; }
[ -f "$tmp/prefix/$site/sudoku_count/__init__.py" ] || { echo "FAIL: no sudoku_count in $tmp/prefix/$site"; exit 1; }
cd "$tmp"
where=$(PYTHONPATH="$tmp/prefix/$site" "$python" -c "import sudoku_count; print(sudoku_count.__file__)")
case "$where" in
  "$tmp/prefix/$site"/*) echo "imported from $where" ;;
  *) echo "FAIL: sudoku_count imported from $where, not from the prefix"; exit 1 ;;
esac
got=$(PYTHONPATH="$tmp/prefix/$site" "$python" -c "import sudoku_count as sc; print(sc.exact('2x2'))")
echo "sc.exact('2x2') printed: $got"
[ "$got" = "$known" ] || { echo "FAIL: expected $known"; exit 1; }
