#!/usr/bin/python3
"""Runs `sudoku-count puzzles` with a fixed budget, saves its JSON record with
the load average around it, and prints the rows as a Markdown table (for
docs/results.md and docs/benchmarks.md).

    scripts/puzzle_results.py BINARY OUT.json -- PUZZLES_ARGS...
    scripts/puzzle_results.py --table OUT.json [--compare berthier]
    scripts/puzzle_results.py --combine LOW.json HIGH.json SPLIT [--compare berthier]

--combine takes the clue counts below SPLIT from LOW and those from SPLIT up
from HIGH (two independent runs, the split fixed before either ran: subsets
below, supersets above), and adds them into a total. The rows of one run
share its grids, so their errors are added as if perfectly correlated, an
upper bound whatever the correlation; the two runs' parts then add in
quadrature.

PUZZLES_ARGS must give a fixed budget (--grids or --time), never a stop on a
precision. --compare berthier adds, for 9x9 minimal puzzles, Berthier's
controlled-bias figures (3.1055e37 minimal puzzles in all, "0.065% relative
error", and his per-clue percentages): a comparison table, not an output.
"""
import json
import os
import subprocess
import sys

# Berthier (2009-2013, "The real distribution of minimal puzzles"): the share
# of minimal 9x9 puzzles with each clue count, in percent, and the total.
# Published figures, for comparison only.
BERTHIER_TOTAL = 3.1055e37
BERTHIER_PERCENT = {20: 1.32e-7, 21: 0.000034, 22: 0.00348, 23: 0.148, 24: 2.28, 25: 13.42, 26: 31.91,
                    27: 32.71, 28: 15.48, 29: 3.598, 30: 0.41, 31: 0.0241, 32: 0.00102}
BERTHIER_REL_ERROR = 0.00065
# The controlled-bias collection behind the shares holds 5,926,343 puzzles.
# Berthier publishes no error per clue count; the table approximates one as
# 1 / sqrt(share x 5,926,343), the Poisson error of the puzzles of that clue
# count in the collection (computed, not published; it ignores the bias
# correction's weights).
BERTHIER_PUZZLES = 5926343


def run(binary, out, args):
    if "--rel-error" in args or not ("--grids" in args or "--time" in args):
        sys.exit("puzzle_results: give a fixed budget (--grids or --time)")
    load_before = os.getloadavg()
    done = subprocess.run([binary, "puzzles", *args, "--json", "--progress", "never"], capture_output=True, text=True)
    load_after = os.getloadavg()
    if done.returncode != 0:
        sys.exit("puzzle_results: the run failed: " + done.stderr.strip())
    record = json.loads(done.stdout)
    record["load_average_before"] = [round(x, 2) for x in load_before]
    record["load_average_after"] = [round(x, 2) for x in load_after]
    record["arguments"] = ["puzzles", *args]
    with open(out, "w") as f:
        json.dump(record, f, indent=1)
        f.write("\n")
    return record


def digits(value, rel):
    """The digits the relative error supports (two of the error)."""
    import math
    if not rel or rel <= 0:
        return "%.1e" % value
    return "%.*e" % (max(1, min(9, int(math.floor(-math.log10(rel))) + 1)), value)


def berthier_row(clues):
    share = BERTHIER_PERCENT.get(clues, 0) / 100
    expected = share * BERTHIER_PUZZLES
    return BERTHIER_TOTAL * share, (1 / expected ** 0.5 if expected > 0 else None)


def print_head(columns, compare):
    head = "| " + " | ".join(columns) + " |"
    rule = "|" + "---|" * len(columns)
    if compare:
        head += " Berthier (CBG) | difference in combined SE |"
        rule += "---|---|"
    print(head)
    print(rule)


def table(record, compare):
    print("command: `sudoku-count %s`" % " ".join(record["arguments"]))
    print("grids %d, sets %d, uniqueness tests %d, %.0f s on %d threads (set-up %.1f s); load average %s before, %s after"
          % (record["grid_count"], record["sets"], record["uniqueness_tests"], record["seconds"], record["threads"],
             record["setup_seconds"], record["load_average_before"][0], record["load_average_after"][0]))
    print()
    print_head(["clues", "estimate", "rel. std. error", "hits", "95% interval", "grid-to-grid CV"], compare)
    rows = [*record["by_clues"], dict(record, clues="total")]
    for row in rows:
        if row["hits"] == 0:
            continue
        est, rel = float(row["estimate"]), row["rel_std_error"]
        cv = row["between_grid_cv"]
        line = "| %s | %s | %s | %d | [%s, %s] %s | %s |" % (
            row["clues"], digits(est, rel), "%.2e" % rel if rel else "-", row["hits"],
            digits(float(row["ci_low"]), rel), digits(float(row["ci_high"]), rel), row["interval_method"],
            "%.2f" % cv if cv is not None else "-")
        if compare:
            ours_se = float(row["std_error"])
            if row["clues"] == "total":
                # The same clue counts as the rows above (Berthier's shares of them).
                clues = [r["clues"] for r in record["by_clues"] if r["hits"] > 0]
                share = sum(BERTHIER_PERCENT.get(c, 0) for c in clues) / 100
                theirs = BERTHIER_TOTAL * share
                their_rel = BERTHIER_REL_ERROR
                shown = "%.4e (%.2f%% of 3.1055e37, ± 0.065%%)" % (theirs, 100 * share)
            else:
                theirs, their_rel = berthier_row(row["clues"])
                shown = "%.4g ± %.2g%%" % (theirs, 100 * their_rel) if their_rel else "-"
            if theirs and their_rel:
                combined = (ours_se ** 2 + (theirs * their_rel) ** 2) ** 0.5
                line += " %s | %+.1f |" % (shown, (est - theirs) / combined)
            else:
                line += " - | - |"
        print(line)


def combine(low, high, split, compare):
    for name, record in (("below %d" % split, low), ("from %d" % split, high)):
        print("%s: `sudoku-count %s` (grids %d, sets %d, %.0f s on %d threads; load average %s before, %s after)"
              % (name, " ".join(record["arguments"]), record["grid_count"], record["sets"], record["seconds"],
                 record["threads"], record["load_average_before"][0], record["load_average_after"][0]))
    print()
    print_head(["clues", "estimate", "rel. std. error", "hits", "run"], compare)
    total, bound = 0.0, {"low": 0.0, "high": 0.0}
    share = 0.0
    rows = [(r, "low") for r in low["by_clues"] if r["clues"] < split]
    rows += [(r, "high") for r in high["by_clues"] if r["clues"] >= split]
    for row, part in rows:
        if row["hits"] == 0:
            continue
        est, se, rel = float(row["estimate"]), float(row["std_error"]), row["rel_std_error"]
        total += est
        bound[part] += se
        share += BERTHIER_PERCENT.get(row["clues"], 0) / 100
        line = "| %d | %s | %s | %d | %s |" % (row["clues"], digits(est, rel), "%.2e" % rel if rel else "-",
                                               row["hits"], "subsets" if part == "low" else "supersets")
        if compare:
            theirs, their_rel = berthier_row(row["clues"])
            if theirs and their_rel:
                line += " %.4g ± %.2g%% | %+.1f |" % (theirs, 100 * their_rel,
                                                     (est - theirs) / (se ** 2 + (theirs * their_rel) ** 2) ** 0.5)
            else:
                line += " - | - |"
        print(line)
    se = (bound["low"] ** 2 + bound["high"] ** 2) ** 0.5
    clues = [r["clues"] for r, _ in rows if r["hits"] > 0]
    line = "| %d–%d | %s | ≤ %.2e | - | both |" % (min(clues), max(clues), digits(total, se / total), se / total)
    if compare:
        theirs = BERTHIER_TOTAL * share
        line += " %.4e (%.2f%% of 3.1055e37, ± 0.065%%) | %+.1f |" % (
            theirs, 100 * share, (total - theirs) / (se ** 2 + (theirs * BERTHIER_REL_ERROR) ** 2) ** 0.5)
    print(line)


def main():
    argv = sys.argv[1:]
    if argv and argv[0] == "--combine":
        combine(json.load(open(argv[1])), json.load(open(argv[2])), int(argv[3]),
                "--compare" in argv and argv[argv.index("--compare") + 1] == "berthier")
        return
    if argv and argv[0] == "--table":
        record = json.load(open(argv[1]))
        table(record, "--compare" in argv and argv[argv.index("--compare") + 1] == "berthier")
        return
    if len(argv) < 3 or argv[2] != "--":
        sys.exit(__doc__)
    record = run(argv[0], argv[1], argv[3:])
    table(record, False)


if __name__ == "__main__":
    main()
