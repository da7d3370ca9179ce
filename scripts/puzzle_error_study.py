#!/usr/bin/python3
"""Checks the standard error that `sudoku-count puzzles` reports against the
spread of independent runs: R runs with seeds 1..R, each with the same fixed
budget (--grids), and per clue count the mean of the R estimates with its
standard error (their spread / sqrt(R)) and the ratio (standard deviation of the R
estimates) / (root mean square of the R reported standard errors). An honest
error gives a ratio near 1; with R runs the ratio's own relative error is
about 1/sqrt(2(R-1)).

    scripts/puzzle_error_study.py BINARY RUNS OUT.json -- PUZZLES_ARGS...

PUZZLES_ARGS must hold --grids (a fixed budget) and no --seed.
"""
import json
import math
import os
import subprocess
import sys


def main():
    argv = sys.argv[1:]
    if len(argv) < 4 or argv[3] != "--" or "--grids" not in argv or "--seed" in argv:
        sys.exit(__doc__)
    binary, runs, out, args = argv[0], int(argv[1]), argv[2], argv[4:]
    load_before = os.getloadavg()
    records = []
    for seed in range(1, runs + 1):
        done = subprocess.run([binary, "puzzles", *args, "--seed", str(seed), "--json", "--progress", "never"],
                              capture_output=True, text=True, check=True)
        records.append(json.loads(done.stdout))
    load_after = os.getloadavg()
    rows = {}
    for record in records:
        for row in [*record["by_clues"], dict(record, clues="total")]:
            rows.setdefault(row["clues"], []).append((float(row["estimate"]), float(row["std_error"]), row["hits"]))
    study = {"arguments": ["puzzles", *args], "runs": runs, "load_average_before": [round(x, 2) for x in load_before],
             "load_average_after": [round(x, 2) for x in load_after], "rows": []}
    print("command: `sudoku-count puzzles %s --seed S` for S = 1..%d; load average %.2f before, %.2f after"
          % (" ".join(args), runs, load_before[0], load_after[0]))
    print()
    print("| clues | mean estimate | its rel. std. error | hits a run (mean) | spread / reported error |")
    print("|---|---|---|---|---|")
    for clues, values in rows.items():
        estimates = [v[0] for v in values]
        mean = sum(estimates) / runs
        hits = sum(v[2] for v in values) / runs
        if hits < 50 or mean <= 0:
            continue  # the normal error is not claimed below 50 hits
        spread = math.sqrt(sum((e - mean) ** 2 for e in estimates) / (runs - 1))
        reported = math.sqrt(sum(v[1] ** 2 for v in values) / runs)
        ratio = spread / reported
        mean_error = spread / math.sqrt(runs)  # the runs are independent
        study["rows"].append({"clues": clues, "mean": mean, "mean_std_error": mean_error, "mean_hits": hits,
                              "spread": spread, "reported": reported, "ratio": ratio})
        print("| %s | %.4e | %.2e | %.0f | %.2f |" % (clues, mean, mean_error / mean, hits, ratio))
    print()
    print("the ratio's own relative error with %d runs: about %.2f" % (runs, 1 / math.sqrt(2 * (runs - 1))))
    with open(out, "w") as f:
        json.dump(study, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
