#!/usr/bin/env bash
# The Debian package: builds it with `cpack -G DEB` from the Release tree in
# build/ (scripts/setup.sh configures and builds it; the package's prefix is
# /usr), installs it with apt-get as a user would, checks what it provides,
# then removes it again (--keep leaves it installed):
#   sudoku-count --version, man sudoku-count-estimate, pkg-config --cflags
#   sudoku_count (and a program built with those flags), find_package(sudoku_count)
#   from another CMake project (tests/package/consumer), the completion
#   scripts where bash and zsh look for them, and /usr/bin/python3 -c
#   "import sudoku_count" run from outside the source tree.
# Needs root (apt-get), as in CI on a fresh Debian 12 machine (.ci/run runs it
# after the full tier). usage: scripts/deb_test.sh [--keep]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
keep=0
[ "${1:-}" = --keep ] && keep=1
if [ "$(id -u)" -ne 0 ]; then
  echo "error: scripts/deb_test.sh installs a package with apt-get: run it as root" >&2
  exit 2
fi
# Beside what the build needs (setup.sh): dpkg-dev for cpack's scan of the
# libraries the binaries need, man-db and pkg-config for the checks.
missing=()
for p in dpkg-dev man-db pkg-config; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq "${missing[@]}" >&2
fi
scripts/setup.sh
if dpkg-query -W -f='${Status}' sudoku-count 2>/dev/null | grep -q "install ok installed"; then
  echo "error: a sudoku-count package is installed already; remove it first (apt-get remove sudoku-count)" >&2
  exit 2
fi

rm -f build/sudoku-count_*.deb
(cd build && cpack -G DEB) >&2
deb=$(ls build/sudoku-count_*.deb)
echo "== built $deb" >&2
dpkg-deb --contents "$deb" | awk '{print $6}' >&2

tmp=$(mktemp -d)
cleanup() {
  cd "$root"
  rm -rf "$tmp"
  if [ $keep = 0 ]; then apt-get remove -y -qq sudoku-count >&2 || true; fi
}
trap cleanup EXIT
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -qq "./$deb" >&2
fail() { echo "FAIL: $*" >&2; exit 1; }
cd "$tmp"  # nothing below may come from the source or build tree

echo "== sudoku-count --version" >&2
[ "$(command -v sudoku-count)" = /usr/bin/sudoku-count ] || fail "sudoku-count is not /usr/bin/sudoku-count"
version=$(sudoku-count --version)
echo "$version" >&2
expected=$(sed -n 's/^project(sudoku_count VERSION \([0-9.]*\).*/\1/p' "$root/CMakeLists.txt")
[ "$version" = "sudoku-count $expected" ] || fail "--version printed '$version', not 'sudoku-count $expected'"

echo "== man sudoku-count-estimate" >&2
page=$(MANPAGER=cat MANWIDTH=100 man sudoku-count-estimate 2>&1) || fail "man sudoku-count-estimate: $page"
grep -q -- "--rel-error" <<<"$page" || fail "the estimate page has no --rel-error"
for command in $(sudoku-count --help | sed -n '/^commands:/,/^$/s/^  \([a-z]*\) .*/\1/p'); do
  man -w "sudoku-count-$command" >/dev/null || fail "no man page for $command"
done
man -w sudoku-count >/dev/null || fail "no man page sudoku-count"

echo "== pkg-config --cflags sudoku_count" >&2
cflags=$(pkg-config --cflags sudoku_count) || fail "pkg-config knows no sudoku_count"
libs=$(pkg-config --libs sudoku_count)
echo "$cflags / $libs" >&2
known=$(sed -n 's/^2x2:\([0-9]*\).*/\1/p' "$root/tests/data/grid_counts.txt")
cat >count.cpp <<'CPP'
#include <iostream>
#include "sudoku_count/sudoku_count.hpp"
int main() {
  sudoku_count::ExactRequest request;
  request.layout = sudoku_count::Shape::parse("2x2");
  std::cout << sudoku_count::count_exact(request).count << "\n";
}
CPP
# shellcheck disable=SC2086
g++ $cflags count.cpp -o count $libs || fail "a program does not build with pkg-config's flags"
[ "$(./count)" = "$known" ] || fail "the pkg-config program counted $(./count) 2x2 grids, not $known"

echo "== find_package(sudoku_count)" >&2
cmake -S "$root/tests/package/consumer" -B consumer -DCMAKE_BUILD_TYPE=Release \
  -DSUDOKU_COUNT_EXPECTED_VERSION="$expected" >consumer.log 2>&1 || { cat consumer.log >&2; fail "consumer configure"; }
found=$(sed -n 's/^sudoku_count_DIR:PATH=//p' consumer/CMakeCache.txt)
case "$found" in /usr/lib/*) echo "found: $found" >&2 ;; *) fail "sudoku_count found in '$found', not under /usr/lib" ;; esac
cmake --build consumer >>consumer.log 2>&1 || { cat consumer.log >&2; fail "consumer build"; }
consumer/consumer "$known" >&2

echo "== completion" >&2
[ -f /usr/share/bash-completion/completions/sudoku-count ] || fail "no bash completion"
[ -f /usr/share/zsh/vendor-completions/_sudoku-count ] || fail "no zsh completion"

echo "== /usr/bin/python3 -c 'import sudoku_count'" >&2
where=$(/usr/bin/python3 -c "import sudoku_count; print(sudoku_count.__file__)")
case "$where" in /usr/lib/python3/dist-packages/*) echo "imported from $where" >&2 ;; *) fail "imported from $where" ;; esac
got=$(/usr/bin/python3 -c "import sudoku_count as sc; print(sc.exact('2x2'))")
[ "$got" = "$known" ] || fail "sc.exact('2x2') printed $got, not $known"
echo "the package installs and works: $deb" >&2
