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

The tail diagnostics are drawn too: the fitted Pareto k of the largest
weights on the right axis of the bottom panels (with the limits 0.5 and 0.7
that make an interval approximate and then unreliable), and the stretches
where the interval is approximate or unreliable shaded in the top panels.
Where the diagnostics do not support an interval the tool prints none (null
in the JSON): there the band, and the error curve where the error is null
too, are left out, and the final line says why.

Needs matplotlib: the Debian package python3-matplotlib (for /usr/bin/python3).
"""
import argparse
import json
import sys
import textwrap
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

    nan = float("nan")

    def scaled(text):
        # null (no interval, no error bar): a gap in the curve, not a made-up value
        return nan if text is None else float(Decimal(text) / scale)

    seconds = [r["seconds"] for r in reports]
    samples = [r["samples"] for r in reports]
    estimate = [scaled(r["estimate"]) for r in reports]
    low = [scaled(r.get("ci_low")) for r in reports]
    high = [scaled(r.get("ci_high")) for r in reports]
    rse = [nan if r.get("rel_std_error") is None else r["rel_std_error"] for r in reports]
    pareto_k = [nan if r.get("pareto_k") is None else r["pareto_k"] for r in reports]
    status = [r.get("interval", "ok") for r in reports]
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
        has_band = [l == l and h == h for l, h in zip(low, high)]
        if any(has_band):
            top.fill_between(xs, [l if b else 0 for l, b in zip(low, has_band)],
                             [h if b else 0 for h, b in zip(high, has_band)], where=has_band, color="tab:blue",
                             alpha=0.25, linewidth=0, label=f"{100 * confidence:g}% confidence interval")
        top.plot(xs, estimate, color="tab:blue", linewidth=1.2, label="estimate")
        # Shade the reports whose interval the tail does not (fully) support.
        for kind, color in (("approximate", "gold"), ("unreliable", "lightgray")):
            marked = [st == kind for st in status]
            if any(marked):
                top.fill_between(xs, 0, 1, where=marked, transform=top.get_xaxis_transform(), color=color,
                                 alpha=0.35, linewidth=0, step="mid", label=f"interval {kind}")
        extra = []
        if reference is not None:
            value = float(reference / scale)
            extra.append(value)
            style = "-" if args.exact else "--"
            top.axhline(value, color="tab:red", linestyle=style, linewidth=1.2, label=reference_label)
        band_low = [l if b else e for l, e, b in zip(low, estimate, has_band)]
        band_high = [h if b else e for h, e, b in zip(high, estimate, has_band)]
        top.set_ylim(*steady_limits(xs, band_low, band_high, extra))
        top.set_xscale("log")
        top.set_ylabel("estimated number of grids" + unit)
        top.grid(True, which="both", alpha=0.3)

        bottom.plot(xs, rse, color="tab:green", linewidth=1.2, label="relative standard error")
        # Slope -1/2 through the last known point: what an unbiased, finite-variance estimator follows.
        known_rse = [(x, v) for x, v in zip(xs, rse) if v == v and v > 0]
        if known_rse:
            x_last, rse_last = known_rse[-1]
            guide = [rse_last * (x / x_last) ** -0.5 for x in xs]
            bottom.plot(xs, guide, color="gray", linestyle=":", linewidth=1, label="slope -1/2")
        tail = bottom.twinx()
        tail.plot(xs, pareto_k, color="tab:purple", linewidth=1, alpha=0.8, label="Pareto k (right axis)")
        for limit, text in ((0.5, "k 0.5: approximate"), (0.7, "k 0.7: unreliable")):
            tail.axhline(limit, color="tab:purple", linestyle="--", linewidth=0.7, alpha=0.6)
            tail.text(xs[0], limit, " " + text, color="tab:purple", fontsize=7, va="bottom")
        fitted = [k for k in pareto_k if k == k]
        # k may be negative (a tail lighter than exponential): keep it in view.
        tail.set_ylim(min(0.0, min(fitted, default=0)) - 0.05, max(1.0, max(fitted, default=0) * 1.1))
        tail.set_ylabel("Pareto k of the weight tail", color="tab:purple")
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

    k_text = "not fitted" if final.get("pareto_k") is None else f"{final['pareto_k']:.2f}"
    if final.get("std_error") is None or final.get("rel_std_error") is None:
        summary = f"final: {final['estimate']} (no error bar yet; Pareto k {k_text})"
    elif final.get("ci_low") is None:
        summary = (f"final: {final['estimate']}, interval {final.get('interval', 'unreliable')} "
                   f"(Pareto k {k_text}): no error bar to trust"
                   + (f", {100 * confidence:g}% lower bound {final['lower_bound']}" if final.get("lower_bound") else ""))
    else:
        summary = (f"final: {final['estimate']} ± {final['std_error']} "
                   f"(relative standard error {final['rel_std_error']:.2e}; interval {final.get('interval', 'ok')}, "
                   f"Pareto k {k_text})")
    if args.exact and final.get("std_error") is not None:
        z = (Decimal(final["estimate"]) - reference) / Decimal(final["std_error"])
        summary += f"; {float(z):+.2f} standard errors from the exact count"
    elif reference is not None:
        # A reference that is not exact is no yardstick for the error bar: give the ratio only.
        summary += f"; estimate / {args.reference_label} = {float(Decimal(final['estimate']) / reference):.4f}"
    fig.suptitle(title, fontsize=11)
    fig.text(0.5, 0.005, "\n".join(textwrap.wrap(summary, 150)), ha="center", va="bottom", fontsize=9)
    fig.tight_layout(rect=(0, 0.05, 1, 0.96))
    fig.savefig(args.output, dpi=args.dpi)
    print(f"wrote {args.output}: {len(reports)} reports, {summary}")


if __name__ == "__main__":
    main()
