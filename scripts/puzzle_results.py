#!/usr/bin/python3
"""Runs `sudoku-count puzzles` with a fixed budget, saves its JSON record with
the load average around it, and prints the rows as a Markdown table (for
docs/results.md and docs/benchmarks.md).

    scripts/puzzle_results.py BINARY OUT.json -- PUZZLES_ARGS...
    scripts/puzzle_results.py --table OUT.json [--compare berthier]
    scripts/puzzle_results.py --combine LOW.json HIGH.json SPLIT [--compare berthier|forum]

--combine takes the clue counts below SPLIT from LOW and those from SPLIT up
from HIGH (two independent runs, the split fixed before either ran: subsets
below, supersets above), and adds them into a total. A run whose clue counts
(--clues) are exactly the ones taken from it brings its own total and that
total's standard error, clustered by grid like every row. Otherwise the rows
taken from it share its grids, so their errors are added as if perfectly
correlated, an upper bound whatever the correlation, and the total's error is
shown as a bound (≤). The two runs' parts then add in quadrature.

A run made of pieces (--resume FILE in PUZZLES_ARGS, OUT.json from an earlier
piece) keeps the earlier pieces' lines in OUT.json's "pieces" and adds its
own: its arguments, seconds, load average and the tool's version.
"run_seconds" is their sum (the "seconds" of a run are its last session's).

PUZZLES_ARGS must give a fixed budget (--grids or --time), never a stop on a
precision. --compare berthier adds, for 9x9 minimal puzzles, Berthier's
controlled-bias figures (3.1055e37 minimal puzzles in all, "0.065% relative
error", and his per-clue percentages); --compare forum adds the enjoysudoku
forum's 16-hour subsets run (19-28 clues, with its published relative
errors). Both are comparison tables, not outputs.
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
# The enjoysudoku forum, "Counting minimal puzzles: subsets, supersets, etc."
# (Afmob, 2015): a 16-hour subsets run over one pool of 100,000 grids, sets of
# 28 cells. Minimal puzzles a grid and the published relative error (percent)
# by clue count; the grid count 6,670,903,752,021,072,936,960 turns them into
# totals. Published figures, for comparison only.
FORUM_PER_GRID = {19: 2.132e3, 20: 3.204e6, 21: 1.285e9, 22: 1.616e11, 23: 6.908e12, 24: 1.064e14,
                  25: 6.250e14, 26: 1.485e15, 27: 1.529e15, 28: 7.325e14}
FORUM_REL_ERROR_PERCENT = {19: 13.85, 20: 1.30, 21: 0.28, 22: 0.11, 23: 0.06, 24: 0.05, 25: 0.05, 26: 0.09,
                           27: 0.34, 28: 3.01}
GRIDS_9X9 = 6670903752021072936960


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
    pieces = []
    if "--resume" in args and os.path.exists(out):
        with open(out) as f:
            pieces = json.load(f).get("pieces", [])
    pieces.append({"arguments": record["arguments"], "version": record["version"],
                   "session_seconds": round(record["seconds"], 1),  # a run's "seconds" are its session's
                   "load_average_before": record["load_average_before"],
                   "load_average_after": record["load_average_after"]})
    record["pieces"] = pieces
    record["run_seconds"] = round(sum(p["session_seconds"] for p in pieces), 1)
    with open(out + ".tmp", "w") as f:
        json.dump(record, f, indent=1)
        f.write("\n")
    os.replace(out + ".tmp", out)
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


def described(record):
    """The command of a run (its first piece's, and how many pieces) and its seconds in all."""
    pieces = record.get("pieces", [])
    if len(pieces) > 1:
        return "%s` in %d pieces" % (" ".join(pieces[0]["arguments"]), len(pieces)), record["run_seconds"]
    return " ".join(record["arguments"]) + "`", record["seconds"]


def table(record, compare):
    command, seconds = described(record)
    print("command: `sudoku-count %s" % command)
    print("grids %d, sets %d, uniqueness tests %d, %.0f s on %d threads (set-up %.1f s); load average %s before, %s after"
          % (record["grid_count"], record["sets"], record["uniqueness_tests"], seconds, record["threads"],
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


def reference_row(compare, clues):
    """A published figure for a clue count and its relative error, or (None, None)."""
    if compare == "berthier":
        return berthier_row(clues)
    if compare == "forum" and clues in FORUM_PER_GRID:
        return FORUM_PER_GRID[clues] * GRIDS_9X9, FORUM_REL_ERROR_PERCENT[clues] / 100
    return None, None


def combine(low, high, split, compare):
    for name, record in (("below %d" % split, low), ("from %d" % split, high)):
        command, seconds = described(record)
        print("%s: `sudoku-count %s (grids %d, sets %d, %.0f s on %d threads; load average %s before, %s after)"
              % (name, command, record["grid_count"], record["sets"], seconds,
                 record["threads"], record["load_average_before"][0], record["load_average_after"][0]))
    print()
    head = ["clues", "estimate", "rel. std. error", "hits", "run"]
    if compare == "forum":
        head += ["forum (16-hour subsets run)", "difference in combined SE", "our error / theirs"]
    print_head(head, compare == "berthier")
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
            theirs, their_rel = reference_row(compare, row["clues"])
            if theirs and their_rel:
                line += " %.4g ± %.2g%% | %+.1f |" % (theirs, 100 * their_rel,
                                                     (est - theirs) / (se ** 2 + (theirs * their_rel) ** 2) ** 0.5)
                if compare == "forum":
                    line += " %.2f |" % (rel / their_rel)
            else:
                line += " - | - |" + (" - |" if compare == "forum" else "")
        print(line)
    # A run whose clue counts are exactly those taken from it has its own
    # total, with the standard error of the per-grid sum: exact, not a bound.
    exact = True
    for part, record, inside in (("low", low, lambda c: c < split), ("high", high, lambda c: c >= split)):
        if all(inside(r["clues"]) for r in record["by_clues"]):
            bound[part] = float(record["std_error"])
        else:
            exact = False
    se = (bound["low"] ** 2 + bound["high"] ** 2) ** 0.5
    clues = [r["clues"] for r, _ in rows if r["hits"] > 0]
    line = "| %d–%d | %s | %s%.2e | - | both |" % (min(clues), max(clues), digits(total, se / total),
                                                   "" if exact else "≤ ", se / total)
    if compare == "berthier":
        theirs = BERTHIER_TOTAL * share
        line += " %.4e (%.2f%% of 3.1055e37, ± 0.065%%) | %+.1f |" % (
            theirs, 100 * share, (total - theirs) / (se ** 2 + (theirs * BERTHIER_REL_ERROR) ** 2) ** 0.5)
    elif compare == "forum":
        line += " - | - | - |"
    print(line)


def main():
    argv = sys.argv[1:]
    if argv and argv[0] == "--combine":
        compare = argv[argv.index("--compare") + 1] if "--compare" in argv else None
        if compare not in (None, "berthier", "forum"):
            sys.exit("puzzle_results: --compare takes berthier or forum")
        combine(json.load(open(argv[1])), json.load(open(argv[2])), int(argv[3]), compare)
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
