"""Every refusal a Python caller can meet, in the library's words.

The library names the fields of its requests ({rel_error}) and each front
end spells them its own way: the module as keywords (rel_error=), never as
the command line's options. Each case below is one refusal reachable from
Python: it must raise ValueError (sudoku_count.InputError) whose message
says what is wrong (the words given) and holds no '--'. The command line's
messages for the same refusals are checked by tests/cli_test.sh.
"""

import pathlib

import numpy
import pytest

import sudoku_count as sc

P8008 = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """Saved runs and input files for the refusals that read them."""
    folder = tmp_path_factory.mktemp("refusals")
    saved = folder / "run.ckpt"
    sc.estimate("2x2", samples=64, seed=3, checkpoint=saved)
    budget = folder / "budget.ckpt"
    sc.estimate("2x2", samples=60, seed=3, checkpoint=budget)  # stops inside a block
    job = folder / "job.ckpt"
    sc.exact("2x3", max_units=2, checkpoint=job)
    binary = folder / "binary.bin"
    binary.write_bytes(bytes(range(256)))
    empty = folder / "empty.txt"
    empty.write_text("")
    other = folder / "other.txt"
    other.write_text("not a checkpoint\n")
    return {"saved": saved, "budget": budget, "job": job, "binary": binary, "empty": empty, "other": other,
            "folder": folder, "missing": folder / "missing.txt"}


# (function, keyword arguments, words the message must hold); "@name" is a file of the fixture.
CASES = [
    # estimate: the layout
    ("estimate", {}, "box="),
    ("estimate", {"box": "0"}, "box"),
    ("estimate", {"box": "65"}, "box"),
    ("estimate", {"box": "3", "variant": "nope"}, "variant"),
    ("estimate", {"regions": "@missing"}, "regions file"),
    ("estimate", {"regions": "@binary"}, "not text"),
    ("estimate", {"regions": "@empty"}, "regions file"),
    ("estimate", {"regions": "@saved"}, "saved by sudoku-count"),
    ("estimate", {"regions": "@folder"}, "directory"),
    ("estimate", {"box": 3.5}, "box= must be a str"),
    # estimate: the fields on their own
    ("estimate", {"box": "3", "rel_error": 0}, "rel_error="),
    ("estimate", {"box": "3", "rel_error": 2}, "rel_error="),
    ("estimate", {"box": "3", "time": -1}, "time="),
    ("estimate", {"box": "3", "time": 0}, "time="),
    ("estimate", {"box": "3", "time": "soon"}, "time= must be a number"),
    ("estimate", {"box": "3", "samples": 0}, "samples="),
    ("estimate", {"box": "3", "samples": -5}, "samples="),
    ("estimate", {"box": "3", "samples": 2**70}, "samples="),
    ("estimate", {"box": "3", "samples": True}, "samples= must be an int"),
    ("estimate", {"box": "3", "blocks": 0}, "blocks="),
    ("estimate", {"box": "3", "min_samples": 1}, "min_samples="),
    ("estimate", {"box": "3", "forever": True, "samples": 10}, "forever="),
    ("estimate", {"box": "3", "threads": -1}, "threads="),
    ("estimate", {"box": "3", "threads": 5000}, "threads="),
    ("estimate", {"box": "3", "confidence": 1}, "confidence="),
    ("estimate", {"box": "3", "confidence": 0}, "confidence="),
    ("estimate", {"box": "3", "particles": -1}, "particles="),
    ("estimate", {"box": "3", "particles": 1 << 20}, "particles="),
    ("estimate", {"box": "3", "method": "nope"}, "nope"),
    ("estimate", {"box": "3", "orientation": "sideways"}, "sideways"),
    ("estimate", {"box": "3", "checkpoint_every": 0, "checkpoint": "@fresh"}, "checkpoint_every="),
    ("estimate", {"box": "3", "checkpoint_every": 5}, "checkpoint_every= needs a checkpoint"),
    ("estimate", {"box": "3", "checkpoint": ""}, "checkpoint="),
    ("estimate", {"box": "3", "first_block": -1}, "first_block="),
    ("estimate", {"box": "3", "report_every": -1, "progress": print}, "report_every="),
    # estimate: a method and a layout that do not go together
    ("estimate", {"box": "3", "method": "bands", "particles": 8}, "particles="),
    ("estimate", {"box": "3", "method": "rows", "orientation": "transposed"}, "orientation="),
    ("estimate", {"box": "3", "method": "bands", "orientation": "transposed"}, "orientation="),
    ("estimate", {"box": "3", "variant": "x", "method": "sets"}, "method="),
    ("estimate", {"box": "3x4", "method": "bands"}, "bands"),
    # estimate: saved files
    ("estimate", {"box": "2x2", "checkpoint": "@saved"}, "resume="),
    ("estimate", {"box": "2x2", "checkpoint": "@other"}, "not a sudoku-count checkpoint"),
    ("estimate", {"box": "2x2", "checkpoint": "@folder"}, "directory"),
    ("estimate", {"resume": "@missing"}, "checkpoint"),
    ("estimate", {"resume": "@binary"}, "checkpoint"),
    ("estimate", {"resume": "@empty"}, "checkpoint"),
    ("estimate", {"resume": "@job"}, "job"),
    ("estimate", {"resume": "@saved", "seed": 4}, "seed="),
    ("estimate", {"resume": "@saved", "box": "3"}, "layout"),
    ("estimate", {"resume": "@saved", "first_block": 3}, "first_block="),
    ("estimate", {"resume": "@saved", "method": "sets"}, "cannot resume"),
    ("estimate", {"resume": "@budget", "samples": 200}, "samples="),
    # exact
    ("exact", {}, "box="),
    ("exact", {"box": "0"}, "box"),
    ("exact", {"box": "3", "method": "nope"}, "nope"),
    ("exact", {"box": "2x2", "puzzle": "12"}, "puzzle"),
    ("exact", {"box": "2x2", "puzzle": "1...", "puzzle_file": "@other"}, "puzzle_file="),
    ("exact", {"box": "2x2", "puzzle_file": "@missing"}, "puzzle file"),
    ("exact", {"box": "2x2", "puzzle_file": "@binary"}, "not text"),
    ("exact", {"box": "2x2", "puzzle_file": "@job"}, "saved by sudoku-count"),
    ("exact", {"box": "2x2", "puzzle": numpy.zeros((4, 5), dtype=int)}, "N x N"),
    ("exact", {"box": "2x2", "fix_first_row": True, "puzzle": "1" + "." * 15}, "fix_first_row="),
    ("exact", {"box": "2x2", "method": "bands", "fix_first_row": True}, "fix_first_row="),
    ("exact", {"box": "3", "method": "bands", "puzzle": P8008}, "method="),
    ("exact", {"box": "2x2", "variant": "x", "method": "bands"}, "method="),
    ("exact", {"box": "3", "method": "dlx"}, "method="),
    ("exact", {"box": "4"}, "estimate"),
    ("exact", {"box": "3", "threads": -2}, "threads="),
    ("exact", {"box": "3", "checkpoint": "@fresh"}, "checkpoint="),
    ("exact", {"box": "3", "max_units": 3}, "max_units="),
    ("exact", {"box": "3", "time": 3}, "time="),
    ("exact", {"box": "3", "route": "layers"}, "route="),
    ("exact", {"box": "2x3", "route": "neither"}, "route="),
    ("exact", {"box": "2x3", "max_units": 0}, "max_units="),
    ("exact", {"box": "2x3", "checkpoint": "@saved"}, "resume="),
    ("exact", {"box": "2x3", "checkpoint": ""}, "checkpoint="),
    ("exact", {"resume": "@saved"}, "estimate"),
    ("exact", {"resume": "@binary"}, "checkpoint"),
    ("exact", {"resume": "@job", "box": "2x4"}, "box="),
    ("exact", {"resume": "@job", "route": "two-bands"}, "route="),
    ("exact", {"box": "3", "essentially_different": True, "variant": "x"}, "variant="),
    ("exact", {"box": "4", "essentially_different": True}, "reach"),
    ("exact", {"box": "3", "essentially_different": True, "puzzle": P8008}, "puzzle="),
    ("exact", {"box": "3", "essentially_different": True, "calibrate": True}, "calibrate="),
    ("exact", {"box": "3", "calibrate": True}, "calibrate="),
    ("exact", {"box": "2x3", "variant": "x", "calibrate": True}, "calibrate="),
    ("exact", {"box": "2x3", "calibrate": True, "route": "layers"}, "route="),
    ("exact", {"box": "2x2", "print": -1}, "print="),
    ("exact", {"box": "2x2", "no_transposition": True}, "no_transposition="),
    ("exact", {"box": "3", "checkpoint_every": 5}, "checkpoint_every="),
    ("exact", {"box": "2x2", "puzzle_file": "@other", "fix_first_row": True}, "fix_first_row="),
    # sample
    ("sample", {"box": "3"}, "count="),
    ("sample", {"box": "3", "count": 0}, "count="),
    ("sample", {"box": "3", "count": 1.5}, "count= must be an int"),
    ("sample", {"box": "nope", "count": 1}, "box"),
    ("sample", {"box": "3", "count": 1, "seed": -1}, "seed="),
    ("sample", {"regions": "@binary", "count": 1}, "not text"),
    # solve
    ("solve", {"box": "3"}, "puzzle="),
    ("solve", {"box": "3", "puzzle": "123"}, "cells"),
    ("solve", {"box": "3", "puzzle": numpy.full((9, 9), 0.5)}, "integers"),
    ("solve", {"box": "3", "puzzle": P8008, "puzzle_file": "@other"}, "puzzle="),
    ("solve", {"box": "3", "puzzle_file": "@binary"}, "not text"),
    ("solve", {"box": "3", "puzzle_file": "@missing"}, "puzzle file"),
    ("solve", {"box": "3", "puzzle_file": "@saved"}, "saved by sudoku-count"),
    # puzzles
    ("puzzles", {"box": "2"}, "grids="),
    ("puzzles", {"box": "2", "grids": 5, "kind": "maximal"}, "kind="),
    ("puzzles", {"box": "2", "grids": 5, "method": "coin"}, "method="),
    ("puzzles", {"box": "2", "grids": 5, "subset_size": 17}, "subset_size="),
    ("puzzles", {"box": "2", "grids": 5, "subset_size": 8, "clues": "4-9"}, "clues="),
    ("puzzles", {"box": "2", "grids": 5, "clues": "nine"}, "clues="),
    ("puzzles", {"box": "2", "grids": 5, "subsets_per_grid": 0}, "subsets_per_grid="),
    ("puzzles", {"box": "5", "grids": 5}, "16x16"),
    ("puzzles", {"box": "2", "grids": -1}, "grids="),
    ("puzzles", {"box": "2", "time": -1.0}, "time="),
    ("puzzles", {"box": "2", "exact": True, "grids": 5}, "exact="),
    ("puzzles", {"box": "3", "exact": True}, "exact="),
    ("puzzles", {"box": "2x4", "exact": True, "kind": "proper"}, "exact="),
    ("puzzles", {"box": "2", "exact": True, "weighted_grids": True}, "weighted_grids="),
]


def resolve(value, files, tmp_path):
    if isinstance(value, str) and value.startswith("@"):
        name = value[1:]
        return tmp_path / "fresh.ckpt" if name == "fresh" else files[name]
    return value


@pytest.mark.parametrize("function, kwargs, words", CASES,
                         ids=[f"{f}-{'-'.join(k) or 'none'}-{i}" for i, (f, k, _) in enumerate(CASES)])
def test_refusal_is_in_the_librarys_words(files, tmp_path, function, kwargs, words):
    arguments = {key: resolve(value, files, tmp_path) for key, value in kwargs.items()}
    box = arguments.pop("box", None)
    with pytest.raises(ValueError) as raised:
        getattr(sc, function)(box, **arguments)
    message = str(raised.value)
    assert isinstance(raised.value, sc.InputError)
    assert words in message, message
    assert "--" not in message, message


def test_saved_files_are_left_as_they_were(files):
    # The refusals above read the saved runs; none of them may change them.
    before = {name: pathlib.Path(files[name]).read_bytes() for name in ("saved", "job", "other")}
    for kwargs in ({"checkpoint": files["saved"]}, {"checkpoint": files["other"]}):
        with pytest.raises(ValueError):
            sc.estimate("2x2", samples=8, **kwargs)
    assert {name: pathlib.Path(files[name]).read_bytes() for name in before} == before
