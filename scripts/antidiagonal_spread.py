#!/usr/bin/env python3
"""How much the count of grids with both diagonals varies over anti-diagonals.

Every grid with both main diagonals (`--variant x`) has exactly one
relabelling whose main diagonal reads 1..N, so

    X-grids = N! * sum over anti-diagonals A of C(A),

C(A) being the classic grids whose main diagonal is 1..N and whose
anti-diagonal is A: a puzzle of 2N givens (2N - 1 on odd N, where the
diagonals share the centre), whose diagonals then hold every symbol once
with no further rule. The anti-diagonals A that clash with no given of the
main diagonal (row, column or box) are listed exactly here; an estimator
that draws A uniformly from them and estimates C(A) has, at best, the
relative variance of C over that list. This script draws SAMPLES of them
(seeded), counts each C(A) exactly with `exact --puzzle` (dancing links), and
prints the relative variance, the share of A with no grid, and the total
N! * |list| * mean(C) beside the exact count when one is given.

usage: antidiagonal_spread.py BINARY BOX SAMPLES [SEED] [--exact COUNT]
  e.g. antidiagonal_spread.py build/sudoku-count 3 60 1 --exact 55613393399531520
"""
import argparse
import itertools
import json
import math
import random
import statistics
import subprocess
import sys
import time


def box_of(r, c, rows, cols):
    return (r // rows, c // cols)


def allowed_antidiagonals(n, rows, cols):
    """Every anti-diagonal (symbol per row, 0-based) that clashes with no
    cell of the main diagonal 0..n-1 (row, column or box) nor with itself,
    by a search row by row."""
    given = [((r, r), r) for r in range(n)]
    found = []
    perm = [0] * n

    def clashes(r, s, placed):
        c = n - 1 - r
        if n % 2 == 1 and r == n // 2:
            return s != r  # the centre is on both diagonals
        for (r2, c2), s2 in placed:
            if s2 == s and (r2 == r or c2 == c or box_of(r, c, rows, cols) == box_of(r2, c2, rows, cols)):
                return True
        return False

    def place(r, placed):
        if r == n:
            found.append(tuple(perm))
            return
        for s in range(n):
            if s not in perm[:r] and not clashes(r, s, placed):
                perm[r] = s
                place(r + 1, placed + [((r, n - 1 - r), s)])

    place(0, given)
    return found


def puzzle_text(n, perm):
    digits = "123456789ABCDEFG"
    grid = [["."] * n for _ in range(n)]
    for r in range(n):
        grid[r][r] = digits[r]
        grid[r][n - 1 - r] = digits[perm[r]]
    return "".join("".join(row) for row in grid)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binary")
    parser.add_argument("box", help="box shape: R for RxR boxes or RxC (grids up to 10x10: the list is enumerated in full)")
    parser.add_argument("samples", type=int)
    parser.add_argument("seed", type=int, nargs="?", default=1)
    parser.add_argument("--exact", type=int, help="the exact count of grids with both diagonals, to compare")
    args = parser.parse_args()
    rows, cols = map(int, args.box.split("x")) if "x" in args.box else (int(args.box), int(args.box))
    n = rows * cols
    if n > 10:
        sys.exit("antidiagonal_spread.py: the anti-diagonals are enumerated in full: grids up to 10x10")
    listed = allowed_antidiagonals(n, rows, cols)
    rng = random.Random(args.seed)
    counts = []
    start = time.monotonic()
    for _ in range(args.samples):
        perm = rng.choice(listed)
        out = subprocess.run([args.binary, "exact", "--box", args.box, "--puzzle", puzzle_text(n, perm),
                              "--threads", "1", "--json"], capture_output=True, text=True, check=True)
        counts.append(int(json.loads(out.stdout)["count"]))
    seconds = time.monotonic() - start
    mean = statistics.fmean(counts)
    var = statistics.pvariance(counts)
    relvar = var / mean ** 2 if mean else float("nan")
    total = math.factorial(n) * len(listed) * mean
    se = math.factorial(n) * len(listed) * math.sqrt(var / len(counts))
    print(f"{n}x{n} ({rows}x{cols} boxes): {len(listed)} anti-diagonals clash with no given of the main diagonal")
    print(f"{len(counts)} drawn (seed {args.seed}), each counted by dancing links: {seconds:.1f} s in all")
    print(f"C(A): mean {mean:.4g}, min {min(counts)}, max {max(counts)}, "
          f"no grid {sum(1 for c in counts if c == 0)}/{len(counts)}")
    print(f"relative variance of C over the list: {relvar:.3f}")
    line = f"N! * |list| * mean C = {total:.4e} (SE {se:.2e})"
    if args.exact:
        line += f"; exact {args.exact:.4e}, z = {(total - args.exact) / se:+.2f}"
    print(line)


if __name__ == "__main__":
    main()
