#!/usr/bin/env python3
"""Runs one `sudoku-count estimate ... --json` command and prints one JSON line
with what docs/benchmarks.md records: the estimate and its relative standard
error, wall and CPU seconds of the process, the time-normalised variance both
ways (rse^2 x wall seconds, and rse^2 x CPU seconds / threads: the wall time
the same work takes on idle cores, which a shared machine does not give), the
tail diagnostics and the peak resident memory.

usage: scripts/tnv.py LABEL THREADS [SAVE_FILE] -- COMMAND...
  SAVE_FILE  also keep the command's own JSON output there
"""
import json
import resource
import subprocess
import sys
import time


def main():
    sep = sys.argv.index("--")
    label, threads = sys.argv[1], int(sys.argv[2])
    save = sys.argv[3] if sep > 3 else None
    command = sys.argv[sep + 1:]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    out = subprocess.run(command, capture_output=True, text=True)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if out.returncode != 0:
        sys.exit(f"{label}: exit {out.returncode}: {out.stderr.strip()}")
    d = json.loads(out.stdout.strip().split("\n")[-1])
    if save:
        with open(save, "w") as f:
            f.write(out.stdout)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    rse = d["rel_std_error"]
    print(json.dumps({
        "label": label, "box": f"{d['box_rows']}x{d['box_cols']}", "layout": d.get("layout", ""), "method": d["method"], "note": d.get("note", ""),
        "samples": d["samples"], "estimate": d["estimate"], "rel_std_error": rse,
        "seconds": round(d["seconds"], 2), "process_seconds": round(wall, 2), "cpu_seconds": round(cpu, 2),
        "tnv_wall": rse * rse * d["seconds"], "tnv_cpu": rse * rse * cpu / threads,
        "log_weight_var": d["log_weight_var"], "pareto_k": d["pareto_k"], "interval": d["interval"],
        "peak_rss_mb": round(after.ru_maxrss / 1024, 1),
        "command": " ".join(command)}), flush=True)


if __name__ == "__main__":
    main()
