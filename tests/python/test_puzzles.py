import decimal

import sudoku_count as sc
from conftest import without


def test_minimal_puzzles_of_the_4x4_by_clue_count():
    result = sc.puzzles("2", grids=100, subset_size=8, seed=2)
    assert isinstance(result, sc.PuzzleCountResult)
    assert result.kind == "minimal" and result.method == "subsets" and result.subset_size == 8
    assert result.grid_count == 100 and result.sets == 100 * 32  # 32 sets a grid by default
    assert [row["clues"] for row in result.by_clues] == list(range(9))
    five = result.row(5)
    assert isinstance(five["estimate"], decimal.Decimal)
    # 58,368 minimal 5-clue puzzles (exact_puzzle_counts): within 4 standard
    # errors, the bound an unbiased estimate with an honest error misses
    # with probability about 6e-5.
    assert abs(five["estimate"] - 58368) <= 4 * five["std_error"]
    assert result.row(3)["estimate"] == 0 and result.row(3)["interval_method"] == "none"


def test_proper_puzzles_by_coin_with_a_clue_range():
    result = sc.puzzles("2", kind="proper", grids=200, clues="8-10", seed=4)
    assert result.method == "coin"
    assert [row["clues"] for row in result.by_clues] == [8, 9, 10]
    assert sc.puzzles("2", kind="proper", grids=20, clues=9).by_clues[0]["clues"] == 9


def test_to_dict_is_the_command_lines_record(cli_json):
    (line,) = cli_json("puzzles", "--box", "2", "--grids", "40", "--subset-size", "7", "--seed", "5")
    result = sc.puzzles("2", grids=40, subset_size=7, seed=5)
    keys = ("seconds", "setup_seconds", "threads")
    assert without(result.to_dict(), *keys) == without(line, *keys)


def test_progress_is_called_with_results():
    seen = []
    sc.puzzles("2", time=1.5, subset_size=8, progress=seen.append)
    assert seen and all(isinstance(r, sc.PuzzleCountResult) for r in seen)


def test_exact_counts_of_the_4x4():
    result = sc.puzzles("2", exact=True)
    assert result.exact is True and result.method == "listing"
    assert result.count == 85632
    assert result.row(5)["count"] == 58368
    assert sc.puzzles("2", kind="proper", exact=True).count == 13579680


def test_a_saved_run_resumes_to_what_one_run_gives(tmp_path):
    whole = sc.puzzles("2", grids=48, subset_size=8, seed=6)
    saved = tmp_path / "part.run"
    sc.puzzles("2", grids=20, subset_size=8, seed=6, checkpoint=saved)
    resumed = sc.puzzles(resume=saved, grids=48)
    assert resumed.checkpoint == str(saved) and resumed.checkpoint_saved
    assert resumed.by_clues == whole.by_clues and resumed.estimate == whole.estimate
    # A saved run of another plan is refused by the field that differs.
    try:
        sc.puzzles(resume=saved, grids=60, seed=7)
    except ValueError as e:
        assert "seed" in str(e)
    else:
        raise AssertionError("a resume with another seed was not refused")


def test_weighted_grids_give_their_mean_weight():
    result = sc.puzzles("2", grids=60, subset_size=8, seed=3, weighted_grids=True)
    assert result.grid_method == "weighted-rows"
    assert isinstance(result.grid_estimate, decimal.Decimal) and result.grid_estimate > 0
    assert 0 < result.weight_effective_grids <= 60
