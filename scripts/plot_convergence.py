#!/usr/bin/python3
"""Draw how an estimate converges, from the JSON Lines of an estimate run.

    sudoku-count estimate --box 3 --time 60 --report-every 0.25 --json > run.jsonl
    scripts/plot_convergence.py run.jsonl -o convergence.png --exact 6670903752021072936960

Four panels, against wall time (left) and samples (right), both on log
axes: the estimate with its confidence band (top), and the relative
standard error with a slope -1/2 guide (bottom), the rate of an unbiased
estimator with finite variance. A known count (--exact) or another
reference value (--reference, with --reference-label) is drawn as a
horizontal line; the final estimate's distance from an exact count is given
in standard errors, its ratio to a reference that is not exact as a ratio. Estimates beyond double range (25x25 and up) are drawn
scaled by a power of ten.

Needs matplotlib: the Debian package python3-matplotlib (for /usr/bin/python3).
"""
import argparse
import json
import sys
from decimal import Decimal, getcontext

getcontext().prec = 60

try:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib import ticker
except ImportError:
    sys.exit("plot_convergence.py: matplotlib is missing: install the Debian package python3-matplotlib "
             "and run the script with /usr/bin/python3")


def read_reports(path):
    """The estimate reports of a run, in order (other lines are skipped)."""
    stream = sys.stdin if path == "-" else open(path, encoding="utf-8")
    reports = []
    with stream:
        for number, line in enumerate(stream, 1):
            line = line.strip()
            if not line.startswith("{"):
                continue
            try:
                report = json.loads(line)
            except json.JSONDecodeError as error:
                sys.exit(f"plot_convergence.py: {path}, line {number}: not JSON ({error})")
            if report.get("command") == "estimate" and report.get("samples", 0) >= 2:
                reports.append(report)
    if len(reports) < 2:
        sys.exit(f"plot_convergence.py: {path} holds fewer than two estimate reports with samples; "
                 "run 'sudoku-count estimate ... --json --report-every SECONDS'")
    return reports


def parse_value(text, what):
    try:
        value = Decimal(text)
    except Exception:
        sys.exit(f"plot_convergence.py: {what} '{text}' is not a number")
    if value <= 0:
        sys.exit(f"plot_convergence.py: {what} must be positive")
    return value


def steady_limits(xs, lows, highs, extra):
    """y limits that fit the confidence band over the later 80% of the run
    (on a log x axis the first reports, with their wide bands, would
    otherwise flatten everything else), and the reference line."""
    start = xs[0] * (xs[-1] / xs[0]) ** 0.2
    kept = [i for i, x in enumerate(xs) if x >= start] or list(range(len(xs)))
    low = min(lows[i] for i in kept)
    high = max(highs[i] for i in kept)
    for value in extra:
        low, high = min(low, value), max(high, value)
    margin = 0.15 * (high - low) if high > low else abs(high) * 1e-3 + 1e-12
    return low - margin, high + margin


def main():
    parser = argparse.ArgumentParser(description="Plot the convergence of a sudoku-count estimate run.")
    parser.add_argument("input", help="JSON Lines from 'sudoku-count estimate --json --report-every S' ('-': stdin)")
    parser.add_argument("-o", "--output", required=True, help="PNG file to write")
    known = parser.add_mutually_exclusive_group()
    known.add_argument("--exact", metavar="VALUE", help="the exact count, drawn as the known value")
    known.add_argument("--reference", metavar="VALUE", help="a reference value that is not exact (see --reference-label)")
    parser.add_argument("--reference-label", default="reference value",
                        help="legend text for --reference (e.g. 'heuristic 5.9584e98')")
    parser.add_argument("--title", help="plot title (default: shape, method, seed, samples and time)")
    parser.add_argument("--dpi", type=int, default=110)
    args = parser.parse_args()

    reports = read_reports(args.input)
    final = reports[-1]
    # Scale by a power of ten so that values beyond double range can be drawn.
    exponent = int(final["log10_estimate"]) if final.get("log10_estimate") is not None else 0
    scale = Decimal(10) ** exponent

    def scaled(text):
        return float(Decimal(text) / scale)

    seconds = [r["seconds"] for r in reports]
    samples = [r["samples"] for r in reports]
    estimate = [scaled(r["estimate"]) for r in reports]
    low = [scaled(r["ci_low"]) for r in reports]
    high = [scaled(r["ci_high"]) for r in reports]
    rse = [r["rel_std_error"] for r in reports]
    confidence = final.get("confidence", 0.95)

    reference = None
    if args.exact:
        reference = parse_value(args.exact, "--exact")
        reference_label = f"exact count (known): {args.exact}"
    elif args.reference:
        reference = parse_value(args.reference, "--reference")
        reference_label = args.reference_label

    shape = f"{final['grid_size']}x{final['grid_size']} grid ({final['box_rows']}x{final['box_cols']} boxes)"
    title = args.title or (f"{shape}, method {final['method']}, seed {final['seed']}: "
                           f"{final['samples']:,} samples in {final['seconds']:.0f} s on {final['threads']} threads"
                           + (f" x {final['processes']} processes" if final.get("processes", 1) > 1 else ""))
    fig, axes = plt.subplots(2, 2, figsize=(11, 7.5), sharex="col")
    unit = f" / 1e{exponent}" if exponent else ""
    for column, (xs, xlabel) in enumerate([(seconds, "wall time (s)"), (samples, "samples")]):
        top, bottom = axes[0][column], axes[1][column]
        top.fill_between(xs, low, high, color="tab:blue", alpha=0.25, linewidth=0,
                         label=f"{100 * confidence:g}% confidence interval")
        top.plot(xs, estimate, color="tab:blue", linewidth=1.2, label="estimate")
        extra = []
        if reference is not None:
            value = float(reference / scale)
            extra.append(value)
            style = "-" if args.exact else "--"
            top.axhline(value, color="tab:red", linestyle=style, linewidth=1.2, label=reference_label)
        top.set_ylim(*steady_limits(xs, low, high, extra))
        top.set_xscale("log")
        top.set_ylabel("estimated number of grids" + unit)
        top.grid(True, which="both", alpha=0.3)

        bottom.plot(xs, rse, color="tab:green", linewidth=1.2, label="relative standard error")
        # Slope -1/2 through the last point: what an unbiased, finite-variance estimator follows.
        guide = [rse[-1] * (x / xs[-1]) ** -0.5 for x in xs]
        bottom.plot(xs, guide, color="gray", linestyle=":", linewidth=1, label="slope -1/2")
        bottom.set_xscale("log")
        bottom.set_yscale("log")
        # Ticks at 1, 2 and 5 times powers of ten: a run spans a decade or two.
        bottom.yaxis.set_major_locator(ticker.LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
        bottom.yaxis.set_major_formatter(ticker.FuncFormatter(lambda value, _: f"{value:.0e}"))
        bottom.yaxis.set_minor_formatter(ticker.NullFormatter())
        bottom.set_xlabel(xlabel)
        bottom.set_ylabel("relative standard error")
        bottom.grid(True, which="both", alpha=0.3)
    axes[0][0].legend(loc="best", fontsize=8)
    axes[1][0].legend(loc="upper right", fontsize=8)

    summary = (f"final: {final['estimate']} ± {final['std_error']} "
               f"(relative standard error {final['rel_std_error']:.2e})")
    if args.exact:
        z = (Decimal(final["estimate"]) - reference) / Decimal(final["std_error"])
        summary += f"; {float(z):+.2f} standard errors from the exact count"
    elif reference is not None:
        # A reference that is not exact is no yardstick for the error bar: give the ratio only.
        summary += f"; estimate / {args.reference_label} = {float(Decimal(final['estimate']) / reference):.4f}"
    fig.suptitle(title, fontsize=11)
    fig.text(0.5, 0.005, summary, ha="center", va="bottom", fontsize=9)
    fig.tight_layout(rect=(0, 0.03, 1, 0.96))
    fig.savefig(args.output, dpi=args.dpi)
    print(f"wrote {args.output}: {len(reports)} reports, {summary}")


if __name__ == "__main__":
    main()
