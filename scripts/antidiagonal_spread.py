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

Beyond 10x10 (or with --estimate SECONDS), anti-diagonals are drawn
uniformly by rejection and each C(A) is estimated instead, by `estimate
--puzzle --time SECONDS` on 2 threads; the relative variance is then given
less the mean squared relative standard error of the estimates (their own
noise). Each A is printed with its "lean" j: the cells (r, N-1-r) whose
symbol s has its main-diagonal cell (s, s) in a box meeting row r or column
N-1-r (the statistic rows-x leans its draw on, docs/method.md section 16).

usage: antidiagonal_spread.py BINARY BOX SAMPLES [SEED] [--exact COUNT] [--estimate SECONDS]
  e.g. antidiagonal_spread.py build/sudoku-count 3 60 1 --exact 55613393399531520
       antidiagonal_spread.py build/sudoku-count 4 20 10 --estimate 8
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


def draw_allowed(n, rows, cols, rng):
    """One anti-diagonal drawn uniformly among those allowed, by rejection."""
    def allowed(r, s):
        c = n - 1 - r
        if n % 2 == 1 and r == n // 2:
            return s == r
        return not (s == r or s == c or box_of(r, c, rows, cols) == box_of(s, s, rows, cols))
    while True:
        perm = list(range(n))
        rng.shuffle(perm)
        if all(allowed(r, perm[r]) for r in range(n)):
            return tuple(perm)


def lean(n, rows, cols, perm):
    """Cells (r, n-1-r) whose symbol's main-diagonal box meets row r or column n-1-r."""
    return sum(1 for r, s in enumerate(perm)
               if s // rows == r // rows or s // cols == (n - 1 - r) // cols)


def puzzle_text(n, perm):
    digits = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
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
    parser.add_argument("--estimate", type=float, help="estimate each C(A) for this many seconds (else dancing links)")
    args = parser.parse_args()
    rows, cols = map(int, args.box.split("x")) if "x" in args.box else (int(args.box), int(args.box))
    n = rows * cols
    if n > 10 or args.estimate:
        estimated(args, n, rows, cols)
        return
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


def estimated(args, n, rows, cols):
    rng = random.Random(args.seed)
    seconds = args.estimate or 10.0
    found = []
    for _ in range(args.samples):
        perm = draw_allowed(n, rows, cols, rng)
        out = subprocess.run([args.binary, "estimate", "--box", args.box, "--puzzle", puzzle_text(n, perm),
                              "--time", str(seconds), "--threads", "2", "--seed", "7", "--json"],
                             capture_output=True, text=True, check=True)
        d = json.loads(out.stdout)
        found.append((float(d["estimate"]), d["rel_std_error"], lean(n, rows, cols, perm)))
    mean = statistics.fmean(e for e, _, _ in found)
    relvar = statistics.variance(e for e, _, _ in found) / mean ** 2
    noise = statistics.fmean(r * r for _, r, _ in found)
    print(f"{n}x{n} ({rows}x{cols} boxes): {len(found)} anti-diagonals drawn uniformly (seed {args.seed}), "
          f"each C(A) estimated for {seconds:g} s")
    for e, r, j in sorted(found, key=lambda t: t[0]):
        print(f"  C/mean {e / mean:.3f} (rse {r:.1e})  lean j = {j}")
    print(f"relative variance of C: {relvar:.3f} observed, {noise:.1e} of it the estimates' own noise, "
          f"{relvar - noise:.3f} over anti-diagonals")


if __name__ == "__main__":
    main()
