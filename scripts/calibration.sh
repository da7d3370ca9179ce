#!/usr/bin/env bash
# The calibration studies of docs/validation.md, section "Calibration of the
# error bars": independent fixed-budget runs with distinct seeds, compared
# with the standard errors they report (scripts/calibration.py). Raw runs go
# to docs/calibration/*.jsonl (a study run again reuses the runs recorded
# there), QQ plots to docs/img/, the tables to stdout. Budgets are sample
# counts (about the samples of 10 s, 30 s and 30 s on 2 idle cores; the known
# counts study runs 10 s each, as its claim is about 10-s runs), so the
# tables are reproduced exactly whatever the machine; about an hour on 2
# cores. The large-end studies (49x49, 64x64 and the particle counts at
# 36x36 and 64x64) run one thread per run and are not in the default set:
# about an hour of CPU on a quiet machine, several on a busy one.
# usage: scripts/calibration.sh [STUDY...]
#   studies: 16x16 16x16-10s 25x25 36x36 (the sets method) 16x16-smc 25x25-smc 36x36-smc exact
#            transposes 49x49 64x64 particles rows-vs-smc latin (default: all but the last five)
set -euo pipefail
cd "$(dirname "$0")/.."
export SUDOKU_COUNT=${SUDOKU_COUNT:-build/sudoku-count}
[ -x "$SUDOKU_COUNT" ] || scripts/setup.sh
cal=scripts/calibration.py
out=docs/calibration
studies=("$@")
[ ${#studies[@]} -gt 0 ] || studies=(16x16 16x16-10s 25x25 36x36 16x16-smc 25x25-smc 36x36-smc exact transposes)
for study in "${studies[@]}"; do
  case "$study" in
    16x16) $cal replicates --box 4 --method sets --runs 50 --samples 20000 --first-seed 1001 --out $out/16x16 ;;
    16x16-10s) $cal replicates --box 4 --method sets --runs 50 --time 10 --first-seed 1001 --out $out/16x16-10s ;;
    25x25) $cal replicates --box 5 --method sets --runs 20 --samples 3000 --first-seed 2001 --out $out/25x25 ;;
    36x36) $cal replicates --box 6 --method sets --runs 10 --samples 100 --first-seed 3001 --out $out/36x36 ;;
    16x16-smc) $cal replicates --box 4 --method smc --runs 20 --samples 2000 --first-seed 1101 --out $out/16x16-smc ;;
    25x25-smc) $cal replicates --box 5 --method smc --runs 100 --samples 400 --first-seed 2101 --out $out/25x25-smc ;;
    36x36-smc) $cal replicates --box 6 --method smc --runs 10 --samples 120 --first-seed 3101 --out $out/36x36-smc ;;
    49x49) $cal replicates --box 7 --runs 10 --samples 60 --threads 1 --first-seed 6001 --out $out/49x49 ;;
    64x64) $cal replicates --box 8 --runs 10 --samples 8 --threads 1 --first-seed 7001 --out $out/64x64 ;;
    particles)
      $cal particles --box 6 --particles 256 --samples 60 --threads 1 --first-seed 8001 --out $out/particles-36x36
      echo
      $cal particles --box 6 --particles 64 --samples 120 --threads 1 --first-seed 8011 --out $out/particles-36x36-small
      echo
      $cal particles --box 8 --particles 256 --samples 24 --threads 1 --first-seed 8101 --out $out/particles-64x64 ;;
    exact)
      header=--header
      # Every method on every shape with a known count (auto is always one of
      # them: bands up to 3x3 boxes, else sets on the orientation it takes).
      for spec in 2x2:bands 2x2:sets 2x2:smc 2x3:bands 2x3:sets 2x3:smc 3x2:bands 3x2:sets 3x2:smc \
                  2x4:bands 2x4:sets 2x4:smc 4x2:bands 4x2:sets 4x2:smc 3x3:bands 3x3:sets 3x3:smc \
                  2x5:bands 2x5:sets 2x5:smc 5x2:sets 5x2:smc; do
        $cal exact --box "${spec%%:*}" --method "${spec#*:}" --runs 4 --time 10 --first-seed 4101 \
          --out "$out/exact-${spec%%:*}-${spec#*:}" $header
        header=
      done ;;
    transposes)
      header=--header
      for spec in 3x4:100000 3x5:20000 4x5:3000; do
        $cal transposes --box "${spec%%:*}" --runs 5 --samples "${spec#*:}" --first-seed 5001 \
          --out "$out/transposes-${spec%%:*}" $header
        header=
      done ;;
    latin)
      # Latin squares of orders 7-11 against their published counts
      # (tests/data/layout_counts.txt), auto (rows), 30 runs of 5 s each.
      header=--header
      for n in 7 8 9 10 11; do
        $cal exact --box "1x$n" --runs 30 --time 5 --first-seed 9201 --out "$out/latin-$n" $header
        header=
      done ;;
    rows-vs-smc)
      # Two code paths on the classic layout: the generic row-by-row
      # estimator against smc (band column sets), independent seeds.
      $cal methods --box 4 --method rows --samples 4000 --other-method smc --other-samples 2000 --runs 5 \
        --first-seed 9001 --out $out/rows-vs-smc-16x16 --header
      $cal methods --box 5 --method rows --samples 1200 --other-method smc --other-samples 1600 --runs 5 \
        --first-seed 9101 --out $out/rows-vs-smc-25x25 ;;
    *) echo "unknown study '$study': choose 16x16 16x16-10s 25x25 36x36 16x16-smc 25x25-smc 36x36-smc exact transposes 49x49 64x64 particles rows-vs-smc latin" >&2; exit 2 ;;
  esac
  echo
done
for png in $out/*-qq.png; do [ -e "$png" ] && mv "$png" "docs/img/calibration_$(basename "$png" -qq.png)_qq.png"; done
