#!/usr/bin/env python3
"""Every command's JSON output against docs/schema/sudoku-count.schema.json.

    json_schema_test.py BINARY

Each command below runs with --json; every line it prints must be one JSON
record valid under the schema (which admits no field it does not document),
and the quantities several commands print must have one name and one type.
Needs the python3 module jsonschema (Debian python3-jsonschema, installed by
scripts/setup.sh).
"""
import json
import os
import subprocess
import sys
import tempfile

try:
    import jsonschema
except ImportError:
    sys.exit("json_schema_test: the python3 module jsonschema is missing: install the Debian package "
             "python3-jsonschema (scripts/setup.sh does)")

BINARY = os.path.abspath(sys.argv[1])
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
with open(os.path.join(ROOT, "docs", "schema", "sudoku-count.schema.json")) as f:
    SCHEMA = json.load(f)
validator = jsonschema.Draft202012Validator(SCHEMA)
P8008 = "900000000000000000000800600078006000020000090000500430006003200010094000000000008"


def main():
    tmp = tempfile.mkdtemp()
    puzzles = os.path.join(tmp, "puzzles.txt")
    with open(puzzles, "w") as f:
        f.write(P8008 + "\n# a comment\n" + P8008.replace("9", ".", 1) + "\n")
    ckpt_a, ckpt_b = os.path.join(tmp, "a.ckpt"), os.path.join(tmp, "b.ckpt")
    run_a, run_b = os.path.join(tmp, "a.run"), os.path.join(tmp, "b.run")
    commands = [
        ["estimate", "--box", "2x3", "--samples", "3000", "--report-every", "0.001", "--checkpoint", ckpt_a],
        ["estimate", "--box", "2x3", "--samples", "3000", "--seed", "18446744073709551615", "--checkpoint", ckpt_b],
        ["estimate", "--box", "2x2", "--samples", "1"],
        ["estimate", "--box", "5", "--method", "smc", "--samples", "8"],
        ["merge", ckpt_a, ckpt_b],
        ["exact", "--box", "2x3"],
        ["exact", "--box", "3", "--puzzle", P8008, "--print", "2"],
        ["exact", "--box", "2x2", "--fix-first-row"],
        ["exact", "--box", "2x2", "--essentially-different"],
        ["exact", "--box", "2x5", "--max-units", "3"],
        ["exact", "--box", "2x2", "--variant", "x"],
        ["solve", "--box", "3", "--puzzle", P8008, "--explain"],
        ["solve", "--box", "3", "--puzzle-file", puzzles],
        ["sample", "--box", "2x3", "--count", "3", "--seed", "18446744073709551615"],
        ["sample", "--box", "4", "--count", "2"],
        ["tables", "--box", "2x3"],
        ["puzzles", "--box", "2x2", "--grids", "50", "--subset-size", "6"],
        ["puzzles", "--box", "2x2", "--kind", "proper", "--grids", "50", "--subsets-per-grid", "1"],
        ["puzzles", "--box", "2x2", "--grids", "20", "--subset-size", "6", "--seed", "1", "--checkpoint", run_a],
        ["puzzles", "--resume", run_a, "--grids", "40"],
        ["puzzles", "--box", "2x2", "--grids", "20", "--subset-size", "6", "--seed", "2", "--checkpoint", run_b],
        ["merge", run_a, run_b, "--output", os.path.join(tmp, "ab.run")],
        ["puzzles", "--box", "2x2", "--method", "supersets", "--subset-size", "3", "--grids", "20"],
        ["puzzles", "--box", "2x2", "--exact"],
        ["puzzles", "--box", "1x3", "--exact", "--kind", "proper"],
    ]
    failures = 0
    seen = {}  # field -> {json type name: first command that printed it}
    for args in commands:
        done = subprocess.run([BINARY] + args + ["--json"], capture_output=True, text=True, timeout=300)
        name = " ".join(args[:3])
        lines = [line for line in done.stdout.split("\n") if line]
        problems = []
        if done.returncode != 0:
            problems.append("exit status %d: %s" % (done.returncode, done.stderr[-300:]))
        if not lines:
            problems.append("no output")
        for number, line in enumerate(lines, 1):
            try:
                record = json.loads(line)
            except ValueError as e:
                problems.append("line %d is not JSON: %s" % (number, e))
                continue
            for error in validator.iter_errors(record):
                problems.append("line %d: %s at %s" % (number, error.message[:200], "/".join(map(str, error.path))))
            if isinstance(record, dict):
                for key, value in record.items():
                    kind = "null" if value is None else type(value).__name__
                    if kind != "null":
                        seen.setdefault(key, {}).setdefault(kind, name)
        if args[0] == "sample" and len(lines) != 1 + int(args[args.index("--count") + 1]):
            problems.append("sample --json is not one header line and one line per grid")
        print(("ok   " if not problems else "FAIL ") + name + "".join("\n  " + p for p in problems[:5]))
        failures += bool(problems)
    # One type per name, across every command run.
    for key, kinds in sorted(seen.items()):
        if len(kinds) > 1 and set(kinds) != {"int", "float"}:
            print("FAIL field %s has several types: %s" % (key, kinds))
            failures += 1
    for key in ("seed", "effective_sample_size", "setup_seconds", "version"):
        if key not in seen:
            print("FAIL no command printed %s" % key)
            failures += 1
    print("json schema: %d commands, %d failed" % (len(commands), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
