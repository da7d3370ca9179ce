#!/usr/bin/env python3
"""A study of independent estimates against an exact count, for
docs/benchmarks.md: RUNS runs of `sudoku-count estimate` with seeds 1..RUNS
and a fixed budget, each set against the count in tests/data/layout_counts.txt
(for comparison only: the tool never reads it). Prints one markdown row per
run and a summary: the mean z-score, the share of 95% intervals holding the
count, and spread / reported error, the standard deviation of the runs'
estimates over the root mean square of their reported standard errors (near
1 when the error bars are honest).

usage: scripts/variant_study.py LAYOUT RUNS -- ESTIMATE_ARGS...
  LAYOUT as tests/data/layout_counts.txt names it (3x3+x); ESTIMATE_ARGS are
  the budget and method, e.g. --box 3 --variant x --samples 100000
  SUDOKU_COUNT   the binary (default build/sudoku-count)
"""
import json
import math
import os
import subprocess
import sys
from fractions import Fraction


def main():
    sep = sys.argv.index("--")
    layout, runs = sys.argv[1], int(sys.argv[2])
    args = sys.argv[sep + 1:]
    binary = os.environ.get("SUDOKU_COUNT", "build/sudoku-count")
    here = os.path.dirname(os.path.abspath(__file__))
    counts = {}
    with open(os.path.join(here, "..", "tests", "data", "layout_counts.txt")) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                name, value = line.strip().split(":")
                counts[name] = int(value)
    if layout not in counts:
        sys.exit(f"no count of {layout} in tests/data/layout_counts.txt")
    truth = counts[layout]
    print(f"{runs} runs of `sudoku-count estimate {' '.join(args)} --seed K --json`, K = 1..{runs}, against {truth:,}")
    print()
    print("| seed | estimate | rel. std. error | z | interval | samples | seconds |")
    print("|---|---|---|---|---|---|---|")
    estimates, errors, zs, held = [], [], [], 0
    for seed in range(1, runs + 1):
        out = subprocess.run([binary, "estimate", *args, "--seed", str(seed), "--json"], capture_output=True,
                             text=True, check=True)
        d = json.loads(out.stdout.strip().splitlines()[-1])
        estimate, error = float(d["estimate"]), float(d["std_error"])
        z = (Fraction(d["estimate"]) - truth) / Fraction(d["std_error"])
        estimates.append(estimate)
        errors.append(error)
        zs.append(float(z))
        low, high = d.get("ci_low"), d.get("ci_high")
        inside = low is not None and float(low) <= truth <= float(high)
        held += inside
        print(f"| {seed} | {estimate:.5e} | {d['rel_std_error']:.2e} | {float(z):+.2f} | {d['interval']} |"
              f" {d['samples']} | {d['seconds']:.1f} |")
    mean = sum(estimates) / runs
    spread = math.sqrt(sum((e - mean) ** 2 for e in estimates) / (runs - 1))
    reported = math.sqrt(sum(e * e for e in errors) / runs)
    print()
    print(f"mean z {sum(zs) / runs:+.2f}; intervals holding the count {held}/{runs}; "
          f"spread / reported error {spread / reported:.2f} (spread {spread:.3e}, reported {reported:.3e}); "
          f"mean of the runs / count - 1 = {(mean - truth) / truth:+.2e}")


if __name__ == "__main__":
    main()
