#!/usr/bin/env bash
# Package test: installs this build tree into a temporary prefix, then
# configures, builds and runs tests/package/consumer, a separate CMake project
# that finds the installed package with find_package(sudoku_count) and links
# sudoku_count::core.
# Usage: package_test.sh BUILD_DIR CXX_COMPILER VERSION GRID_COUNTS_FILE
set -euo pipefail
build=$1
cxx=$2
version=$3
grid_counts=$4
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

known=$(sed -n 's/^2x2:\([0-9]*\).*/\1/p' "$grid_counts")
[ -n "$known" ] || { echo "FAIL: no 2x2 count in $grid_counts"; exit 1; }

cmake --install "$build" --prefix "$tmp/prefix" >"$tmp/install.log" || { cat "$tmp/install.log"; exit 1; }
# Only the public headers and the generated version header are installed.
headers=$(cd "$tmp/prefix/include" && find . -type f | sort | tr '\n' ' ')
echo "installed headers: $headers"
[ -f "$tmp/prefix/include/sudoku_count/version.hpp" ] || { echo "FAIL: version.hpp not installed"; exit 1; }
if [ -n "$(cd "$tmp/prefix/include" && find . -type f ! -path './sudoku_count/*.hpp')" ]; then
  echo "FAIL: files other than sudoku_count/*.hpp installed under include/"; exit 1
fi

cmake -S "$here/consumer" -B "$tmp/consumer" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$cxx" \
  -DCMAKE_PREFIX_PATH="$tmp/prefix" -DSUDOKU_COUNT_EXPECTED_VERSION="$version" >"$tmp/configure.log" 2>&1 ||
  { cat "$tmp/configure.log"; echo "FAIL: the consumer did not configure"; exit 1; }
# The package must come from the temporary prefix, not from elsewhere on the machine.
found=$(sed -n 's/^sudoku_count_DIR:PATH=//p' "$tmp/consumer/CMakeCache.txt")
case "$found" in
  "$tmp/prefix"/*) echo "found: $found" ;;
  *) echo "FAIL: sudoku_count found in '$found', not in $tmp/prefix"; exit 1 ;;
esac
cmake --build "$tmp/consumer" >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; echo "FAIL: the consumer did not build"; exit 1; }
"$tmp/consumer/consumer" "$known"
