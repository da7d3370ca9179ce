#!/usr/bin/env bash
# Build (installing what is missing) and run the whole test suite with CTest.
# Where MPI is installed (Debian packages libopenmpi-dev openmpi-bin), also
# build the MPI variant of the tool in build-mpi/ (the CLI only) and run its
# test, which compares it with the plain build; SUDOKU_COUNT_SKIP_MPI=1 skips
# that step.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
(cd build && ctest --output-on-failure -j "$(nproc)" "$@")
if [ "${SUDOKU_COUNT_SKIP_MPI:-0}" = 1 ]; then
  echo "MPI variant skipped (SUDOKU_COUNT_SKIP_MPI=1)"
elif command -v mpicxx >/dev/null && command -v mpiexec >/dev/null; then
  cmake -S . -B build-mpi -DCMAKE_BUILD_TYPE=Release -DSUDOKU_COUNT_MPI=ON \
    -DSUDOKU_COUNT_PLAIN_CLI="$PWD/build/sudoku-count" >&2
  cmake --build build-mpi -j "$(nproc)" --target sudoku_count_cli >&2
  (cd build-mpi && ctest --output-on-failure -R '^mpi$')
else
  echo "MPI variant not built: install libopenmpi-dev and openmpi-bin to test it (docs/distributed.md)"
fi
