"""Shared by the Python tests: the known answers of tests/data (the same files
the C++ tests read) and the command-line tool, whose JSON records the results'
to_dict() must equal."""

import json
import os
import pathlib
import subprocess

import pytest

DATA = pathlib.Path(os.environ.get("SUDOKU_COUNT_TEST_DATA_DIR", pathlib.Path(__file__).parents[1] / "data"))


def known_counts(name):
    counts = {}
    for line in (DATA / name).read_text().splitlines():
        if line and not line.startswith("#"):
            key, count = line.split(":")[:2]
            counts[key] = int(count)
    return counts


def known_puzzles():
    puzzles = {}
    for line in (DATA / "puzzles.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            name, rest = line.split(" ", 1)
            fields = rest.split(":")
            puzzles[name] = {"puzzle": fields[0], "count": int(fields[1]),
                             "solution": fields[2] if len(fields) > 2 else None}
    return puzzles


@pytest.fixture(scope="session")
def grid_counts():
    return known_counts("grid_counts.txt")


@pytest.fixture(scope="session")
def layout_counts():
    return known_counts("layout_counts.txt")


@pytest.fixture(scope="session")
def puzzles():
    return known_puzzles()


@pytest.fixture(scope="session")
def data_dir():
    return DATA


@pytest.fixture(scope="session")
def cli_json():
    """The JSON records `sudoku-count ARGS --json` prints, one per line."""
    tool = os.environ.get("SUDOKU_COUNT_CLI")
    if not tool:
        pytest.skip("SUDOKU_COUNT_CLI is not set (the ctest test sets it)")

    def run(*args):
        out = subprocess.run([tool, *args, "--json"], check=True, capture_output=True, text=True).stdout
        return [json.loads(line) for line in out.splitlines()]
    return run


def without(record, *keys):
    """A record without the fields that differ from run to run (timings)."""
    return {key: value for key, value in record.items() if key not in keys}
