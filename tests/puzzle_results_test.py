#!/usr/bin/env python3
"""scripts/puzzle_results.py, the script behind the puzzle figures of docs/.

    puzzle_results_test.py BINARY

On small 4x4 runs: a run made of two pieces keeps a line per piece and their
seconds in all; --combine of two runs that each cover exactly their side of
the split gives the total with the exact error (the two runs' own totals in
quadrature, no bound sign), and of runs that do not, the bound (the rows'
errors summed per run) marked with a bound sign.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
SCRIPT = os.path.join(ROOT, "scripts", "puzzle_results.py")


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def script(*args):
    done = subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True)
    if done.returncode != 0:
        fail("puzzle_results.py %s: %s" % (" ".join(args), done.stderr.strip()))
    return done.stdout


def total_line(output):
    lines = [line for line in output.splitlines() if re.match(r"^\| \d+–\d+ \|", line)]
    if len(lines) != 1:
        fail("no single total line in:\n" + output)
    return lines[0].split(" | ")


def main():
    binary = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        low, high, wide = (os.path.join(tmp, name) for name in ("low.json", "high.json", "wide.json"))
        run = os.path.join(tmp, "low.run")
        # The low side in two pieces: 300 grids, then resumed to 600.
        script(binary, low, "--", "--box", "2", "--subset-size", "8", "--clues", "4-5", "--grids", "300",
               "--seed", "1", "--threads", "1", "--checkpoint", run)
        script(binary, low, "--", "--resume", run, "--grids", "600", "--threads", "1")
        record = json.load(open(low))
        pieces = record.get("pieces", [])
        if len(pieces) != 2 or record["grid_count"] != 600:
            fail("two pieces and 600 grids expected, got %d pieces and %d grids" % (len(pieces), record["grid_count"]))
        if pieces[1]["arguments"][:3] != ["puzzles", "--resume", run]:
            fail("the second piece's arguments: %s" % pieces[1]["arguments"])
        if abs(record["run_seconds"] - sum(p["session_seconds"] for p in pieces)) > 0.05:
            fail("run_seconds %s is not the pieces' sum" % record["run_seconds"])
        script(binary, high, "--", "--box", "2", "--method", "supersets", "--subset-size", "5", "--clues", "6-8",
               "--grids", "300", "--seed", "2", "--threads", "1")
        script(binary, wide, "--", "--box", "2", "--method", "supersets", "--subset-size", "5", "--clues", "5-8",
               "--grids", "300", "--seed", "3", "--threads", "1")
        high_record = json.load(open(high))

        # Each run holds exactly its side of the split at 6: the exact error.
        cells = total_line(script("--combine", low, high, "6"))
        exact = (float(record["std_error"]) ** 2 + float(high_record["std_error"]) ** 2) ** 0.5
        total = float(record["estimate"]) + float(high_record["estimate"])
        if cells[2].startswith("≤"):
            fail("a bound where the error is exact: " + " | ".join(cells))
        if abs(float(cells[2]) - exact / total) > 0.006 * exact / total:
            fail("total error %s, expected %.3e" % (cells[2], exact / total))

        # The supersets run also holds 5 clues, below the split: its part is
        # a bound (the sum of its rows' errors), the low run's part still its
        # own total's error, the two in quadrature.
        wide_record = json.load(open(wide))
        cells = total_line(script("--combine", low, wide, "6"))
        if not cells[2].startswith("≤ "):
            fail("no bound sign where the error is a bound: " + " | ".join(cells))
        low_sum = float(record["std_error"])
        high_sum = sum(float(r["std_error"]) for r in wide_record["by_clues"] if r["clues"] >= 6 and r["hits"])
        total = sum(float(r["estimate"]) for r in record["by_clues"]) + sum(
            float(r["estimate"]) for r in wide_record["by_clues"] if r["clues"] >= 6)
        bound = (low_sum ** 2 + high_sum ** 2) ** 0.5 / total
        if abs(float(cells[2][2:]) - bound) > 0.006 * bound:
            fail("total bound %s, expected %.3e" % (cells[2], bound))
    print("puzzle_results: pieces, exact and bounded totals as expected")


if __name__ == "__main__":
    main()
