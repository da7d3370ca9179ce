import os
import signal
import threading

import pytest

import sudoku_count as sc
from conftest import without


def test_exact_counts_all_grids_and_prints_as_an_int(grid_counts):
    result = sc.exact("2x2")
    assert result == grid_counts["2x2"]
    assert str(result) == str(grid_counts["2x2"])
    assert isinstance(result, int)
    assert result.method in ("bands", "dlx")
    assert result.layout == "2x2"


@pytest.mark.parametrize("box", ["1x3", "2x3", "3x2"])
def test_exact_matches_the_known_counts(box, grid_counts):
    assert int(sc.exact(box)) == grid_counts[box]


def test_count_of_a_large_shape_is_a_python_int_beyond_64_bits(grid_counts):
    # 2x4 has more grids than a 32-bit counter holds; the int is exact.
    assert sc.exact("2x4") == grid_counts["2x4"]


def test_to_dict_is_the_command_lines_record(cli_json):
    for args in (["--box", "2x3"], ["--box", "2x2", "--print", "2"], ["--box", "2", "--essentially-different"]):
        record = cli_json("exact", *args)[0]
        kwargs = {"print": 2} if "--print" in args else {}
        if "--essentially-different" in args:
            kwargs["essentially_different"] = True
        result = sc.exact(args[1], **kwargs)
        assert without(result.to_dict(), "seconds", "threads") == without(record, "seconds", "threads")


def test_print_gives_completions_as_an_array():
    result = sc.exact("2x2", print=3)
    assert result.solutions.shape == (3, 4, 4)
    for grid in result.solutions:
        for row in grid:
            assert sorted(row) == [1, 2, 3, 4]


def test_completions_of_a_puzzle(puzzles):
    entry = puzzles["completions-8008"]
    result = sc.exact("3", puzzle=entry["puzzle"])
    assert result == entry["count"]
    assert result.puzzle is True


def test_variants_and_jigsaws(layout_counts, data_dir):
    assert sc.exact("2x2", variant="x") == layout_counts["2x2+x"]
    jigsaw = sc.exact(regions=data_dir / "jigsaw" / "4x4-bent.txt")
    assert jigsaw > 0
    assert jigsaw.layout.startswith("jigsaw4")


def test_essentially_different_grids():
    result = sc.exact("2x2", essentially_different=True)
    # Burnside's count is a class count: at least 1, at most all grids.
    assert 1 <= result <= sc.exact("2x2")
    assert isinstance(result.group_order, int)
    assert result.total_grids == sc.exact("2x2")


def test_exact_job_stops_saves_and_resumes(tmp_path, grid_counts):
    checkpoint = tmp_path / "job.ckpt"
    fractions = []
    stopped = sc.exact("2x3", max_units=1, checkpoint=checkpoint, progress=fractions.append)
    assert isinstance(stopped, sc.ExactJobResult)
    assert stopped.finished is False and stopped.units_done == 1
    assert stopped.checkpoint == str(checkpoint) and checkpoint.exists()
    resumed = sc.exact(resume=checkpoint, progress=fractions.append)
    assert resumed == grid_counts["2x3"]
    assert "from the checkpoint" in resumed.detail or stopped.classes_done == 0
    assert fractions and all(0 <= f <= 1 for f in fractions) and fractions[-1] == 1


def test_job_options_are_refused_where_no_job_runs():
    with pytest.raises(ValueError, match="two-band"):
        sc.exact("3", max_units=1)


def test_progress_callback_of_the_band_method():
    fractions = []
    assert sc.exact("2x3", method="bands", progress=fractions.append) > 0
    assert all(0 <= f <= 1 for f in fractions)
    assert fractions == sorted(fractions)


@pytest.mark.parametrize("kwargs, words", [
    ({"box": "0"}, "box"),
    ({"box": "3", "method": "nope"}, "nope"),
    ({"box": "2x2", "puzzle": "12"}, "puzzle"),
    ({"box": "2x2", "fix_first_row": True, "puzzle": "1..." * 4}, "fix_first_row="),
])
def test_bad_input_raises_value_error_with_the_librarys_message(kwargs, words):
    box = kwargs.pop("box")
    with pytest.raises(ValueError, match=words):
        sc.exact(box, **kwargs)


def test_missing_box_is_refused():
    with pytest.raises(sc.InputError, match="box="):
        sc.exact()


def test_ctrl_c_stops_an_exact_job_with_its_checkpoint(tmp_path, grid_counts):
    checkpoint = tmp_path / "job.ckpt"
    # A real SIGINT while the job is under way (2x5: some seconds of units).
    timer = threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt) as raised:
            sc.exact("2x5", checkpoint=checkpoint)
    finally:
        timer.cancel()
    partial = raised.value.result
    assert isinstance(partial, sc.ExactJobResult)
    assert partial.finished is False and partial.units_done > 0
    assert checkpoint.exists()


def test_route_and_calibration(grid_counts, cli_json):
    # Both routes of the job give the count; an unknown one is refused with the command's message.
    for route in ("layers", "two-bands"):
        assert sc.exact("2x3", route=route) == grid_counts["2x3"]
    with pytest.raises(sc.InputError, match="route="):
        sc.exact("2x3", route="neither")
    # The calibration counts nothing: it is the record of exact --calibrate --json, its timings aside.
    calibration = sc.exact("2x3", calibrate=True, threads=1)
    assert isinstance(calibration, sc.CalibrationResult)
    record = cli_json("exact", "--box", "2x3", "--calibrate", "--threads", "1")[0]
    timings = ("lookup_microseconds", "stages", "projected_cpu_seconds", "projected_seconds", "seconds")
    assert without(calibration.to_dict(), *timings) == without(record, *timings)
    assert calibration.counted_box == "3x2" and calibration.stages and calibration.projected_cpu_seconds > 0
    with pytest.raises(sc.InputError, match="calibrate="):
        sc.exact("3", calibrate=True)


def test_slices(layout_counts):
    # Variant layouts by slices: the count equals dancing links' (the known count), as a job; layouts
    # it does not serve are refused with the reason, naming the field.
    for name in ("2x2+p", "3x2+windows", "2x3+p", "2x2+x+p"):
        box, variants = name.split("+", 1)
        result = sc.exact(box, variant=variants, method="slices")
        assert result == layout_counts[name] and result.method == "slices"
    with pytest.raises(sc.InputError, match="slice of its own"):
        sc.exact("3", variant="x", method="slices")
    with pytest.raises(sc.InputError, match="method="):
        sc.exact("3", method="slices")


def test_sets_x(layout_counts):
    # Both diagonals alone by sets-x: exact counts equal the known ones, an estimate holds the count
    # within 4 standard errors (fixed seed), and other layouts are refused with the reason.
    for name in ("2x2+x", "2x3+x", "3x2+x"):
        box, variants = name.split("+", 1)
        result = sc.exact(box, variant=variants, method="sets-x")
        assert result == layout_counts[name] and result.method == "sets-x"
    estimate = sc.estimate("3x2", variant="x", samples=20000, seed=5)
    assert estimate.method == "sets-x"
    assert abs(estimate.estimate - layout_counts["3x2+x"]) < 4 * estimate.std_error
    with pytest.raises(sc.InputError, match="alone"):
        sc.exact("3", variant="p", method="sets-x")
    with pytest.raises(sc.InputError, match="2\\^22"):
        sc.estimate("4", variant="x", method="sets-x", samples=2)
