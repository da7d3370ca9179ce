import numpy
import pytest

import sudoku_count as sc
from conftest import without


def houses(grid, box_rows, box_cols):
    n = box_rows * box_cols
    yield from grid
    yield from grid.T
    for r in range(0, n, box_rows):
        for c in range(0, n, box_cols):
            yield grid[r:r + box_rows, c:c + box_cols].ravel()


def test_sample_is_an_array_of_completed_grids():
    grids = sc.sample("3", count=5, seed=1)
    assert grids.shape == (5, 9, 9)
    assert isinstance(grids, numpy.ndarray)
    for grid in grids:
        for house in houses(numpy.asarray(grid), 3, 3):
            assert sorted(house) == list(range(1, 10))
    assert grids.exactly_uniform is True
    assert grids.seed == 1


def test_one_seed_gives_the_same_grids_for_any_thread_count():
    a = sc.sample("2x2", count=50, seed=7, threads=1)
    b = sc.sample("2x2", count=50, seed=7, threads=2)
    c = sc.sample("2x2", count=50, seed=8)
    assert numpy.array_equal(a, b)
    assert not numpy.array_equal(a, c)


def test_to_dict_is_the_command_lines_record(cli_json):
    header, *grids = cli_json("sample", "--box", "2x2", "--count", "3", "--seed", "5")
    result = sc.sample("2x2", count=3, seed=5)
    keys = ("seconds", "setup_seconds", "threads")
    assert without(result.to_dict(), *keys) == without(header, *keys)
    # The command's grid records are the array's grids, in the tool's line format.
    assert ["".join(str(v) for v in grid.ravel()) for grid in result] == [g["grid"] for g in grids]


def test_variant_grids_obey_the_diagonals():
    for grid in sc.sample("2x2", count=10, seed=3, variant="x"):
        assert sorted(numpy.diag(grid)) == [1, 2, 3, 4]
        assert sorted(numpy.diag(numpy.fliplr(grid))) == [1, 2, 3, 4]


def test_bad_count_is_refused():
    with pytest.raises(ValueError, match="count"):
        sc.sample("3", count=0)
    with pytest.raises(ValueError, match="count="):
        sc.sample("3")


def test_clues_cut_candidate_puzzles_from_the_same_grids():
    plain = sc.sample("3", count=20, seed=3)
    cut = sc.sample("3", count=20, seed=3, clues=25)
    assert numpy.array_equal(numpy.asarray(plain), numpy.asarray(cut))
    assert cut.candidates.shape == (20, 9, 9)
    for grid, candidate in zip(numpy.asarray(cut), cut.candidates):
        kept = candidate != 0
        assert kept.sum() == 25
        assert numpy.array_equal(candidate[kept], grid[kept])
    with pytest.raises(ValueError, match="clues"):
        sc.sample("3", count=1, clues=0)
    with pytest.raises(ValueError, match="between 0 and 81"):
        sc.sample("3", count=1, clues=82)
