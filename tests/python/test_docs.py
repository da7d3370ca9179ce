"""The worked example of docs/python.md runs as it stands and draws its figure."""

import pathlib
import re

import pytest

DOC = pathlib.Path(__file__).parents[2] / "docs" / "python.md"


def test_worked_example_runs_and_draws_the_convergence(tmp_path, monkeypatch, capsys):
    pytest.importorskip("matplotlib")
    text = DOC.read_text()
    example = text[text.index("## Worked example"):]
    code = re.search(r"```python\n(.*?)```", example, re.S).group(1)
    monkeypatch.chdir(tmp_path)
    exec(compile(code, str(DOC), "exec"), {})
    assert (tmp_path / "convergence.png").stat().st_size > 1000
    assert "samples" in capsys.readouterr().out
