#!/usr/bin/env bash
# The calibration studies of docs/validation.md, section "Calibration of the
# error bars": independent fixed-budget runs with distinct seeds, compared
# with the standard errors they report (scripts/calibration.py). Raw runs go
# to docs/calibration/*.jsonl (a study run again reuses the runs recorded
# there), QQ plots to docs/img/, the tables to stdout. About 40 minutes on
# 2 cores. usage: scripts/calibration.sh [STUDY...]
#   studies: 16x16 25x25 36x36 exact transposes (default: all)
set -euo pipefail
cd "$(dirname "$0")/.."
export SUDOKU_COUNT=${SUDOKU_COUNT:-build/sudoku-count}
[ -x "$SUDOKU_COUNT" ] || scripts/setup.sh
cal=scripts/calibration.py
out=docs/calibration
studies=("$@")
[ ${#studies[@]} -gt 0 ] || studies=(16x16 25x25 36x36 exact transposes)
for study in "${studies[@]}"; do
  case "$study" in
    16x16) $cal replicates --box 4 --runs 50 --time 10 --first-seed 1001 --out $out/16x16 ;;
    25x25) $cal replicates --box 5 --runs 20 --time 30 --first-seed 2001 --out $out/25x25 ;;
    36x36) $cal replicates --box 6 --runs 10 --time 60 --first-seed 3001 --out $out/36x36 ;;
    exact)
      header=--header
      for spec in 2x2: 2x3: 3x2: 2x4:bands 4x2: 3x3:bands 3x3:sets 2x4:sets; do
        $cal exact --box "${spec%%:*}" --method "${spec#*:}" --runs 6 --time 5 --first-seed 4001 \
          --out "$out/exact-${spec%%:*}-${spec#*:}" $header
        header=
      done ;;
    transposes)
      header=--header
      for box in 3x4 3x5 4x5; do
        $cal transposes --box $box --runs 5 --time 10 --first-seed 5001 --out "$out/transposes-$box" $header
        header=
      done ;;
    *) echo "unknown study '$study': choose 16x16 25x25 36x36 exact transposes" >&2; exit 2 ;;
  esac
  echo
done
for png in $out/*-qq.png; do [ -e "$png" ] && mv "$png" docs/img/calibration_$(basename "$png"); done
