#!/usr/bin/env bash
# Shared set-up for run.sh, test.sh and the other scripts: install any
# missing Debian package (as root, with apt-get), then configure and build a
# Release tree in build/. Each level installs and builds only what it needs;
# a later level reuses the tree an earlier one built.
# usage: scripts/setup.sh [--tests|--full] [CMAKE_OPTIONS...]
#   (none)   the tool: its packages, and the target sudoku_count_cli alone
#            (scripts/run.sh)
#   --tests  also what the quick test tier needs, and every target of the
#            tree but the benchmark helpers (scripts/test.sh)
#   --full   also what the full tier needs, and every target, the
#            benchmark helpers included (scripts/test.sh --full)
set -euo pipefail
cd "$(dirname "$0")/.."

# The tool: the compiler and make (GCC brings OpenMP), CMake, and the
# libraries it links.
packages=(g++ make cmake libboost-program-options-dev libboost-dev libpcg-cpp-dev nlohmann-json3-dev)
# The quick tier: GoogleTest; python3, with which the CLI tests read JSON
# output, and its jsonschema module, with which they check it against
# docs/schema; the Python module (pybind11, numpy) and its tests (pytest,
# venv, setuptools and pip for `pip install .`); zsh, to check the syntax of
# the generated zsh completion.
test_packages=(libgtest-dev python3 python3-jsonschema python3-dev pybind11-dev python3-pybind11 python3-numpy
               python3-pytest python3-venv python3-setuptools python3-pip zsh)
# The full tier adds Clang with libFuzzer and the sanitizer runtimes
# (libclang-rt-14-dev) and Clang's OpenMP (libomp-14-dev) for the fuzz
# targets, Open MPI for the MPI variant and its launcher, and matplotlib,
# with which the plot test draws a run (scripts/plot_convergence.py; the
# quick tier reports it skipped without it).
full_packages=(clang libclang-rt-14-dev libomp-14-dev libopenmpi-dev openmpi-bin python3-matplotlib)

level=tool
case "${1:-}" in
  --tests) level=tests; shift ;;
  --full) level=full; shift ;;
esac
case $level in
  tests) packages+=("${test_packages[@]}") ;;
  full) packages+=("${test_packages[@]}" "${full_packages[@]}") ;;
esac

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}" >&2
  if [ "$(id -u)" -ne 0 ]; then
    echo "error: packages missing (${missing[*]}); run as root or install them with apt-get" >&2
    exit 2
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  # The packages named above are all that is needed; what they merely
  # recommend (documentation, other compilers' runtimes) is left out, but
  # for the full tier, which CI runs as it always has.
  recommends=(--no-install-recommends)
  [ $level = full ] && recommends=()
  apt-get install -y -qq "${recommends[@]}" "${missing[@]}" >&2
fi

# The tool's tree leaves out what it does not need, so that configuring it
# needs none of the test packages; the test levels switch those parts on in
# the same tree, which keeps what is already built.
case $level in
  tool)
    if [ -f build/CMakeCache.txt ]; then
      cmake -S . -B build "$@" >&2
    else
      cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DSUDOKU_COUNT_BUILD_TESTS=OFF -DSUDOKU_COUNT_PYTHON=OFF \
        -DSUDOKU_COUNT_DOCS=OFF -DSUDOKU_COUNT_BUILD_BENCHMARKS=OFF "$@" >&2
    fi
    cmake --build build -j "$(nproc)" --target sudoku_count_cli >&2
    ;;
  tests | full)
    # The quick tier leaves out the benchmark helpers, which no test runs,
    # and pybind11's link-time optimisation of the Python module (a serial
    # link of the whole library again; the module's tests call it a few
    # times, never in a hot loop). The full tier builds as it always has.
    level_options=(-DSUDOKU_COUNT_BUILD_BENCHMARKS=OFF -DCMAKE_INTERPROCEDURAL_OPTIMIZATION=OFF)
    [ $level = full ] && level_options=(-DSUDOKU_COUNT_BUILD_BENCHMARKS=ON -UCMAKE_INTERPROCEDURAL_OPTIMIZATION)
    cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DSUDOKU_COUNT_BUILD_TESTS=ON -DSUDOKU_COUNT_PYTHON=ON \
      -DSUDOKU_COUNT_DOCS=ON "${level_options[@]}" "$@" >&2
    cmake --build build -j "$(nproc)" >&2
    ;;
esac
