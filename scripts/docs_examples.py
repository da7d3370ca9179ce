#!/usr/bin/python3
"""The example outputs in README.md and docs/*.md against the current build.

    scripts/docs_examples.py --check            # fail when an example no longer matches
    scripts/docs_examples.py --update FILE...   # rewrite the examples of FILE from the build

An example is a fenced block whose lines start with `$ sudoku-count ARGS` or
`$ build/sudoku-count ARGS`, each followed by its output up to the next `$ `
line or the end of the block. A command with a pipe, a redirection or a
trailing `# ...` note (such as "lines cut here") is shown, not checked; so is
one that names a file other than the fixtures below or a saved run (`.run`) that
an earlier command of its block writes (the commands of one block run in order,
in a scratch folder of their own holding the fixtures), and an abridged one (an output line that
is only "..." or ends in "..."). --check compares every output with its
digits masked (times, estimates and random grids change from run to run; the
words, fields and layout of the output must not; the line on blocks cut at a
time stop is left out, as it comes and goes with timing), and prints a diff for each
mismatch. --update writes the current output in place of the old.
"""
import argparse
import difflib
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
DEFAULT_FILES = ["README.md"] + sorted(
    os.path.join("docs", f) for f in os.listdir(os.path.join(ROOT, "docs")) if f.endswith(".md"))
# Files the examples read, written into the folder they run in.
FIXTURES = {"jigsaw.txt": os.path.join("tests", "data", "jigsaw", "4x4-bent.txt")}
PROMPT = re.compile(r"^\$ (?:build/)?sudoku-count(?: (.*))?$")


def examples(lines):
    """(first line index, last line index + 1, args, block number) of each example's output."""
    found = []
    in_block = False
    block = 0
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            in_block = not in_block
            block += 1
            i += 1
            continue
        m = PROMPT.match(line) if in_block else None
        if not m:
            i += 1
            continue
        j = i + 1
        while j < len(lines) and not lines[j].startswith("$ ") and not lines[j].startswith("```"):
            j += 1
        found.append((i + 1, j, m.group(1) or "", block))
        i = j
    return found


def runnable(args):
    if any(ch in args for ch in "|><#"):
        return None
    try:
        words = shlex.split(args)
    except ValueError:
        return None
    for w in words:
        if re.search(r"\.(txt|ckpt|jsonl|png)$", w) and os.path.basename(w) not in FIXTURES:
            return None
    return words


# A time budget ends wherever the clock stops it, so whether a block was under
# way then (and the line that says so) is timing, not output format.
TIMING_LINE = re.compile(r"^blocks: .*cut short")


def comparable(lines):
    return [mask(line) for line in lines if not TIMING_LINE.match(line)]


def mask(text):
    # A number's sign is a figure too (a Pareto k near 0 prints as -0.04 or
    # 0.10 from run to run); the sign of an exponent (e-03) is kept.
    text = re.sub(r"(?<![\w.])-(?=[0-9])", "", text)
    # A number is one figure whatever its digits: %g drops the decimals of a
    # figure that grows (788.5, 1675) and turns to an exponent (7935, 1.502e+04).
    return re.sub(r"[0-9]+(?:\.[0-9]+)?(?:e[+-]?[0-9]+)?", "#", text)


def run(binary, words, folder):
    done = subprocess.run([binary] + words, cwd=folder, capture_output=True, text=True, timeout=120)
    out = done.stdout + done.stderr
    return [line for line in out.split("\n")][:-1] if out.endswith("\n") else out.split("\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", action="store_true")
    mode.add_argument("--update", action="store_true")
    parser.add_argument("files", nargs="*")
    parser.add_argument("--binary", default=os.environ.get("SUDOKU_COUNT", os.path.join(ROOT, "build", "sudoku-count")))
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    failures = checked = 0
    fixtures = {}
    for name, source in FIXTURES.items():
        with open(os.path.join(ROOT, source)) as f:
            fixtures[name] = "".join(line for line in f if not line.startswith("#"))
    folders = {}

    def folder_of(key):
        """The scratch folder of one fenced block, with the fixtures: its commands run in order in it."""
        if key not in folders:
            folders[key] = tempfile.mkdtemp()
            for name, text in fixtures.items():
                with open(os.path.join(folders[key], name), "w") as f:
                    f.write(text)
        return folders[key]

    try:
        for path in args.files or DEFAULT_FILES:
            full = os.path.join(ROOT, path)
            with open(full) as f:
                lines = f.read().split("\n")
            outputs = []  # run in the order of the file, replaced from the end
            for first, end, example, block in examples(lines):
                words = runnable(example)
                if words is None:
                    continue
                want = lines[first:end]
                if any(line.strip() == "..." or line.endswith("...") for line in want):
                    continue  # abridged
                outputs.append((first, end, example, want, run(binary, words, folder_of((path, block)))))
            changed = False
            for first, end, example, want, got in reversed(outputs):
                checked += 1
                if args.update:
                    if got != want:
                        lines[first:end] = got
                        changed = True
                elif comparable(got) != comparable(want):
                    failures += 1
                    print("%s:%d: `sudoku-count %s` prints otherwise now:" % (path, first, example))
                    for d in difflib.unified_diff(want, got, "documented", "current build", lineterm="", n=1):
                        print("  " + d)
            if changed:
                with open(full, "w") as f:
                    f.write("\n".join(lines))
                print("updated %s" % path)
    finally:
        for folder in folders.values():
            shutil.rmtree(folder)
    if args.check:
        print("docs examples: %d checked, %d differ" % (checked, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
