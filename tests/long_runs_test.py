#!/usr/bin/env python3
"""Long runs through the real binary: progress on a terminal, signals,
checkpoints that outlive a release and refuse a second writer, --threads.

    long_runs_test.py BINARY progress
    long_runs_test.py BINARY signals DELAY     (DELAY seconds after the start: 5 quick, 90 slow)
    long_runs_test.py BINARY checkpoints
    long_runs_test.py BINARY threads

Each part prints one line per check and exits 1 if any failed.
"""
import os
import pty
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

BINARY = os.path.abspath(sys.argv[1])
DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
failures = 0


def check(name, ok, detail=""):
    global failures
    print(("ok   " if ok else "FAIL ") + name + ("" if ok else ": " + detail))
    if not ok:
        failures += 1


def run(args, **kw):
    return subprocess.run([BINARY] + args, capture_output=True, text=True, timeout=300, **kw)


# ---- progress -----------------------------------------------------------------------------------------

def run_on_pty(args, out_path):
    """Runs with stderr on a terminal and stdout to a file. Returns the exit
    status, the wall time it took, and the status lines drawn on the terminal
    with the time (since the start) each one arrived."""
    master, slave = pty.openpty()
    start = time.monotonic()
    with open(out_path, "w") as out:
        proc = subprocess.Popen([BINARY] + args, stdout=out, stderr=slave, stdin=subprocess.DEVNULL)
    os.close(slave)
    received, pending = [], b""
    while True:
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # the terminal closed: the process ended
                break
            if not chunk:
                break
            pending += chunk
            # A redraw starts with "\r\033[K": what precedes it is one whole status line.
            parts = pending.split(b"\r\x1b[K")
            pending = parts.pop()
            now = time.monotonic() - start
            received += [(now, p.decode(errors="replace")) for p in parts if p.strip()]
        elif proc.poll() is not None:
            break
    status = proc.wait()
    took = time.monotonic() - start
    os.close(master)
    return status, took, received


ETA = re.compile(r"ETA (\d+) s \((--[a-z-]+)\)")


def progress():
    tmp = tempfile.mkdtemp()
    try:
        # --time: the ETA counts down to the budget, even beside an error
        # target far out of reach (that one would say hours).
        for args, rule in ((["estimate", "--box", "3", "--time", "4"], "--time"),
                           (["estimate", "--box", "3", "--rel-error", "1e-9", "--time", "4"], "--time")):
            status, took, lines = run_on_pty(args + ["--threads", "1"], os.path.join(tmp, "out.txt"))
            etas = [(t, int(m.group(1)), m.group(2)) for t, line in lines for m in [ETA.search(line)] if m]
            check("progress %s: status lines on the terminal" % " ".join(args), status == 0 and len(etas) >= 3,
                  "status %d, lines %r" % (status, lines[:3]))
            if etas:
                # Each ETA, added to the time it was drawn, lands near the real end.
                worst = max(abs(t + eta - took) for t, eta, _ in etas)
                check("progress %s: ETA from %s, within 1.5 s of the end" % (" ".join(args), rule),
                      all(r == rule for _, _, r in etas) and worst <= 1.5,
                      "rules %s, worst miss %.1f s: %r" % ({r for _, _, r in etas}, worst, etas[:4]))
            with open(os.path.join(tmp, "out.txt")) as f:
                out = f.read()
            check("progress %s: stdout holds the summary and no status line" % " ".join(args),
                  "estimate: " in out and "ETA" not in out and "\r" not in out, out[-300:])
        # --samples: the rate of this session projects the end. The budget
        # is sized from a short run to take about 4 s.
        probe = run(["estimate", "--box", "3", "--time", "1", "--threads", "1", "--json"])
        rate = int(re.search(r'"samples":(\d+)', probe.stdout.splitlines()[-1]).group(1))
        samples = str(max(1000, 4 * rate))
        status, took, lines = run_on_pty(["estimate", "--box", "3", "--samples", samples, "--threads", "1"],
                                         os.path.join(tmp, "out.txt"))
        etas = [(t, int(m.group(1)), m.group(2)) for t, line in lines for m in [ETA.search(line)] if m]
        # The rate is this session's, measured at block ends, and the ETA
        # is drawn rounded to a second; under a loaded machine (CTest runs
        # beside other tests) an early rate is rough. So the middle miss of
        # the lines after the first second must be within 1.5 s (or 35% of
        # the run) and none may miss by more than 60% of the run: an ETA
        # from another rule, or from the whole run's samples, misses by the
        # run's length.
        late = [(t, eta) for t, eta, rule in etas if t > 1.0 and rule == "--samples"]
        misses = sorted(abs(t + eta - took) for t, eta in late)
        middle = misses[len(misses) // 2] if misses else 99
        worst = misses[-1] if misses else 99
        check("progress --samples %s: ETA from --samples, near the end" % samples,
              status == 0 and late and len(late) == len([e for e in etas if e[0] > 1.0]) and
              middle <= max(1.5, 0.35 * took) and worst <= max(2.5, 0.6 * took),
              "status %d, took %.1f s, middle miss %.1f s, worst %.1f s: %r" % (status, took, middle, worst, etas[:5]))
        # --progress never: nothing on the terminal; --forever: no ETA.
        status, took, lines = run_on_pty(["estimate", "--box", "2x3", "--time", "1.5", "--progress", "never"],
                                         os.path.join(tmp, "out.txt"))
        check("progress never: no status line", status == 0 and not any("ETA" in l for _, l in lines), repr(lines[:3]))
        # Not a terminal: --progress always writes plain lines on stderr.
        done = run(["estimate", "--box", "2x3", "--time", "11", "--progress", "always", "--threads", "1"])
        plain = [l for l in done.stderr.splitlines() if "ETA" in l]
        check("progress always, stderr a file: plain lines", done.returncode == 0 and plain and
              all("\r" not in l and "\x1b" not in l for l in plain), repr(done.stderr[-300:]))
        # An exact job draws its own status line.
        status, took, lines = run_on_pty(["exact", "--box", "2x5", "--max-units", "200", "--threads", "1"],
                                         os.path.join(tmp, "out.txt"))
        check("progress exact job: census / classes line on the terminal",
              status == 0 and any(l.startswith(("census:", "classes ")) for _, l in lines), repr(lines[:3]))
    finally:
        shutil.rmtree(tmp)


# ---- signals ------------------------------------------------------------------------------------------

def stop_after(proc, delay, sigs):
    """Sends the signals (0.5 s apart) `delay` seconds after the start;
    returns the exit status and the seconds from the first signal to the end."""
    time.sleep(delay)
    first = time.monotonic()
    for k, sig in enumerate(sigs):
        if k:
            time.sleep(0.5)
        if proc.poll() is None:
            proc.send_signal(sig)
    try:
        status = proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        status = proc.wait()
    return status, time.monotonic() - first


def signals(delay):
    tmp = tempfile.mkdtemp()
    try:
        for sigs, name, want in (([signal.SIGTERM], "SIGTERM", 143), ([signal.SIGINT, signal.SIGINT], "two SIGINTs", 130)):
            job_ckpt = os.path.join(tmp, "job-%d.ckpt" % want)
            outs = {k: open(os.path.join(tmp, "%s-%d.out" % (k, want)), "w+") for k in ("job", "est")}
            errs = {k: open(os.path.join(tmp, "%s-%d.err" % (k, want)), "w+") for k in ("job", "est")}
            # The 2x6 job and a --forever estimate run side by side, one thread each.
            job = subprocess.Popen([BINARY, "exact", "--box", "2x6", "--checkpoint", job_ckpt, "--threads", "1"],
                                   stdout=outs["job"], stderr=errs["job"])
            est = subprocess.Popen([BINARY, "estimate", "--box", "3", "--forever", "--threads", "1"],
                                   stdout=outs["est"], stderr=errs["est"])
            start = time.monotonic()
            job_status, job_took = stop_after(job, delay, sigs)
            est_status, est_took = stop_after(est, max(0, delay - (time.monotonic() - start)), sigs)
            for f in list(outs.values()) + list(errs.values()):
                f.seek(0)
            job_out, job_err = outs["job"].read(), errs["job"].read()
            est_out = outs["est"].read()
            check("%s %g s into exact --box 2x6: exit %d within 10 s" % (name, delay, want),
                  job_status == want and job_took <= 10, "status %d after %.1f s; %s" % (job_status, job_took, job_err[-400:]))
            saved = os.path.exists(job_ckpt) and open(job_ckpt).readline() == "sudoku-count exact job\n"
            check("%s: the job's checkpoint is on disk and it says so" % name,
                  saved and "exact job stopped" in job_out and "resume with:" in job_out, job_out[-300:])
            if saved:
                done_line = re.search(r"^done(.*)$", open(job_ckpt).read(), re.M).group(1).split()
                units = sum(int(done_line[i + 1]) - int(done_line[i]) for i in range(0, len(done_line), 2))
                if delay >= 60:
                    check("%s: the job kept the units it finished in %g s" % (name, delay), units >= 1, "no unit")
                # Whatever unit comes next can take minutes (a census chunk
                # late in the order) or an hour (a class of 2x6): the resumed
                # job is stopped by SIGTERM, not by a unit budget, so the check
                # does not depend on where the first run stopped.
                resumed = subprocess.Popen([BINARY, "exact", "--resume", job_ckpt, "--threads", "1"],
                                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                status, took = stop_after(resumed, 2, [signal.SIGTERM])
                out, err = resumed.communicate()
                check("%s: the job resumes from its checkpoint (%d units done)" % (name, units),
                      status == 143 and took <= 10 and ("%d units done" % units) in err and
                      "exact job stopped" in out, "status %d after %.1f s; %s" % (status, took, err[-300:] + out[-300:]))
            check("%s %g s into estimate --forever: exit %d within 10 s, summary printed" % (name, delay, want),
                  est_status == want and est_took <= 10 and "stopped: interrupted" in est_out and "estimate: " in est_out,
                  "status %d after %.1f s; %s" % (est_status, est_took, est_out[-300:]))
        # SIGTERM in a set-up of many seconds (the band tables of 4x2 on one
        # thread) cannot wait for it: the run ends within its grace of 3 s.
        setup = subprocess.Popen([BINARY, "estimate", "--box", "4x2", "--method", "bands", "--forever", "--threads", "1"],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        status, took = stop_after(setup, 0.3, [signal.SIGTERM])
        out, err = setup.communicate()
        check("SIGTERM during a long set-up: exit 143 within 6 s", status == 143 and took <= 6 and
              ("before the run could stop in order" in err or "stopped: interrupted" in out),
              "status %d after %.1f s: %s" % (status, took, err[-300:]))
    finally:
        shutil.rmtree(tmp)


# ---- checkpoints --------------------------------------------------------------------------------------

def fnv1a64(data):
    h = 14695981039346656037
    for b in data:
        h = ((h ^ b) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return h


def rewrite(path, old, new):
    """Edits a line of a saved file and gives it a matching checksum: a file
    another build could have written."""
    body = open(path).read()
    body = body[:body.rindex("checksum ")]
    assert old in body, (path, old)
    body = body.replace(old, new)
    with open(path, "w") as f:
        f.write(body + "checksum %016x\n" % fnv1a64(body.encode()))


def checkpoints():
    tmp = tempfile.mkdtemp()
    try:
        # Saved by sudoku-count 0.1.0 (format 2 estimates, format 1 jobs,
        # before method versions) with, at the commit before this test:
        #   estimate --box 2x3 --blocks 4 --seed 7 --checkpoint est_bands_2x3_v2.ckpt --threads 1
        #   estimate --box 2x3 --method smc --blocks 250 --seed 7 --checkpoint est_smc_2x3_v2.ckpt --threads 1
        #   exact --box 2x3 --max-units 10 --checkpoint job_2x3_v1.ckpt --threads 1
        # Resumed, the bands one continues the run exactly: the same estimate
        # as one uninterrupted run of 8 blocks printed by that release. The
        # smc one is of method version 1 (smc is at 2 since its last sampled
        # row is averaged and no resampling precedes a deterministic step):
        # refused by name, and the file left as it was.
        copy = os.path.join(tmp, "est_smc_2x3_v2.ckpt")
        shutil.copy(os.path.join(DATA, "checkpoints", "est_smc_2x3_v2.ckpt"), copy)
        saved = open(copy).read()
        done = run(["estimate", "--resume", copy, "--blocks", "500", "--json", "--threads", "1"])
        check("previous release's est_smc_2x3_v2.ckpt (smc version 1) is refused by name and left as it was",
              done.returncode == 2 and "version of method smc" in done.stderr and open(copy).read() == saved,
              done.stderr[-300:])
        for name, blocks, want in (("est_bands_2x3_v2.ckpt", "8", "2.827791000e+07"),):
            copy = os.path.join(tmp, name)
            shutil.copy(os.path.join(DATA, "checkpoints", name), copy)
            done = run(["estimate", "--resume", copy, "--blocks", blocks, "--json", "--threads", "1"])
            check("previous release's %s resumes, continuing the same run" % name,
                  done.returncode == 0 and ('"estimate":"%s"' % want) in done.stdout,
                  done.stderr[-300:] + done.stdout[-300:])
            check("%s is saved again in the current format, with its method version" % name,
                  "\nformat 3\n" in open(copy).read() and "\nmethod_version 1\n" in open(copy).read(), "")
        copy = os.path.join(tmp, "job.ckpt")
        shutil.copy(os.path.join(DATA, "checkpoints", "job_2x3_v1.ckpt"), copy)
        done = run(["exact", "--resume", copy, "--threads", "1"])
        check("previous release's job checkpoint resumes to the count",
              done.returncode == 0 and "count: 28200960" in done.stdout, done.stderr[-300:] + done.stdout[-200:])

        # A changed method: its checkpoints are refused by name.
        fresh = os.path.join(tmp, "fresh.ckpt")
        run(["estimate", "--box", "2x3", "--blocks", "2", "--checkpoint", fresh])
        rewrite(fresh, "method_version 1\n", "method_version 2\n")
        done = run(["estimate", "--resume", fresh, "--blocks", "4"])
        check("an estimate checkpoint of a changed method is refused by name",
              done.returncode == 2 and "version of method bands" in done.stderr, done.stderr)
        job = os.path.join(tmp, "job2.ckpt")
        run(["exact", "--box", "2x3", "--max-units", "2", "--checkpoint", job])
        rewrite(job, "method_version 1\n", "method_version 2\n")
        done = run(["exact", "--resume", job])
        check("a job checkpoint of a changed method is refused by name",
              done.returncode == 2 and "method layers" in done.stderr, done.stderr)
        # A format from the future is refused, naming the versions.
        future = os.path.join(tmp, "future.ckpt")
        run(["estimate", "--box", "2x3", "--blocks", "2", "--checkpoint", future])
        rewrite(future, "format 3\n", "format 9\n")
        done = run(["estimate", "--resume", future, "--blocks", "4"])
        check("a checkpoint of a newer format is refused", done.returncode == 2 and "format 9" in done.stderr, done.stderr)

        # Two runs of one file: the second is refused while the first holds it.
        for kind, first_args, second_args in (
                ("estimate", ["estimate", "--box", "3", "--forever", "--checkpoint", "F"],
                 ["estimate", "--resume", "F", "--blocks", "999999"]),
                ("exact job", ["exact", "--box", "2x5", "--checkpoint", "F", "--threads", "1"],
                 ["exact", "--resume", "F"])):
            path = os.path.join(tmp, "busy-%s.ckpt" % kind.replace(" ", "-"))
            first_args = [a if a != "F" else path for a in first_args]
            second_args = [a if a != "F" else path for a in second_args]
            first = subprocess.Popen([BINARY] + first_args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for _ in range(100):  # until its first save
                if os.path.exists(path):
                    break
                time.sleep(0.1)
            before = open(path).read() if os.path.exists(path) else None
            second = run(second_args)
            first.send_signal(signal.SIGINT)
            first.wait(timeout=60)
            check("%s: a second run of one checkpoint is refused while the first runs" % kind,
                  before is not None and second.returncode == 2 and "in use by another run" in second.stderr,
                  second.stderr)
            after_second = run(second_args[:3] + (["--blocks", "1"] if kind == "estimate" else ["--max-units", "1"]))
            check("%s: once the first has ended, the checkpoint resumes" % kind, after_second.returncode == 0,
                  after_second.stderr[-300:])

        # A file that is not a checkpoint, given as --checkpoint: refused, untouched.
        notes = os.path.join(tmp, "notes.txt")
        with open(notes, "w") as f:
            f.write("my notes\n")
        for args in (["estimate", "--box", "2x2", "--samples", "10"], ["exact", "--box", "2x3"]):
            done = run(args + ["--checkpoint", notes])
            check("%s --checkpoint NOT-A-CHECKPOINT is refused and the file left untouched" % args[0],
                  done.returncode == 2 and "is not a sudoku-count checkpoint" in done.stderr and
                  "untouched" in done.stderr and open(notes).read() == "my notes\n", done.stderr)
    finally:
        shutil.rmtree(tmp)


# ---- threads ------------------------------------------------------------------------------------------

def threads():
    # The band tables of 3x3 are built in parallel regions; with --threads 1
    # the process never has a thread beside the main one (an OpenMP team,
    # once made, stays until the end) but the signal watcher, which is named.
    for args in (["estimate", "--box", "3", "--threads", "1", "--samples", "200"],
                 ["exact", "--box", "3", "--threads", "1"],
                 ["sample", "--box", "3", "--count", "100", "--threads", "1"]):
        proc = subprocess.Popen([BINARY] + args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        names = {}  # thread id -> its name when last seen (the watcher names itself once started)
        start = time.monotonic()
        while proc.poll() is None:
            try:
                for task in os.listdir("/proc/%d/task" % proc.pid):
                    with open("/proc/%d/task/%s/comm" % (proc.pid, task)) as f:
                        names[task] = f.read().strip()
            except OSError:
                pass
            time.sleep(0.002)
        took = time.monotonic() - start
        most = sum(name != "signal-watch" for name in names.values())
        check("%s: one thread in all (besides the signal watcher)" % " ".join(args),
              proc.returncode == 0 and most == 1, "status %s, %d threads seen over %.2f s" % (proc.returncode, most, took))


if __name__ == "__main__":
    part = sys.argv[2]
    if part == "progress":
        progress()
    elif part == "signals":
        signals(float(sys.argv[3]))
    elif part == "checkpoints":
        checkpoints()
    elif part == "threads":
        threads()
    else:
        sys.exit("unknown part " + part)
    print("%s: %d failed" % (part, failures))
    sys.exit(1 if failures else 0)
