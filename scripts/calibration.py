#!/usr/bin/python3
"""Calibration of the error bars: independent fixed-budget runs, compared with
the standard errors they report.

    scripts/calibration.py replicates --box 4 --runs 50 --time 10 --out cal/16x16
    scripts/calibration.py exact --box 3 --method bands --runs 8 --time 5 --out cal/9x9
    scripts/calibration.py transposes --box 3x4 --runs 6 --time 10 --out cal/3x4
    scripts/calibration.py exact --box 1x9 --runs 10 --time 10 --out cal/latin9
    scripts/calibration.py exact --box 2x3 --variant x --runs 10 --time 5 --out cal/6x6x
    scripts/calibration.py particles --box 6 --particles 256 --samples 200 --out cal/36x36-particles
    scripts/calibration.py methods --box 4 --method rows --samples 4000 --other-method smc --out cal/16x16-rows

Every run uses its own seed (--first-seed, then one more per run), so the runs
are independent. Each run's JSON summary is appended to OUT.jsonl (a study
that is run again reuses the runs already there with the same command); the
summary table goes to stdout as markdown, and with matplotlib (Debian:
python3-matplotlib) a normal QQ plot of the standardised deviations to
OUT-qq.png.

replicates: the spread of the estimates (their standard deviation) against
  the median standard error the runs reported: a ratio near 1 means the error
  bars are honest; well above 1 means the runs under-report their error (the
  heavy-tail signature). Standardised deviations are (estimate - pooled mean)
  / reported SE, the pooled mean weighted by samples.
exact: z = (estimate - exact) / reported SE against the known count
  (tests/data/grid_counts.txt or, for a layout beyond the classic rules or a
  Latin square, tests/data/layout_counts.txt; else the tool's own
  `sudoku-count exact`, given a time limit), which must be standard normal;
  and the spread of estimate / count against the median reported relative SE.
--variant V passes `--variant V` to every run (the layout box+V).
particles: --method smc with P, 2P and 4P particles (--particles P), each one
  run of --samples / (P multiple) replicates (about equal work) and its own
  seed: the replicate means must agree within their errors (SMC is unbiased
  for any P); a P too small shows as a larger replicate log-variance S, a
  heavier tail (k) and a mean below the others' with an error that
  under-reports the gap.
transposes: R x C and C x R with --method sets --orientation given (each on its own)
  and different seeds: their difference in combined standard errors.
methods: --method A and --other-method B on one layout, different seeds, each
  --runs runs (B with --other-samples): the pooled estimates' difference in
  combined standard errors (e.g. rows against smc on the classic layout).
"""
import argparse
import json
import math
import os
import statistics
import subprocess
import sys
from decimal import Decimal, getcontext

getcontext().prec = 50


def run_estimate(binary, box, method, seed, budget, threads):
    cmd = [binary, "estimate", "--box", box, "--seed", str(seed), "--json"] + budget
    if method:
        cmd += ["--method", method]
    if threads:
        cmd += ["--threads", str(threads)]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    last = [line for line in out.splitlines() if line.strip()][-1]
    record = json.loads(last)
    record["command"] = " ".join(["sudoku-count"] + cmd[1:])
    return record


def load_runs(path):
    runs = {}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                if line.strip():
                    r = json.loads(line)
                    runs[r["command"]] = r
    return runs


def collect(args, box, method, seeds, extra=()):
    path = args.out + ".jsonl"
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    have = load_runs(path)
    if getattr(args, "variant", ""):
        extra = list(extra) + ["--variant", args.variant]
    budget = (["--time", "%g" % args.time] if args.time else ["--samples", str(args.samples)]) + list(extra)
    runs = []
    for seed in seeds:
        cmd = " ".join(["sudoku-count", "estimate", "--box", box, "--seed", str(seed), "--json"] + budget +
                       (["--method", method] if method else []) + (["--threads", str(args.threads)] if args.threads else []))
        if cmd in have:
            runs.append(have[cmd])
            continue
        r = run_estimate(args.binary, box, method, seed, budget, args.threads)
        with open(path, "a") as f:
            f.write(json.dumps(r) + "\n")
        print("  %s: %s +- %s (k %s, %s)" % (r["command"], r["estimate"], r["std_error"], r.get("pareto_k"),
                                              r.get("interval")), file=sys.stderr)
        runs.append(r)
    return runs


def statuses(runs):
    counts = {}
    for r in runs:
        counts[r.get("interval", "?")] = counts.get(r.get("interval", "?"), 0) + 1
    return ", ".join("%d %s" % (v, k) for k, v in sorted(counts.items()))


def k_range(runs):
    ks = [r["pareto_k"] for r in runs if r.get("pareto_k") is not None]
    return "%.2f-%.2f" % (min(ks), max(ks)) if ks else "not fitted"


def qq_plot(values, path, title):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("note: matplotlib not found; no QQ plot", file=sys.stderr)
        return
    values = sorted(values)
    n = len(values)
    normal = statistics.NormalDist()
    theory = [normal.inv_cdf((i + 0.5) / n) for i in range(n)]
    fig, ax = plt.subplots(figsize=(4.5, 4.5))
    ax.plot(theory, values, "o", ms=4)
    lim = max(3, max(abs(v) for v in values) + 0.5)
    ax.plot([-lim, lim], [-lim, lim], "k--", lw=1)
    ax.set_xlim(-lim, lim)
    ax.set_ylim(-lim, lim)
    ax.set_xlabel("standard normal quantile")
    ax.set_ylabel("standardised deviation")
    ax.set_title(title, fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    print("QQ plot: %s" % path, file=sys.stderr)


def replicates(args):
    runs = collect(args, args.box, args.method, range(args.first_seed, args.first_seed + args.runs))
    est = [Decimal(r["estimate"]) for r in runs]
    se = [Decimal(r["std_error"]) for r in runs if r["std_error"] is not None]
    samples = [r["samples"] for r in runs]
    pooled = sum(e * n for e, n in zip(est, samples)) / sum(samples)
    # Relative to the pooled mean, so estimates beyond double range fit in floats.
    rel = [float(e / pooled) for e in est]
    rel_se = [float(Decimal(r["std_error"]) / pooled) for r in runs]
    spread = statistics.stdev(rel)
    median_se = statistics.median(rel_se)
    z = [(x - 1) / s for x, s in zip(rel, rel_se)]
    lower = [Decimal(r["lower_bound"]) for r in runs if r.get("lower_bound")]
    print("| box | runs | budget | samples (median) | pooled mean | SD of estimates / median SE | largest \\|dev\\|/SE "
          "| intervals | Pareto k | lower bounds above pooled mean |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    print("| %s | %d | %s | %d | %s | %.2f | %.2f | %s | %s | %s |" % (
        args.box, len(runs), budget_text(args), statistics.median(samples), format(pooled, ".4e"), spread / median_se,
        max(abs(v) for v in z), statuses(runs), k_range(runs),
        ("%d of %d" % (sum(1 for b in lower if b > pooled), len(lower))) if lower else "-"))
    print()
    print("Relative spread of the estimates %.3g; median reported relative SE %.3g; seeds %d-%d; command: `%s`" % (
        spread, median_se, args.first_seed, args.first_seed + args.runs - 1, runs[0]["command"]))
    qq_plot(z, args.out + "-qq.png", "%s: %d runs, (estimate - pooled) / reported SE" % (args.box, len(runs)))


def particles(args):
    rows = []
    for i, factor in enumerate((1, 2, 4)):
        p = args.particles * factor
        sub = argparse.Namespace(**vars(args))
        sub.samples = max(2, args.samples // factor)
        sub.time = None
        [r] = collect(sub, args.box, "smc", [args.first_seed + i], ["--particles", str(p)])
        rows.append((p, r))
    base = Decimal(rows[0][1]["estimate"])
    print("| box | P | replicates | estimate / estimate at P | rel. SE | deviation from P in combined SE | S | Pareto k (threshold) | interval |")
    print("|---|---|---|---|---|---|---|---|---|")
    for p, r in rows:
        rel = float(Decimal(r["estimate"]) / base)
        rse = r["rel_std_error"]
        rse0 = rows[0][1]["rel_std_error"]
        dev = "-" if p == rows[0][0] else "%+.2f" % ((rel - 1) / math.sqrt((rse * rel) ** 2 + rse0 ** 2))
        k = "-" if r.get("pareto_k") is None else "%.2f (%.2f)" % (r["pareto_k"], r.get("pareto_k_threshold") or float("nan"))
        print("| %s | %d | %d | %.4f | %.3g | %s | %.3g | %s | %s |" % (args.box, p, r["samples"], rel, rse, dev,
              r["log_weight_var"], k, r["interval"]))
    print()
    print("Seeds %d-%d; commands: %s" % (args.first_seed, args.first_seed + 2, "; ".join("`%s`" % r["command"] for _, r in rows)))


def budget_text(args):
    return ("%g s" % args.time) if args.time else ("%d samples" % args.samples)


def exact_count(binary, box, seconds, variant=""):
    """The published count from tests/data (grid_counts.txt for the classic rules,
    layout_counts.txt for other layouts and Latin squares), else the tool's own."""
    name = box + ("+" + variant.replace(",", "+") if variant else "")
    for table in ("grid_counts.txt", "layout_counts.txt"):
        data = os.path.join(os.path.dirname(__file__), "..", "tests", "data", table)
        if os.path.exists(data):
            with open(data) as f:
                for line in f:
                    if line.startswith(name + ":"):
                        return Decimal(line.split(":")[1].strip())
    try:
        out = subprocess.run(["timeout", str(seconds), binary, "exact", "--box", box, "--json"] +
                             (["--variant", variant] if variant else []), check=True,
                             capture_output=True, text=True).stdout
    except subprocess.CalledProcessError:
        return None
    return Decimal(json.loads(out)["count"])


def exact(args):
    count = exact_count(args.binary, args.box, args.exact_seconds, args.variant)
    name = args.box + ("+" + args.variant.replace(",", "+") if args.variant else "")
    if count is None:
        print("| %s | %s | - | exact count not available within %d s |" % (name, args.method, args.exact_seconds))
        return
    runs = collect(args, args.box, args.method, range(args.first_seed, args.first_seed + args.runs))
    z = [float((Decimal(r["estimate"]) - count) / Decimal(r["std_error"])) for r in runs]
    inside = sum(1 for v in z if abs(v) <= 1.959964)
    # The spread of the estimates about the count against the error they report.
    rel = [float(Decimal(r["estimate"]) / count) for r in runs]
    rel_se = [float(Decimal(r["std_error"]) / count) for r in runs]
    ratio = (statistics.stdev(rel) if len(rel) > 1 else float("nan")) / statistics.median(rel_se)
    if args.header:
        print("| layout | method | runs | budget | samples (median) | z (each run) | within 95% | max \\|z\\| "
              "| spread / median SE | intervals | Pareto k |")
        print("|---|---|---|---|---|---|---|---|---|---|---|")
    print("| %s | %s | %d | %s | %d | %s | %d of %d | %.2f | %.2f | %s | %s |" % (
        name, runs[0]["method"], len(runs), budget_text(args), statistics.median(r["samples"] for r in runs),
        " ".join("%+.2f" % v for v in z), inside, len(runs), max(abs(v) for v in z), ratio, statuses(runs),
        k_range(runs)))


def pool(runs):
    # Independent runs: the sample-weighted mean, its SE from the runs' SEs.
    total = sum(r["samples"] for r in runs)
    mean = sum(Decimal(r["estimate"]) * r["samples"] for r in runs) / total
    var = sum((Decimal(r["std_error"]) * r["samples"] / total) ** 2 for r in runs)
    return mean, var.sqrt()


def methods(args):
    # Two methods on one layout, independent seeds, each its own budget.
    a = collect(args, args.box, args.method, range(args.first_seed, args.first_seed + args.runs))
    other = argparse.Namespace(**vars(args))
    if args.other_samples:
        other.samples, other.time = args.other_samples, None
    b = collect(other, args.box, args.other_method, range(args.first_seed + 1000, args.first_seed + 1000 + args.runs))
    if args.header:
        print("| layout | methods | runs each | budgets | pooled first | pooled second | difference / combined SE | intervals |")
        print("|---|---|---|---|---|---|---|---|")
    (ma, sa), (mb, sb) = pool(a), pool(b)
    z = float((ma - mb) / (sa * sa + sb * sb).sqrt())
    print("| %s | %s vs %s | %d | %s / %s | %s +- %s | %s +- %s | %+.2f | %s / %s |" % (
        a[0].get("layout", args.box), args.method, args.other_method, args.runs, budget_text(args),
        budget_text(other), format(ma, ".5e"), format(sa, ".1e"), format(mb, ".5e"), format(sb, ".1e"), z,
        statuses(a), statuses(b)))


def transposes(args):
    rows, cols = args.box.split("x")
    other = "%sx%s" % (cols, rows)
    # Each on its own orientation: --orientation given, else both would sample one shape.
    given = ["--orientation", "given"]
    a = collect(args, args.box, "sets", range(args.first_seed, args.first_seed + args.runs), given)
    b = collect(args, other, "sets", range(args.first_seed + 1000, args.first_seed + 1000 + args.runs), given)
    if args.header:
        print("| shapes | runs each | budget | pooled R x C | pooled C x R | difference / combined SE | intervals |")
        print("|---|---|---|---|---|---|---|")

    (ma, sa), (mb, sb) = pool(a), pool(b)
    z = float((ma - mb) / (sa * sa + sb * sb).sqrt())
    print("| %s vs %s | %d | %s | %s +- %s | %s +- %s | %+.2f | %s / %s |" % (
        args.box, other, args.runs, budget_text(args), format(ma, ".5e"), format(sa, ".1e"), format(mb, ".5e"),
        format(sb, ".1e"), z, statuses(a), statuses(b)))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("study", choices=["replicates", "exact", "transposes", "particles", "methods"])
    parser.add_argument("--box", required=True)
    parser.add_argument("--method", default="")
    parser.add_argument("--variant", default="", help="extra regions of the layout (estimate --variant)")
    parser.add_argument("--runs", type=int, default=10)
    budget = parser.add_mutually_exclusive_group(required=True)
    budget.add_argument("--time", type=float, help="seconds per run")
    budget.add_argument("--samples", type=int, help="samples per run")
    parser.add_argument("--threads", type=int, default=0)
    parser.add_argument("--other-method", default="smc", help="the second method of the methods study")
    parser.add_argument("--other-samples", type=int, default=0, help="its samples per run (default: --samples)")
    parser.add_argument("--particles", type=int, default=0, help="P of the particles study")
    parser.add_argument("--first-seed", type=int, default=101)
    parser.add_argument("--out", required=True, help="prefix of the raw runs (OUT.jsonl) and the QQ plot")
    parser.add_argument("--binary", default=os.environ.get("SUDOKU_COUNT", "build/sudoku-count"))
    parser.add_argument("--exact-seconds", type=int, default=120)
    parser.add_argument("--header", action="store_true", help="print the table header (exact, transposes)")
    args = parser.parse_args()
    {"replicates": replicates, "exact": exact, "transposes": transposes, "particles": particles,
     "methods": methods}[args.study](args)


if __name__ == "__main__":
    main()
