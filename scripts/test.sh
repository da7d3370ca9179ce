#!/usr/bin/env bash
# Build (installing what is missing) and run the whole test suite with CTest,
# in up to four trees:
#  1. build/, Release: every test. Arguments pass through to this ctest.
#  2. build-asan/, AddressSanitizer + UndefinedBehaviorSanitizer (-O1 -g,
#     asserts on): every test but those labelled slow. Those are long runs of
#     many seeded estimates (coverage, z-scores) and the 8x8 exact count,
#     several times slower under the sanitizers, through code that the other
#     tests already run there.
#  3. build-fuzz/, when Clang with libFuzzer is installed (Debian: clang,
#     libclang-rt-14-dev, libomp-14-dev): the libFuzzer targets in fuzz/, each
#     for FUZZ_SECONDS (default 30). Without Clang this step is skipped with a
#     note; the fixed-seed randomized input tests (RandomInput.*) run the same
#     checks in steps 1 and 2.
#  4. build-mpi/, where MPI is installed (Debian: libopenmpi-dev, openmpi-bin):
#     the MPI variant of the tool (the CLI only) and its test, which compares
#     it with the plain build; SUDOKU_COUNT_SKIP_MPI=1 skips this step.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)

scripts/setup.sh
(cd build && ctest --output-on-failure -j "$jobs" "$@")

echo "== sanitizer build (build-asan): AddressSanitizer + UndefinedBehaviorSanitizer" >&2
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" \
  -DSUDOKU_COUNT_SANITIZE=ON >&2
cmake --build build-asan -j "$jobs" >&2
# Every report is fatal (-fno-sanitize-recover=all at build time); stack
# traces for UBSan reports too. Leak checking stays on: the suite has no
# leak to suppress.
(cd build-asan && UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j "$jobs" -LE slow)

fuzz_seconds=${FUZZ_SECONDS:-30}
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
printf 'extern "C" int LLVMFuzzerTestOneInput(const unsigned char*, unsigned long) { return 0; }\n' >"$probe/probe.cpp"
if command -v clang++ >/dev/null &&
   clang++ -fsanitize=fuzzer,address,undefined -fopenmp "$probe/probe.cpp" -o "$probe/probe" 2>/dev/null; then
  echo "== fuzz targets (build-fuzz): ${fuzz_seconds} s each" >&2
  cmake -S . -B build-fuzz -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" -DSUDOKU_COUNT_FUZZ=ON -DSUDOKU_COUNT_BUILD_TESTS=OFF >&2
  cmake --build build-fuzz -j "$jobs" --target fuzz_shape fuzz_puzzle fuzz_options >&2
  for target in shape puzzle options; do
    # New inputs go to the corpus in the build tree; the seeds in fuzz/corpus
    # are read only. A unit slower than 10 s counts as a hang.
    mkdir -p "build-fuzz/corpus/$target"
    if ! "build-fuzz/fuzz/fuzz_$target" -max_total_time="$fuzz_seconds" -timeout=10 -rss_limit_mb=2048 \
         -print_final_stats=1 -artifact_prefix="build-fuzz/" "build-fuzz/corpus/$target" "fuzz/corpus/$target" \
         >"build-fuzz/fuzz_$target.log" 2>&1; then
      tail -60 "build-fuzz/fuzz_$target.log" >&2
      echo "fuzz_$target failed: log in build-fuzz/fuzz_$target.log, input saved in build-fuzz/" >&2
      exit 1
    fi
    echo "fuzz_$target: $(grep -m1 -E '^stat::number_of_executed_units' "build-fuzz/fuzz_$target.log" |
                          grep -oE '[0-9]+') inputs, no failure" >&2
  done
else
  echo "note: clang++ with libFuzzer and OpenMP not found: fuzz targets skipped (see docs/validation.md)" >&2
fi
if [ "${SUDOKU_COUNT_SKIP_MPI:-0}" = 1 ]; then
  echo "MPI variant skipped (SUDOKU_COUNT_SKIP_MPI=1)"
elif command -v mpicxx >/dev/null && command -v mpiexec >/dev/null; then
  cmake -S . -B build-mpi -DCMAKE_BUILD_TYPE=Release -DSUDOKU_COUNT_MPI=ON \
    -DSUDOKU_COUNT_PLAIN_CLI="$PWD/build/sudoku-count" >&2
  cmake --build build-mpi -j "$jobs" --target sudoku_count_cli >&2
  (cd build-mpi && ctest --output-on-failure -R '^mpi$')
else
  echo "MPI variant not built: install libopenmpi-dev and openmpi-bin to test it (docs/distributed.md)"
fi
echo "all tests passed" >&2
