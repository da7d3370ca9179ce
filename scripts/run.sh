#!/usr/bin/env bash
# Build the tool (installing the packages it needs, and only those: the test
# packages come with scripts/test.sh) and run it. With no arguments it runs
# the main job: a 9x9 estimate that stops on its own within a minute.
# Arguments pass through: scripts/run.sh exact --box 2x2
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
if [ $# -eq 0 ]; then
  set -- estimate --box 3 --rel-error 1e-4 --time 50
fi
exec build/sudoku-count "$@"
