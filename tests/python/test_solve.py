import numpy
import pytest

import sudoku_count as sc
from conftest import without


def as_array(line):
    return numpy.array([int(ch) for ch in line]).reshape(9, 9)


def test_unique_solution(puzzles):
    entry = puzzles["leetcode-37"]
    result = sc.solve("3", entry["puzzle"])
    assert result.status == "unique"
    assert result.solutions.shape == (1, 9, 9)
    assert numpy.array_equal(result.solutions[0], as_array(entry["solution"]))


def test_puzzle_as_an_array(puzzles):
    entry = puzzles["inkala-2012"]
    puzzle = as_array(entry["puzzle"].replace(".", "0"))
    result = sc.solve("3", puzzle)
    assert result.status == "unique"
    assert numpy.array_equal(result.solutions[0], as_array(entry["solution"]))


def test_none_and_multiple(puzzles):
    assert sc.solve("3", puzzles["no-completion"]["puzzle"]).status == "none"
    multiple = sc.solve("3", puzzles["completions-8008"]["puzzle"])
    assert multiple.status == "multiple"
    assert multiple.solutions.shape == (2, 9, 9)


def test_explain_lists_the_singles(puzzles):
    result = sc.solve("3", puzzles["leetcode-37"]["puzzle"], explain=True)
    assert result.singles_solved is True
    assert len(result.deductions) == 81 - sum(ch != "." for ch in puzzles["leetcode-37"]["puzzle"])


def test_puzzle_file_gives_one_result_per_line(tmp_path, puzzles):
    names = ["leetcode-37", "no-completion", "completions-8008"]
    path = tmp_path / "puzzles.txt"
    path.write_text("# three puzzles\n" + "\n".join(puzzles[name]["puzzle"] for name in names) + "\n")
    results = sc.solve("3", puzzle_file=path)
    assert [r.status for r in results] == ["unique", "none", "multiple"]
    assert [r.line for r in results] == [2, 3, 4]


def test_to_dict_is_the_command_lines_record(cli_json, puzzles):
    puzzle = puzzles["inkala-2012"]["puzzle"]
    record = cli_json("solve", "--box", "3", "--puzzle", puzzle, "--explain")[0]
    assert without(sc.solve("3", puzzle, explain=True).to_dict(), "seconds") == without(record, "seconds")


@pytest.mark.parametrize("puzzle, words", [
    ("123", "cells"),
    (numpy.zeros((4, 5), dtype=int), "N x N"),
    (numpy.full((9, 9), 0.5), "integers"),
])
def test_bad_puzzles_raise_value_error(puzzle, words):
    with pytest.raises(ValueError, match=words):
        sc.solve("3", puzzle)


def test_solutions_file_gives_the_blind_statuses(tmp_path):
    cut = sc.sample("3", count=60, seed=8, clues=27)
    line = lambda g: "".join(str(v) if v else "." for v in numpy.asarray(g).ravel())
    (tmp_path / "p.txt").write_text("".join(line(c) + "\n" for c in cut.candidates))
    (tmp_path / "g.txt").write_text("".join(line(g) + "\n" for g in numpy.asarray(cut)))
    blind = sc.solve("3", puzzle_file=str(tmp_path / "p.txt"))
    given = sc.solve("3", puzzle_file=str(tmp_path / "p.txt"), solutions_file=str(tmp_path / "g.txt"))
    assert [r.status for r in given] == [r.status for r in blind]
    assert "multiple" in [r.status for r in given]
    for result, grid in zip(given, numpy.asarray(cut)):
        assert numpy.array_equal(result.solutions[0], grid)
    with pytest.raises(ValueError, match="needs puzzle_file"):
        sc.solve("3", line(cut.candidates[0]), solutions_file=str(tmp_path / "g.txt"))
