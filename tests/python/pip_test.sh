#!/usr/bin/env bash
# The Python module after `pip install .`: the sources as a clean clone has
# them (no build folders) are installed into a fresh virtual environment
# (with the system's packages, for numpy) without network access or build
# isolation; the module imported from there counts the 2x2 grids as
# tests/data says.
# Usage: pip_test.sh SOURCE_DIR BUILD_DIR PYTHON GRID_COUNTS_FILE
#   BUILD_DIR: a configured and built tree that setup.py reuses
#   (SUDOKU_COUNT_CMAKE_BUILD_DIR); empty: setup.py configures its own.
set -euo pipefail
source=$1 build=$2 python=$3 grid_counts=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
known=$(sed -n 's/^2x2:\([0-9]*\).*/\1/p' "$grid_counts")
[ -n "$known" ] || { echo "FAIL: no 2x2 count in $grid_counts"; exit 1; }

mkdir "$tmp/src"
tar -C "$source" --exclude=./.git --exclude='./build' --exclude='./build-*' -cf - . | tar -C "$tmp/src" -xf -
"$python" -m venv --system-site-packages "$tmp/venv"
export SUDOKU_COUNT_CMAKE_BUILD_DIR=$build
(cd "$tmp/src" && "$tmp/venv/bin/python" -m pip install --no-build-isolation --no-index --disable-pip-version-check \
   -q . >"$tmp/pip.log" 2>&1) || { cat "$tmp/pip.log"; echo "FAIL: pip install . failed"; exit 1; }
cd "$tmp"
where=$("$tmp/venv/bin/python" -c "import sudoku_count; print(sudoku_count.__file__)")
case "$where" in
  "$tmp/venv"/*) echo "imported from $where" ;;
  *) echo "FAIL: sudoku_count imported from $where, not from the virtual environment"; exit 1 ;;
esac
got=$("$tmp/venv/bin/python" -c "import sudoku_count as sc; print(sc.exact('2x2'))")
echo "sc.exact('2x2') printed: $got"
[ "$got" = "$known" ] || { echo "FAIL: expected $known"; exit 1; }
