#!/usr/bin/env bash
# The test suite, in two tiers. Both install what is missing (scripts/setup.sh)
# and build what they test.
#
# scripts/test.sh: the quick tier, a few minutes. Installs the test packages
#   (setup.sh --tests) and builds build/ (Release) but the benchmark helpers,
#   which no test runs. Then: the unit tests but those labelled slow, the CLI tests (tests/cli_test.sh), the
#   long-run tests (tests/long_runs_test.py: the status line on a terminal,
#   signals 5 s into a 2x6 job and a --forever estimate, checkpoints of the
#   previous release, a second writer, --threads), every command's JSON
#   against docs/schema, the plot of a 25x25 run (skipped without
#   matplotlib), the examples of README.md and docs/ against the build
#   (scripts/docs_examples.py --check) and the package test (tests/package:
#   install, then find_package from another project).
#
# scripts/test.sh --full: the full tier, which CI runs (.ci/run). Also
#   installs Clang with libFuzzer and Open MPI (setup.sh --full), then:
#   1. build/, Release: every test, the slow ones too. Those are long runs of
#      many seeded estimates (coverage, z-scores, accuracy), exact counts of
#      8x8 and 9x9 grids repeated for each thread count, signals 90 s into a
#      2x6 job and a --forever estimate, and similar.
#   2. build-asan/, AddressSanitizer + UndefinedBehaviorSanitizer (-O1 -g,
#      asserts on): every test but the slow ones, which take several times
#      longer there and run no code that the others leave unexercised.
#   3. build-fuzz/, Clang: the libFuzzer targets in fuzz/, each for
#      FUZZ_SECONDS (default 30).
#   4. build-mpi/: the MPI variant of the tool (the CLI only) and its test,
#      which compares it with the plain build.
#
# Other arguments pass through to the ctest of build/.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
full=0
if [ "${1:-}" = --full ]; then
  full=1
  shift
fi

if [ $full = 0 ]; then
  scripts/setup.sh --tests
  (cd build && ctest --output-on-failure -j "$jobs" -LE slow "$@")
  echo "quick tier passed (scripts/test.sh --full adds the slow tests, sanitizers, fuzzing and MPI)" >&2
  exit 0
fi

scripts/setup.sh --full
echo "== Release build (build): every test" >&2
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
if ! clang++ -fsanitize=fuzzer,address,undefined -fopenmp "$probe/probe.cpp" -o "$probe/probe"; then
  echo "error: clang++ cannot build a libFuzzer target with OpenMP (Debian packages clang, libclang-rt-14-dev," \
       "libomp-14-dev; docs/validation.md)" >&2
  exit 1
fi
echo "== fuzz targets (build-fuzz): ${fuzz_seconds} s each" >&2
cmake -S . -B build-fuzz -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" -DSUDOKU_COUNT_FUZZ=ON -DSUDOKU_COUNT_BUILD_TESTS=OFF >&2
cmake --build build-fuzz -j "$jobs" --target fuzz_shape fuzz_puzzle fuzz_options fuzz_classic9 >&2
for target in shape puzzle options classic9; do
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

echo "== MPI variant (build-mpi)" >&2
# As root, Open MPI's launcher needs its consent: tests/mpi_test.sh gives it.
cmake -S . -B build-mpi -DCMAKE_BUILD_TYPE=Release -DSUDOKU_COUNT_MPI=ON \
  -DSUDOKU_COUNT_PLAIN_CLI="$PWD/build/sudoku-count" >&2
cmake --build build-mpi -j "$jobs" --target sudoku_count_cli >&2
# The test reports itself skipped (exit 77) without a launcher: here that is
# a failure.
(cd build-mpi && ctest --output-on-failure -R '^mpi$' --no-tests=error) | tee build-mpi/mpi_test.log
if grep -q 'Skipped' build-mpi/mpi_test.log; then
  echo "error: the MPI test was skipped" >&2
  exit 1
fi
echo "all tests passed (full tier)" >&2
