import decimal
import math
import os
import signal
import threading

import pytest

import sudoku_count as sc
from conftest import without

TIMINGS = ("seconds", "setup_seconds", "threads")


def test_estimate_has_every_diagnostic_as_an_attribute(grid_counts):
    result = sc.estimate("2x2", samples=4000, seed=1)
    assert isinstance(result.estimate, decimal.Decimal)
    assert isinstance(result.std_error, decimal.Decimal)
    assert result.samples == 4000
    assert result.final is True and result.stop_reason == "samples"
    assert result.seed == 1
    assert math.isclose(result.log10, math.log10(result.estimate), rel_tol=1e-9)
    # Unbiased with a standard error: the known count within 6 of them.
    assert abs(result.estimate - grid_counts["2x2"]) < 6 * result.std_error
    for name in ("effective_sample_size", "pareto_k", "interval", "method", "blocks", "rel_std_error"):
        assert hasattr(result, name)


def test_to_dict_is_the_command_lines_record(cli_json):
    record = cli_json("estimate", "--box", "2x3", "--samples", "3000", "--seed", "4")[-1]
    result = sc.estimate("2x3", samples=3000, seed=4)
    assert without(result.to_dict(), *TIMINGS) == without(record, *TIMINGS)


def test_one_seed_gives_one_estimate_for_any_thread_count():
    a = sc.estimate("2x3", samples=3000, seed=9, threads=1)
    b = sc.estimate("2x3", samples=3000, seed=9, threads=2)
    assert a.estimate == b.estimate and a.samples == b.samples == 3000


def test_progress_callback_sees_reports_then_the_final_one():
    reports = []
    result = sc.estimate("3", time=1.5, seed=2, progress=reports.append, report_every=0.1)
    assert len(reports) >= 3
    assert all(isinstance(r, sc.EstimateResult) for r in reports)
    assert [r.final for r in reports] == [False] * (len(reports) - 1) + [True]
    samples = [r.samples for r in reports]
    assert samples == sorted(samples) and samples[-1] == result.samples
    assert result.stop_reason == "time"


def test_an_exception_in_the_callback_stops_the_run_with_the_partial_result():
    class Enough(Exception):
        pass

    def stop_at_second(report):
        if report.samples > 0:
            raise Enough

    with pytest.raises(Enough) as raised:
        sc.estimate("3", forever=True, progress=stop_at_second, report_every=0.05)
    assert raised.value.result.final is True
    assert raised.value.result.stop_reason == "interrupted"


def test_ctrl_c_saves_the_checkpoint_and_raises_with_the_partial_result(tmp_path):
    checkpoint = tmp_path / "run.ckpt"
    # A real SIGINT to this process while the run is under way, as Ctrl-C sends.
    timer = threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt) as raised:
            sc.estimate("2x3", forever=True, seed=3, checkpoint=checkpoint)
    finally:
        timer.cancel()
    partial = raised.value.result
    assert partial.stop_reason == "interrupted"
    assert partial.samples > 0
    assert partial.checkpoint_saved is True and partial.checkpoint == str(checkpoint)
    assert checkpoint.exists()
    # The saved run resumes where it stopped (whole blocks), with its seed.
    resumed = sc.estimate(resume=checkpoint, samples=partial.samples + 1000)
    assert resumed.seed == 3
    assert resumed.samples == partial.samples + 1000


def test_an_existing_checkpoint_is_not_overwritten(tmp_path):
    checkpoint = tmp_path / "run.ckpt"
    sc.estimate("2x2", samples=100, checkpoint=checkpoint)
    with pytest.raises(ValueError, match="already exists"):
        sc.estimate("2x2", samples=100, checkpoint=checkpoint)


def test_layouts_reach_the_library(layout_counts):
    # A layout is estimated where a method handles it, else refused in the
    # library's words, which name the layout either way.
    try:
        result = sc.estimate("2x2", variant="x", samples=4000, seed=5)
    except ValueError as refusal:
        assert "2x2+x" in str(refusal)
    else:
        assert result.layout == "2x2+x"
        assert abs(result.estimate - layout_counts["2x2+x"]) < 6 * result.std_error


@pytest.mark.parametrize("kwargs, words", [
    ({"rel_error": 0}, "rel_error="),
    ({"time": -1}, "time"),
    ({"method": "nope"}, "nope"),
    ({"forever": True, "samples": 10}, "forever"),
    ({"box": "65"}, "box"),
])
def test_bad_input_raises_value_error_with_the_librarys_message(kwargs, words):
    box = kwargs.pop("box", "3")
    with pytest.raises(ValueError, match=words):
        sc.estimate(box, **kwargs)


def test_other_python_threads_run_during_an_estimate():
    ticks = []
    done = threading.Event()

    def count():
        while not done.is_set():
            ticks.append(1)
            done.wait(0.01)

    other = threading.Thread(target=count)
    other.start()
    try:
        sc.estimate("2x3", time=1, threads=1)
    finally:
        done.set()
        other.join()
    # About 100 ticks in the second if the GIL is free; a held GIL gives at most a few.
    assert len(ticks) > 30


def test_estimate_puzzle():
    # A puzzle's completions (estimate --puzzle): auto takes rows, the estimate holds the count of
    # dancing links within 4 standard errors (fixed seed), as does smc with givens on 6x6 (an unbiased
    # estimate lands within 4 of its standard errors but with probability 6e-5; the seed is fixed), an
    # array reads as the text does, and bands refuses givens, naming the methods that take them.
    puzzle = "900000000000000000000800600078006000020000090000500430006003200010094000000000008"
    estimate = sc.estimate("3", puzzle=puzzle, samples=200, seed=3)
    count = sc.exact("3", puzzle=puzzle)
    assert estimate.method == "rows" and estimate.puzzle and estimate.givens == 18
    assert abs(estimate.estimate - count) < 4 * estimate.std_error
    six = "45.3" + "." * 15 + "3" + "." * 16
    by_smc = sc.estimate("2x3", puzzle=six, method="smc", samples=300, seed=2)
    assert by_smc.method == "smc" and by_smc.givens == 4
    assert abs(by_smc.estimate - sc.exact("2x3", puzzle=six)) < 4 * by_smc.std_error
    small = [[1, 0, 0, 2], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    by_array = sc.estimate("2", puzzle=small, samples=50, seed=1)
    by_text = sc.estimate("2", puzzle="1..2" + "." * 12, samples=50, seed=1)
    assert by_array.estimate == by_text.estimate
    with pytest.raises(sc.InputError, match="empty layout only.*rows, or auto"):
        sc.estimate("3", puzzle=puzzle, method="bands", samples=2)
    with pytest.raises(sc.InputError, match="clash"):
        sc.estimate("2", puzzle="11" + "." * 14, samples=2)


def test_estimate_rows_x():
    # Both diagonals as givens: auto takes rows-x from 10x10 on; on 6x6 with x the estimate holds the
    # exact count within 4 standard errors (fixed seed); a layout without diagonals is refused.
    assert sc.estimate("2x5", variant="x", samples=4, seed=1).method == "rows-x"
    estimate = sc.estimate("2x3", variant="x", method="rows-x", samples=2000, seed=2)
    count = sc.exact("2x3", variant="x")
    assert abs(estimate.estimate - count) < 4 * estimate.std_error
    with pytest.raises(sc.InputError, match="no diagonals"):
        sc.estimate("3", method="rows-x", samples=2)
