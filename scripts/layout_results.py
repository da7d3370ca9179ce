#!/usr/bin/python3
"""Fixed-budget estimates of layouts beyond the classic boxes for
docs/results.md: Latin squares and the X, P, windows and X+P variants.

    scripts/layout_results.py run --time 60 latin:12 latin:20 3x3+x 4x4+p ...
    scripts/layout_results.py table docs/runs/layouts/*.json

`run` runs `sudoku-count estimate` on each layout (latin:N is box 1xN; a
name like 3x3+x+p is box 3x3 with --variant x,p) for a fixed budget (--time or
--samples, never a --rel-error stop: a data-dependent stop is biased with
skewed weights, docs/method.md) and keeps each run's JSON in
docs/runs/layouts/NAME-SECONDSs.json (NAME-SECONDSs-particlesP.json with
--particles P; a run already there is not repeated).
`table` prints one markdown row per saved run: the estimate with the digits
its error supports, its relative standard error, the samples, the Pareto k,
the interval status, and the reference where there is one: an exact count
(tests/data), or a published estimate without error bars (Zhang & Ma, Phys.
Rev. E 79, 016703, 2009, for Latin squares of orders 12 to 20), with the
distance in our standard errors. The published estimates below are for
comparison only; the tool never prints them.
"""
import argparse
import json
import math
import os
import subprocess
import sys
from decimal import Decimal, getcontext

getcontext().prec = 60
ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
RUNS = os.path.join(ROOT, "docs", "runs", "layouts")

# Published Monte Carlo estimates without error bars (comparison only):
# Zhang & Ma 2009, thermodynamic integration, Latin squares of order n.
PUBLISHED = {
    # 9x9 X-Sudoku: 9! x 153,255,603,504 grids with the first row fixed, an
    # exhaustive count posted to the enjoysudoku forum (Mathimagics, 2018).
    "3x3+x": "5.5614e16",
    "1x12": "3.102e60", "1x13": "7.500e74", "1x14": "1.266e91", "1x15": "1.728e109", "1x16": "2.161e129",
    "1x17": "2.804e151", "1x18": "4.256e175", "1x19": "8.354e201", "1x20": "2.365e230",
}


def layout_args(name):
    if name.startswith("latin:"):
        n = int(name.split(":")[1])
        return "1x%d" % n, ["--box", "1x%d" % n]
    box, _, variants = name.partition("+")
    return name, ["--box", box] + (["--variant", variants.replace("+", ",")] if variants else [])


def exact_reference(name):
    for table in ("grid_counts.txt", "layout_counts.txt"):
        with open(os.path.join(ROOT, "tests", "data", table)) as f:
            for line in f:
                if line.startswith(name + ":"):
                    return Decimal(line.split(":")[1].strip())
    return None


def run(args):
    os.makedirs(RUNS, exist_ok=True)
    budget = ["--time", "%g" % args.time] if args.time else ["--samples", str(args.samples)]
    tag = ("%gs" % args.time) if args.time else ("%dsamples" % args.samples)
    if args.particles:
        tag += "-particles%d" % args.particles
    for spec in args.layouts:
        name, options = layout_args(spec)
        path = os.path.join(RUNS, "%s-%s.json" % (name, tag))
        if os.path.exists(path):
            print("kept %s" % path, file=sys.stderr)
            continue
        cmd = [args.binary, "estimate"] + options + budget + ["--seed", str(args.seed), "--json"]
        if args.method:
            cmd += ["--method", args.method]
        if args.threads:
            cmd += ["--threads", str(args.threads)]
        if args.particles:
            cmd += ["--particles", str(args.particles)]
        out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
        record = json.loads([l for l in out.splitlines() if l.strip()][-1])
        record["command"] = " ".join(["sudoku-count"] + cmd[1:])
        with open(path, "w") as f:
            f.write(json.dumps(record) + "\n")
        print("%s: %s +- %s (%s, k %s)" % (name, record["estimate"], record["std_error"], record["interval"],
                                          record["pareto_k"]), file=sys.stderr)


def supported(value, rel):
    """The estimate with the digits its relative error supports (two of the error)."""
    digits = max(2, min(8, int(math.floor(-math.log10(rel))) + 2)) if rel and rel > 0 else 3
    return "%.*e" % (digits - 1, value)


def table(args):
    print("| layout | estimate | rel. std. error | samples | seconds | Pareto k | interval | method | reference "
          "| (estimate - reference) / SE | command |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for path in args.files:
        with open(path) as f:
            r = json.loads(f.readline())
        name = r.get("layout", "%dx%d" % (r["box_rows"], r["box_cols"]))
        est = Decimal(r["estimate"]) if r["estimate"] else None
        se = Decimal(r["std_error"]) if r["std_error"] else None
        rel = r["rel_std_error"]
        ref_text, z_text = "-", "-"
        exact = exact_reference(name)
        if exact is not None:
            ref_text = "%s (exact)" % supported(exact, 1e-8) if exact > 0 else "0 (exact)"
            if est is not None and se:
                z_text = "%+.2f" % float((est - exact) / se)
        elif name in PUBLISHED:
            ref = Decimal(PUBLISHED[name])
            source = "forum count, 2018" if name == "3x3+x" else "Zhang & Ma 2009, no error bar"
            ref_text = "%s (%s)" % (PUBLISHED[name], source)
            if est is not None and se:
                z_text = "%+.2f" % float((ref - est) / se)
        if est is not None and est == 0:
            shown = "0: every replicate died"
        elif est is not None and est < Decimal("1e308"):
            shown = supported(float(est), rel)
        if False:
            shown = supported(float(est), rel) if est is not None and est < Decimal("1e308") else (
            r["estimate"] if est is not None else "-")
        if est is not None and est >= Decimal("1e308"):
            mantissa, exponent = r["estimate"].split("e")
            digits = max(2, min(8, int(math.floor(-math.log10(rel))) + 2)) if rel else 3
            shown = "%se%s" % (str(round(Decimal(mantissa), digits - 1)), exponent)
        print("| %s | %s | %.2e | %d | %.0f | %s | %s | %s | %s | %s | `%s` |" % (
            name, shown, rel if rel is not None else float("nan"), r["samples"], r["seconds"],
            "%.2f" % r["pareto_k"] if r.get("pareto_k") is not None else "-", r["interval"], r["method"],
            ref_text, z_text, r.get("command", "")))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="what", required=True)
    p = sub.add_parser("run")
    budget = p.add_mutually_exclusive_group(required=True)
    budget.add_argument("--time", type=float)
    budget.add_argument("--samples", type=int)
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--method", default="")
    p.add_argument("--threads", type=int, default=0)
    p.add_argument("--particles", type=int, default=0)
    p.add_argument("--binary", default=os.environ.get("SUDOKU_COUNT", os.path.join(ROOT, "build", "sudoku-count")))
    p.add_argument("layouts", nargs="+")
    t = sub.add_parser("table")
    t.add_argument("files", nargs="+")
    args = parser.parse_args()
    run(args) if args.what == "run" else table(args)


if __name__ == "__main__":
    main()
